import type { CalendarEvent } from '@eh/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Box, Typography } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../shared/hooks.ts';
import { dateTimeFormat, formatDividend } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import type { ExtraItem } from './calendar-model.ts';
import { stretchedButtonSx } from './earnings-entry.tsx';

interface ExtraLook {
  label: string;
  icon: SvgIconComponent;
  /** Theme palette colour of the icon. */
  color: 'secondary.main' | 'warning.main' | 'info.main' | 'primary.main' | 'success.main';
  /** The event modal it opens (with the event's id). */
  modal?: 'economicEvent' | 'ipoEvent' | 'callEvent';
}

export const EVENT_LOOKS: Readonly<Record<CalendarEvent['eventType'], ExtraLook>> = {
  economic_fed: { label: 'Fed', icon: AccountBalanceOutlinedIcon, color: 'secondary.main', modal: 'economicEvent' },
  economic: { label: 'Economic', icon: PublicOutlinedIcon, color: 'info.main', modal: 'economicEvent' },
  ipo: { label: 'IPO', icon: RocketLaunchOutlinedIcon, color: 'warning.main', modal: 'ipoEvent' },
  call: { label: 'Call', icon: HeadsetMicOutlinedIcon, color: 'primary.main', modal: 'callEvent' },
  dividend_ex: { label: 'Ex-dividend', icon: PaymentsOutlinedIcon, color: 'success.main' },
  dividend_payment: { label: 'Dividend paid', icon: PaymentsOutlinedIcon, color: 'success.main' },
};

export function eventTime(event: Pick<CalendarEvent, 'eventDate'>, timeZone: string): string {
  return dateTimeFormat({
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(event.eventDate));
}

const frameSx = {
  position: 'relative',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: 1,
  py: 0.75,
  borderRadius: 1.5,
  border: 1,
  borderStyle: 'dashed',
  borderColor: 'divider',
  minWidth: 0,
  '&:hover': { borderColor: 'primary.main' },
} as const;

/** An event or dividend date on the calendar: Fed, economic, IPO, call, ex-dividend or payment. */
export const ExtraItemView = memo(function ExtraItemView({ item, timeZone }: { item: ExtraItem; timeZone: string }) {
  const dispatch = useAppDispatch();
  if (item.kind === 'dividend') {
    const { dividend } = item;
    const look = EVENT_LOOKS[dividend.kind === 'ex' ? 'dividend_ex' : 'dividend_payment'];
    const Icon = look.icon;
    return (
      <Box
        sx={frameSx}
        data-testid="calendar-extra"
        data-kind={dividend.kind === 'ex' ? 'dividend_ex' : 'dividend_payment'}
      >
        <Icon aria-hidden sx={{ color: look.color, fontSize: 20 }} />
        <Box sx={{ minWidth: 0 }}>
          <Box
            component={RouterLink}
            to={symbolPath(
              dividend.symbol,
              SYMBOL_TABS.find((tab) => tab.key === 'dividends'),
            )}
            sx={{ ...stretchedButtonSx, fontWeight: 700, fontSize: '0.85rem', textDecoration: 'none' }}
          >
            {dividend.symbol}
          </Box>
          <Typography variant="caption" component="div" color="text.secondary" noWrap>
            {look.label} · {formatDividend(dividend.amount)}
          </Typography>
        </Box>
      </Box>
    );
  }
  const { event } = item;
  const look = EVENT_LOOKS[event.eventType];
  const Icon = look.icon;
  const gated = event.gated !== null && (event.eventType === 'economic' || event.eventType === 'economic_fed');
  const open = () => look.modal && dispatch(modalOpened({ kind: look.modal, props: { id: event.id } }));
  return (
    <Box sx={frameSx} data-testid="calendar-extra" data-kind={event.eventType}>
      <Icon aria-hidden sx={{ color: look.color, fontSize: 20 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box
          component="button"
          type="button"
          onClick={open}
          sx={{
            ...stretchedButtonSx,
            display: 'block',
            maxWidth: '100%',
            fontWeight: 700,
            fontSize: '0.8rem',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {event.symbol ? `${event.symbol} · ` : ''}
          {event.title}
        </Box>
        <Typography variant="caption" component="div" color="text.secondary" noWrap>
          {look.label} · {eventTime(event, timeZone)}
        </Typography>
      </Box>
      {gated ? (
        <LockOutlinedIcon
          titleAccess="Figures need a paid plan"
          data-testid="gated-mark"
          sx={{ fontSize: 16, color: 'text.secondary' }}
        />
      ) : null}
    </Box>
  );
});
