/**
 * One demo market at one instant: the seed, "now", the calendar around it and the universe. Every generator
 * reads from here. History is a pure function of the seed (never of `now`): `now` only decides how much of it
 * has happened, what is still an estimate, and where the intraday session is.
 */
import { addDays, MS_PER_DAY, nyDate, nyMinuteOfDay, toEpochDay } from '@eh/domain';
import { addYears, DemoCalendar } from './calendar.ts';
import { EarningsBook } from './earnings.ts';
import { PriceEngine } from './prices.ts';
import { buildUniverse, type DemoUniverse, REFERENCE_DATE } from './universe.ts';

/** The demo market's default seed: one whose index levels stay close to the real market's over the window. */
export const DEFAULT_DEMO_SEED = 2;
/** Years of daily bars. */
export const HISTORY_YEARS = 5;
/** Years of the slower-moving histories (ratings, short interest, filings, news). */
export const DETAIL_YEARS = 2;
/** Trading days with intraday bars, today included once its pre-market has begun. */
export const INTRADAY_DAYS = 3;
/** UTC days of crypto intraday bars, today included. */
export const CRYPTO_INTRADAY_DAYS = 2;
/** Fixed start of the simulations that carry state over time (analyst grades): never depends on `now`. */
export const SIMULATION_START = '2020-01-01';

let sharedUniverse: DemoUniverse | undefined;

export class DemoWorld {
  readonly seed: number;
  /** Epoch milliseconds. */
  readonly now: number;
  /** New York trading date of now (epoch day) and minute of the day. */
  readonly today: number;
  readonly minute: number;
  /** UTC date of now (crypto days are UTC days). */
  readonly utcToday: number;
  /** First day of the daily-bar window and of the detailed histories. */
  readonly historyStart: number;
  readonly detailStart: number;
  readonly referenceDay: number;
  readonly calendar: DemoCalendar;
  readonly universe: DemoUniverse;
  readonly earnings: EarningsBook;
  readonly prices: PriceEngine;

  constructor(seed: number, now: Date) {
    if (!Number.isFinite(now.getTime())) throw new RangeError('Invalid demo "now"');
    this.seed = seed >>> 0;
    this.now = now.getTime();
    const todayIso = nyDate(this.now);
    this.today = toEpochDay(todayIso);
    this.minute = nyMinuteOfDay(this.now);
    this.utcToday = Math.floor(this.now / MS_PER_DAY);
    this.historyStart = toEpochDay(addYears(todayIso, -HISTORY_YEARS));
    this.detailStart = toEpochDay(addYears(todayIso, -DETAIL_YEARS));
    this.referenceDay = toEpochDay(REFERENCE_DATE);
    const first = [addDays(SIMULATION_START, -800), addDays(addYears(todayIso, -HISTORY_YEARS), -800)].sort()[0];
    const last = [addDays(todayIso, 800), addDays(REFERENCE_DATE, 60)].sort()[1];
    this.calendar = new DemoCalendar(first ?? SIMULATION_START, last ?? addDays(todayIso, 800));
    sharedUniverse ??= buildUniverse();
    this.universe = sharedUniverse;
    this.earnings = new EarningsBook(this);
    this.prices = new PriceEngine(this);
  }

  /** The last trading day whose regular session has closed by now. */
  lastClosedDay(): number {
    const { calendar } = this;
    if (!calendar.isTrading(this.today)) return calendar.previousTrading(this.today);
    return this.minute >= 570 + calendar.sessionMinutes(this.today) ? this.today : calendar.previousTrading(this.today);
  }
}
