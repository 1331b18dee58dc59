import type { CalendarEvent } from '@eh/contracts';
import { EARLY_CLOSE, holidayOn, type IsoDate } from '@eh/domain';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import { Box, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { memo, useMemo } from 'react';
import { HEADER_HEIGHT } from '../../shared/sticky-header.ts';
import { dayHeading, etLabel, moveLine } from './calendar-format.ts';
import {
  buildWeekGrid,
  type DayGroup,
  type ExtraBand,
  type ExtraItem,
  type GridRow,
  type MoreCell,
  SESSION_HEADINGS,
  type SessionKey,
} from './calendar-model.ts';
import { EarningsCard } from './earnings-entry.tsx';
import { ExtraItemView } from './extra-item.tsx';
import { useLiveReportMoves } from './live-report-moves.tsx';
import { MoreButton } from './more-button.tsx';
import { screenReaderOnly } from './screen-reader-only.ts';
import { VirtualRows } from './virtual-rows.tsx';

export const BAND_ICONS = {
  before: WbSunnyOutlinedIcon,
  market: ScheduleIcon,
  after: DarkModeOutlinedIcon,
  unknown: HelpOutlineIcon,
  events: EventNoteOutlinedIcon,
  dividends: PaymentsOutlinedIcon,
} as const;

const BAND_LABELS: Readonly<Record<SessionKey | ExtraBand, string>> = {
  ...SESSION_HEADINGS,
  events: 'Events',
  dividends: 'Dividends',
};

const ROW_HEIGHTS: Readonly<Record<GridRow['kind'], number>> = { band: 44, entries: 128, extras: 64, more: 48 };
/** A row of cards where one tells the move after its report: a line more (the row's cards stay aligned). */
const ENTRIES_WITH_MOVE_HEIGHT = 148;

/** '12', or '3 of 12' when the filter hides some. */
export function countLabel(shown: number, total: number): string {
  return shown === total
    ? total.toLocaleString('en-US')
    : `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export interface WeekViewProps {
  days: readonly DayGroup[];
  extras: ReadonlyMap<IsoDate, readonly ExtraItem[]>;
  calls: ReadonlyMap<number, CalendarEvent>;
  expanded: ReadonlySet<string>;
  autoExpand: boolean;
  onToggleGroup: (cell: MoreCell) => void;
  /** The day a phone shows. */
  focusedDay: IsoDate;
  /** The day a wide screen marks: the one chosen (?selectedDate=), else today. */
  selectedDay: IsoDate | null;
  onSelectDay: (date: IsoDate) => void;
  today: IsoDate;
  timeZone: string;
  /** Offset of sticky rows (0 in the embed, which has no header). */
  stickyTop?: { xs: number; sm: number };
}

/**
 * The week (SPEC §2 week view): Monday to Friday side by side on wide screens, one day at a time with a day
 * strip on phones. Each day is split into before the open, during market hours and after the close (and "time
 * not announced"), with the events the calendar toggles add on top. Rows are virtualised.
 */
function WeekViewBody(props: WeekViewProps) {
  const {
    days,
    extras,
    calls,
    expanded,
    autoExpand,
    onToggleGroup,
    focusedDay,
    selectedDay,
    onSelectDay,
    today,
    timeZone,
  } = props;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const stickyTop = props.stickyTop ?? HEADER_HEIGHT;
  const columns = useMemo(
    () => (wide ? days : days.filter((day) => day.date === focusedDay)),
    [wide, days, focusedDay],
  );
  const grid = useMemo(
    () => buildWeekGrid(columns, extras, expanded, autoExpand),
    [columns, extras, expanded, autoExpand],
  );
  const template = `repeat(${columns.length}, minmax(0, 1fr))`;
  const liveMoves = useLiveReportMoves();
  const heightOf = (row: GridRow) =>
    row.kind === 'entries' && row.cells.some((cell) => cell && moveLine(cell, liveMoves.get(cell.id) ?? null))
      ? ENTRIES_WITH_MOVE_HEIGHT
      : ROW_HEIGHTS[row.kind];

  const renderRow = (row: GridRow) => {
    switch (row.kind) {
      case 'band': {
        const Icon = BAND_ICONS[row.band];
        return (
          <Box
            data-testid="session-band"
            data-band={row.band}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pt: 1.5,
              pb: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Icon aria-hidden sx={{ fontSize: 18, color: 'text.secondary' }} />
            {/* The week's sections: the first headings under the page's h1 (days are columns, not headings). */}
            <Typography
              component="h2"
              sx={{ fontSize: '0.8rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
            >
              {BAND_LABELS[row.band]}
            </Typography>
            {columns.length === 1 ? (
              <Typography variant="caption" color="text.secondary">
                {countLabel(row.counts[0] ?? 0, row.totals[0] ?? 0)}
              </Typography>
            ) : null}
          </Box>
        );
      }
      case 'entries':
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: template, gap: 1, pt: 1, height: heightOf(row) }}>
            {row.cells.map((cell, index) => (
              <Box key={columns[index]?.date ?? index} sx={{ minWidth: 0 }}>
                {cell ? (
                  <EarningsCard
                    row={cell}
                    timeZone={timeZone}
                    call={calls.get(cell.id)}
                    revealed={row.index >= (row.hiddenFrom[index] ?? Number.POSITIVE_INFINITY)}
                  />
                ) : null}
              </Box>
            ))}
          </Box>
        );
      case 'extras':
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: template, gap: 1, pt: 1, height: ROW_HEIGHTS.extras }}>
            {row.cells.map((cell, index) => (
              <Box key={columns[index]?.date ?? index} sx={{ minWidth: 0 }}>
                {cell ? <ExtraItemView item={cell} timeZone={timeZone} /> : null}
              </Box>
            ))}
          </Box>
        );
      case 'more':
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: template, gap: 1, pt: 1 }}>
            {row.cells.map((cell, index) => (
              <Box key={columns[index]?.date ?? index} sx={{ minWidth: 0 }}>
                {cell ? <MoreButton cell={cell} onToggle={onToggleGroup} /> : null}
              </Box>
            ))}
          </Box>
        );
    }
  };

  return (
    <Box data-testid="week-view">
      <Box
        role="group"
        aria-label="Days of the week"
        sx={{
          position: 'sticky',
          top: stickyTop,
          zIndex: theme.zIndex.appBar - 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
          gap: 1,
          py: 1,
          bgcolor: alpha(theme.palette.background.default, 0.9),
          backdropFilter: 'blur(12px)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {days.map((day) => (
          <DayTab
            key={day.date}
            day={day}
            selected={wide ? day.date === selectedDay : day.date === focusedDay}
            today={day.date === today}
            onSelect={onSelectDay}
            wide={wide}
          />
        ))}
      </Box>
      {grid.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="empty-state">
          {wide ? 'No reports this week with these settings.' : 'No reports on this day with these settings.'}
        </Typography>
      ) : (
        <VirtualRows
          rows={grid}
          rowKey={(row) => row.key}
          estimateSize={heightOf}
          renderRow={renderRow}
          label={wide ? 'Reports of the week by day and session' : `Reports on ${dayHeading(focusedDay)}`}
          testId="calendar-rows"
        />
      )}
    </Box>
  );
}

/** Memoised: the board re-renders on every store update, the rows only when their inputs change. */
export const WeekView = memo(WeekViewBody);

function DayTab({
  day,
  selected,
  today,
  onSelect,
  wide,
}: {
  day: DayGroup;
  selected: boolean;
  today: boolean;
  onSelect: (date: IsoDate) => void;
  wide: boolean;
}) {
  const [weekday, rest] = dayHeading(day.date).split(', ');
  // Holidays and early closes of US exchanges (by rule): a reader should know why a day is empty.
  const holiday = holidayOn(day.date);
  const active = selected && !wide;
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={selected}
      aria-current={today ? 'date' : undefined}
      onClick={() => onSelect(day.date)}
      data-testid="day-tab"
      data-date={day.date}
      sx={(theme) => ({
        appearance: 'none',
        font: 'inherit',
        cursor: 'pointer',
        textAlign: { xs: 'center', md: 'left' },
        px: { xs: 0.5, md: 1.5 },
        py: { xs: 0.75, md: 1 },
        borderRadius: 1.5,
        border: 1,
        borderColor: selected || today ? 'primary.main' : 'divider',
        bgcolor: active ? 'primary.main' : selected ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
        color: active ? 'primary.contrastText' : 'text.primary',
        minWidth: 0,
      })}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'center', md: 'baseline' },
          gap: { xs: 0, md: 0.75 },
        }}
      >
        <Typography
          component="span"
          sx={{
            fontWeight: 800,
            fontSize: { xs: '0.7rem', md: '0.95rem' },
            textTransform: { xs: 'uppercase', md: 'none' },
          }}
        >
          {weekday}
        </Typography>
        <Typography
          component="span"
          sx={{ fontSize: { xs: '1.05rem', md: '0.9rem' }, fontWeight: { xs: 800, md: 400 } }}
        >
          {wide ? rest : Number(day.date.slice(8, 10))}
        </Typography>
        {today ? (
          <Box
            component="span"
            sx={{
              display: { xs: 'none', md: 'inline' },
              fontSize: '0.65rem',
              fontWeight: 800,
              color: active ? 'inherit' : 'primary.main',
              textTransform: 'uppercase',
            }}
          >
            Today
          </Box>
        ) : null}
      </Box>
      <Typography
        component="span"
        sx={{
          display: 'block',
          fontSize: '0.7rem',
          opacity: 0.8,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {holiday && wide
          ? holiday.status === 'closed'
            ? `Market closed · ${holiday.name}`
            : `Early close ${etLabel(EARLY_CLOSE)}${day.total > 0 ? ` · ${day.total} report${day.total === 1 ? '' : 's'}` : ''}`
          : day.total === 0
            ? wide
              ? 'No reports'
              : '–'
            : wide
              ? `${day.total.toLocaleString('en-US')} report${day.total === 1 ? '' : 's'}${day.shownCount < day.total ? ` · ${day.shownCount} shown` : ''}`
              : day.total.toLocaleString('en-US')}
        {wide ? null : (
          <Box component="span" sx={screenReaderOnly}>
            {` report${day.total === 1 ? '' : 's'}`}
          </Box>
        )}
      </Typography>
    </Box>
  );
}
