/**
 * Earnings: when each company reports each fiscal quarter (its habits: lag after the quarter's end, weekday,
 * session and New York time), what analysts expected, what it reported, and how the stock reacted. A quarter's
 * facts are a pure function of (seed, company, quarter); `now` only decides which quarters have been reported,
 * and for the next one whether the company has confirmed its date yet or vendors still estimate it from last
 * year's date.
 */
import type { FiscalPeriod, SessionType } from '@eh/domain';
import type { EarningsRecord, GuidanceRecord } from '../types.ts';
import { lastDayOfMonthIndex, wallTime } from './calendar.ts';
import { CH, normal, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { EarningsWorld } from './world-view.ts';

const SESSIONS: Readonly<Record<string, SessionType>> = { b: 'before', a: 'after', m: 'market' };
const BEFORE_TIMES = [360, 390, 405, 415, 420, 435, 450, 480, 510];
const AFTER_TIMES = [960, 961, 962, 965, 970, 975, 980, 990];
const REGULAR_OPEN_MINUTE = 570;
const DAYS_PER_YEAR = 365.25;

export interface Quarter {
  asset: DemoAsset;
  /** year × 12 + month − 1 of the quarter's last month. */
  monthIndex: number;
  periodYear: number;
  period: FiscalPeriod;
  periodEnd: number;
  /** The real (eventually confirmed) release: day, New York minute, session, instant. */
  day: number;
  minute: number;
  session: SessionType;
  instant: number;
  /** First close that reflects the release, and the close before it. */
  reactionDay: number;
  baseDay: number;
  /** Vendors' projection before the company confirms: last year's date + 52 weeks; time unknown for some. */
  estimatedDay: number;
  estimatedMinute: number | null;
  /** The day the company announces the date. */
  confirmedOn: number;
  epsEstimate: number;
  epsActual: number;
  revenueEstimate: number;
  revenueActual: number;
  estimateCount: number;
  /** Log-price jump on the reaction day. */
  jump: number;
}

function roundEps(value: number, magnitude: number): number {
  return magnitude >= 1000 ? Math.round(value) : Math.round(value * 100) / 100;
}

function roundRevenue(value: number): number {
  return Math.round(value / 100_000) * 100_000;
}

export class EarningsBook {
  readonly #world: EarningsWorld;
  readonly #quarters = new Map<number, Map<number, Quarter | null>>();
  readonly #jumps = new Map<number, ReadonlyMap<number, number>>();

  constructor(world: EarningsWorld) {
    this.#world = world;
  }

  /** Whether the month ends one of the company's fiscal quarters. */
  static isQuarterEnd(asset: DemoAsset, monthIndex: number): boolean {
    const fye = asset.fiscalYearEndMonth ?? 12;
    return ((((monthIndex % 12) + 1 - fye) % 3) + 3) % 3 === 0;
  }

  /** The quarter ending in this month (null when the company did not exist yet or does not report). */
  quarter(asset: DemoAsset, monthIndex: number): Quarter | null {
    if (!asset.reports || asset.release === null || !EarningsBook.isQuarterEnd(asset, monthIndex)) return null;
    let book = this.#quarters.get(asset.ordinal);
    if (book === undefined) {
      book = new Map();
      this.#quarters.set(asset.ordinal, book);
    }
    if (book.has(monthIndex)) return book.get(monthIndex) ?? null;
    const quarter = this.#build(asset, monthIndex);
    book.set(monthIndex, quarter);
    return quarter;
  }

  #releaseDay(periodEnd: number, lag: number, weekday: number): number {
    const { calendar } = this.#world;
    const target = periodEnd + lag;
    let delta = (weekday - calendar.weekday(target) + 7) % 7;
    if (delta > 3) delta -= 7;
    const day = target + delta;
    // Berkshire publishes on Saturdays; everyone else moves off a market holiday.
    if (weekday === 6) return day;
    return calendar.onOrAfter(day);
  }

  /** When the company really releases the quarter ending in this month: day and New York minute. */
  #release(asset: DemoAsset, monthIndex: number): { day: number; minute: number } | null {
    const release = asset.release;
    if (release === null) return null;
    const seed = this.#world.seed ^ asset.companySeed;
    const draw = (key: number) => uniform(seed, CH.earnings, monthIndex, key);
    const fourth = this.#periodOf(asset, monthIndex).period === 'Q4';
    const lagJitter = Math.max(-4, Math.min(4, Math.round(1.6 * normal(seed, CH.earnings, monthIndex, 1))));
    const weekdayShift = draw(2) < 0.12 ? (draw(3) < 0.5 ? -1 : 1) : 0;
    const weekday = release.weekday === 6 ? 6 : Math.min(5, Math.max(1, release.weekday + weekdayShift));
    const periodEnd = lastDayOfMonthIndex(monthIndex);
    const day = this.#releaseDay(periodEnd, release.lag + (fourth ? release.q4Extra : 0) + lagJitter, weekday);
    if (asset.listedSince !== null && day < this.#world.calendar.day(asset.listedSince) + 20) return null;
    let minute = release.minute;
    if (release.session !== 'm' && draw(4) < 0.1) {
      const times = release.session === 'a' ? AFTER_TIMES : BEFORE_TIMES;
      minute = times[Math.floor(draw(5) * times.length)] ?? minute;
    }
    return { day, minute };
  }

  #periodOf(asset: DemoAsset, monthIndex: number): { period: FiscalPeriod; periodYear: number } {
    const fye = asset.fiscalYearEndMonth ?? 12;
    const month = (monthIndex % 12) + 1;
    const year = Math.floor(monthIndex / 12);
    const quarterNumber = Math.floor(((((month - fye - 1) % 12) + 12) % 12) / 3) + 1;
    return { period: `Q${quarterNumber}` as FiscalPeriod, periodYear: month <= fye ? year : year + 1 };
  }

  #build(asset: DemoAsset, monthIndex: number): Quarter | null {
    const release = asset.release;
    const real = this.#release(asset, monthIndex);
    if (release === null || real === null) return null;
    const { calendar } = this.#world;
    const seed = this.#world.seed ^ asset.companySeed;
    const draw = (key: number) => uniform(seed, CH.earnings, monthIndex, key);
    const { period, periodYear } = this.#periodOf(asset, monthIndex);
    const periodEnd = lastDayOfMonthIndex(monthIndex);
    const fourth = period === 'Q4';
    const { day, minute } = real;
    const session = SESSIONS[release.session] ?? 'after';
    const instant = calendar.nyInstant(day, minute);
    const releasedBeforeOpen = calendar.isTrading(day) && minute < REGULAR_OPEN_MINUTE;
    const duringSession = calendar.isTrading(day) && session === 'market';
    const reactionDay = releasedBeforeOpen || duringSession ? day : calendar.nextTrading(day);
    const baseDay = calendar.previousTrading(reactionDay);

    const previousYear = this.#release(asset, monthIndex - 12);
    // Vendors project last year's date 52 weeks on (same weekday: Berkshire's Saturday stays a Saturday).
    const sameWeekday = previousYear ? previousYear.day + 364 : 0;
    const estimatedDay = previousYear
      ? release.weekday === 6
        ? sameWeekday
        : calendar.onOrAfter(sameWeekday)
      : this.#releaseDay(periodEnd, release.lag + (fourth ? release.q4Extra : 0), release.weekday);
    const estimatedMinute = draw(6) < 0.35 ? null : release.minute;
    const lead = 14 + Math.floor(draw(7) * 22);
    const confirmedOn = Math.min(day - lead, estimatedDay - 2);

    // Fundamentals: consensus follows the company's trend; the actual beats it three times in four.
    const years = (periodEnd - this.#world.referenceDay) / DAYS_PER_YEAR;
    const retail = asset.industryCode === 'SRET' || asset.industryCode === 'SRETS' || asset.industryCode === 'BRET';
    const season = retail ? (fourth ? 1.12 : 0.96) : 1;
    const revenueEstimate = roundRevenue(
      (asset.revenue / 4) *
        (1 + asset.growth) ** years *
        season *
        Math.exp(0.025 * normal(seed, CH.earnings, monthIndex, 8)),
    );
    const epsTrend =
      asset.eps >= 0 ? (1 + Math.max(-0.2, asset.growth * 1.3)) ** years : Math.max(0.2, 1 - 0.15 * years);
    const magnitude = Math.abs(asset.eps);
    const epsEstimate = roundEps(
      (asset.eps / 4) * epsTrend * season + (magnitude / 4) * 0.06 * normal(seed, CH.earnings, monthIndex, 9),
      magnitude,
    );
    const fat = () => (draw(10) < 0.12 ? 3 : 1);
    const epsDraw = draw(11);
    let epsSurprise: number;
    if (epsDraw < 0.74) epsSurprise = 0.01 + Math.abs(normal(seed, CH.earnings, monthIndex, 12)) * 0.045 * fat();
    else if (epsDraw < 0.8) epsSurprise = 0;
    else epsSurprise = -(0.005 + Math.abs(normal(seed, CH.earnings, monthIndex, 13)) * 0.05 * fat());
    const cent = magnitude >= 1000 ? 1 : 0.01;
    let epsActual = roundEps(epsEstimate + Math.max(Math.abs(epsEstimate), cent) * epsSurprise, magnitude);
    if (epsSurprise > 0 && epsActual <= epsEstimate) epsActual = roundEps(epsEstimate + cent, magnitude);
    if (epsSurprise < 0 && epsActual >= epsEstimate) epsActual = roundEps(epsEstimate - cent, magnitude);
    const revenueSurprise =
      draw(14) < 0.6
        ? 0.002 + Math.abs(normal(seed, CH.earnings, monthIndex, 15)) * 0.012
        : -(0.001 + Math.abs(normal(seed, CH.earnings, monthIndex, 16)) * 0.01);
    const revenueActual = roundRevenue(revenueEstimate * (1 + revenueSurprise));
    const popularity = Math.min(1, Math.max(0, (asset.popularity - 100_000) / 900_000));
    const estimateCount =
      asset.type === 'otc'
        ? 2 + Math.floor(draw(17) * 10)
        : Math.min(58, Math.max(3, Math.round(6 + 38 * popularity + 4 * normal(seed, CH.earnings, monthIndex, 18))));
    const sigma = this.#world.prices.dailyVol(asset);
    const reactionVol = Math.min(0.12, Math.max(0.02, 2.1 * sigma));
    const epsZ = Math.max(-3, Math.min(3, epsSurprise / 0.04));
    const revenueZ = Math.max(-3, Math.min(3, revenueSurprise / 0.01));
    const jump = reactionVol * (0.4 * epsZ + 0.25 * revenueZ - 0.3 + 0.8 * normal(seed, CH.earnings, monthIndex, 19));
    return {
      asset,
      monthIndex,
      periodYear,
      period,
      periodEnd,
      day,
      minute,
      session,
      instant,
      reactionDay,
      baseDay,
      estimatedDay,
      estimatedMinute,
      confirmedOn,
      epsEstimate,
      epsActual,
      revenueEstimate,
      revenueActual,
      estimateCount,
      jump,
    };
  }

  /** The company's quarters whose period ended in [fromDay − 1 quarter, toDay], ascending. */
  quarters(asset: DemoAsset, fromDay: number, toDay: number): Quarter[] {
    if (!asset.reports) return [];
    const { calendar } = this.#world;
    const first = calendar.iso(fromDay);
    const last = calendar.iso(toDay);
    const firstIndex = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 - 3;
    const lastIndex = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7)) - 1;
    const quarters: Quarter[] = [];
    for (let monthIndex = firstIndex; monthIndex <= lastIndex; monthIndex += 1) {
      const quarter = this.quarter(asset, monthIndex);
      if (quarter !== null) quarters.push(quarter);
    }
    return quarters;
  }

  /** Reaction-day jumps of every quarter within the calendar: the price walk adds them. */
  jumps(asset: DemoAsset): ReadonlyMap<number, number> {
    let jumps = this.#jumps.get(asset.ordinal);
    if (jumps === undefined) {
      const map = new Map<number, number>();
      const { calendar } = this.#world;
      for (const quarter of this.quarters(asset, calendar.first + 520, calendar.last - 200)) {
        map.set(quarter.reactionDay, quarter.jump);
      }
      jumps = map;
      this.#jumps.set(asset.ordinal, jumps);
    }
    return jumps;
  }

  /**
   * The calendar as seen at `view` (epoch ms): the last `past` reported quarters with actuals, and the next one
   * with its date confirmed or estimated.
   */
  schedule(asset: DemoAsset, view: number, past = 8): { reported: Quarter[]; next: Quarter | null } {
    if (!asset.reports) return { reported: [], next: null };
    const { calendar } = this.#world;
    const viewDay = Math.floor(view / 86_400_000);
    const quarters = this.quarters(asset, viewDay - 366 * 3, Math.min(calendar.last - 200, viewDay + 200));
    const nextIndex = quarters.findIndex((quarter) => quarter.instant > view);
    if (nextIndex < 0) return { reported: quarters.slice(-past), next: null };
    return { reported: quarters.slice(Math.max(0, nextIndex - past), nextIndex), next: quarters[nextIndex] ?? null };
  }

  /** The record of a quarter as known at `view` (ms) whose New York date is `viewDay`. */
  record(quarter: Quarter, view: number, viewDay: number, priceMove: number | null): EarningsRecord {
    const { calendar } = this.#world;
    const reported = quarter.instant <= view;
    const confirmed = reported || viewDay >= quarter.confirmedOn;
    const prior = this.quarter(quarter.asset, quarter.monthIndex - 12);
    const day = confirmed ? quarter.day : quarter.estimatedDay;
    const minute = confirmed ? quarter.minute : quarter.estimatedMinute;
    return {
      symbol: quarter.asset.symbol,
      type: quarter.asset.type,
      periodYear: quarter.periodYear,
      period: quarter.period,
      periodEnd: calendar.iso(quarter.periodEnd),
      date: calendar.iso(day),
      time: minute === null ? null : wallTime(minute),
      session: quarter.session,
      dateStatus: confirmed ? 'confirmed' : 'estimated',
      epsEstimate: quarter.epsEstimate,
      epsActual: reported ? quarter.epsActual : null,
      epsPriorYear: prior?.epsActual ?? null,
      revenueEstimate: quarter.revenueEstimate,
      revenueActual: reported ? quarter.revenueActual : null,
      revenuePriorYear: prior?.revenueActual ?? null,
      estimateCount: quarter.estimateCount,
      reportedAt: reported ? new Date(quarter.instant) : null,
      priceMovePercent: reported ? priceMove : null,
    };
  }

  /**
   * Corporate guidance, for companies that give it: at each release, a range for the next quarter's revenue
   * (and EPS for most), and for the fiscal year at the fourth-quarter release and on each update.
   */
  guidance(asset: DemoAsset, quarters: readonly Quarter[]): GuidanceRecord[] {
    const seed = this.#world.seed ^ asset.companySeed;
    if (!asset.reports || asset.type !== 'stock' || uniform(seed, CH.earnings, 7, 7) > 0.45) return [];
    const givesEps = uniform(seed, CH.earnings, 7, 8) < 0.65;
    const records: GuidanceRecord[] = [];
    const { calendar } = this.#world;
    for (const quarter of quarters) {
      const next = this.quarter(asset, quarter.monthIndex + 3);
      if (next === null) continue;
      const issuedDate = calendar.iso(quarter.day);
      const tilt = 0.01 * normal(seed, CH.earnings, quarter.monthIndex, 30);
      const width = 0.008 + 0.02 * uniform(seed, CH.earnings, quarter.monthIndex, 31);
      const center = next.revenueEstimate * (1 + tilt);
      records.push({
        symbol: asset.symbol,
        type: asset.type,
        periodYear: next.periodYear,
        period: next.period,
        metric: 'revenue',
        low: roundRevenue(center * (1 - width)),
        high: roundRevenue(center * (1 + width)),
        consensus: next.revenueEstimate,
        issuedDate,
      });
      const magnitude = Math.abs(next.epsEstimate);
      if (givesEps) {
        const epsCenter = next.epsEstimate + magnitude * 2 * tilt;
        const epsWidth = Math.max(0.01, magnitude * width * 1.5);
        records.push({
          symbol: asset.symbol,
          type: asset.type,
          periodYear: next.periodYear,
          period: next.period,
          metric: 'eps',
          low: roundEps(epsCenter - epsWidth, magnitude),
          high: roundEps(epsCenter + epsWidth, magnitude),
          consensus: next.epsEstimate,
          issuedDate,
        });
      }
      // The fiscal year the next quarter belongs to: its four quarters' consensus, actuals where reported.
      const fiscal: Quarter[] = [];
      for (let offset = 0; offset < 4; offset += 1) {
        const member = this.quarter(asset, next.monthIndex + offset * 3);
        if (member?.periodYear === next.periodYear) fiscal.push(member);
        const earlier = this.quarter(asset, next.monthIndex - (offset + 1) * 3);
        if (earlier?.periodYear === next.periodYear) fiscal.push(earlier);
      }
      if (fiscal.length === 4) {
        const consensus = fiscal.reduce(
          (sum, member) => sum + (member.instant <= quarter.instant ? member.revenueActual : member.revenueEstimate),
          0,
        );
        const fyCenter = consensus * (1 + tilt * 0.6);
        records.push({
          symbol: asset.symbol,
          type: asset.type,
          periodYear: next.periodYear,
          period: 'FY',
          metric: 'revenue',
          low: roundRevenue(fyCenter * (1 - width * 0.8)),
          high: roundRevenue(fyCenter * (1 + width * 0.8)),
          consensus: roundRevenue(consensus),
          issuedDate,
        });
      }
    }
    return records;
  }
}
