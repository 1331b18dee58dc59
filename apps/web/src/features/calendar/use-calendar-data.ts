import type { CalendarEarningsRow, CalendarEvent, PremiumMarker } from '@eh/contracts';
import { addDays, BIG_MOVER_MIN_PERCENT, daysBetween, type IsoDate, isWeekend } from '@eh/domain';
import { useMemo } from 'react';
import type { ApiError } from '../../shared/api.ts';
import type { CalendarToggles, EarningsSettings } from '../../shared/preferences.ts';
import type { FilterSets } from './calendar-access.ts';
import {
  useGetCalendarDividendsQuery,
  useGetCalendarEventsQuery,
  useGetEarningsCalendarDailyQuery,
  useGetEarningsCalendarQuery,
} from './calendar-api.ts';
import {
  callsByEarningsId,
  type DayGroup,
  type DividendItem,
  type ExtraItem,
  groupCalendar,
  groupExtras,
} from './calendar-model.ts';
import { dividendKindsFor, eventTypesFor } from './calendar-options.ts';
import type { MonthDayCounts } from './month-view.tsx';

export interface CalendarData {
  /** Weekdays of the window, each with its sessions. */
  days: DayGroup[];
  extras: Map<IsoDate, ExtraItem[]>;
  calls: Map<number, CalendarEvent>;
  counts: Map<IsoDate, MonthDayCounts>;
  rows: CalendarEarningsRow[];
  historyStart: IsoDate | null;
  gated: PremiumMarker[];
  loading: boolean;
  /** The earnings call failed (events and dividends failing only leave their rows out). */
  error: ApiError | undefined;
  extrasError: ApiError | undefined;
  refetch: () => void;
}

function weekdays(start: IsoDate, end: IsoDate): IsoDate[] {
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, index) => addDays(start, index)).filter(
    (day) => !isWeekend(day),
  );
}

const EMPTY_ROWS: CalendarEarningsRow[] = [];
const EMPTY_EVENTS: CalendarEvent[] = [];
const EMPTY_DIVIDENDS: DividendItem[] = [];

/**
 * Everything a calendar window shows: its reports grouped by day and session under the reader's filter and sort,
 * the events and dividend dates the toggles add (week and list views), and the daily counts (month view).
 * `sets` are the symbol lists the filter and the My Stocks overview toggle need (`useFilterSets`).
 */
export function useCalendarData(
  window: { start: IsoDate; end: IsoDate },
  view: 'week' | 'list' | 'month',
  settings: EarningsSettings,
  toggles: CalendarToggles,
  sets: FilterSets,
): CalendarData {
  const calendar = useGetEarningsCalendarQuery(window);
  // The daily counts cover every company: with "My Stocks overview" the month counts its own rows instead.
  const daily = useGetEarningsCalendarDailyQuery(window, { skip: view !== 'month' || sets.only !== null });
  const types = eventTypesFor(toggles);
  const kinds = dividendKindsFor(toggles);
  const weekly = view !== 'month';
  const events = useGetCalendarEventsQuery({ ...window, types }, { skip: !weekly || types.length === 0 });
  const dividends = useGetCalendarDividendsQuery({ ...window, kinds }, { skip: !weekly || kinds.length === 0 });

  const allRows = calendar.currentData?.earnings ?? EMPTY_ROWS;
  // "My Stocks overview" leaves other companies out of the window altogether (counts and description too).
  const rows = useMemo(
    () => (sets.only ? allRows.filter((row) => sets.only?.has(row.symbol.toUpperCase())) : allRows),
    [allRows, sets.only],
  );
  const days = useMemo(
    () =>
      groupCalendar(rows, weekdays(window.start, window.end), {
        filter: settings.filter,
        popular: sets.popular,
        custom: sets.custom,
        only: sets.only,
        sort: settings.sort,
        showEstimated: toggles.estimatedDates,
        minTypicalMove: toggles.bigMovers ? BIG_MOVER_MIN_PERCENT : null,
      }),
    [rows, window.start, window.end, settings.filter, settings.sort, sets, toggles.estimatedDates, toggles.bigMovers],
  );
  const eventList = (types.length > 0 && events.currentData?.events) || EMPTY_EVENTS;
  const calls = useMemo(() => callsByEarningsId(eventList), [eventList]);
  const extras = useMemo(() => {
    const shownIds = new Set(rows.map((row) => row.id));
    const attached = new Set<number>();
    for (const [earningsId, call] of calls) if (shownIds.has(earningsId)) attached.add(call.id);
    return groupExtras(
      eventList,
      (kinds.length > 0 && dividends.currentData?.items) || EMPTY_DIVIDENDS,
      days.map((day) => day.date),
      attached,
    );
  }, [eventList, dividends.currentData, kinds.length, days, calls, rows]);
  const counts = useMemo(
    () =>
      new Map(
        (sets.only ? [] : (daily.currentData?.days ?? [])).map(
          (day) => [day.date, day] satisfies [IsoDate, MonthDayCounts],
        ),
      ),
    [daily.currentData, sets.only],
  );
  const gated = useMemo(() => {
    const markers = [
      ...(calendar.currentData?.gated ?? []),
      ...(types.length > 0 ? (events.currentData?.gated ?? []) : []),
    ];
    // The typical move is the price move's premium data: its marker counts only where the reader filters by it.
    return toggles.bigMovers ? markers : markers.filter((marker) => marker.feature !== 'priceMove');
  }, [calendar.currentData, events.currentData, types.length, toggles.bigMovers]);

  return {
    days,
    extras,
    calls,
    counts,
    rows,
    historyStart: calendar.currentData?.historyStart ?? null,
    gated,
    loading: (!calendar.currentData && !calendar.error) || sets.loading,
    error: calendar.error,
    extrasError: events.error ?? dividends.error,
    refetch: () => {
      calendar.refetch();
    },
  };
}
