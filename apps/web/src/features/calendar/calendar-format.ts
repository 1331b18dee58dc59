/**
 * How the calendar reads: the exact time of a report in the reader's time zone (with a day marker when the zone
 * moves it to another day), the confirmed / estimated wording, surprises and their tone, day headings, and the
 * page titles and descriptions search engines index. Pure (Intl only); shared market formats come from
 * shared/market/format.ts.
 */
import type { CalendarEarningsRow } from '@eh/contracts';
import {
  daysBetween,
  formatIsoDate,
  type IsoDate,
  MARKET_TIME_ZONE,
  nyToUtc,
  REPORT_MOVE_WHEN_LABELS,
  type ReportMove,
} from '@eh/domain';
import {
  dateSourceLabel,
  dateTimeFormat,
  formatCompact,
  formatEps,
  formatPercent,
  NO_VALUE,
  type Tone,
  toneOf,
} from '../../shared/market/format.ts';

const timeFormat = (timeZone: string) =>
  dateTimeFormat({ timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

const dateFormat = (timeZone: string) =>
  dateTimeFormat({ timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });

/** A time zone the browser knows, else New York (a stored preference may name one this browser lacks). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return MARKET_TIME_ZONE;
  try {
    timeFormat(timeZone);
    return timeZone;
  } catch {
    return MARKET_TIME_ZONE;
  }
}

export interface ReportTime {
  /** '4:05 PM EST' in the reader's zone; null when only the day is known. */
  time: string | null;
  /** The reader's calendar day minus the New York day (+1 in Tokyo for an after-close report). */
  dayShift: number;
}

/** When a report lands for a reader in `timeZone`: New York 'HH:MM' on its date, converted. */
export function reportTime(row: Pick<CalendarEarningsRow, 'date' | 'time'>, timeZone: string): ReportTime {
  if (!row.time || !/^\d{2}:\d{2}$/.test(row.time)) return { time: null, dayShift: 0 };
  const zone = safeTimeZone(timeZone);
  const instant = nyToUtc(row.date, row.time);
  const parts = dateFormat(zone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = formatIsoDate({ year: part('year'), month: part('month'), day: part('day') });
  return { time: timeFormat(zone).format(instant), dayShift: daysBetween(row.date, local) };
}

/** A New York wall-clock time as people say it: '13:00' → '1:00 PM ET'. */
export function etLabel(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'} ET`;
}

/** '+1 day', '−1 day' beside a time the reader's zone moves to another day. */
export function dayShiftLabel(shift: number): string | null {
  if (shift === 0) return null;
  const days = Math.abs(shift);
  return `${shift > 0 ? '+' : '−'}${days} day${days === 1 ? '' : 's'}`;
}

/** Who stands behind an estimated date, in words. */
export function estimatedBy(source: string): string {
  return source === 'demo' ? 'the demo market' : dateSourceLabel(source);
}

/** The tooltip and accessible name of the confirmed / estimated mark (DESIGN §6: estimates never read as certain). */
export function dateStatusText(row: Pick<CalendarEarningsRow, 'dateStatus' | 'dateSource'>): string {
  return row.dateStatus === 'confirmed'
    ? `Date confirmed by the company. Source: ${dateSourceLabel(row.dateSource)}.`
    : `Estimated date (by ${estimatedBy(row.dateSource)}). The company has not confirmed it yet.`;
}

// ---- figures --------------------------------------------------------------------------------------------------

export interface FigureLine {
  /** 'EPS' or 'Revenue'. */
  label: string;
  estimate: string;
  /** null until reported. */
  actual: string | null;
  /** '+5.7%' once reported with an estimate to compare. */
  surprise: string | null;
  tone: Tone;
  /** 'Beat', 'Missed', 'In line' once reported. */
  verdict: string | null;
}

function verdictOf(tone: Tone): string {
  return tone === 'up' ? 'Beat' : tone === 'down' ? 'Missed' : 'In line';
}

/** EPS: estimate, actual and surprise (beat in green, miss in red). */
export function epsLine(row: CalendarEarningsRow): FigureLine {
  const reported = row.epsActual !== null;
  const tone = reported ? toneOf(row.epsSurprise) : 'flat';
  return {
    label: 'EPS',
    estimate: formatEps(row.epsEstimate),
    actual: reported ? formatEps(row.epsActual) : null,
    surprise: reported && row.epsSurprisePercent !== null ? formatPercent(row.epsSurprisePercent, { digits: 1 }) : null,
    tone,
    verdict: reported && row.epsEstimate !== null ? verdictOf(tone) : null,
  };
}

/** Revenue: estimate, actual and surprise, in compact dollars ($94.3B). */
export function revenueLine(row: CalendarEarningsRow): FigureLine {
  const reported = row.revenueActual !== null;
  const tone = reported ? toneOf(row.revenueSurprise) : 'flat';
  return {
    label: 'Revenue',
    estimate: formatCompact(row.revenueEstimate, { currency: true }),
    actual: reported ? formatCompact(row.revenueActual, { currency: true }) : null,
    surprise:
      reported && row.revenueSurprisePercent !== null ? formatPercent(row.revenueSurprisePercent, { digits: 1 }) : null,
    tone,
    verdict: reported && row.revenueEstimate !== null ? verdictOf(tone) : null,
  };
}

export const isReported = (row: Pick<CalendarEarningsRow, 'epsActual' | 'revenueActual'>) =>
  row.epsActual !== null || row.revenueActual !== null;

export { NO_VALUE };

// ---- days, ranges and page text --------------------------------------------------------------------------------

const utcDate = (date: IsoDate) => new Date(`${date}T12:00:00Z`);

/** 'Mon, Nov 23' */
export function dayHeading(date: IsoDate): string {
  return dateTimeFormat({
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(utcDate(date));
}

/** 'Monday, November 23, 2026' */
export function longDay(date: IsoDate): string {
  return dateTimeFormat({
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(utcDate(date));
}

/** 'Nov 23, 2026' */
export function shortDate(date: IsoDate): string {
  return dateTimeFormat({
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(utcDate(date));
}

/** 'Nov 23 – 27, 2026', 'Nov 30 – Dec 4, 2026', 'Dec 28, 2026 – Jan 1, 2027' */
export function rangeLabel(start: IsoDate, end: IsoDate): string {
  const [sy, sm] = [start.slice(0, 4), start.slice(5, 7)];
  const [ey, em] = [end.slice(0, 4), end.slice(5, 7)];
  const month = (date: IsoDate) => dateTimeFormat({ timeZone: 'UTC', month: 'short' }).format(utcDate(date));
  const day = (date: IsoDate) => String(Number(date.slice(8, 10)));
  if (sy !== ey) return `${shortDate(start)} – ${shortDate(end)}`;
  if (sm !== em) return `${month(start)} ${day(start)} – ${month(end)} ${day(end)}, ${ey}`;
  return `${month(start)} ${day(start)} – ${day(end)}, ${ey}`;
}

/** 'November 2026' */
export function monthLabel(year: number, month: number): string {
  return dateTimeFormat({
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(utcDate(formatIsoDate({ year, month, day: 1 })));
}

export interface PageText {
  /** The h1. */
  heading: string;
  /** The document title (before " · EarningsHub"). */
  title: string;
  description: string;
}

export interface PageTextInput {
  view: 'week' | 'list' | 'month';
  current: boolean;
  start: IsoDate;
  end: IsoDate;
  /** For the month view. */
  year?: number;
  month?: number;
  /** Reports in the window and the biggest names, once loaded. */
  count?: number;
  topSymbols?: readonly string[];
}

/** What a calendar page is called and says: its heading, its title and its meta description. */
export function calendarPageText(input: PageTextInput): PageText {
  const names = input.topSymbols && input.topSymbols.length > 0 ? `, including ${input.topSymbols.join(', ')}` : '';
  const counted = (what: string) =>
    input.count === undefined
      ? ''
      : `${input.count.toLocaleString('en-US')} ${input.count === 1 ? 'company reports' : 'companies report'} ${what}${names}. `;
  const promise =
    'Exact times in your time zone, before or after the market, with every date marked confirmed or estimated, and EPS and revenue against estimates.';
  if (input.view === 'month' && input.year !== undefined && input.month !== undefined) {
    const month = monthLabel(input.year, input.month);
    return {
      heading: `Earnings calendar: ${month}`,
      title: `Earnings Calendar — ${month}`,
      description: `${counted(`in ${month}`)}${promise}`,
    };
  }
  const weekOf = `week of ${shortDate(input.start)}`;
  const noun = input.view === 'list' ? 'Earnings list' : 'Earnings calendar';
  return {
    heading: input.current ? `${noun}: this week` : `${noun}: ${weekOf}`,
    title: `${input.view === 'list' ? 'Earnings List' : 'Earnings Calendar'} — ${weekOf}`,
    description: `${counted(`from ${rangeLabel(input.start, input.end)}`)}${promise}`,
  };
}

export interface MoveLine {
  /** '+6.2%', signed. */
  figure: string;
  /** 'after hours', 'before the open', 'today'; null for the stored close-to-close move. */
  when: string | null;
  tone: Tone;
  /** The whole sentence, for the accessible name and the hover hint. */
  label: string;
}

/**
 * How far the stock moved on the report: the stored close-to-close move once the reacting session closed, else the
 * move so far from the live quote; null before there is either (the entry shows the typical move instead).
 */
export function moveLine(
  row: Pick<CalendarEarningsRow, 'symbol' | 'priceMovePercent'>,
  live: ReportMove | null,
): MoveLine | null {
  if (row.priceMovePercent != null) {
    const figure = formatPercent(row.priceMovePercent, { digits: 1 });
    return {
      figure,
      when: null,
      tone: toneOf(row.priceMovePercent),
      label: `${row.symbol} moved ${figure} on the report`,
    };
  }
  if (!live || live.when === 'reaction') return null;
  const figure = formatPercent(live.percent, { digits: 1 });
  const when = REPORT_MOVE_WHEN_LABELS[live.when];
  return { figure, when, tone: toneOf(live.percent), label: `${row.symbol} ${figure} ${when} since the report` };
}
