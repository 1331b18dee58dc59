/**
 * US equity market (NYSE / Nasdaq) hours, holidays and early closes, computed by rule for any year (DESIGN §6),
 * plus the one-off closures the exchanges have declared ({@link SPECIAL_CLOSURES}).
 *
 * The rules are the exchanges' current ones (NYSE Rule 7.2): a holiday on Saturday is observed the Friday before,
 * one on Sunday the Monday after, except New Year's Day on a Saturday, which is not observed at all (the Friday
 * before closes a year). Martin Luther King, Jr. Day is a market holiday from 1998 and Juneteenth from 2022;
 * older one-off rules (Election Day, Washington's Birthday on Feb 22 …) are not modelled.
 */
import {
  addDays,
  dayOfWeek,
  formatIsoDate,
  type IsoDate,
  lastWeekdayOfMonth,
  MONDAY,
  nthWeekdayOfMonth,
  nyDate,
  nyMinuteOfDay,
  nyToUtc,
  parseIsoDate,
  parseWallTime,
  SATURDAY,
  SUNDAY,
  type WallTime,
} from './time.ts';

/** SPEC §3: market day status. */
export const MARKET_DAY_STATUSES = ['closed', 'early-close', 'open'] as const;
export type MarketDayStatus = (typeof MARKET_DAY_STATUSES)[number];

/** SPEC §3: the session an earnings release falls in. */
export const SESSION_TYPES = ['before', 'market', 'after'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Where the market is at an instant: pre-market, regular hours, after-hours, or shut. */
export const MARKET_SESSION_STATUSES = ['pre', 'open', 'after', 'closed'] as const;
export type MarketSessionStatus = (typeof MARKET_SESSION_STATUSES)[number];

/** Hours, New York time. */
export const PRE_MARKET_OPEN: WallTime = '04:00';
export const REGULAR_OPEN: WallTime = '09:30';
export const REGULAR_CLOSE: WallTime = '16:00';
export const AFTER_HOURS_CLOSE: WallTime = '20:00';
export const EARLY_CLOSE: WallTime = '13:00';
export const EARLY_CLOSE_AFTER_HOURS_CLOSE: WallTime = '17:00';

/** First year the exchanges closed for Martin Luther King, Jr. Day. */
export const MLK_DAY_FIRST_YEAR = 1998;
/** First year the exchanges closed for Juneteenth. */
export const JUNETEENTH_FIRST_YEAR = 2022;

export interface SpecialClosure {
  date: IsoDate;
  name: string;
}

/** Unscheduled full-day closures the exchanges declared (national days of mourning, emergencies). */
export const SPECIAL_CLOSURES: readonly SpecialClosure[] = [
  { date: '1994-04-27', name: 'National Day of Mourning for President Richard Nixon' },
  { date: '2001-09-11', name: 'Closed after the September 11 attacks' },
  { date: '2001-09-12', name: 'Closed after the September 11 attacks' },
  { date: '2001-09-13', name: 'Closed after the September 11 attacks' },
  { date: '2001-09-14', name: 'Closed after the September 11 attacks' },
  { date: '2004-06-11', name: 'National Day of Mourning for President Ronald Reagan' },
  { date: '2007-01-02', name: 'National Day of Mourning for President Gerald R. Ford' },
  { date: '2012-10-29', name: 'Closed for Hurricane Sandy' },
  { date: '2012-10-30', name: 'Closed for Hurricane Sandy' },
  { date: '2018-12-05', name: 'National Day of Mourning for President George H. W. Bush' },
  { date: '2025-01-09', name: 'National Day of Mourning for President Jimmy Carter' },
];

export interface MarketHoliday {
  date: IsoDate;
  name: string;
  status: Exclude<MarketDayStatus, 'open'>;
  /** true when the holiday falls on a weekend and this is the weekday that replaces it */
  observed: boolean;
}

export interface TradingHours {
  date: IsoDate;
  status: Exclude<MarketDayStatus, 'closed'>;
  preMarketOpen: Date;
  open: Date;
  close: Date;
  afterHoursClose: Date;
}

export interface MarketSession {
  status: MarketSessionStatus;
  /** New York trading date of `now` */
  date: IsoDate;
  /** the next regular-session open strictly after `now` (today's when still ahead) */
  nextOpen: Date;
  /** the close of the current regular session, or of the next one when none is under way or ahead today */
  nextClose: Date;
}

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian computus. */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatIsoDate({ year, month, day });
}

const THURSDAY = 4;

function fixedHoliday(year: number, month: number, day: number, name: string): MarketHoliday | null {
  const date = formatIsoDate({ year, month, day });
  const weekday = dayOfWeek(date);
  if (weekday === SATURDAY) return { date: addDays(date, -1), name, status: 'closed', observed: true };
  if (weekday === SUNDAY) return { date: addDays(date, 1), name, status: 'closed', observed: true };
  return { date, name, status: 'closed', observed: false };
}

function closed(date: IsoDate, name: string): MarketHoliday {
  return { date, name, status: 'closed', observed: false };
}

function earlyClose(date: IsoDate, name: string): MarketHoliday {
  return { date, name, status: 'early-close', observed: false };
}

/** A weekday other than Friday: the day before is then also a weekday in the same week. */
function isMondayToThursday(date: IsoDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday >= MONDAY && weekday <= THURSDAY;
}

function computeHolidays(year: number, specialClosures: readonly SpecialClosure[]): MarketHoliday[] {
  const list: MarketHoliday[] = [];
  const add = (holiday: MarketHoliday | null) => {
    if (holiday !== null) list.push(holiday);
  };

  const newYear = formatIsoDate({ year, month: 1, day: 1 });
  // Saturday: not observed on Friday Dec 31, which ends the previous year's accounting period.
  if (dayOfWeek(newYear) !== SATURDAY) add(fixedHoliday(year, 1, 1, "New Year's Day"));
  if (year >= MLK_DAY_FIRST_YEAR) add(closed(nthWeekdayOfMonth(year, 1, MONDAY, 3), 'Martin Luther King, Jr. Day'));
  add(closed(nthWeekdayOfMonth(year, 2, MONDAY, 3), "Washington's Birthday"));
  add(closed(addDays(easterSunday(year), -2), 'Good Friday'));
  add(closed(lastWeekdayOfMonth(year, 5, MONDAY), 'Memorial Day'));
  if (year >= JUNETEENTH_FIRST_YEAR) add(fixedHoliday(year, 6, 19, 'Juneteenth National Independence Day'));

  // July 3 closes early when it is Monday–Thursday; on Friday it is the observed holiday itself.
  const july3 = formatIsoDate({ year, month: 7, day: 3 });
  if (isMondayToThursday(july3)) add(earlyClose(july3, 'Independence Day (early close)'));
  add(fixedHoliday(year, 7, 4, 'Independence Day'));
  add(closed(nthWeekdayOfMonth(year, 9, MONDAY, 1), 'Labor Day'));

  const thanksgiving = nthWeekdayOfMonth(year, 11, THURSDAY, 4);
  add(closed(thanksgiving, 'Thanksgiving Day'));
  add(earlyClose(addDays(thanksgiving, 1), 'Day after Thanksgiving (early close)'));

  // December 24 closes early when it is Monday–Thursday; on Friday it is the observed Christmas.
  const christmasEve = formatIsoDate({ year, month: 12, day: 24 });
  if (isMondayToThursday(christmasEve)) add(earlyClose(christmasEve, 'Christmas Eve (early close)'));
  add(fixedHoliday(year, 12, 25, 'Christmas Day'));

  const prefix = formatIsoDate({ year, month: 1, day: 1 }).slice(0, 5);
  for (const closure of specialClosures) {
    if (!closure.date.startsWith(prefix) || parseIsoDate(closure.date) === null) continue;
    const existing = list.findIndex((holiday) => holiday.date === closure.date);
    if (existing >= 0) list.splice(existing, 1);
    add(closed(closure.date, closure.name));
  }

  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const defaultCache = new Map<number, { list: readonly MarketHoliday[]; byDate: ReadonlyMap<IsoDate, MarketHoliday> }>();

function holidaysOfYear(year: number, specialClosures: readonly SpecialClosure[]) {
  if (specialClosures !== SPECIAL_CLOSURES) {
    const list = computeHolidays(year, specialClosures);
    return { list, byDate: new Map(list.map((holiday) => [holiday.date, holiday])) };
  }
  let entry = defaultCache.get(year);
  if (entry === undefined) {
    const list = computeHolidays(year, SPECIAL_CLOSURES);
    entry = { list, byDate: new Map(list.map((holiday) => [holiday.date, holiday])) };
    defaultCache.set(year, entry);
  }
  return entry;
}

/**
 * The market holidays (full closures) and early closes of a year, in date order. Weekends are not listed.
 */
export function holidays(year: number, specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES): MarketHoliday[] {
  if (!Number.isInteger(year)) throw new RangeError(`Invalid year ${year}`);
  return holidaysOfYear(year, specialClosures).list.map((holiday) => ({ ...holiday }));
}

/** The holiday or early close on a date, if any. */
export function holidayOn(
  date: IsoDate,
  specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES,
): MarketHoliday | null {
  const parts = parseIsoDate(date);
  if (parts === null) throw new RangeError(`Invalid date '${date}'`);
  const holiday = holidaysOfYear(parts.year, specialClosures).byDate.get(date);
  return holiday === undefined ? null : { ...holiday };
}

/** SPEC §3 market day status of a calendar date: weekends and holidays are closed. */
export function marketDayStatus(
  date: IsoDate,
  specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES,
): MarketDayStatus {
  const weekday = dayOfWeek(date);
  if (weekday === SATURDAY || weekday === SUNDAY) return 'closed';
  return holidayOn(date, specialClosures)?.status ?? 'open';
}

export function isTradingDay(date: IsoDate, specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES): boolean {
  return marketDayStatus(date, specialClosures) !== 'closed';
}

/** The first trading day strictly after `date`. */
export function nextTradingDay(date: IsoDate, specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES): IsoDate {
  let day = addDays(date, 1);
  while (!isTradingDay(day, specialClosures)) day = addDays(day, 1);
  return day;
}

/** The last trading day strictly before `date`. */
export function previousTradingDay(
  date: IsoDate,
  specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES,
): IsoDate {
  let day = addDays(date, -1);
  while (!isTradingDay(day, specialClosures)) day = addDays(day, -1);
  return day;
}

/** The session times of a trading day as instants, or null when the market is closed that day. */
export function tradingHours(
  date: IsoDate,
  specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES,
): TradingHours | null {
  const status = marketDayStatus(date, specialClosures);
  if (status === 'closed') return null;
  const early = status === 'early-close';
  return {
    date,
    status,
    preMarketOpen: nyToUtc(date, PRE_MARKET_OPEN),
    open: nyToUtc(date, REGULAR_OPEN),
    close: nyToUtc(date, early ? EARLY_CLOSE : REGULAR_CLOSE),
    afterHoursClose: nyToUtc(date, early ? EARLY_CLOSE_AFTER_HOURS_CLOSE : AFTER_HOURS_CLOSE),
  };
}

function minutesOf(time: WallTime): number {
  const minutes = parseWallTime(time);
  if (minutes === null) throw new RangeError(`Invalid time '${time}'`);
  return minutes;
}

/** Where the US equity market is at `now`, with the next regular open and close. */
export function marketSession(now: Date, specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES): MarketSession {
  const date = nyDate(now);
  const minute = nyMinuteOfDay(now);
  const today = tradingHours(date, specialClosures);
  let status: MarketSessionStatus = 'closed';
  if (today !== null) {
    const early = today.status === 'early-close';
    if (minute >= minutesOf(PRE_MARKET_OPEN) && minute < minutesOf(REGULAR_OPEN)) status = 'pre';
    else if (minute >= minutesOf(REGULAR_OPEN) && minute < minutesOf(early ? EARLY_CLOSE : REGULAR_CLOSE)) {
      status = 'open';
    } else if (
      minute >= minutesOf(early ? EARLY_CLOSE : REGULAR_CLOSE) &&
      minute < minutesOf(early ? EARLY_CLOSE_AFTER_HOURS_CLOSE : AFTER_HOURS_CLOSE)
    ) {
      status = 'after';
    }
  }
  const time = now.getTime();
  const following = (): TradingHours => {
    const next = tradingHours(nextTradingDay(date, specialClosures), specialClosures);
    if (next === null) throw new Error('unreachable: nextTradingDay returned a closed day');
    return next;
  };
  const nextSessionDay = today !== null && time < today.open.getTime() ? today : following();
  const closingDay = today !== null && time < today.close.getTime() ? today : nextSessionDay;
  return { status, date, nextOpen: nextSessionDay.open, nextClose: closingDay.close };
}

/**
 * SPEC §3 session type of an earnings time given as New York 'HH:MM': before the open, during regular hours, or
 * after the close (13:00 on an early-close `date`). Null when `time` is not a time.
 */
export function sessionOf(
  time: WallTime,
  date?: IsoDate,
  specialClosures: readonly SpecialClosure[] = SPECIAL_CLOSURES,
): SessionType | null {
  const minute = parseWallTime(time);
  if (minute === null) return null;
  const close =
    date !== undefined && marketDayStatus(date, specialClosures) === 'early-close' ? EARLY_CLOSE : REGULAR_CLOSE;
  if (minute < minutesOf(REGULAR_OPEN)) return 'before';
  return minute < minutesOf(close) ? 'market' : 'after';
}
