/**
 * Dividends and splits. Payers pay on a company-typical cycle (quarterly mostly, monthly for a few REITs, once or
 * twice a year for many foreign names), on company-typical days: declared a few weeks before the ex-date, paid a
 * few weeks after the record date, all on trading days. The record date is the ex-date since US settlement moved
 * to T+1 (2024-05-28) and the next business day before. The amount steps up once a year.
 */
import type { DividendRecord, SplitRecord } from '../types.ts';
import { CH, normal, uniform } from './rng.ts';
import { SPLITS } from './universe/traits.ts';
import type { DemoAsset } from './universe.ts';
import type { DemoWorld } from './world.ts';

/** First ex-date under T+1 settlement, where the record date became the ex-date itself. */
export const T_PLUS_ONE_SINCE = '2024-05-28';

export interface Dividend {
  asset: DemoAsset;
  exDay: number;
  recordDay: number;
  paymentDay: number;
  declaredDay: number;
  amount: number;
  frequency: number;
}

function monthIndexOf(world: DemoWorld, day: number): number {
  const iso = world.calendar.iso(day);
  return Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
}

function dayInMonth(world: DemoWorld, monthIndex: number, dayOfMonth: number): number {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const first = world.calendar.day(`${year}-${String(month).padStart(2, '0')}-01`);
  const length =
    world.calendar.day(`${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`) - first;
  return first + Math.min(length, Math.max(1, dayOfMonth)) - 1;
}

function roundAmount(value: number): number {
  return value >= 1 ? Math.round(value * 100) / 100 : Math.round(value * 10_000) / 10_000;
}

/**
 * Dividends whose ex-date lies in [fromDay, toDay] and that were declared by `knownBy` (epoch day), ascending.
 */
export function dividendsOf(
  world: DemoWorld,
  asset: DemoAsset,
  fromDay: number,
  toDay: number,
  knownBy: number,
): Dividend[] {
  const frequency = asset.dividendsPerYear;
  if (frequency <= 0 || asset.annualDividend <= 0) return [];
  const { calendar } = world;
  const seed = world.seed ^ asset.companySeed;
  const trait = (key: number) => uniform(seed, CH.dividends, 0, key);
  const step = 12 / frequency;
  // Foreign names that pay once or twice a year do so after their results: spring (and autumn).
  const cycle = frequency <= 2 ? 3 + Math.floor(trait(1) * 3) : Math.floor(trait(1) * step);
  const exDayOfMonth = frequency === 12 ? 26 + Math.floor(trait(2) * 3) : 3 + Math.floor(trait(2) * 24);
  const payLag = frequency === 12 ? 10 + Math.floor(trait(3) * 8) : 8 + Math.floor(trait(3) * 28);
  const declareLag = 9 + Math.floor(trait(4) * 30);
  const growth = 0.02 + 0.08 * trait(5);
  const raiseMonth = Math.floor(trait(6) * 12);
  const base = asset.annualDividend / frequency;
  const reference = monthIndexOf(world, world.referenceDay);
  const listed = asset.listedSince ? calendar.day(asset.listedSince) : Number.NEGATIVE_INFINITY;
  const tPlusOne = calendar.day(T_PLUS_ONE_SINCE);
  const dividends: Dividend[] = [];
  const firstMonth = monthIndexOf(world, fromDay) - 1;
  const lastMonth = monthIndexOf(world, toDay) + 1;
  for (let monthIndex = firstMonth; monthIndex <= lastMonth; monthIndex += 1) {
    if ((((monthIndex - cycle) % step) + step) % step !== 0) continue;
    const jitter = Math.round(1.2 * normal(seed, CH.dividends, monthIndex, 1));
    const exDay = calendar.onOrAfter(dayInMonth(world, monthIndex, exDayOfMonth + jitter));
    if (exDay < fromDay || exDay > toDay || exDay < listed + 30) continue;
    const declaredDay = calendar.onOrBefore(exDay - declareLag);
    if (declaredDay > knownBy) continue;
    const recordDay = exDay >= tPlusOne ? exDay : calendar.nextTrading(exDay);
    const paymentDay = calendar.onOrAfter(recordDay + payLag);
    const years = Math.floor(
      (monthIndex - raiseMonth - (reference - ((((reference - raiseMonth) % 12) + 12) % 12))) / 12,
    );
    const amount = roundAmount(base * (1 + growth) ** years);
    dividends.push({ asset, exDay, recordDay, paymentDay, declaredDay, amount, frequency });
  }
  return dividends;
}

export function dividendRecord(world: DemoWorld, dividend: Dividend): DividendRecord {
  const { calendar } = world;
  return {
    symbol: dividend.asset.symbol,
    type: dividend.asset.type,
    exDate: calendar.iso(dividend.exDay),
    recordDate: calendar.iso(dividend.recordDay),
    paymentDate: calendar.iso(dividend.paymentDay),
    declaredDate: calendar.iso(dividend.declaredDay),
    amount: dividend.amount,
    frequency: dividend.frequency,
  };
}

/** The real splits of the asset that took effect in [fromDay, toDay]. */
export function splitsOf(world: DemoWorld, asset: DemoAsset, fromDay: number, toDay: number): SplitRecord[] {
  return SPLITS.filter(([symbol, date]) => {
    if (symbol !== asset.symbol || asset.type !== 'stock') return false;
    const day = world.calendar.day(date);
    return day >= fromDay && day <= toDay;
  }).map(([symbol, date, numerator, denominator]) => ({ symbol, type: asset.type, date, numerator, denominator }));
}
