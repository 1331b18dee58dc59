/**
 * How every figure reads, wherever a person reads it: the web's pages and the server's notices, emails and written
 * messages all call these, so an amount never reads two ways. en-US throughout (decision 0033: figures are
 * formatted in en-US, the market's). Pure functions (Intl only).
 */
import type { IsoDate } from './time.ts';

/** What a missing figure shows. */
export const NO_VALUE = '—';
/** The minus of a negative figure: U+2212, as wide as the plus, never the hyphen Intl writes. */
export const MINUS = '−';
/** Significant digits of a compact amount ($60.1B, $2.91T, 45.2M). */
export const COMPACT_SIGNIFICANT_DIGITS = 3;

type Num = number | null | undefined;
const isNum = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Number formats by options, built once: `toLocaleString` with options builds a new formatter on every call, and
 * a page formats thousands of figures.
 */
/** One formatter per distinct options, built on first use. */
function cachedBy<O, F>(build: (options: O) => F): (options: O) => F {
  const built = new Map<string, F>();
  return (options) => {
    const key = JSON.stringify(options);
    let format = built.get(key);
    if (!format) {
      format = build(options);
      built.set(key, format);
    }
    return format;
  };
}
export const numberFormat = cachedBy((options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', options));
/** Date formats likewise (toLocaleDateString/TimeString with options build one per call too). */
export const dateTimeFormat = cachedBy(
  (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options),
);
const fixed = (min: number, max = min) => numberFormat({ minimumFractionDigits: min, maximumFractionDigits: max });

/**
 * `text` (the figure's size) with the sign of `value`. A value that rounds to zero carries no sign: '−$0.00' would
 * say a loss the figure does not show.
 */
function withSign(text: string, value: number, plus = false): string {
  if (!/[1-9]/.test(text)) return text;
  if (value < 0) return `${MINUS}${text}`;
  return plus && value > 0 ? `+${text}` : text;
}

/** Digits a price needs: cents above a dollar, more for penny stocks and small crypto prices. */
export function priceDigits(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 1) return 2;
  if (abs >= 0.01) return 4;
  return 6;
}

/** A market price: $189.84, $0.0123 (a penny stock's price needs its fourth decimal); other currencies by code. */
export function formatPrice(value: Num, currency = 'USD'): string {
  if (!isNum(value)) return NO_VALUE;
  const digits = priceDigits(value);
  const text = numberFormat({
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(value));
  return withSign(text, value);
}

/**
 * Earnings per share in dollars and cents, as companies report it: $1.65, $0.92, −$0.05. Never a price's four
 * decimals: an EPS below a dollar is still a number of cents.
 */
export function formatEps(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(`$${fixed(2).format(Math.abs(value))}`, value);
}

/** A dividend per share: cents, and the fractions of a cent it is declared in ($0.24, $0.2425, $1.05). */
export function formatDividend(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(`$${fixed(2, 4).format(Math.abs(value))}`, value);
}

/** +1.23, −0.45, 0.00 (a price change, always with its sign); pass `priceDigits(price)` for penny prices. */
export function formatChange(value: Num, digits = 2): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(fixed(digits).format(Math.abs(value)), value, true);
}

/** +$1,234.56, −$43.12, $0.00: a change in money, such as a portfolio's day change or performance. */
export function formatMoneyChange(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(`$${fixed(2).format(Math.abs(value))}`, value, true);
}

export interface PercentOptions {
  /** Show + for gains (default true). */
  signed?: boolean;
  digits?: number;
}

/** +2.35%, −0.40%; the value is already in percent (2.35 means 2.35 %). */
export function formatPercent(value: Num, { signed = true, digits = 2 }: PercentOptions = {}): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(`${fixed(digits).format(Math.abs(value))}%`, value, signed);
}

const COMPACT_STEPS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/**
 * A large amount in three significant digits with its suffix: $2.91T, $60.1B, $61.0B, 45.2M, 1.50K. The trailing
 * zero stays: every amount then reads to the same precision, and '$61B' beside '$60.1B' would look rounder than it
 * is. The amount is rounded before its suffix is chosen, so 999.5M reads 1.00B, never 1,000M. Below a thousand
 * there is no suffix: a count as it is (812, 1.5), money in cents ($812.00).
 */
export function formatCompact(value: Num, { currency = false }: { currency?: boolean } = {}): string {
  if (!isNum(value)) return NO_VALUE;
  const abs = Math.abs(value);
  const rounded = Number(abs.toPrecision(COMPACT_SIGNIFICANT_DIGITS));
  const step = COMPACT_STEPS.find((s) => rounded >= s.size);
  let text: string;
  if (step) {
    const digits = {
      minimumSignificantDigits: COMPACT_SIGNIFICANT_DIGITS,
      maximumSignificantDigits: COMPACT_SIGNIFICANT_DIGITS,
    };
    text = `${numberFormat(digits).format(rounded / step.size)}${step.suffix}`;
  } else {
    text = currency ? fixed(2).format(abs) : fixed(0, 2).format(abs);
  }
  return withSign(currency ? `$${text}` : text, value);
}

/** 12,345,678 */
export function formatNumber(value: Num, digits = 0): string {
  if (!isNum(value)) return NO_VALUE;
  return withSign(fixed(digits).format(Math.abs(value)), value);
}

/** A ratio such as P/E: 28.4x, −3.1x. */
export function formatMultiple(value: Num): string {
  if (!isNum(value)) return NO_VALUE;
  return `${withSign(fixed(1).format(Math.abs(value)), value)}x`;
}

/**
 * A calendar date as people read it: 'Nov 24, 2026' (the date itself, never shifted by a time zone). Text the
 * server writes and stores (a message, a news item) says a date this way too, never as '2026-11-24'.
 */
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

/** Two calendar days as one span: 'Oct 27 – 28, 2026', 'Dec 31, 2026 – Jan 1, 2027'. */
export function formatDateRange(from: IsoDate, to: IsoDate): string {
  const start = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from}–${to}`;
  return dateTimeFormat({ timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).formatRange(start, end);
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
