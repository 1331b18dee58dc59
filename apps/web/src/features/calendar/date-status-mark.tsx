import type { EarningsRow } from '@eh/contracts';
import CheckIcon from '@mui/icons-material/Check';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Hint } from '../../components/hint.tsx';
import { warningTextColor } from '../../shared/theme.ts';
import { dateStatusText } from './calendar-format.ts';

export interface DateStatusMarkProps {
  row: Pick<EarningsRow, 'dateStatus' | 'dateSource'>;
  /** 'Confirmed' / 'Estimated' in full (modal, list on wide screens) or 'Est.' and a tick (grid cells). */
  long?: boolean;
}

/**
 * The mark every report carries (DESIGN §6): a filled green "Confirmed" with the source in its tooltip, or an
 * outlined dashed "Est." saying who estimated it and that the company has not confirmed. Its accessible name is
 * the full sentence, so touch and screen-reader users get it without the tooltip.
 */
export function DateStatusMark({ row, long = false }: DateStatusMarkProps) {
  const confirmed = row.dateStatus === 'confirmed';
  const text = dateStatusText(row);
  return (
    <Hint title={text} touch arrow>
      <Box
        component="span"
        role="img"
        aria-label={text}
        data-testid="date-status"
        data-status={row.dateStatus}
        tabIndex={0}
        sx={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.25,
          flexShrink: 0,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          fontSize: '0.7rem',
          fontWeight: 700,
          lineHeight: 1,
          letterSpacing: '0.02em',
          whiteSpace: 'nowrap',
          cursor: 'help',
          ...(confirmed
            ? {
                color: theme.palette.mode === 'dark' ? theme.palette.success.light : theme.palette.success.dark,
                bgcolor: alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.16 : 0.12),
                border: `1px solid ${alpha(theme.palette.success.main, 0.35)}`,
              }
            : { color: warningTextColor(theme), border: `1px dashed ${warningTextColor(theme)}` }),
        })}
      >
        {confirmed ? <CheckIcon aria-hidden sx={{ fontSize: 12 }} /> : null}
        {confirmed ? (long ? 'Confirmed' : 'Conf.') : long ? 'Estimated' : 'Est.'}
      </Box>
    </Hint>
  );
}
