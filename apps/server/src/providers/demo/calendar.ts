/**
 * The demo market's day arithmetic on epoch days (integers), with the exchanges' calendar from the domain rules
 * precomputed once, New York instants without Intl in the hot loops, and ISO strings cached per day.
 */
import {
  addDays,
  fromEpochDay,
  type IsoDate,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  marketDayStatus,
  nthWeekdayOfMonth,
  SUNDAY,
  toEpochDay,
} from '@eh/domain';

const CLOSED = 0;
const OPEN = 1;
const EARLY = 2;

/** Days since 1970-01-01 of a proleptic Gregorian date, by arithmetic (Howard Hinnant's days_from_civil). */
export function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Epoch day of the last day of a month given as year × 12 + month − 1. */
export function lastDayOfMonthIndex(monthIndex: number): number {
  const next = monthIndex + 1;
  return epochDayOf(Math.floor(next / 12), (next % 12) + 1, 1) - 1;
}

export class DemoCalendar {
  readonly first: number;
  readonly last: number;
  readonly #status: Uint8Array;
  readonly #iso: (IsoDate | undefined)[] = [];
  readonly #dstByYear = new Map<number, readonly [number, number]>();

  constructor(first: IsoDate, last: IsoDate) {
    this.first = toEpochDay(first);
    this.last = toEpochDay(last);
    this.#status = new Uint8Array(this.last - this.first + 1);
    for (let day = this.first; day <= this.last; day += 1) {
      const status = marketDayStatus(this.iso(day));
      this.#status[day - this.first] = status === 'open' ? OPEN : status === 'early-close' ? EARLY : CLOSED;
    }
  }

  #index(day: number): number {
    if (day < this.first || day > this.last) throw new RangeError(`Day ${this.iso(day)} is outside the demo calendar`);
    return day - this.first;
  }

  iso(day: number): IsoDate {
    const slot = day - this.first;
    if (slot >= 0 && day <= this.last) {
      let value = this.#iso[slot];
      if (value === undefined) {
        value = fromEpochDay(day);
        this.#iso[slot] = value;
      }
      return value;
    }
    return fromEpochDay(day);
  }

  day(date: IsoDate): number {
    return epochDayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  }

  isTrading(day: number): boolean {
    return this.#status[this.#index(day)] !== CLOSED;
  }

  isEarlyClose(day: number): boolean {
    return this.#status[this.#index(day)] === EARLY;
  }

  /** 0 Sunday … 6 Saturday. */
  weekday(day: number): number {
    return (((day + 4) % 7) + 7) % 7;
  }

  /** The first trading day strictly after `day`. */
  nextTrading(day: number): number {
    let next = day + 1;
    while (!this.isTrading(next)) next += 1;
    return next;
  }

  /** The last trading day strictly before `day`. */
  previousTrading(day: number): number {
    let previous = day - 1;
    while (!this.isTrading(previous)) previous -= 1;
    return previous;
  }

  onOrAfter(day: number): number {
    return this.isTrading(day) ? day : this.nextTrading(day);
  }

  onOrBefore(day: number): number {
    return this.isTrading(day) ? day : this.previousTrading(day);
  }

  /** Trading days in [from, to], ascending. */
  tradingDays(from: number, to: number): number[] {
    const days: number[] = [];
    for (let day = from; day <= to; day += 1) if (this.isTrading(day)) days.push(day);
    return days;
  }

  /** Regular-session minutes after 09:30 (390, or 210 on an early close). */
  sessionMinutes(day: number): number {
    return this.isEarlyClose(day) ? 210 : 390;
  }

  /**
   * The instant New York clocks show `minutes` after midnight of `day`. US daylight saving (second Sunday of
   * March to first Sunday of November, switching at 02:00) decides the offset; market times never fall in the
   * switch's hour.
   */
  nyInstant(day: number, minutes: number): number {
    const [dstStart, dstEnd] = this.#dst(this.#yearOf(day));
    const summer = day > dstStart || (day === dstStart && minutes >= 180);
    const winterAgain = day > dstEnd || (day === dstEnd && minutes >= 120);
    const offsetHours = summer && !winterAgain ? 4 : 5;
    return day * MS_PER_DAY + minutes * MS_PER_MINUTE + offsetHours * MS_PER_HOUR;
  }

  #yearOf(day: number): number {
    return Number(this.iso(day).slice(0, 4));
  }

  #dst(year: number): readonly [number, number] {
    let range = this.#dstByYear.get(year);
    if (range === undefined) {
      range = [toEpochDay(nthWeekdayOfMonth(year, 3, SUNDAY, 2)), toEpochDay(nthWeekdayOfMonth(year, 11, SUNDAY, 1))];
      this.#dstByYear.set(year, range);
    }
    return range;
  }
}

export function wallTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours < 10 ? '0' : ''}${hours}:${rest < 10 ? '0' : ''}${rest}`;
}

/** Same calendar day `years` later (Feb 29 → Feb 28). */
export function addYears(date: IsoDate, years: number): IsoDate {
  const year = Number(date.slice(0, 4)) + years;
  const rest = date.slice(4);
  const candidate = `${String(year).padStart(4, '0')}${rest}`;
  return rest === '-02-29' && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))
    ? addDays(`${String(year).padStart(4, '0')}-03-01`, -1)
    : candidate;
}
