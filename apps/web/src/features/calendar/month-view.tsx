import type { IsoDate, MonthWindow } from '@eh/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { longDay } from './calendar-format.ts';
import type { DayGroup } from './calendar-model.ts';
import { screenReaderOnly } from './screen-reader-only.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
/** Names a month cell lists before "+N". */
const NAMES_PER_DAY = 4;

export interface MonthDayCounts {
  total: number;
  confirmed: number;
  estimated: number;
}

export interface MonthViewProps {
  month: MonthWindow;
  days: ReadonlyMap<IsoDate, DayGroup>;
  /** Reports per day from the daily counts (not plan-gated), so withheld history still shows how busy a day was. */
  counts: ReadonlyMap<IsoDate, MonthDayCounts>;
  /** The earliest day whose reports this plan shows (older ones are counted but not listed). */
  historyStart: IsoDate | null;
  showEstimated: boolean;
  today: IsoDate;
  selected: IsoDate | null;
  onOpenDay: (date: IsoDate) => void;
}

/**
 * The month (SPEC §2 month view): its Monday–Friday weeks, each day with how many companies report and the
 * biggest names under the current filter and sort; a day opens the selected month day modal.
 */
export function MonthView({
  month,
  days,
  counts,
  historyStart,
  showEstimated,
  today,
  selected,
  onOpenDay,
}: MonthViewProps) {
  return (
    <Box data-testid="month-view" role="grid" aria-label={`Reports per day`} aria-readonly>
      <Box
        role="row"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: { xs: 0.5, sm: 1 }, mb: 1 }}
      >
        {WEEKDAYS.map((name) => (
          <Typography
            key={name}
            role="columnheader"
            sx={{ fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary', textTransform: 'uppercase', px: 1 }}
          >
            {name}
          </Typography>
        ))}
      </Box>
      {month.weeks.map((week) => (
        <Box
          key={week.start}
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
            gap: { xs: 0.5, sm: 1 },
            mb: { xs: 0.5, sm: 1 },
          }}
        >
          {week.days.map((date) => {
            const count = counts.get(date);
            const total = count ? (showEstimated ? count.total : count.confirmed) : (days.get(date)?.total ?? 0);
            return (
              <MonthCell
                key={date}
                date={date}
                inMonth={date >= month.start && date <= month.end}
                total={total}
                day={days.get(date)}
                locked={historyStart !== null && date < historyStart && total > 0}
                today={date === today}
                selected={date === selected}
                onOpen={onOpenDay}
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

interface MonthCellProps {
  date: IsoDate;
  inMonth: boolean;
  total: number;
  day: DayGroup | undefined;
  locked: boolean;
  today: boolean;
  selected: boolean;
  onOpen: (date: IsoDate) => void;
}

function MonthCell({ date, inMonth, total, day, locked, today, selected, onOpen }: MonthCellProps) {
  // The filter's names first; a day it leaves empty still names its biggest reporters, muted.
  const shown = (day?.sessions ?? []).flatMap((group) => group.shown).slice(0, NAMES_PER_DAY);
  const others = (day?.sessions ?? [])
    .flatMap((group) => group.hidden)
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, NAMES_PER_DAY - shown.length);
  const names = [...shown.map((row) => ({ row, muted: false })), ...others.map((row) => ({ row, muted: true }))];
  const more = Math.max(0, total - names.length);
  return (
    <Box role="gridcell" sx={{ minWidth: 0 }}>
      <Box
        component="button"
        type="button"
        onClick={() => onOpen(date)}
        aria-current={today ? 'date' : undefined}
        data-testid="month-day"
        data-date={date}
        data-count={total}
        sx={(theme) => ({
          appearance: 'none',
          font: 'inherit',
          color: 'text.primary',
          textAlign: 'left',
          cursor: 'pointer',
          width: '100%',
          height: { xs: 64, sm: 112 },
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          p: { xs: 0.75, sm: 1.25 },
          borderRadius: 1.5,
          border: 1,
          borderColor: selected || today ? 'primary.main' : 'divider',
          bgcolor: inMonth ? 'background.paper' : alpha(theme.palette.text.primary, 0.03),
          overflow: 'hidden',
          '&:hover': { borderColor: 'primary.main' },
        })}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, width: '100%' }}>
          <Typography
            component="span"
            sx={(theme) => ({
              fontWeight: 800,
              fontSize: { xs: '0.85rem', sm: '1rem' },
              // Today shown among the next or last month's days sits on their tinted ground, where the light theme's
              // green reads at 4.42:1: its darker shade keeps 4.5:1.
              color: today
                ? inMonth || theme.palette.mode === 'dark'
                  ? 'primary.main'
                  : 'primary.dark'
                : inMonth
                  ? 'text.primary'
                  : 'text.secondary',
            })}
          >
            <Box component="span" sx={screenReaderOnly}>
              {`${longDay(date).replace(/ \d+, \d{4}$/, '')} `}
            </Box>
            {Number(date.slice(8, 10))}
            <Box component="span" sx={screenReaderOnly}>
              {`, ${date.slice(0, 4)}: `}
            </Box>
          </Typography>
          {locked ? (
            <LockOutlinedIcon titleAccess="History needs a paid plan" sx={{ fontSize: 14, color: 'text.secondary' }} />
          ) : null}
          {total > 0 ? (
            <Box
              component="span"
              sx={{
                ml: 'auto',
                px: 0.75,
                borderRadius: 10,
                fontSize: '0.7rem',
                fontWeight: 700,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {total.toLocaleString('en-US')}
              <Box component="span" sx={screenReaderOnly}>
                {` report${total === 1 ? '' : 's'}`}
              </Box>
            </Box>
          ) : (
            <Box component="span" sx={screenReaderOnly}>
              no reports
            </Box>
          )}
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexWrap: 'wrap', gap: 0.5 }}>
          {names.map(({ row, muted }) => (
            <Box
              component="span"
              key={row.id}
              sx={{
                fontSize: '0.72rem',
                fontWeight: 700,
                px: 0.5,
                borderRadius: 0.5,
                bgcolor: muted ? 'transparent' : 'action.selected',
                color: muted ? 'text.secondary' : 'text.primary',
                border: muted ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              {row.symbol}
            </Box>
          ))}
          {more > 0 && names.length > 0 ? (
            <Box component="span" sx={{ fontSize: '0.72rem', color: 'text.secondary' }}>
              +{more}
            </Box>
          ) : null}
        </Box>
        <Box
          sx={{ display: { xs: 'block', sm: 'none' }, fontSize: '0.65rem', fontWeight: 700, color: 'text.secondary' }}
        >
          {names[0]?.row.symbol ?? ''}
        </Box>
      </Box>
    </Box>
  );
}
