import { BIG_MOVER_MIN_PERCENT, type IsoDate, isIsoDate } from '@eh/domain';
import { Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { useCalendarAccess, useFilterSets } from './calendar-access.ts';
import { useGetEarningsCalendarQuery } from './calendar-api.ts';
import { longDay } from './calendar-format.ts';
import { groupCalendar, groupKey, type MoreCell, SESSION_HEADINGS, visibleEntries } from './calendar-model.ts';
import { useCalendarToggles, useEarningsSettings, useTimeZone } from './calendar-preferences.ts';
import { weekOfPath, withSelectedDate } from './calendar-route.ts';
import { NarrowRow } from './list-view.tsx';
import { MoreButton } from './more-button.tsx';
import { BAND_ICONS } from './week-view.tsx';

/**
 * A day of the month view (the selected month day modal): every report of that day by session, under the
 * reader's filter and sort, with the hidden symbols behind "+N more", and a link to the day in the week view.
 */
export default function SelectedMonthDayModal({ entry, onClose }: ModalContentProps<'selectedMonthDay'>) {
  const raw = typeof entry.props.date === 'string' ? entry.props.date : '';
  const date: IsoDate | null = isIsoDate(raw) ? raw : null;
  const [settings] = useEarningsSettings();
  const [toggles] = useCalendarToggles();
  const access = useCalendarAccess();
  const { filter } = settings;
  const sets = useFilterSets(filter, toggles, access);
  const [timeZone] = useTimeZone();
  const calendar = useGetEarningsCalendarQuery({ start: date ?? '', end: date ?? '' }, { skip: date === null });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const onToggle = useCallback((cell: MoreCell) => {
    setExpanded((current) => {
      const next = new Set(current);
      const key = groupKey(cell.date, cell.session);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const day = useMemo(() => {
    if (!date || !calendar.data) return null;
    return (
      groupCalendar(calendar.data.earnings, [date], {
        filter,
        popular: sets.popular,
        custom: sets.custom,
        only: sets.only,
        sort: settings.sort,
        showEstimated: toggles.estimatedDates,
        minTypicalMove: toggles.bigMovers ? BIG_MOVER_MIN_PERCENT : null,
      })[0] ?? null
    );
  }, [date, calendar.data, sets, filter, settings.sort, toggles.estimatedDates, toggles.bigMovers]);

  return (
    <>
      <DialogContent dividers data-testid="month-day-details">
        <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.1rem' }} data-testid="month-day-date">
          {date ? longDay(date) : 'Unknown day'}
        </Typography>
        {day ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {day.total === 0 ? 'No reports' : `${day.total} report${day.total === 1 ? '' : 's'}`}
          </Typography>
        ) : null}
        {calendar.isLoading ? (
          <LoadingRows rows={5} height={56} />
        ) : calendar.error ? (
          <LoadError error={calendar.error} onRetry={calendar.refetch} />
        ) : day && date ? (
          day.sessions.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              No company reports on this day with these settings.
            </Typography>
          ) : (
            day.sessions.map((group) => {
              const visible = visibleEntries(group, date, expanded, settings.autoExpandHiddenSymbols);
              const Icon = BAND_ICONS[group.session];
              return (
                <Box key={group.session} sx={{ mt: 2 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                    <Icon aria-hidden sx={{ fontSize: 18, color: 'text.secondary' }} />
                    <Typography
                      component="h4"
                      sx={{ fontSize: '0.75rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
                    >
                      {SESSION_HEADINGS[group.session]}
                    </Typography>
                  </Box>
                  {visible.entries.map((row, index) => (
                    <NarrowRow
                      key={row.id}
                      row={row}
                      timeZone={timeZone}
                      call={undefined}
                      revealed={index >= group.shown.length}
                    />
                  ))}
                  {visible.hiddenCount > 0 || visible.expanded ? (
                    <MoreButton
                      cell={{
                        date,
                        session: group.session,
                        hiddenCount: visible.hiddenCount,
                        expanded: visible.expanded,
                      }}
                      onToggle={onToggle}
                    />
                  ) : null}
                </Box>
              );
            })
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {date ? (
          <Button
            component={RouterLink}
            to={withSelectedDate(weekOfPath('week', date), date)}
            variant="contained"
            onClick={onClose}
          >
            Open the week
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}
