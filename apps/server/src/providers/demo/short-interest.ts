/**
 * Short interest as the exchanges publish it: twice a month, for settlement on the 15th and on the month's last
 * business day (the business day before when those fall on a closed day), published about eight business days
 * later. Shares short drift slowly around a company-typical share of the float (high for volatile names).
 */
import type { ShortInterestRecord } from '../types.ts';
import type { DailySeries } from './prices.ts';
import { CH, normal, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { DemoWorld } from './world.ts';

const PUBLICATION_LAG_TRADING_DAYS = 8;
const AVERAGE_VOLUME_DAYS = 20;

/** Settlement days of the months overlapping [fromDay, toDay], ascending. */
export function settlementDays(world: DemoWorld, fromDay: number, toDay: number): number[] {
  const { calendar } = world;
  const days: number[] = [];
  const first = calendar.iso(fromDay);
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const monthStart = (y: number, m: number) => calendar.day(`${y}-${String(m).padStart(2, '0')}-01`);
  while (monthStart(year, month) <= toDay) {
    const next = month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1);
    for (const day of [calendar.onOrBefore(monthStart(year, month) + 14), calendar.onOrBefore(next - 1)]) {
      if (day >= fromDay && day <= toDay) days.push(day);
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return days;
}

/** Whether a settlement's figures are out by `today`. */
export function isPublished(world: DemoWorld, settlementDay: number): boolean {
  let day = settlementDay;
  for (let count = 0; count < PUBLICATION_LAG_TRADING_DAYS; count += 1) day = world.calendar.nextTrading(day);
  return day <= world.today;
}

function sharesShortOn(world: DemoWorld, asset: DemoAsset, day: number): number {
  const seed = world.seed ^ asset.seed;
  const base = Math.min(0.2, Math.max(0.004, 0.008 * (asset.volatility / 0.25) ** 2));
  const floatShare = 0.75 + 0.2 * uniform(seed, CH.short, 0, 1);
  const phase = uniform(seed, CH.short, 0, 2) * 2 * Math.PI;
  const wave =
    0.3 * Math.sin((2 * Math.PI * day) / 211 + phase) + 0.15 * Math.sin((2 * Math.PI * day) / 67 + 2 * phase);
  const share = base * Math.exp(wave + 0.06 * normal(seed, CH.short, day));
  return Math.round(asset.shares * floatShare * share);
}

/**
 * Published short interest with settlement in [fromDay, toDay]; `series` must hold the daily volumes of the
 * 20 trading days before the first settlement.
 */
export function shortInterestOf(
  world: DemoWorld,
  asset: DemoAsset,
  series: DailySeries,
  fromDay: number,
  toDay: number,
): ShortInterestRecord[] {
  if ((asset.type !== 'stock' && asset.type !== 'otc') || asset.shares <= 0) return [];
  const seed = world.seed ^ asset.seed;
  const floatShares = asset.shares * (0.75 + 0.2 * uniform(seed, CH.short, 0, 1));
  const records: ShortInterestRecord[] = [];
  const all = settlementDays(world, fromDay - 20, toDay);
  for (let index = 1; index < all.length; index += 1) {
    const day = all[index] ?? 0;
    if (day < fromDay || !isPublished(world, day)) continue;
    const previousDay = all[index - 1] ?? day;
    const sharesShort = sharesShortOn(world, asset, day);
    const previous = sharesShortOn(world, asset, previousDay);
    let end = series.days.findIndex((bar) => bar > day);
    if (end < 0) end = series.days.length;
    const window = series.volume.subarray(Math.max(0, end - AVERAGE_VOLUME_DAYS), end);
    const averageVolume =
      window.length > 0 ? Math.round(window.reduce((sum, value) => sum + value, 0) / window.length) : null;
    records.push({
      symbol: asset.symbol,
      type: asset.type,
      settlementDate: world.calendar.iso(day),
      sharesShort,
      previousSharesShort: previous,
      changePercent: previous > 0 ? Math.round(((sharesShort - previous) / previous) * 10_000) / 100 : null,
      daysToCover: averageVolume ? Math.max(0.01, Math.round((sharesShort / averageVolume) * 100) / 100) : null,
      averageVolume,
      percentOfFloat: Math.round((sharesShort / floatShares) * 10_000) / 100,
    });
  }
  return records;
}
