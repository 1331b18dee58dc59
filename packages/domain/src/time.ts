/**
 * New York time and ISO calendar-date helpers, without a date library.
 *
 * Two kinds of value are used across the domain:
 * - an instant: a `Date` (or epoch milliseconds), the same everywhere in the world;
 * - a calendar date: an `IsoDate` string 'YYYY-MM-DD' with no time zone. Arithmetic on calendar dates is done in
 *   UTC so that the machine's own time zone can never shift a day.
 *
 * "Today" for the product is the New York trading date (DESIGN §6), so instants are turned into calendar dates
 * with {@link nyDate}, never with `Date#getDate()`.
 */

/** The exchanges' time zone: every market time and earnings time is New York wall-clock time. */
export const MARKET_TIME_ZONE = 'America/New_York';

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

/** A calendar date 'YYYY-MM-DD' (no time zone). */
export type IsoDate = string;

/** A wall-clock time 'HH:MM' (24-hour). */
export type WallTime = string;

/** Day of the week as `Date#getUTCDay` numbers it: 0 Sunday … 6 Saturday. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const SUNDAY = 0;
export const MONDAY = 1;
export const FRIDAY = 5;
export const SATURDAY = 6;

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export interface NyParts extends DateParts {
  hour: number;
  minute: number;
  second: number;
  dayOfWeek: DayOfWeek;
}

let nyFormatter: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  nyFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MARKET_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
  return nyFormatter;
}

const WEEKDAY_NUMBERS: Readonly<Record<string, DayOfWeek>> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The first year of the current US daylight-saving rule (Energy Policy Act of 2005). */
export const US_DST_RULE_SINCE = 2007;

const dstBoundsByYear = new Map<number, readonly [start: number, end: number]>();

/**
 * New York's UTC offset under the current US rule: EDT (-4 h) from 02:00 EST on the second Sunday of March
 * (07:00 UTC) to 02:00 EDT on the first Sunday of November (06:00 UTC), EST (-5 h) otherwise. Computed, because
 * building the first Intl formatter for a time zone loads ICU data and costs tens of milliseconds on a phone,
 * on the critical path of every page that asks what day it is in New York.
 */
function usEasternOffsetMs(time: number, year: number): number {
  let bounds = dstBoundsByYear.get(year);
  if (bounds === undefined) {
    bounds = [
      Date.parse(`${nthWeekdayOfMonth(year, 3, SUNDAY, 2)}T07:00:00Z`),
      Date.parse(`${nthWeekdayOfMonth(year, 11, SUNDAY, 1)}T06:00:00Z`),
    ];
    dstBoundsByYear.set(year, bounds);
  }
  return time >= bounds[0] && time < bounds[1] ? -4 * MS_PER_HOUR : -5 * MS_PER_HOUR;
}

/** The New York wall-clock reading of an instant. */
export function nyParts(now: Date | number): NyParts {
  const time = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Invalid date');
  // Around 1 January New York is on EST, so the UTC year decides which year's rule applies.
  const utcYear = new Date(time).getUTCFullYear();
  if (utcYear >= US_DST_RULE_SINCE) {
    const wall = new Date(time + usEasternOffsetMs(time, utcYear));
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
      dayOfWeek: wall.getUTCDay() as DayOfWeek,
    };
  }
  return intlNyParts(time);
}

/** Older instants (earlier rules) are read through the platform's time-zone database. */
function intlNyParts(time: number): NyParts {
  const parts: NyParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, dayOfWeek: 0 };
  for (const part of formatter().formatToParts(time)) {
    switch (part.type) {
      case 'year':
        parts.year = Number(part.value);
        break;
      case 'month':
        parts.month = Number(part.value);
        break;
      case 'day':
        parts.day = Number(part.value);
        break;
      case 'hour':
        parts.hour = Number(part.value);
        break;
      case 'minute':
        parts.minute = Number(part.value);
        break;
      case 'second':
        parts.second = Number(part.value);
        break;
      case 'weekday':
        parts.dayOfWeek = WEEKDAY_NUMBERS[part.value] ?? 0;
        break;
    }
  }
  return parts;
}

/** The New York calendar date (the trading date) of an instant, 'YYYY-MM-DD'. */
export function nyDate(now: Date | number): IsoDate {
  return formatIsoDate(nyParts(now));
}

/** The New York wall-clock time of an instant, 'HH:MM'. */
export function nyTime(now: Date | number): WallTime {
  const { hour, minute } = nyParts(now);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** Minutes since New York midnight (wall clock) of an instant. */
export function nyMinuteOfDay(now: Date | number): number {
  const { hour, minute } = nyParts(now);
  return hour * 60 + minute;
}

/**
 * The New York UTC offset in effect at an instant, in milliseconds (-5 h in winter, -4 h in summer).
 */
export function nyOffsetMs(instant: number): number {
  const floored = Math.floor(instant / 1000) * 1000;
  const p = nyParts(floored);
  return utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - floored;
}

/**
 * The instant at which New York wall clocks show `date` `time`.
 *
 * Daylight-saving transitions follow the usual ('compatible') rule: a time skipped in spring (02:30 on the
 * second Sunday of March) is read as the same length of time after the jump (03:30 EDT); a time repeated in
 * autumn (01:30 on the first Sunday of November) is the earlier of the two (01:30 EDT).
 */
export function nyToUtc(date: IsoDate, time: WallTime = '00:00'): Date {
  const d = parseIsoDate(date);
  const minutes = parseWallTime(time);
  if (d === null) throw new RangeError(`Invalid date '${date}'`);
  if (minutes === null) throw new RangeError(`Invalid time '${time}'`);
  const wall = utcMs(d.year, d.month, d.day, 0, minutes, 0);
  // New York changes its offset at most twice a year, so the offsets a day either side cover every case.
  const before = nyOffsetMs(wall - MS_PER_DAY);
  const after = nyOffsetMs(wall + MS_PER_DAY);
  const candidates = before === after ? [before] : [before, after];
  const valid = candidates.map((offset) => wall - offset).filter((instant) => wall - nyOffsetMs(instant) === instant);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the spring gap: use the offset from before the jump, which lands after it.
  return new Date(wall - before);
}

function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function pad4(value: number): string {
  return String(value).padStart(4, '0');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{1,2}):(\d{2})$/;

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Parses a strict 'YYYY-MM-DD' that names a real day (2026-02-30 is rejected); null otherwise. */
export function parseIsoDate(value: string): DateParts | null {
  const match = ISO_DATE.exec(value);
  if (match === null) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
}

/** Parses 'H:MM' or 'HH:MM' (00:00–23:59) into minutes since midnight; null otherwise. */
export function parseWallTime(value: string): number | null {
  const match = WALL_TIME.exec(value);
  if (match === null) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

export function formatWallTime(minutesOfDay: number): WallTime {
  return `${pad2(Math.floor(minutesOfDay / 60))}:${pad2(minutesOfDay % 60)}`;
}

function requireDate(date: IsoDate): DateParts {
  const parts = parseIsoDate(date);
  if (parts === null) throw new RangeError(`Invalid date '${date}'`);
  return parts;
}

/** Days since 1970-01-01 of a calendar date. */
export function toEpochDay(date: IsoDate): number {
  const { year, month, day } = requireDate(date);
  return utcMs(year, month, day, 0, 0, 0) / MS_PER_DAY;
}

export function fromEpochDay(epochDay: number): IsoDate {
  const date = new Date(epochDay * MS_PER_DAY);
  return formatIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function dayOfWeek(date: IsoDate): DayOfWeek {
  // 1970-01-01 was a Thursday.
  return ((((toEpochDay(date) + 4) % 7) + 7) % 7) as DayOfWeek;
}

export function isWeekend(date: IsoDate): boolean {
  const day = dayOfWeek(date);
  return day === SATURDAY || day === SUNDAY;
}

/** The date of the `n`-th (1-based) given weekday of a month, e.g. the third Monday of January. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: DayOfWeek, n: number): IsoDate {
  const first = formatIsoDate({ year, month, day: 1 });
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** The date of the last given weekday of a month, e.g. the last Monday of May. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: DayOfWeek): IsoDate {
  const last = formatIsoDate({ year, month, day: daysInMonth(year, month) });
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}
