/**
 * Price chart rules, pure so they are tested without a canvas: the SPEC §9 chart settings and their defaults,
 * what each SPEC §3 chart range asks the API for, and the shaping of bars, earnings, dividends and community
 * trades into chart points and markers. The chart component (lightweight-charts, lazy chunk) only draws.
 */
import {
  addDays,
  CHART_RANGES,
  type ChartRange,
  type ChartType,
  formatDividend,
  formatEps,
  type IsoDate,
  MAX_DATE_RANGE_DAYS,
  parseIsoDate,
} from '@eh/domain';

// ---- settings -------------------------------------------------------------------------------------------------

export interface ChartSettings {
  chartType: ChartType;
  buys: boolean;
  sells: boolean;
  comments: boolean;
  earnings: boolean;
  /** Vertical lines at the company's events (calls, dividend dates). */
  eventLines: boolean;
  horizontalCrosshair: boolean;
  verticalCrosshair: boolean;
  /** Price per share on the axis; off shows the change in percent from the first point. */
  pricePerShare: boolean;
  /** The overview strip under the chart for moving through the range. */
  navigator: boolean;
  volume: boolean;
}

/** SPEC §9 default symbol chart settings: everything on except volume; a line chart. */
export const DEFAULT_CHART_SETTINGS: Readonly<ChartSettings> = {
  chartType: 'line',
  buys: true,
  sells: true,
  comments: true,
  earnings: true,
  eventLines: true,
  horizontalCrosshair: true,
  verticalCrosshair: true,
  pricePerShare: true,
  navigator: true,
  volume: false,
};

/** The switches of the settings menu, in order, with their labels. */
export const CHART_TOGGLES = [
  { key: 'buys', label: 'Buys' },
  { key: 'sells', label: 'Sells' },
  { key: 'comments', label: 'Comments' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'eventLines', label: 'Event lines' },
  { key: 'horizontalCrosshair', label: 'Horizontal crosshair' },
  { key: 'verticalCrosshair', label: 'Vertical crosshair' },
  { key: 'pricePerShare', label: 'Price per share' },
  { key: 'navigator', label: 'Navigator' },
  { key: 'volume', label: 'Volume' },
] as const satisfies readonly { key: Exclude<keyof ChartSettings, 'chartType'>; label: string }[];

export const CHART_RANGE_LABELS: Readonly<Record<ChartRange, string>> = {
  '1d': '1D',
  '1w': '1W',
  '1m': '1M',
  '6m': '6M',
  ytd: 'YTD',
  '1y': '1Y',
  '5y': '5Y',
  all: 'All',
};

/** The range a symbol's chart opens with when nothing was kept for it. */
export const DEFAULT_CHART_RANGE: ChartRange = '1y';

export function isChartRange(value: unknown): value is ChartRange {
  return typeof value === 'string' && (CHART_RANGES as readonly string[]).includes(value);
}

// ---- ranges ---------------------------------------------------------------------------------------------------

export type RangeRequest =
  | { kind: 'intraday'; days: number; interval: number }
  | { kind: 'daily'; start: IsoDate; end: IsoDate };

function monthsBefore(date: IsoDate, months: number): IsoDate {
  const parts = parseIsoDate(date);
  if (!parts) return date;
  const total = parts.year * 12 + (parts.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(parts.day, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a range asks for, given today's New York date: 1d and 1w are intraday bars (5 and 30 minutes, pre- and
 * after-market included for 1d); longer ranges are daily bars from the range's first day. 'all' reaches back as
 * far as one request may (MAX_DATE_RANGE_DAYS).
 */
export function rangeRequest(range: ChartRange, today: IsoDate): RangeRequest {
  switch (range) {
    case '1d':
      return { kind: 'intraday', days: 1, interval: 5 };
    case '1w':
      return { kind: 'intraday', days: 5, interval: 30 };
    case '1m':
      return { kind: 'daily', start: monthsBefore(today, 1), end: today };
    case '6m':
      return { kind: 'daily', start: monthsBefore(today, 6), end: today };
    case 'ytd':
      return { kind: 'daily', start: `${today.slice(0, 4)}-01-01`, end: today };
    case '1y':
      return { kind: 'daily', start: monthsBefore(today, 12), end: today };
    case '5y':
      return { kind: 'daily', start: monthsBefore(today, 60), end: today };
    case 'all':
      return { kind: 'daily', start: addDays(today, -MAX_DATE_RANGE_DAYS), end: today };
  }
}

// ---- points ---------------------------------------------------------------------------------------------------

export interface BarLike {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
export interface DailyBarLike extends BarLike {
  date: IsoDate;
}
export interface IntradayBarLike extends BarLike {
  ts: string;
  session?: 'pre' | 'regular' | 'after';
}

/** A chart time: a business day 'YYYY-MM-DD', or seconds (intraday, shifted to the reader's wall clock). */
export type ChartTime = string | number;

export interface ChartPoint {
  time: ChartTime;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Outside regular hours (drawn fainter). */
  extended?: boolean;
}

/**
 * Seconds of an instant as the wall clock of `timeZone` reads it, expressed as if it were UTC. The chart library
 * labels its time axis in UTC; shifting the points makes the labels read in the reader's zone.
 */
export function wallClockSeconds(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
}

export function dailyPoints(bars: readonly DailyBarLike[]): ChartPoint[] {
  const points = bars.map(({ date, open, high, low, close, volume }) => ({
    time: date,
    open,
    high,
    low,
    close,
    volume,
  }));
  points.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  // The library needs strictly increasing times.
  return points.filter((point, i) => i === 0 || point.time !== points[i - 1]?.time);
}

export function intradayPoints(bars: readonly IntradayBarLike[], timeZone: string): ChartPoint[] {
  const points = bars
    .map((bar) => ({
      time: wallClockSeconds(Date.parse(bar.ts), timeZone),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      extended: bar.session !== undefined && bar.session !== 'regular',
    }))
    .sort((a, b) => a.time - b.time);
  return points.filter((point, i) => i === 0 || point.time !== points[i - 1]?.time);
}

export interface RangeChange {
  first: number;
  last: number;
  change: number;
  changePercent: number | null;
}

/** The move over the points shown: last close against the first. */
export function rangeChange(points: readonly ChartPoint[]): RangeChange | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const change = last.close - first.close;
  return {
    first: first.close,
    last: last.close,
    change,
    changePercent: first.close !== 0 ? (change / first.close) * 100 : null,
  };
}

export interface QuoteLike {
  price: number;
  prevClose: number | null;
  change: number | null;
  changePercent: number | null;
}

/**
 * The move a range's label shows. The day's move (1d) is the quote's, its price against the previous close, the
 * same figures as the header; its bars start in the pre-market, so their first close is no baseline. Longer
 * ranges move from their first point to their last.
 */
export function chartChange(range: ChartRange, points: readonly ChartPoint[], quote: QuoteLike | null) {
  if (range !== '1d' || !quote || quote.prevClose === null || quote.change === null) return rangeChange(points);
  return {
    first: quote.prevClose,
    last: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
  } satisfies RangeChange;
}

// ---- markers --------------------------------------------------------------------------------------------------

export type MarkerKind = 'earnings' | 'dividend' | 'buy' | 'sell' | 'comment';

export interface ChartMarker {
  time: ChartTime;
  kind: MarkerKind;
  /** Short text drawn by the marker ('E', 'D', 'B', 'S'). */
  text: string;
  /** What the marker means, for the legend and tooltips. */
  title: string;
}

export const MARKER_STYLE: Readonly<
  Record<MarkerKind, { position: 'aboveBar' | 'belowBar'; shape: 'circle' | 'square' | 'arrowUp' | 'arrowDown' }>
> = {
  earnings: { position: 'aboveBar', shape: 'circle' },
  dividend: { position: 'belowBar', shape: 'square' },
  buy: { position: 'belowBar', shape: 'arrowUp' },
  sell: { position: 'aboveBar', shape: 'arrowDown' },
  comment: { position: 'aboveBar', shape: 'circle' },
};

export interface MarkerInputs {
  earnings?: readonly { date: IsoDate; period: string; periodYear: number; epsActual: number | null }[];
  dividends?: readonly { exDate: IsoDate; amount: number }[];
  trades?: readonly { type: string; executedAt: string; quantity: number | null; price: number | null }[];
}

/**
 * The chart day a dated event belongs to: the first point on or after it (a report on a Saturday shows on
 * Monday), or undefined when it falls outside the points.
 */
export function snapToDay(points: readonly ChartPoint[], date: IsoDate): ChartTime | undefined {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || typeof first.time !== 'string') return undefined;
  if (date < first.time || date > (last.time as string)) return undefined;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.time as string) < date) lo = mid + 1;
    else hi = mid;
  }
  return points[lo]?.time;
}

/** Markers for daily points, filtered by the settings, sorted by time as the library requires. */
export function chartMarkers(
  points: readonly ChartPoint[],
  inputs: MarkerInputs,
  settings: Pick<ChartSettings, 'earnings' | 'buys' | 'sells' | 'comments'>,
  dividends = true,
): ChartMarker[] {
  const markers: ChartMarker[] = [];
  if (settings.earnings) {
    for (const row of inputs.earnings ?? []) {
      const time = snapToDay(points, row.date);
      if (time === undefined) continue;
      const eps = row.epsActual === null ? '' : `: EPS ${formatEps(row.epsActual)}`;
      markers.push({ time, kind: 'earnings', text: 'E', title: `${row.period} ${row.periodYear} earnings${eps}` });
    }
  }
  if (dividends) {
    for (const dividend of inputs.dividends ?? []) {
      const time = snapToDay(points, dividend.exDate);
      if (time === undefined) continue;
      markers.push({ time, kind: 'dividend', text: 'D', title: `Ex-dividend ${formatDividend(dividend.amount)}` });
    }
  }
  for (const trade of inputs.trades ?? []) {
    const kind = trade.type === 'buy' || trade.type === 'add' ? 'buy' : trade.type === 'sell' ? 'sell' : 'comment';
    if (kind === 'buy' && !settings.buys) continue;
    if (kind === 'sell' && !settings.sells) continue;
    if (kind === 'comment' && (!settings.comments || trade.type !== 'comment')) continue;
    const time = snapToDay(points, trade.executedAt.slice(0, 10));
    if (time === undefined) continue;
    const text = kind === 'buy' ? 'B' : kind === 'sell' ? 'S' : 'C';
    const detail = trade.quantity !== null && trade.price !== null ? ` ${trade.quantity} @ $${trade.price}` : '';
    markers.push({ time, kind, text, title: `Community ${kind}${detail}` });
  }
  return markers.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

/** Days of the company's events inside the points, for the event lines (one line per day). */
export function eventLineTimes(
  points: readonly ChartPoint[],
  events: readonly { eventDate: string; eventType: string }[],
): ChartTime[] {
  const times = new Set<ChartTime>();
  for (const event of events) {
    const time = snapToDay(points, event.eventDate.slice(0, 10));
    if (time !== undefined) times.add(time);
  }
  return [...times].sort();
}
