/**
 * The calendar's pure rules: which reports a filter group keeps, how a sort key orders them, how a window splits
 * into days and sessions (before the open, during market hours, after the close, time not announced), which
 * symbols the filter hides behind "+N more", and the rows the virtualised views draw. No React, no fetching.
 */
import type { CalendarEarningsRow, CalendarEvent } from '@eh/contracts';
import {
  type EarningsSortKey,
  type IsoDate,
  nyDate,
  SESSION_TYPES,
  type SessionType,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  type SymbolFilter,
  sessionOf,
} from '@eh/domain';

/** Where a report sits in its day; 'unknown' until the company says before or after the market. */
export type SessionKey = SessionType | 'unknown';
export const SESSION_ORDER: readonly SessionKey[] = [...SESSION_TYPES, 'unknown'];

export const SESSION_HEADINGS: Readonly<Record<SessionKey, string>> = {
  before: 'Before market open',
  market: 'During market hours',
  after: 'After market close',
  unknown: 'Time not announced',
};

/** The session of a report: stored, else from its New York time, else unknown. */
export function sessionKeyOf(row: Pick<CalendarEarningsRow, 'session' | 'time' | 'date'>): SessionKey {
  if (row.session) return row.session;
  if (row.time) return sessionOf(row.time, row.date) ?? 'unknown';
  return 'unknown';
}

// ---- filter groups --------------------------------------------------------------------------------------------

/**
 * Whether a report belongs to a filter group. `popular` is the server's list of the most followed symbols (null
 * while it loads: nothing counts as popular yet). `custom` is the reader's own filter list (null while it loads
 * or when signed out: it keeps nothing).
 */
export function matchesFilter(
  row: Pick<CalendarEarningsRow, 'symbol' | 'marketCap'>,
  filter: SymbolFilter,
  popular: ReadonlySet<string> | null,
  custom: ReadonlySet<string> | null = null,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'popular':
      return popular?.has(row.symbol.toUpperCase()) ?? false;
    case 'one_billion':
    case 'ten_billion':
    case 'hundred_billion':
      return row.marketCap !== null && row.marketCap >= SYMBOL_FILTER_MIN_MARKET_CAP[filter];
    case 'earningshub_custom':
      return custom?.has(row.symbol.toUpperCase()) ?? false;
  }
}

/** Symbols as the filters compare them (upper case); null stays null (not loaded). */
export function symbolSet(symbols: readonly string[] | null | undefined): ReadonlySet<string> | null {
  return symbols ? new Set(symbols.map((symbol) => symbol.toUpperCase())) : null;
}

/** Every symbol held in any of the reader's lists ("My Stocks overview"). */
export function heldSymbols(lists: readonly { items?: readonly { symbol: string }[] | undefined }[]): string[] {
  return lists.flatMap((list) => (list.items ?? []).map((item) => item.symbol));
}

/** The custom list after adding (upper case, once) or removing a symbol, in the order the reader built it. */
export function editedCustomList(current: readonly string[], symbol: string, change: 'add' | 'remove'): string[] {
  const wanted = symbol.trim().toUpperCase();
  const rest = current.filter((candidate) => candidate.toUpperCase() !== wanted);
  return change === 'add' && wanted ? [...rest, wanted] : rest;
}

// ---- sorting --------------------------------------------------------------------------------------------------

type Comparator = (a: CalendarEarningsRow, b: CalendarEarningsRow) => number;

/** Missing values go last whatever the direction. */
function byNumber(pick: (row: CalendarEarningsRow) => number | null, direction: 1 | -1): Comparator {
  return (a, b) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null || !Number.isFinite(x)) return y === null || !Number.isFinite(y) ? 0 : 1;
    if (y === null || !Number.isFinite(y)) return -1;
    return (x - y) * direction;
  };
}

const bySymbol: Comparator = (a, b) => a.symbol.localeCompare(b.symbol, 'en-US');
const byPopularity = byNumber((row) => row.popularity, -1);
const byMarketCap = byNumber((row) => row.marketCap, -1);
const byTime: Comparator = (a, b) => {
  if (a.time === b.time) return 0;
  if (a.time === null) return 1;
  if (b.time === null) return -1;
  return a.time < b.time ? -1 : 1;
};

const chain =
  (...comparators: Comparator[]): Comparator =>
  (a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };

/** SPEC §3 sort keys. Ties fall back to popularity, then the symbol, so the order never flickers. */
export const SORT_COMPARATORS: Readonly<Record<EarningsSortKey, Comparator>> = {
  popularity: chain(byPopularity, byMarketCap, bySymbol),
  time: chain(byTime, byPopularity, bySymbol),
  marketCap: chain(byMarketCap, byPopularity, bySymbol),
  alphabetical: bySymbol,
  yoyPercentChangeRevenue: chain(
    byNumber((row) => row.yoyPercentChangeRevenue, -1),
    byPopularity,
    bySymbol,
  ),
  yoyPercentChangeEPS: chain(
    byNumber((row) => row.yoyPercentChangeEPS, -1),
    byPopularity,
    bySymbol,
  ),
  typicalMove: chain(
    byNumber((row) => row.typicalMovePercent ?? null, -1),
    byPopularity,
    bySymbol,
  ),
};

export function sortEarnings(rows: readonly CalendarEarningsRow[], key: EarningsSortKey): CalendarEarningsRow[] {
  return [...rows].sort(SORT_COMPARATORS[key]);
}

// ---- days and sessions ----------------------------------------------------------------------------------------

export interface SessionGroup {
  session: SessionKey;
  /** Reports the filter keeps, in sort order. */
  shown: CalendarEarningsRow[];
  /** Reports the filter hides ("+N more"), in sort order. */
  hidden: CalendarEarningsRow[];
}

export interface DayGroup {
  date: IsoDate;
  /** Sessions in SPEC order; sessions without any report are left out. */
  sessions: SessionGroup[];
  /** Reports of the day after the estimated-dates toggle, shown and hidden. */
  total: number;
  shownCount: number;
}

export interface GroupOptions {
  filter: SymbolFilter;
  popular: ReadonlySet<string> | null;
  /** The reader's own filter list (upper case). */
  custom?: ReadonlySet<string> | null;
  /** "My Stocks overview": only these symbols' reports are in the window at all (upper case). */
  only?: ReadonlySet<string> | null;
  sort: EarningsSortKey;
  /** The "estimated dates" calendar toggle: off leaves out every report whose date is not confirmed. */
  showEstimated: boolean;
  /** The "big movers" toggle: reports of companies whose typical move is below this go behind "+N more". */
  minTypicalMove?: number | null;
}

/** Whether a report's company moves at least `min` percent on average after its reports (no figure: it does not). */
export function movesAtLeast(row: Pick<CalendarEarningsRow, 'typicalMovePercent'>, min: number | null | undefined) {
  return min == null || (row.typicalMovePercent ?? Number.NEGATIVE_INFINITY) >= min;
}

/** Splits a window's reports into its days (every day listed, even empty ones) and each day into sessions. */
export function groupCalendar(
  rows: readonly CalendarEarningsRow[],
  days: readonly IsoDate[],
  options: GroupOptions,
): DayGroup[] {
  const byDay = new Map<IsoDate, Map<SessionKey, SessionGroup>>();
  for (const day of days) byDay.set(day, new Map());
  const sorted = sortEarnings(
    options.showEstimated ? rows : rows.filter((row) => row.dateStatus === 'confirmed'),
    options.sort,
  );
  for (const row of sorted) {
    const sessions = byDay.get(row.date);
    if (!sessions || (options.only && !options.only.has(row.symbol.toUpperCase()))) continue;
    const key = sessionKeyOf(row);
    let group = sessions.get(key);
    if (!group) {
      group = { session: key, shown: [], hidden: [] };
      sessions.set(key, group);
    }
    (matchesFilter(row, options.filter, options.popular, options.custom ?? null) &&
    movesAtLeast(row, options.minTypicalMove)
      ? group.shown
      : group.hidden
    ).push(row);
  }
  return days.map((date) => {
    const sessions = SESSION_ORDER.map((key) => byDay.get(date)?.get(key)).filter(
      (group): group is SessionGroup => group !== undefined,
    );
    const shownCount = sessions.reduce((sum, group) => sum + group.shown.length, 0);
    const total = sessions.reduce((sum, group) => sum + group.shown.length + group.hidden.length, 0);
    return { date, sessions, total, shownCount };
  });
}

// ---- hidden symbols -------------------------------------------------------------------------------------------

/** The key of a day's session in the set of groups the reader expanded. */
export const groupKey = (date: IsoDate, session: SessionKey) => `${date}|${session}`;

export interface VisibleGroup {
  entries: CalendarEarningsRow[];
  /** How many the filter still hides (0 once expanded). */
  hiddenCount: number;
  /** True when hidden symbols are showing (expanded by hand or by the auto-expand setting). */
  expanded: boolean;
}

/** What a session shows: the filter's reports, then the hidden ones when expanded or auto-expanded. */
export function visibleEntries(
  group: SessionGroup,
  date: IsoDate,
  expanded: ReadonlySet<string>,
  autoExpand: boolean,
): VisibleGroup {
  const open = group.hidden.length > 0 && (autoExpand || expanded.has(groupKey(date, group.session)));
  return open
    ? { entries: [...group.shown, ...group.hidden], hiddenCount: 0, expanded: true }
    : { entries: group.shown, hiddenCount: group.hidden.length, expanded: false };
}

// ---- other calendar items -------------------------------------------------------------------------------------

/** A dividend date on the calendar (ex-date or payment date). */
export interface DividendItem {
  symbol: string;
  name: string;
  marketCap: number | null;
  amount: number;
  kind: 'ex' | 'payment';
  date: IsoDate;
  exDate: IsoDate;
  paymentDate: IsoDate | null;
}

export type ExtraItem =
  | { kind: 'event'; event: CalendarEvent; date: IsoDate }
  | { kind: 'dividend'; dividend: DividendItem };

/** The New York day an event falls on (the calendar's days are New York days). */
export function eventDay(event: Pick<CalendarEvent, 'eventDate'>): IsoDate {
  return nyDate(new Date(event.eventDate));
}

const EXTRA_ORDER: Readonly<Record<string, number>> = {
  economic_fed: 0,
  economic: 1,
  ipo: 2,
  call: 3,
  dividend_ex: 4,
  dividend_payment: 5,
};

function extraRank(item: ExtraItem): number {
  return item.kind === 'event'
    ? (EXTRA_ORDER[item.event.eventType] ?? 9)
    : (EXTRA_ORDER[item.dividend.kind === 'ex' ? 'dividend_ex' : 'dividend_payment'] ?? 9);
}

function extraTime(item: ExtraItem): string {
  return item.kind === 'event' ? item.event.eventDate : '';
}

/**
 * Events and dividends of each day, Fed and economic releases first, then IPOs, calls, ex-dividend and payment
 * dates; within a kind by time, then by market cap for dividends. Calls tied to a report on the calendar are left
 * out here (they show on the report itself).
 */
export function groupExtras(
  events: readonly CalendarEvent[],
  dividends: readonly DividendItem[],
  days: readonly IsoDate[],
  attachedCallIds: ReadonlySet<number>,
): Map<IsoDate, ExtraItem[]> {
  const out = new Map<IsoDate, ExtraItem[]>(days.map((day) => [day, []]));
  for (const event of events) {
    if (event.eventType === 'call' && attachedCallIds.has(event.id)) continue;
    out.get(eventDay(event))?.push({ kind: 'event', event, date: eventDay(event) });
  }
  for (const dividend of dividends) out.get(dividend.date)?.push({ kind: 'dividend', dividend });
  for (const items of out.values()) {
    items.sort(
      (a, b) =>
        extraRank(a) - extraRank(b) ||
        extraTime(a).localeCompare(extraTime(b)) ||
        (a.kind === 'dividend' && b.kind === 'dividend'
          ? (b.dividend.marketCap ?? 0) - (a.dividend.marketCap ?? 0)
          : 0),
    );
  }
  return out;
}

/** Calls that belong to a report on the calendar, by the report's id. */
export function callsByEarningsId(events: readonly CalendarEvent[]): Map<number, CalendarEvent> {
  const out = new Map<number, CalendarEvent>();
  for (const event of events) {
    if (event.eventType === 'call' && event.earningsId !== null && !out.has(event.earningsId)) {
      out.set(event.earningsId, event);
    }
  }
  return out;
}

// ---- rows of the virtualised views ----------------------------------------------------------------------------

/** Events (Fed, economic, IPOs, calls) open a day; dividend dates close it, after the reports. */
export type ExtraBand = 'events' | 'dividends';
const bandOf = (item: ExtraItem): ExtraBand => (item.kind === 'dividend' ? 'dividends' : 'events');

/** One row of the week grid: a band heading, the i-th item of every day, or the "+N more" buttons. */
export type GridRow =
  | { kind: 'band'; key: string; band: SessionKey | ExtraBand; counts: number[]; totals: number[] }
  | {
      kind: 'entries';
      key: string;
      band: SessionKey;
      /** Position of these reports within their sessions. */
      index: number;
      cells: (CalendarEarningsRow | null)[];
      /** Per day, the position from which reports are ones the filter hid and the reader revealed. */
      hiddenFrom: number[];
    }
  | { kind: 'extras'; key: string; cells: (ExtraItem | null)[] }
  | { kind: 'more'; key: string; band: SessionKey; cells: (MoreCell | null)[] };

export interface MoreCell {
  date: IsoDate;
  session: SessionKey;
  hiddenCount: number;
  expanded: boolean;
}

/**
 * The week grid as rows of aligned cells, one column per day: an events band, then each session's band with the
 * i-th report of every day side by side and the days' "+N more" buttons, then a dividends band. One column is the phone's day view.
 * Every row has a known kind, so the virtualiser can estimate heights and draw only what is on screen.
 */
export function buildWeekGrid(
  days: readonly DayGroup[],
  extras: ReadonlyMap<IsoDate, readonly ExtraItem[]>,
  expanded: ReadonlySet<string>,
  autoExpand: boolean,
): GridRow[] {
  const rows: GridRow[] = [];
  const extraBand = (band: ExtraBand) => {
    const byDay = days.map((day) => (extras.get(day.date) ?? []).filter((item) => bandOf(item) === band));
    const depth = Math.max(0, ...byDay.map((items) => items.length));
    if (depth === 0) return;
    const counts = byDay.map((items) => items.length);
    rows.push({ kind: 'band', key: `band:${band}`, band, counts, totals: counts });
    for (let i = 0; i < depth; i += 1) {
      rows.push({ kind: 'extras', key: `${band}:${i}`, cells: byDay.map((items) => items[i] ?? null) });
    }
  };
  extraBand('events');
  for (const session of SESSION_ORDER) {
    const groups = days.map((day) => {
      const group = day.sessions.find((g) => g.session === session);
      return group ? { ...visibleEntries(group, day.date, expanded, autoExpand), shown: group.shown.length } : null;
    });
    if (groups.every((group) => group === null)) continue;
    rows.push({
      kind: 'band',
      key: `band:${session}`,
      band: session,
      counts: groups.map((group) => group?.entries.length ?? 0),
      totals: groups.map((group) => (group ? group.entries.length + group.hiddenCount : 0)),
    });
    const depth = Math.max(0, ...groups.map((group) => group?.entries.length ?? 0));
    const hiddenFrom = groups.map((group) => (group?.expanded ? group.shown : Number.POSITIVE_INFINITY));
    for (let i = 0; i < depth; i += 1) {
      rows.push({
        kind: 'entries',
        key: `${session}:${i}`,
        band: session,
        index: i,
        cells: groups.map((group) => group?.entries[i] ?? null),
        hiddenFrom,
      });
    }
    if (groups.some((group) => group !== null && (group.hiddenCount > 0 || group.expanded))) {
      rows.push({
        kind: 'more',
        key: `more:${session}`,
        band: session,
        cells: groups.map((group, index) => {
          const date = days[index]?.date;
          if (!group || !date || (group.hiddenCount === 0 && !group.expanded)) return null;
          return { date, session, hiddenCount: group.hiddenCount, expanded: group.expanded };
        }),
      });
    }
  }
  extraBand('dividends');
  return rows;
}

/** One row of the list view: a day heading, a session heading, a report, an event, or "+N more". */
export type ListRow =
  | { kind: 'day'; key: string; date: IsoDate; count: number; shownCount: number }
  | { kind: 'session'; key: string; date: IsoDate; session: SessionKey; count: number; total: number }
  | { kind: 'entry'; key: string; row: CalendarEarningsRow; hiddenByFilter: boolean }
  | { kind: 'extra'; key: string; item: ExtraItem }
  | { kind: 'more'; key: string; cell: MoreCell }
  | { kind: 'empty'; key: string; date: IsoDate };

/** The list view: each day, its events, its sessions with their reports and "+N more" rows, then its dividend dates. */
export function buildListRows(
  days: readonly DayGroup[],
  extras: ReadonlyMap<IsoDate, readonly ExtraItem[]>,
  expanded: ReadonlySet<string>,
  autoExpand: boolean,
): ListRow[] {
  const rows: ListRow[] = [];
  for (const day of days) {
    rows.push({ kind: 'day', key: `day:${day.date}`, date: day.date, count: day.total, shownCount: day.shownCount });
    const dayExtras = extras.get(day.date) ?? [];
    const pushExtras = (band: ExtraBand) =>
      dayExtras.forEach((item, index) => {
        if (bandOf(item) === band) rows.push({ kind: 'extra', key: `extra:${day.date}:${index}`, item });
      });
    pushExtras('events');
    if (day.sessions.length === 0 && dayExtras.length === 0) {
      rows.push({ kind: 'empty', key: `empty:${day.date}`, date: day.date });
    }
    for (const group of day.sessions) {
      const visible = visibleEntries(group, day.date, expanded, autoExpand);
      rows.push({
        kind: 'session',
        key: `session:${day.date}:${group.session}`,
        date: day.date,
        session: group.session,
        count: visible.entries.length,
        total: group.shown.length + group.hidden.length,
      });
      visible.entries.forEach((row, index) => {
        rows.push({ kind: 'entry', key: `entry:${row.id}`, row, hiddenByFilter: index >= group.shown.length });
      });
      if (visible.hiddenCount > 0 || visible.expanded) {
        rows.push({
          kind: 'more',
          key: `more:${day.date}:${group.session}`,
          cell: {
            date: day.date,
            session: group.session,
            hiddenCount: visible.hiddenCount,
            expanded: visible.expanded,
          },
        });
      }
    }
    pushExtras('dividends');
  }
  return rows;
}
