/**
 * How market figures read on screen: prices, signed changes, percentages, compact amounts ($2.91T, 45.2M),
 * dates and the exact time of an earnings report in the reader's time zone with its before/after-market label.
 * Pure functions (Intl only), shared by every market page.
 */
import { type EarningsDateStatus, type IsoDate, nyToUtc, type SessionType } from '@eh/domain';

/** What a missing figure shows. */
export const NO_VALUE = '—';
const MINUS = '−';

type Num = number | null | undefined;
const isNum = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Number formats by options, built once: `toLocaleString` with options builds a new formatter on every call, and
 * a page formats thousands of figures.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}
/** Date formats likewise (toLocaleDateString/TimeString with options build one per call too). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    dateFormats.set(key, format);
  }
  return format;
}
const fixed = (min: number, max = min) => numberFormat({ minimumFractionDigits: min, maximumFractionDigits: max });

/** Digits a price needs: cents above a dollar, more for penny stocks and small crypto prices. */
export function priceDigits(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 1) return 2;
  if (abs >= 0.01) return 4;
  return 6;
}

/** $189.84, $0.0123; other currencies by their code. */
export function formatPrice(value: Num, currency = 'USD'): string {
  if (!isNum(value)) return NO_VALUE;
  const digits = priceDigits(value);
  return numberFormat({
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

function signed(text: string, value: number): string {
  if (value > 0) return `+${text}`;
  if (value < 0) return `${MINUS}${text}`;
  return text;
}

/** +1.23, −0.45, 0.00 (a price change, always with its sign); pass `priceDigits(price)` for penny prices. */
export function formatChange(value: Num, digits = 2): string {
  if (!isNum(value)) return NO_VALUE;
  const d = digits;
  return signed(fixed(d).format(Math.abs(value)), value);
}

/** +$1,234.56, −$43.12, $0.00: a change in money, such as a portfolio's day change or performance. */
export function formatMoneyChange(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return signed(`$${fixed(2).format(Math.abs(value))}`, value);
}

export interface PercentOptions {
  /** Show + for gains (default true). */
  signed?: boolean;
  digits?: number;
}

/** +2.35%, −0.40%; the value is already in percent (2.35 means 2.35 %). */
export function formatPercent(value: Num, { signed: withSign = true, digits = 2 }: PercentOptions = {}): string {
  if (!isNum(value)) return NO_VALUE;
  const text = `${fixed(digits).format(Math.abs(value))}%`;
  if (withSign) return signed(text, value);
  return value < 0 ? `${MINUS}${text}` : text;
}

const COMPACT_STEPS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** 2.91T, 45.2M, 812 (three significant figures); with `currency`, $2.91T. */
export function formatCompact(value: Num, { currency = false }: { currency?: boolean } = {}): string {
  if (!isNum(value)) return NO_VALUE;
  const abs = Math.abs(value);
  const step = COMPACT_STEPS.find((s) => abs >= s.size);
  const scaled = step ? abs / step.size : abs;
  const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
  let text = numberFormat({ maximumFractionDigits: step ? digits : 2 }).format(scaled);
  if (step) text += step.suffix;
  if (currency) text = `$${text}`;
  return value < 0 ? `${MINUS}${text}` : text;
}

/** 12,345,678 */
export function formatNumber(value: Num, digits = 0): string {
  if (!isNum(value)) return NO_VALUE;
  return fixed(digits).format(value);
}

/** A ratio such as P/E: 28.4x */
export function formatMultiple(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return `${fixed(1).format(value)}x`;
}

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

/** A calendar date as people read it: 'Nov 24, 2026' (the date itself, never shifted by a time zone). */
export function formatDate(date: IsoDate | null | undefined, options: { weekday?: boolean } = {}): string {
  if (!date) return NO_VALUE;
  const instant = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return dateTimeFormat({
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(options.weekday ? { weekday: 'short' } : {}),
  }).format(instant);
}

/** 'Nov 2026' */
export function formatMonth(date: IsoDate | null | undefined): string {
  if (!date) return NO_VALUE;
  return dateTimeFormat({
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

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
