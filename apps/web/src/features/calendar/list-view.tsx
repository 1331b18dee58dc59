import type { CalendarEarningsRow, CalendarEvent } from '@eh/contracts';
import type { IsoDate } from '@eh/domain';
import { Box, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { memo, useMemo } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatCompact, formatPercent, TONE_COLOR, toneOf } from '../../shared/market/format.ts';
import { HEADER_HEIGHT } from '../../shared/sticky-header.ts';
import { SymbolInitials } from '../../shared/symbol-logo.tsx';
import { epsLine, longDay, revenueLine } from './calendar-format.ts';
import {
  buildListRows,
  type DayGroup,
  type ExtraItem,
  type ListRow,
  type MoreCell,
  SESSION_HEADINGS,
} from './calendar-model.ts';
import { DateStatusMark } from './date-status-mark.tsx';
import {
  CallButton,
  entryLabel,
  FigureText,
  MoveFigure,
  MoveText,
  openEarnings,
  stretchedButtonSx,
  TimeLabel,
  TypicalMove,
  useReportMove,
} from './earnings-entry.tsx';
import { ExtraItemView } from './extra-item.tsx';
import { MoreButton } from './more-button.tsx';
import { VirtualRows } from './virtual-rows.tsx';
import { BAND_ICONS, countLabel } from './week-view.tsx';

const WIDE_COLUMNS = '190px minmax(200px, 1.3fr) 104px minmax(170px, 1fr) minmax(170px, 1fr) 80px 76px 128px';

const ROW_HEIGHTS: Readonly<Record<ListRow['kind'], number>> = {
  day: 64,
  session: 40,
  entry: 60,
  extra: 60,
  more: 44,
  empty: 44,
};

export interface ListViewProps {
  days: readonly DayGroup[];
  extras: ReadonlyMap<IsoDate, readonly ExtraItem[]>;
  calls: ReadonlyMap<number, CalendarEvent>;
  expanded: ReadonlySet<string>;
  autoExpand: boolean;
  onToggleGroup: (cell: MoreCell) => void;
  today: IsoDate;
  timeZone: string;
  stickyTop?: { xs: number; sm: number };
  /** ?selectedDate=: the day the list opens on. */
  selectedDay?: IsoDate | null;
}

/**
 * The list view (SPEC §2): the week as one list, day by day and session by session, with estimates against
 * actuals in columns on wide screens and two lines per report on phones. Virtualised: a season week's 1,300+
 * reports keep a few dozen rows in the page.
 */
function ListViewBody({
  days,
  extras,
  calls,
  expanded,
  autoExpand,
  onToggleGroup,
  today,
  timeZone,
  stickyTop,
  selectedDay = null,
}: ListViewProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const rows = useMemo(() => buildListRows(days, extras, expanded, autoExpand), [days, extras, expanded, autoExpand]);
  const renderRow = (row: ListRow) => {
    switch (row.kind) {
      case 'day':
        return (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              gap: 1.5,
              pt: 3,
              pb: 1,
              borderBottom: 2,
              borderColor: 'divider',
            }}
          >
            <Typography
              variant="h2"
              sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' } }}
              data-testid="list-day"
              data-date={row.date}
            >
              {longDay(row.date)}
            </Typography>
            {row.date === today ? (
              <Typography
                component="span"
                sx={{ fontSize: '0.7rem', fontWeight: 800, color: 'primary.main', textTransform: 'uppercase' }}
              >
                Today
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {row.count === 0
                ? 'No reports'
                : `${row.count.toLocaleString('en-US')} report${row.count === 1 ? '' : 's'}`}
            </Typography>
          </Box>
        );
      case 'session': {
        const Icon = BAND_ICONS[row.session];
        return (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pt: 1.5, pb: 0.5 }}>
            <Icon aria-hidden sx={{ fontSize: 18, color: 'text.secondary' }} />
            <Typography
              component="h3"
              sx={{ fontSize: '0.75rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
            >
              {SESSION_HEADINGS[row.session]}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {countLabel(row.count, row.total)}
            </Typography>
          </Box>
        );
      }
      case 'entry':
        return wide ? (
          <WideRow row={row.row} timeZone={timeZone} call={calls.get(row.row.id)} revealed={row.hiddenByFilter} />
        ) : (
          <NarrowRow row={row.row} timeZone={timeZone} call={calls.get(row.row.id)} revealed={row.hiddenByFilter} />
        );
      case 'extra':
        return (
          <Box sx={{ py: 0.5, height: ROW_HEIGHTS.extra }}>
            <ExtraItemView item={row.item} timeZone={timeZone} />
          </Box>
        );
      case 'more':
        return (
          <Box sx={{ py: 0.5 }}>
            <MoreButton cell={row.cell} onToggle={onToggleGroup} />
          </Box>
        );
      case 'empty':
        return (
          <Typography color="text.secondary" variant="body2" sx={{ py: 1.5 }}>
            No reports on this day with these settings.
          </Typography>
        );
    }
  };
  return (
    <Box data-testid="list-view">
      {wide ? (
        <Box
          aria-hidden
          sx={{
            position: 'sticky',
            top: stickyTop ?? HEADER_HEIGHT,
            zIndex: theme.zIndex.appBar - 2,
            display: 'grid',
            gridTemplateColumns: WIDE_COLUMNS,
            gap: 2,
            px: 1.5,
            py: 1,
            bgcolor: alpha(theme.palette.background.default, 0.92),
            backdropFilter: 'blur(12px)',
            borderBottom: 1,
            borderColor: 'divider',
            fontSize: '0.72rem',
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: '0.05em',
            color: 'text.secondary',
          }}
        >
          <span>Time (your zone)</span>
          <span>Company</span>
          <span>Date</span>
          <span>EPS</span>
          <span>Revenue</span>
          <span>Mkt cap</span>
          <span>YoY rev.</span>
          <span>Move</span>
        </Box>
      ) : null}
      <VirtualRows
        rows={rows}
        rowKey={(row) => row.key}
        estimateSize={(row) => (row.kind === 'entry' && !wide ? 92 : ROW_HEIGHTS[row.kind])}
        renderRow={renderRow}
        label="Reports of the week, day by day"
        testId="calendar-rows"
        scrollToKey={selectedDay ? `day:${selectedDay}` : null}
        stickyOffset={(stickyTop ? stickyTop.sm : HEADER_HEIGHT.sm) + (wide ? 40 : 0)}
      />
    </Box>
  );
}

/** Memoised: the board re-renders on every store update, the rows only when their inputs change. */
export const ListView = memo(ListViewBody);

interface RowProps {
  row: CalendarEarningsRow;
  timeZone: string;
  call: CalendarEvent | undefined;
  revealed: boolean;
}

const rowFrameSx = (revealed: boolean) =>
  ({
    position: 'relative',
    borderBottom: 1,
    borderColor: 'divider',
    bgcolor: revealed ? 'action.hover' : 'transparent',
    '&:hover': { bgcolor: 'action.hover' },
  }) as const;

function CompanyCell({ row }: { row: CalendarEarningsRow }) {
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <SymbolInitials symbol={row.symbol} size={30} />
      <Box sx={{ minWidth: 0 }}>
        <Box
          component="button"
          type="button"
          onClick={() => dispatch(openEarnings(row))}
          aria-label={entryLabel(row)}
          sx={{ ...stretchedButtonSx, fontWeight: 700, fontSize: '0.9rem' }}
        >
          {row.symbol}
        </Box>
        <Typography variant="caption" component="div" color="text.secondary" noWrap>
          {row.name}
        </Typography>
      </Box>
    </Box>
  );
}

const WideRow = memo(function WideRow({ row, timeZone, call, revealed }: RowProps) {
  const yoy = row.yoyPercentChangeRevenue;
  return (
    <Box
      data-testid="calendar-entry"
      data-symbol={row.symbol}
      data-revealed={revealed || undefined}
      sx={{
        ...rowFrameSx(revealed),
        display: 'grid',
        gridTemplateColumns: WIDE_COLUMNS,
        gap: 2,
        alignItems: 'center',
        px: 1.5,
        minHeight: ROW_HEIGHTS.entry,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <TimeLabel row={row} timeZone={timeZone} />
        {call ? <CallButton call={call} timeZone={timeZone} /> : null}
      </Box>
      <CompanyCell row={row} />
      <Box sx={{ position: 'relative', zIndex: 1 }}>
        <DateStatusMark row={row} long />
      </Box>
      <FigureText line={epsLine(row)} label={false} />
      <FigureText line={revenueLine(row)} label={false} />
      <Typography variant="body2">{formatCompact(row.marketCap, { currency: true })}</Typography>
      <Typography variant="body2" sx={{ color: TONE_COLOR[toneOf(yoy)], fontWeight: 600 }}>
        {formatPercent(yoy, { digits: 1 })}
      </Typography>
      <Box>
        <MoveFigure row={row} />
      </Box>
    </Box>
  );
});

export const NarrowRow = memo(function NarrowRow({ row, timeZone, call, revealed }: RowProps) {
  const move = useReportMove(row);
  return (
    <Box
      data-testid="calendar-entry"
      data-symbol={row.symbol}
      data-revealed={revealed || undefined}
      sx={{
        ...rowFrameSx(revealed),
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        gap: 0.5,
        py: 1,
        px: 0.5,
      }}
    >
      <CompanyCell row={row} />
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-end',
          gap: 0.5,
          position: 'relative',
          zIndex: 1,
        }}
      >
        <DateStatusMark row={row} />
        <TimeLabel row={row} timeZone={timeZone} />
        {move ? null : <TypicalMove row={row} />}
      </Box>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, alignItems: 'flex-end', minWidth: 0, pl: 4.75 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <FigureText line={epsLine(row)} dense />
          <FigureText line={revenueLine(row)} dense />
          {move ? <MoveText line={move} /> : null}
        </Box>
        {call ? (
          <Box sx={{ position: 'relative', zIndex: 1 }}>
            <CallButton call={call} timeZone={timeZone} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
});
