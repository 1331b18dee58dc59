import { type IsoDate, nyDate } from '@eh/domain';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { CalendarView } from '../../shared/preferences.ts';
import { LoadError } from '../../shared/query-state.tsx';
import { useCalendarAccess, useFilterSets } from './calendar-access.ts';
import { calendarPageText, monthLabel, rangeLabel, shortDate } from './calendar-format.ts';
import { groupKey, type MoreCell } from './calendar-model.ts';
import { useCalendarToggles, useEarningsSettings, useTimeZone } from './calendar-preferences.ts';
import { type CalendarLocation, fetchWindow, focusDay, neighbours } from './calendar-route.ts';
import { type CalendarTarget, CalendarToolbar } from './calendar-toolbar.tsx';
import { GatedNotice, OwnListNotice } from './gated-notice.tsx';
import { IndicesStrip } from './indices-strip.tsx';
import { ListView } from './list-view.tsx';
import { LiveReportMoves } from './live-report-moves.tsx';
import { MonthView } from './month-view.tsx';
import { useCalendarData } from './use-calendar-data.ts';
import { WeekView } from './week-view.tsx';

const CustomFilterDialog = lazy(() => import('./custom-filter-dialog.tsx'));

export type ValidLocation = Exclude<CalendarLocation, { invalid: true }>;

export interface CalendarBoardProps {
  location: ValidLocation;
  selected: IsoDate | null;
  now: Date;
  hrefFor: (target: CalendarTarget) => string;
  navigate: (target: CalendarTarget, options?: { replace?: boolean }) => void;
  /** The chromeless embed: smaller heading, no settings or embed buttons, no sticky offset for a header. */
  embedded?: boolean;
}

/** 'Times in New York time' from 'America/New_York'; 'Times in UTC'. */
function zoneLabel(zone: string): string {
  const city = zone.split('/').at(-1)?.replace(/_/g, ' ') ?? zone;
  return zone.includes('/') ? `Times in ${city} time` : `Times in ${city}`;
}

const NOTHING_EXPANDED: ReadonlySet<string> = new Set();

/** Top symbols named in the meta description. */
const DESCRIPTION_NAMES = 5;

/**
 * The earnings calendar (SPEC §2): heading, controls, and the week, list or month of reports with the events the
 * reader's toggles add. Shared by the calendar pages and the embed; the caller decides what URLs look like.
 */
export function CalendarBoard({ location, selected, now, hrefFor, navigate, embedded = false }: CalendarBoardProps) {
  const dispatch = useAppDispatch();
  const [settings, setSettings] = useEarningsSettings();
  const [toggles, setToggles] = useCalendarToggles();
  const [timeZone] = useTimeZone();
  const access = useCalendarAccess();
  const sets = useFilterSets(settings.filter, toggles, access);
  const window = fetchWindow(location);
  const data = useCalendarData(window, location.view, settings, toggles, sets);
  // Store updates (each query arriving) re-render synchronously; the rows follow with deferred values instead, in
  // slices the browser can interrupt (a season week's first render was one 150 ms task on a phone).
  const shown = {
    loading: useDeferredValue(data.loading),
    error: useDeferredValue(data.error),
    days: useDeferredValue(data.days),
    extras: useDeferredValue(data.extras),
    calls: useDeferredValue(data.calls),
    counts: useDeferredValue(data.counts),
    historyStart: data.historyStart,
    refetch: data.refetch,
  };
  const [editingCustom, setEditingCustom] = useState(false);
  const today = nyDate(now);

  // Groups the reader expanded ("+N more") belong to the window on screen.
  const [expansion, setExpansion] = useState<{ start: IsoDate; keys: ReadonlySet<string> }>(() => ({
    start: window.start,
    keys: new Set(),
  }));
  const expanded = expansion.start === window.start ? expansion.keys : NOTHING_EXPANDED;
  const windowStart = window.start;
  const onToggleGroup = useCallback(
    (cell: MoreCell) => {
      setExpansion((current) => {
        const next = new Set(current.start === windowStart ? current.keys : []);
        const key = groupKey(cell.date, cell.session);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return { start: windowStart, keys: next };
      });
    },
    [windowStart],
  );

  // A month's weeks reach into the months around it; the month's own days are what it counts.
  const windowRows = useMemo(
    () =>
      location.view === 'month'
        ? data.rows.filter((row) => row.date >= location.month.start && row.date <= location.month.end)
        : data.rows,
    [data.rows, location],
  );
  const text = useMemo(() => {
    const shown = data.loading ? undefined : windowRows;
    const top = shown
      ? [...shown]
          .sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0))
          .slice(0, DESCRIPTION_NAMES)
          .map((row) => row.symbol)
      : undefined;
    return calendarPageText({
      view: location.view,
      current: location.current,
      start: window.start,
      end: window.end,
      ...(location.view === 'month' ? { year: location.month.year, month: location.month.month } : {}),
      ...(shown ? { count: shown.length, topSymbols: top } : {}),
    });
  }, [data.loading, windowRows, location, window.start, window.end]);
  useDocumentMeta(embedded ? 'Earnings calendar' : text.title, text.description);

  const label =
    location.view === 'month'
      ? monthLabel(location.month.year, location.month.month)
      : rangeLabel(window.start, window.end);
  const neighbourDates = neighbours(location);
  const anchor =
    location.view === 'month'
      ? (selected ?? (location.current ? today : location.month.start))
      : focusDay(location.week, selected, today);
  const focused = location.view === 'month' ? null : focusDay(location.week, selected, today);
  const stickyTop = embedded ? { xs: 0, sm: 0 } : undefined;
  // What the list and the week draw their reports from.
  const entries = {
    days: shown.days,
    extras: shown.extras,
    calls: shown.calls,
    expanded,
    autoExpand: settings.autoExpandHiddenSymbols,
    onToggleGroup,
    today,
    timeZone,
    ...(stickyTop ? { stickyTop } : {}),
  };

  const view = location.view;
  const onSelectDay = useCallback(
    (date: IsoDate) => navigate({ view, date, select: true }, { replace: true }),
    [navigate, view],
  );
  // ?selectedDate= on a month opens that day once; a click opens it (again) and records it in the URL.
  const openedDay = useRef<IsoDate | null>(null);
  const openMonthDay = (date: IsoDate) => {
    openedDay.current = date;
    dispatch(modalOpened({ kind: 'selectedMonthDay', props: { date } }));
    navigate({ view: 'month', date, select: true }, { replace: true });
  };
  useEffect(() => {
    if (location.view !== 'month' || !selected || openedDay.current === selected) return;
    openedDay.current = selected;
    dispatch(modalOpened({ kind: 'selectedMonthDay', props: { date: selected } }));
  }, [location.view, selected, dispatch]);

  return (
    <Box data-testid="calendar" data-view={location.view} data-start={window.start} data-end={window.end}>
      <Box sx={{ mb: embedded ? 1.5 : 2.5 }}>
        <Typography variant="h1" sx={embedded ? { fontSize: '1.25rem' } : undefined} data-testid="calendar-heading">
          {embedded ? 'Earnings calendar' : text.heading}
        </Typography>
        {/* Two lines kept on phones: the report count arrives with the data and would otherwise wrap the line
            and push the toolbar down (layout shift). */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, minHeight: { xs: '2.86em', sm: 0 } }}>
          {location.view === 'month' ? label : `${shortDate(window.start)} – ${shortDate(window.end)}`}
          {' · '}
          {zoneLabel(timeZone)}
          {data.loading
            ? ''
            : ` · ${windowRows.length.toLocaleString('en-US')} report${windowRows.length === 1 ? '' : 's'}`}
        </Typography>
      </Box>
      <CalendarToolbar
        view={location.view}
        rangeLabel={label}
        anchor={anchor}
        previous={neighbourDates.previous}
        next={neighbourDates.next}
        isCurrent={location.current}
        hrefFor={hrefFor}
        onPick={(target) => navigate(target)}
        onViewChosen={(view: CalendarView) => setSettings({ ...settings, calendarView: view })}
        filter={settings.filter}
        onFilter={(filter) => {
          if (filter === 'earningshub_custom' && !access.request('customFilter')) return;
          setSettings({ ...settings, filter });
        }}
        sort={settings.sort}
        onSort={(sort) => setSettings({ ...settings, sort })}
        toggles={access.signedIn ? toggles : { ...toggles, myStocksOverview: false }}
        onToggles={(next) => {
          if (next.myStocksOverview && !toggles.myStocksOverview && !access.request('myStocksOverview')) return;
          setToggles(next);
        }}
        {...(settings.filter === 'earningshub_custom' && !embedded
          ? { onEditCustom: () => setEditingCustom(true) }
          : {})}
        todayTarget={{ view: location.view, date: today }}
        {...(embedded
          ? {}
          : {
              onOpenSettings: () => dispatch(modalOpened({ kind: 'earningsSettings' })),
              onOpenEmbed: () => dispatch(modalOpened({ kind: 'embedCalendar', props: { view: location.view } })),
            })}
      />
      {editingCustom ? (
        <Suspense fallback={null}>
          <CustomFilterDialog onClose={() => setEditingCustom(false)} />
        </Suspense>
      ) : null}
      {toggles.indices ? <IndicesStrip /> : null}
      {settings.filter === 'earningshub_custom' ? <OwnListNotice access={access} /> : null}
      <GatedNotice gated={data.gated} historyStart={data.historyStart} />
      {data.extrasError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Events and dividend dates could not be loaded; the reports below are complete.
        </Alert>
      ) : null}
      <LiveReportMoves rows={data.rows} now={now}>
        {shown.error ? (
          <LoadError error={shown.error} onRetry={shown.refetch} />
        ) : shown.loading ? (
          <Box role="status" aria-busy="true" aria-label="Loading the calendar" data-testid="calendar-loading">
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} variant="rounded" height={88} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : location.view === 'month' ? (
          <MonthView
            month={location.month}
            days={new Map(shown.days.map((day) => [day.date, day]))}
            counts={shown.counts}
            historyStart={shown.historyStart}
            showEstimated={toggles.estimatedDates}
            today={today}
            selected={selected}
            onOpenDay={openMonthDay}
          />
        ) : location.view === 'list' ? (
          <ListView {...entries} selectedDay={selected} />
        ) : (
          <WeekView
            {...entries}
            focusedDay={focused ?? window.start}
            selectedDay={selected}
            onSelectDay={onSelectDay}
          />
        )}
      </LiveReportMoves>
    </Box>
  );
}
