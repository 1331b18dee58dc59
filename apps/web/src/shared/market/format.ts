/**
 * How market figures read on screen: the figures themselves (prices, EPS, signed changes, percentages, compact
 * amounts, dates) come from @eh/domain, which the server's messages use too; here are what only pages need: tones,
 * session and status labels, and the exact time of an earnings report in the reader's time zone.
 */
import {
  dateTimeFormat,
  type EarningsDateStatus,
  formatDate,
  type IsoDate,
  NO_VALUE,
  nyToUtc,
  type SessionType,
} from '@eh/domain';

export {
  dateTimeFormat,
  formatChange,
  formatCompact,
  formatDate,
  formatDividend,
  formatEps,
  formatMoneyChange,
  formatMonth,
  formatMultiple,
  formatNumber,
  formatPercent,
  formatPrice,
  MINUS,
  NO_VALUE,
  numberFormat,
  type PercentOptions,
  priceDigits,
} from '@eh/domain';

type Num = number | null | undefined;
const isNum = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

export type Tone = 'up' | 'down' | 'flat';
export function toneOf(value: Num): Tone {
  if (!isNum(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** The theme colour of a change. */
export const TONE_COLOR: Readonly<Record<Tone, string>> = {
  up: 'success.main',
  down: 'error.main',
  flat: 'text.secondary',
};

// ---- dates and times ------------------------------------------------------------------------------------------

/** An instant in the reader's time zone: 'Nov 24, 2026, 4:05 PM EST'. */
export function formatDateTime(instant: string | Date | null | undefined, timeZone: string): string {
  if (!instant) return NO_VALUE;
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return dateTimeFormat({
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** SPEC §3 session types as a report's timing reads. */
export const SESSION_LABELS: Readonly<Record<SessionType, string>> = {
  before: 'Before market open',
  market: 'During market hours',
  after: 'After market close',
};
/** Short forms for tight rows. */
export const SESSION_SHORT_LABELS: Readonly<Record<SessionType, string>> = {
  before: 'BMO',
  market: 'DMH',
  after: 'AMC',
};

export const DATE_STATUS_LABELS: Readonly<Record<EarningsDateStatus, string>> = {
  confirmed: 'Confirmed',
  estimated: 'Estimated',
};

/** Where a date came from, in words ('sec' is an 8-K Item 2.02 filing). */
export function dateSourceLabel(source: string): string {
  const known: Record<string, string> = {
    demo: 'Demo data',
    sec: 'SEC filing (8-K Item 2.02)',
    yahoo: 'Yahoo Finance',
    company: 'Company announcement',
  };
  return known[source] ?? source;
}

export interface EarningsTimingInput {
  date: IsoDate;
  /** New York 'HH:MM' or null. */
  time: string | null;
  session: SessionType | null;
  dateStatus: EarningsDateStatus;
}

export interface EarningsTiming {
  /** 'Tue, Nov 24, 2026' in the reader's zone when the time is known, else the New York date. */
  date: string;
  /** '4:05 PM EST' in the reader's zone; null when only the day is known. */
  time: string | null;
  /** 'After market close', or null when the session is unknown. */
  session: string | null;
  status: EarningsDateStatus;
  /** Estimated dates never read as certain. */
  statusLabel: string;
}

/**
 * When a report lands, for the reader: the exact time converted from New York to `timeZone` when known, always
 * with the before/after-market label and whether the date is confirmed.
 */
export function earningsTiming(row: EarningsTimingInput, timeZone: string): EarningsTiming {
  const base = {
    session: row.session ? SESSION_LABELS[row.session] : null,
    status: row.dateStatus,
    statusLabel: DATE_STATUS_LABELS[row.dateStatus],
  };
  if (row.time && /^\d{2}:\d{2}$/.test(row.time)) {
    const instant = nyToUtc(row.date, row.time);
    const date = dateTimeFormat({
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(instant);
    const time = dateTimeFormat({
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(instant);
    return { ...base, date, time };
  }
  return { ...base, date: formatDate(row.date, { weekday: true }), time: null };
}

/** 'in 3 days', 'tomorrow', 'today', '2 days ago' between two New York dates. */
export function relativeDays(date: IsoDate, today: IsoDate): string {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** 'Q3 2026' */
export function periodLabel(period: string, periodYear: number): string {
  return `${period} ${periodYear}`;
}
