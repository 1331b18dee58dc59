/**
 * Which window a calendar URL shows (SPEC §2 calendar routes, §4 week rule) and the URLs of its neighbours. Pure:
 * "now" is passed in, "today" is New York's date (DESIGN §6), and the week/month rules come from the domain.
 */
import {
  addDays,
  currentMonth,
  currentWeek,
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  formatMonthSlug,
  type IsoDate,
  isWeekend,
  type MonthWindow,
  monthWindow,
  nextMonth,
  nextWeek,
  nyDate,
  parseMonthSlug,
  parseWeekSlug,
  previousMonth,
  previousWeek,
  type WeekWindow,
  weekWindow,
  type YearMonth,
  yearMonthOf,
} from '@eh/domain';
import type { CalendarView } from '../../shared/preferences.ts';
import { CALENDAR_VIEW_HOMES } from '../../shared/routes.ts';

/** The route ids of the calendar pages (routes.ts). */
export const CALENDAR_PAGE_IDS = [
  'calendarWeek',
  'calendarMonth',
  'calendarWeekOf',
  'calendarMonthOf',
  'listWeek',
  'listWeekOf',
] as const;
export type CalendarPageId = (typeof CALENDAR_PAGE_IDS)[number];

export function isCalendarPageId(id: unknown): id is CalendarPageId {
  return typeof id === 'string' && (CALENDAR_PAGE_IDS as readonly string[]).includes(id);
}

export type CalendarLocation =
  | {
      view: 'week' | 'list';
      /** True on the "this week" URLs. */
      current: boolean;
      week: WeekWindow;
      /** The `{dateSlug}` when it is not the week's Monday (the page moves to the canonical URL). */
      nonCanonicalSlug: IsoDate | null;
    }
  | { view: 'month'; current: boolean; month: MonthWindow }
  | { view: CalendarView; invalid: true };

export interface CalendarParams {
  dateSlug?: string | undefined;
  monthYearSlug?: string | undefined;
}

/** The window a calendar page shows; `invalid` when its slug names no day or month within the picker bounds. */
export function resolveCalendarLocation(pageId: CalendarPageId, params: CalendarParams, now: Date): CalendarLocation {
  switch (pageId) {
    case 'calendarWeek':
      return { view: 'week', current: true, week: currentWeek(now), nonCanonicalSlug: null };
    case 'listWeek':
      return { view: 'list', current: true, week: currentWeek(now), nonCanonicalSlug: null };
    case 'calendarWeekOf':
    case 'listWeekOf': {
      const view = pageId === 'listWeekOf' ? 'list' : 'week';
      const date = parseWeekSlug(params.dateSlug ?? '');
      if (date === null || !weekInBounds(weekWindow(date))) return { view, invalid: true };
      const week = weekWindow(date);
      return { view, current: false, week, nonCanonicalSlug: date === week.start ? null : date };
    }
    case 'calendarMonth':
      return { view: 'month', current: true, month: currentMonth(now) };
    case 'calendarMonthOf': {
      const ym = parseMonthSlug(params.monthYearSlug ?? '');
      if (ym === null) return { view: 'month', invalid: true };
      return { view: 'month', current: false, month: monthWindow(ym.year, ym.month) };
    }
  }
}

function weekInBounds(week: WeekWindow): boolean {
  return week.start >= DATE_PICKER_MIN && week.end <= DATE_PICKER_MAX;
}

// ---- URLs -----------------------------------------------------------------------------------------------------

const BASE = { week: '/earnings-calendar', list: '/earnings-list' } as const;

export function thisWeekPath(view: 'week' | 'list'): string {
  return CALENDAR_VIEW_HOMES[view];
}

export const THIS_MONTH_PATH = CALENDAR_VIEW_HOMES.month;

/** /earnings-calendar/week-of/2026-11-23: always the Monday of the week that `date` shows. */
export function weekOfPath(view: 'week' | 'list', date: IsoDate): string {
  return `${BASE[view]}/week-of/${weekWindow(date).start}`;
}

export function monthPath(ym: YearMonth): string {
  return `/earnings-calendar/month/${formatMonthSlug(ym)}`;
}

/** A URL with `?selectedDate=` (and nothing else the calendar does not own). */
export function withSelectedDate(path: string, selectedDate: IsoDate | null | undefined): string {
  return selectedDate ? `${path}?selectedDate=${selectedDate}` : path;
}

/** The date a view is "about", used to keep the reader's place when switching views. */
export function anchorDate(location: Exclude<CalendarLocation, { invalid: true }>, selected: IsoDate | null): IsoDate {
  if (location.view === 'month') {
    if (selected && selected >= location.month.start && selected <= location.month.end) return selected;
    return location.month.start;
  }
  if (selected && selected >= location.week.start && selected <= location.week.end) return selected;
  return location.week.start;
}

/** The URL of `view` around `date`; the "this week/month" URL when that is where the date falls. */
export function viewPath(view: CalendarView, date: IsoDate, now: Date): string {
  if (view === 'month') {
    const ym = yearMonthOf(date);
    const current = yearMonthOf(nyDate(now));
    return ym.year === current.year && ym.month === current.month ? THIS_MONTH_PATH : monthPath(ym);
  }
  return weekWindow(date).start === currentWeek(now).start ? thisWeekPath(view) : weekOfPath(view, date);
}

export interface Neighbours {
  /** First day of the previous window; null before the picker's lower bound. */
  previous: IsoDate | null;
  /** First day of the next window; null past the picker's upper bound. */
  next: IsoDate | null;
}

/** The windows before and after a location (the caller turns them into URLs). */
export function neighbours(location: Exclude<CalendarLocation, { invalid: true }>): Neighbours {
  const inBounds = (window: { start: IsoDate; end: IsoDate }) =>
    window.start >= DATE_PICKER_MIN && window.end <= DATE_PICKER_MAX;
  if (location.view === 'month') {
    const prev = previousMonth(location.month);
    const next = nextMonth(location.month);
    const before = monthWindow(prev.year, prev.month);
    const after = monthWindow(next.year, next.month);
    return { previous: inBounds(before) ? before.start : null, next: inBounds(after) ? after.start : null };
  }
  const before = previousWeek(location.week);
  const after = nextWeek(location.week);
  return { previous: inBounds(before) ? before.start : null, next: inBounds(after) ? after.start : null };
}

/** The days a location fetches: the week, or the Monday–Friday weeks that hold the month. */
export function fetchWindow(location: Exclude<CalendarLocation, { invalid: true }>): { start: IsoDate; end: IsoDate } {
  if (location.view === 'month') {
    const weeks = location.month.weeks;
    const start = weeks[0]?.start ?? location.month.start;
    const end = weeks.at(-1)?.end ?? location.month.end;
    // The API takes dates within the picker bounds; December 2099's last week runs into 2100.
    return {
      start: start < DATE_PICKER_MIN ? DATE_PICKER_MIN : start,
      end: end > DATE_PICKER_MAX ? DATE_PICKER_MAX : end,
    };
  }
  return { start: location.week.start, end: location.week.end };
}

/**
 * `?selectedDate=`: a real weekday inside the window shown; anything else is ignored. A weekend date selects the
 * Monday after it (the week rule of SPEC §4).
 */
export function readSelectedDate(
  raw: string | null,
  location: Exclude<CalendarLocation, { invalid: true }>,
): IsoDate | null {
  const date = raw ? parseWeekSlug(raw) : null;
  if (date === null) return null;
  const day = isWeekend(date) ? weekWindow(date).start : date;
  const window = location.view === 'month' ? location.month : location.week;
  return day >= window.start && day <= window.end ? day : null;
}

/** The day a week opens on: the selected one, else today when today is in the week, else Monday. */
export function focusDay(week: WeekWindow, selected: IsoDate | null, today: IsoDate): IsoDate {
  if (selected && week.days.includes(selected)) return selected;
  if (week.days.includes(today)) return today;
  return week.start;
}

/** Adds days while staying a weekday (for keyboard stepping through a week). */
export function stepWeekday(date: IsoDate, step: 1 | -1): IsoDate {
  let next = addDays(date, step);
  while (isWeekend(next)) next = addDays(next, step);
  return next;
}

/**
 * The embed has one URL (/embed/calendar) and takes its window from the query: `view` (week, list or month;
 * week by default) and `selectedDate` (the day it opens on; today by default).
 */
export function resolveEmbedLocation(
  rawView: string | null,
  rawDate: string | null,
  now: Date,
): Exclude<CalendarLocation, { invalid: true }> {
  const view: CalendarView = rawView === 'list' || rawView === 'month' ? rawView : 'week';
  const date = (rawDate ? parseWeekSlug(rawDate) : null) ?? nyDate(now);
  if (view === 'month') {
    const ym = yearMonthOf(date);
    const today = yearMonthOf(nyDate(now));
    return { view, current: ym.year === today.year && ym.month === today.month, month: monthWindow(ym.year, ym.month) };
  }
  const week = weekInBounds(weekWindow(date)) ? weekWindow(date) : currentWeek(now);
  return { view, current: week.start === currentWeek(now).start, week, nonCanonicalSlug: null };
}
