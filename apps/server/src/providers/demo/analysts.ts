/**
 * Analyst coverage: each company is followed by a company-typical set of real brokerages, each with its own grade
 * vocabulary. Grades and price targets evolve from a fixed start date (never from `now`): most notes come right
 * after earnings (maintain or reiterate, targets following the price), a few are upgrades, downgrades or new
 * initiations. Monthly consensus counts are read off the same grades. Analysts' names are not invented.
 */
import type { AnalystRatingRecord, AnalystTrendRecord } from '../types.ts';
import type { Quarter } from './earnings.ts';
import type { DailySeries } from './prices.ts';
import { CH, normal, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import { type DemoWorld, SIMULATION_START } from './world.ts';

/** [firm, positive grade, neutral grade, negative grade] */
export const FIRMS: readonly (readonly [string, string, string, string])[] = [
  ['Goldman Sachs', 'Buy', 'Neutral', 'Sell'],
  ['Morgan Stanley', 'Overweight', 'Equal-Weight', 'Underweight'],
  ['JPMorgan', 'Overweight', 'Neutral', 'Underweight'],
  ['Bank of America', 'Buy', 'Neutral', 'Underperform'],
  ['Citigroup', 'Buy', 'Neutral', 'Sell'],
  ['Wells Fargo', 'Overweight', 'Equal Weight', 'Underweight'],
  ['Barclays', 'Overweight', 'Equal Weight', 'Underweight'],
  ['UBS', 'Buy', 'Neutral', 'Sell'],
  ['Deutsche Bank', 'Buy', 'Hold', 'Sell'],
  ['Jefferies', 'Buy', 'Hold', 'Underperform'],
  ['Bernstein', 'Outperform', 'Market Perform', 'Underperform'],
  ['Evercore ISI', 'Outperform', 'In Line', 'Underperform'],
  ['RBC Capital', 'Outperform', 'Sector Perform', 'Underperform'],
  ['Mizuho', 'Outperform', 'Neutral', 'Underperform'],
  ['Piper Sandler', 'Overweight', 'Neutral', 'Underweight'],
  ['Raymond James', 'Outperform', 'Market Perform', 'Underperform'],
  ['KeyBanc', 'Overweight', 'Sector Weight', 'Underweight'],
  ['Truist Securities', 'Buy', 'Hold', 'Sell'],
  ['Oppenheimer', 'Outperform', 'Perform', 'Underperform'],
  ['BMO Capital', 'Outperform', 'Market Perform', 'Underperform'],
  ['TD Cowen', 'Buy', 'Hold', 'Sell'],
  ['Stifel', 'Buy', 'Hold', 'Sell'],
  ['Wedbush', 'Outperform', 'Neutral', 'Underperform'],
  ['Needham', 'Buy', 'Hold', 'Underperform'],
  ['Baird', 'Outperform', 'Neutral', 'Underperform'],
  ['Cantor Fitzgerald', 'Overweight', 'Neutral', 'Underweight'],
  ['Guggenheim', 'Buy', 'Neutral', 'Sell'],
  ['HSBC', 'Buy', 'Hold', 'Reduce'],
  ['Macquarie', 'Outperform', 'Neutral', 'Underperform'],
  ['Loop Capital', 'Buy', 'Hold', 'Sell'],
  ['Wolfe Research', 'Outperform', 'Peer Perform', 'Underperform'],
  ['Argus Research', 'Buy', 'Hold', 'Sell'],
  ['Susquehanna', 'Positive', 'Neutral', 'Negative'],
  ['Scotiabank', 'Sector Outperform', 'Sector Perform', 'Sector Underperform'],
  ['Rosenblatt', 'Buy', 'Neutral', 'Sell'],
  ['Benchmark', 'Buy', 'Hold', 'Sell'],
];

const NEGATIVE = 0;
const NEUTRAL = 1;
const POSITIVE = 2;
const UPSIDE = [-0.1, 0.05, 0.18];

export interface RatingEvent {
  day: number;
  firm: number;
  action: 'upgrade' | 'downgrade' | 'initiate' | 'maintain' | 'reiterate';
  from: number | null;
  to: number;
  target: number;
  priorTarget: number | null;
}

export interface Coverage {
  events: RatingEvent[];
  /** Firm indexes following the company. */
  firms: number[];
}

function roundTarget(value: number): number {
  if (value >= 100) return Math.round(value);
  if (value >= 10) return Math.round(value * 2) / 2;
  return Math.round(value * 100) / 100;
}

/** Firms that follow a company: the most popular get the most. */
export function coveringFirms(world: DemoWorld, asset: DemoAsset): number[] {
  if (asset.type !== 'stock' && asset.type !== 'otc') return [];
  const seed = world.seed ^ asset.seed;
  const popularity = Math.min(1, Math.max(0, (asset.popularity - 100_000) / 900_000));
  const count =
    asset.type === 'otc'
      ? 2 + Math.floor(uniform(seed, CH.ratings, 0, 1) * 4)
      : Math.round(5 + 22 * popularity + 3 * uniform(seed, CH.ratings, 0, 2));
  return FIRMS.map((_, firm) => firm)
    .sort((a, b) => uniform(seed, CH.ratings, 1, a) - uniform(seed, CH.ratings, 1, b))
    .slice(0, Math.min(FIRMS.length, count));
}

/**
 * Every note from {@link SIMULATION_START} to `now`, for a company whose daily closes over that span are in
 * `series` and whose reported quarters are `quarters`.
 */
export function coverageOf(
  world: DemoWorld,
  asset: DemoAsset,
  series: DailySeries,
  quarters: readonly Quarter[],
): Coverage {
  const firms = coveringFirms(world, asset);
  if (firms.length === 0) return { events: [], firms };
  const { calendar } = world;
  const seed = world.seed ^ asset.seed;
  const start = calendar.day(SIMULATION_START);
  const closeOn = (day: number) => {
    // The last close on or before the day (binary search over the ascending days).
    let low = 0;
    let high = series.days.length - 1;
    if (high < 0 || (series.days[0] ?? 0) > day) return series.previousClose;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((series.days[middle] ?? 0) <= day) low = middle;
      else high = middle - 1;
    }
    return series.close[low] ?? series.previousClose;
  };
  const optimism = 0.1 * normal(seed, CH.ratings, 0, 3) + (asset.growth > 0.15 ? 0.08 : 0);
  const state = new Map<number, { grade: number; target: number | null; active: boolean }>();
  for (const firm of firms) {
    const draw = uniform(seed, CH.ratings, 2, firm);
    const grade = draw < 0.55 + optimism ? POSITIVE : draw < 0.93 ? NEUTRAL : NEGATIVE;
    state.set(firm, { grade, target: null, active: uniform(seed, CH.ratings, 3, firm) < 0.85 });
  }
  const events: RatingEvent[] = [];
  const visible = (day: number) => day < world.today || (day === world.today && world.minute >= 420);
  const emit = (
    firm: number,
    day: number,
    action: RatingEvent['action'],
    from: number | null,
    to: number,
    key: number,
  ) => {
    const current = state.get(firm);
    if (current === undefined || !visible(day) || day < start) return;
    const price = closeOn(day - 1);
    const proposed = roundTarget(price * (1 + (UPSIDE[to] ?? 0) + 0.07 * normal(seed, CH.ratings, key, firm)));
    const keep =
      current.target !== null &&
      action !== 'upgrade' &&
      action !== 'downgrade' &&
      Math.abs(proposed - current.target) / current.target < 0.03;
    const target = keep && current.target !== null ? current.target : Math.max(0.01, proposed);
    events.push({
      day,
      firm,
      action: keep && action === 'maintain' ? 'reiterate' : action,
      from,
      to,
      target,
      priorTarget: current.target,
    });
    current.grade = to;
    current.target = target;
    current.active = true;
  };
  for (const quarter of quarters) {
    if (quarter.reactionDay < start) continue;
    const key = quarter.monthIndex;
    for (const firm of firms) {
      const current = state.get(firm);
      if (current === undefined) continue;
      const draw = (salt: number) => uniform(seed, CH.ratings, key * 64 + salt, firm);
      if (!current.active) {
        // Initiations come mid-quarter, weeks after the report.
        if (draw(1) < 0.06) {
          const grade = draw(2) < 0.6 + optimism ? POSITIVE : draw(2) < 0.95 ? NEUTRAL : NEGATIVE;
          emit(
            firm,
            calendar.onOrAfter(quarter.reactionDay + 20 + Math.floor(draw(3) * 30)),
            'initiate',
            null,
            grade,
            key + 1,
          );
        }
        continue;
      }
      if (draw(4) < 0.45) {
        const day = draw(5) < 0.7 ? quarter.reactionDay : calendar.nextTrading(quarter.reactionDay);
        const change = draw(6);
        const direction = quarter.jump + 0.03 * normal(seed, CH.ratings, key * 64 + 7, firm);
        if (change < 0.07 && direction > 0 && current.grade < POSITIVE) {
          emit(firm, day, 'upgrade', current.grade, current.grade + 1, key);
        } else if (change < 0.07 && direction < 0 && current.grade > NEGATIVE) {
          emit(firm, day, 'downgrade', current.grade, current.grade - 1, key);
        } else {
          emit(firm, day, draw(8) < 0.65 ? 'maintain' : 'reiterate', current.grade, current.grade, key);
        }
      } else if (draw(9) < 0.05) {
        // Between reports: the odd change of mind.
        const day = calendar.onOrAfter(quarter.reactionDay + 25 + Math.floor(draw(10) * 35));
        const up = current.grade === NEGATIVE || (current.grade === NEUTRAL && draw(11) < 0.5);
        emit(firm, day, up ? 'upgrade' : 'downgrade', current.grade, current.grade + (up ? 1 : -1), key + 2);
      }
    }
  }
  events.sort((a, b) => a.day - b.day || a.firm - b.firm);
  // One note per firm and day (a firm's notes on one day are one note).
  const unique = events.filter((event, index) => {
    const next = events[index + 1];
    return !(next && next.day === event.day && next.firm === event.firm);
  });
  return { events: unique, firms };
}

export function ratingRecords(
  world: DemoWorld,
  asset: DemoAsset,
  coverage: Coverage,
  fromDay: number,
  toDay: number,
): AnalystRatingRecord[] {
  return coverage.events
    .filter((event) => event.day >= fromDay && event.day <= toDay)
    .map((event) => {
      const firm = FIRMS[event.firm] ?? FIRMS[0];
      const grade = (value: number | null) => (value === null || firm === undefined ? null : (firm[3 - value] ?? null));
      return {
        symbol: asset.symbol,
        type: asset.type,
        date: world.calendar.iso(event.day),
        firm: firm?.[0] ?? 'Unknown',
        analyst: null,
        action: event.action,
        fromGrade: grade(event.from),
        toGrade: grade(event.to) ?? 'Hold',
        priceTarget: event.target,
        priorPriceTarget: event.priorTarget,
      };
    });
}

/** Monthly consensus counts on the first of each month in [fromDay, toDay], from the firms' grades that day. */
export function trendRecords(
  world: DemoWorld,
  asset: DemoAsset,
  coverage: Coverage,
  fromDay: number,
  toDay: number,
): AnalystTrendRecord[] {
  if (coverage.firms.length === 0) return [];
  const { calendar } = world;
  const seed = world.seed ^ asset.seed;
  const records: AnalystTrendRecord[] = [];
  const first = calendar.iso(fromDay);
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  for (;;) {
    const iso = `${year}-${String(month).padStart(2, '0')}-01`;
    const day = calendar.day(iso);
    if (day > toDay) break;
    if (day >= fromDay) {
      const counts = { strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 };
      for (const firm of coverage.firms) {
        let grade: number | null = null;
        for (const event of coverage.events) {
          if (event.day > day) break;
          if (event.firm === firm) grade = event.to;
        }
        if (grade === null) continue;
        const conviction = uniform(seed, CH.ratings, 5, firm);
        let bucket: keyof typeof counts = 'hold';
        if (grade === POSITIVE) bucket = conviction < 0.35 ? 'strongBuy' : 'buy';
        else if (grade === NEGATIVE) bucket = conviction < 0.15 ? 'strongSell' : 'sell';
        counts[bucket] += 1;
      }
      records.push({ symbol: asset.symbol, type: asset.type, month: iso, ...counts });
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return records;
}
