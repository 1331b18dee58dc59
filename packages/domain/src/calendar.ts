/**
 * Earnings-calendar windows and the date slugs of the calendar routes (SPEC §2, §4, §9; DESIGN §6).
 *
 * A calendar week runs Monday to Friday. On Saturday and Sunday the next week is shown. "Today" is the New York
 * trading date, so the current week and month are taken from {@link nyDate}.
 */
import { MONTH_NAMES } from './month-names.ts';
import {
  addDays,
  type DateParts,
  dayOfWeek,
  daysInMonth,
  formatIsoDate,
  type IsoDate,
  MONDAY,
  nyDate,
  parseIsoDate,
  SATURDAY,
  SUNDAY,
} from './time.ts';

/** SPEC §9: the date picker's bounds; the slug parsers reject dates outside them. */
export const DATE_PICKER_MIN: IsoDate = '1900-01-01';
export const DATE_PICKER_MAX: IsoDate = '2099-12-31';

/** SPEC §4: the calendar week spans Monday to Friday. */
export const CALENDAR_WEEK_DAYS = 5;

export { MONTH_NAMES, type MonthName } from './month-names.ts';

export interface WeekWindow {
  /** Monday */
  start: IsoDate;
  /** Friday */
  end: IsoDate;
  /** Monday to Friday */
  days: IsoDate[];
}

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export interface MonthWindow extends YearMonth {
  /** the 1st */
  start: IsoDate;
  /** the last day */
  end: IsoDate;
  /** every day of the month */
  days: IsoDate[];
  /** the Monday–Friday weeks that hold the month's weekdays, in order */
  weeks: WeekWindow[];
}

export function isWithinDatePickerBounds(date: IsoDate): boolean {
  return date >= DATE_PICKER_MIN && date <= DATE_PICKER_MAX;
}

/**
 * The Monday–Friday week shown for a date: the week holding it, or on Saturday and Sunday the next week.
 */
export function weekWindow(date: IsoDate): WeekWindow {
  const weekday = dayOfWeek(date);
  const toMonday = weekday === SATURDAY ? 2 : weekday === SUNDAY ? 1 : MONDAY - weekday;
  const start = addDays(date, toMonday);
  const days = Array.from({ length: CALENDAR_WEEK_DAYS }, (_, index) => addDays(start, index));
  return { start, end: addDays(start, CALENDAR_WEEK_DAYS - 1), days };
}

/** The week shown for "this week": New York's date decides. */
export function currentWeek(now: Date): WeekWindow {
  return weekWindow(nyDate(now));
}

export function previousWeek(week: WeekWindow | IsoDate): WeekWindow {
  return weekWindow(addDays(typeof week === 'string' ? weekWindow(week).start : week.start, -7));
}

export function nextWeek(week: WeekWindow | IsoDate): WeekWindow {
  return weekWindow(addDays(typeof week === 'string' ? weekWindow(week).start : week.start, 7));
}

export function monthWindow(year: number, month: number): MonthWindow {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid month ${year}-${month}`);
  }
  const start = formatIsoDate({ year, month, day: 1 });
  const length = daysInMonth(year, month);
  const days = Array.from({ length }, (_, index) => addDays(start, index));
  const end = addDays(start, length - 1);
  const weeks: WeekWindow[] = [];
  // A month that starts on a weekend has its first weekday in the week weekWindow gives for the 1st.
  for (let week = weekWindow(start); week.start <= end; week = nextWeek(week)) weeks.push(week);
  return { year, month, start, end, days, weeks };
}

/** The month of New York's date. */
export function currentMonth(now: Date): MonthWindow {
  const { year, month } = yearMonthOf(nyDate(now));
  return monthWindow(year, month);
}

export function yearMonthOf(date: IsoDate): YearMonth {
  const parts: DateParts | null = parseIsoDate(date);
  if (parts === null) throw new RangeError(`Invalid date '${date}'`);
  return { year: parts.year, month: parts.month };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export function nextMonth({ year, month }: YearMonth): YearMonth {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

// ---- slugs ---------------------------------------------------------------------------------------------------

/** The `{dateSlug}` of /earnings-calendar/week-of/{dateSlug} and /earnings-list/week-of/{dateSlug}. */
export function formatWeekSlug(date: IsoDate): string {
  if (parseWeekSlug(date) === null) throw new RangeError(`Invalid week date '${date}'`);
  return date;
}

/**
 * Reads a `{dateSlug}`: a real 'YYYY-MM-DD' day within the date-picker bounds, else null. The date need not be
 * a Monday; {@link weekWindow} gives the week it stands for.
 */
export function parseWeekSlug(slug: string): IsoDate | null {
  const parts = parseIsoDate(slug);
  if (parts === null) return null;
  const date = formatIsoDate(parts);
  return isWithinDatePickerBounds(date) ? date : null;
}

/** The `{monthYearSlug}` of /earnings-calendar/month/{monthYearSlug}: 'november-2026'. */
export function formatMonthSlug({ year, month }: YearMonth): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined || !isYearInBounds(year)) throw new RangeError(`Invalid month ${year}-${month}`);
  return `${name}-${year}`;
}

const MONTH_SLUG = /^([a-z]+)-(\d{4})$/;
const MONTH_NUMBERS: ReadonlyMap<string, number> = new Map(MONTH_NAMES.map((name, index) => [name, index + 1]));

/** Reads a `{monthYearSlug}` such as 'november-2026' or 'November-2026'; null when it names no month in bounds. */
export function parseMonthSlug(slug: string): YearMonth | null {
  const match = MONTH_SLUG.exec(slug.toLowerCase());
  if (match === null) return null;
  const month = MONTH_NUMBERS.get(match[1] ?? '');
  const year = Number(match[2]);
  if (month === undefined || !isYearInBounds(year)) return null;
  return { year, month };
}

function isYearInBounds(year: number): boolean {
  return Number.isInteger(year) && year >= boundYear(DATE_PICKER_MIN) && year <= boundYear(DATE_PICKER_MAX);
}

function boundYear(date: IsoDate): number {
  return Number(date.slice(0, 4));
}
