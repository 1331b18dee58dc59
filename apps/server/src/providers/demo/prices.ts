/**
 * Prices: seeded geometric random walks pinned to each asset's reference close, driven by shared factors (the
 * market, eleven sectors, small caps, crypto) so that indexes move with their members, with volatility regimes,
 * fat tails and the earnings reactions of {@link EarningsBook}. A day's return is a pure function of
 * (seed, asset, day), so the walk is the same whatever stretch of it is asked for.
 */
import { CH, normal, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import type { PricesWorld } from './world-view.ts';

const TRADING_DAYS_PER_YEAR = 252;
const MARKET_DAILY_VOL = 0.0098;
const SECTOR_DAILY_VOL = 0.0065;
const SECTOR_LOADING = 0.55;
const SMALL_DAILY_VOL = 0.005;
const CRYPTO_DAILY_VOL = 0.028;
const SECTOR_COUNT = 11;
/** Daily pull towards trend: of the market (half-life ≈ 170 trading days), crypto, and an asset's own moves. */
const MARKET_PULL = 0.004;
const CRYPTO_PULL = 0.003;
const OWN_PULL = 0.0015;

/**
 * Turns daily shocks into the daily changes of a level pulled towards 0, walking out from `anchor` both ways:
 * forwards level[s] = (1 − k)·level[s−1] + shock[s]; backwards the mirror image. `changes[s]` is
 * level[s] − level[s−1]. A slot with a zero shock (a closed day) neither moves nor decays.
 */
function pullTowardsTrend(shocks: Float64Array, changes: Float64Array, anchor: number, pull: number): void {
  const levels = new Float64Array(shocks.length);
  for (let slot = anchor + 1; slot < shocks.length; slot += 1) {
    const shock = shocks[slot] ?? 0;
    const previous = levels[slot - 1] ?? 0;
    levels[slot] = shock === 0 ? previous : (1 - pull) * previous + shock;
  }
  for (let slot = anchor; slot > 0; slot -= 1) {
    const shock = shocks[slot] ?? 0;
    const level = levels[slot] ?? 0;
    levels[slot - 1] = shock === 0 ? level : (1 - pull) * level - shock;
  }
  for (let slot = 1; slot < shocks.length; slot += 1) changes[slot] = (levels[slot] ?? 0) - (levels[slot - 1] ?? 0);
}
const IT_SECTOR = 0;

export interface DailySeries {
  asset: DemoAsset;
  /** Epoch days, ascending: trading days (calendar days for crypto). */
  days: number[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Log return of each day (for volumes and moves). */
  returns: Float64Array;
  /** Close of the bar before `days[0]`. */
  previousClose: number;
}

/** Prices as vendors print them: cents above a dollar, four decimals below, four significant digits for dust. */
export function roundPrice(value: number): number {
  if (value >= 1) return Math.round(value * 100) / 100;
  if (value >= 0.01) return Math.round(value * 10_000) / 10_000;
  return Number(value.toPrecision(4));
}

function smooth(seed: number, channel: number, day: number): number {
  let sum = 0;
  const periods = [41, 97, 233, 587];
  for (let index = 0; index < periods.length; index += 1) {
    const period = periods[index] ?? 97;
    const phase = uniform(seed, channel, 1000 + index) * 2 * Math.PI;
    sum += Math.sin((2 * Math.PI * day) / period + phase);
  }
  return sum / 2;
}

export class PriceEngine {
  readonly #world: PricesWorld;
  readonly #first: number;
  /** Volatility regime multiplier, market factor, sector factors, small-cap factor, crypto factor: per day. */
  readonly #regime: Float64Array;
  readonly #market: Float64Array;
  readonly #sectors: Float64Array[];
  readonly #small: Float64Array;
  readonly #crypto: Float64Array;

  constructor(world: PricesWorld) {
    this.#world = world;
    const { calendar, seed } = world;
    this.#first = calendar.first;
    const length = calendar.last - calendar.first + 1;
    this.#regime = new Float64Array(length);
    this.#market = new Float64Array(length);
    this.#sectors = Array.from({ length: SECTOR_COUNT }, () => new Float64Array(length));
    this.#small = new Float64Array(length);
    this.#crypto = new Float64Array(length);
    const marketShock = new Float64Array(length);
    const cryptoShock = new Float64Array(length);
    for (let slot = 0; slot < length; slot += 1) {
      const day = calendar.first + slot;
      // Calm and stormy stretches: a slow wave plus the odd fortnight of turmoil.
      const burst = uniform(seed, CH.regime, Math.floor(day / 15)) < 0.07 ? 0.55 : 0;
      const regime = Math.exp(0.28 * smooth(seed, CH.regime, day) + burst) / 1.08;
      this.#regime[slot] = regime;
      const cryptoRegime = Math.exp(0.3 * smooth(seed, CH.crypto, day));
      const trading = calendar.isTrading(day);
      marketShock[slot] = trading ? MARKET_DAILY_VOL * regime * normal(seed, CH.market, day) : 0;
      cryptoShock[slot] = CRYPTO_DAILY_VOL * cryptoRegime * normal(seed, CH.crypto, day);
      for (let sector = 0; sector < SECTOR_COUNT; sector += 1) {
        const row = this.#sectors[sector];
        if (row) row[slot] = trading ? SECTOR_DAILY_VOL * Math.sqrt(regime) * normal(seed, CH.sector, day, sector) : 0;
      }
      this.#small[slot] = trading ? SMALL_DAILY_VOL * normal(seed, CH.sector, day, 99) : 0;
    }
    // The market and crypto levels are pulled back towards their trend (a two-sided Ornstein–Uhlenbeck walk
    // from the reference day), so the demo market stays near the real one's levels instead of wandering off.
    const anchor = world.referenceDay - calendar.first;
    pullTowardsTrend(marketShock, this.#market, anchor, MARKET_PULL);
    const cryptoLevels = new Float64Array(length);
    pullTowardsTrend(cryptoShock, cryptoLevels, anchor, CRYPTO_PULL);
    for (let slot = 0; slot < length; slot += 1) {
      this.#crypto[slot] = (cryptoLevels[slot] ?? 0) + 0.3 * (this.#market[slot] ?? 0);
    }
  }

  #slot(day: number): number {
    return day - this.#first;
  }

  /** Market factor of a day (0 on closed days). */
  marketReturn(day: number): number {
    return this.#market[this.#slot(day)] ?? 0;
  }

  /** Daily volatility of an asset. */
  dailyVol(asset: DemoAsset): number {
    return asset.volatility / Math.sqrt(asset.type === 'crypto' ? 365 : TRADING_DAYS_PER_YEAR);
  }

  /**
   * One day's move (a trading day, or any day for crypto) in two parts: `common` (drift and the shared factors)
   * and `own` (the asset's idiosyncratic shock and earnings jump), which the walk pulls back towards trend.
   */
  dailyMove(asset: DemoAsset, day: number, jumps: ReadonlyMap<number, number>, out: Float64Array): void {
    const slot = this.#slot(day);
    const seed = this.#world.seed ^ asset.companySeed;
    const sigma = this.dailyVol(asset);
    const regime = this.#regime[slot] ?? 1;
    if (asset.type === 'crypto') {
      const factor = this.#crypto[slot] ?? 0;
      const idio = Math.sqrt(Math.max(sigma * sigma - (asset.beta * CRYPTO_DAILY_VOL) ** 2, (0.4 * sigma) ** 2));
      out[0] = (asset.drift - 0.5 * asset.volatility ** 2) / 365 + asset.beta * factor;
      out[1] = idio * normal(seed, CH.idio, day);
      return;
    }
    const market = this.#market[slot] ?? 0;
    if (asset.type === 'index') {
      const noise = 0.0009 * normal(seed, CH.idio, day);
      const drift = 0.08 / TRADING_DAYS_PER_YEAR;
      if (asset.indexStyle === 'tech') {
        out[0] = drift + asset.beta * market + 0.6 * (this.#sectors[IT_SECTOR]?.[slot] ?? 0);
        out[1] = 2 * noise;
        return;
      }
      if (asset.indexStyle === 'small') {
        out[0] = drift * 0.7 + asset.beta * market + 0.8 * (this.#small[slot] ?? 0);
        out[1] = noise;
        return;
      }
      out[0] = drift + asset.beta * market;
      out[1] = noise;
      return;
    }
    const foreign = asset.type === 'otc' && asset.country !== 'US' ? 0.5 : 1;
    const beta = asset.beta * foreign;
    const sector = asset.sectorIndex >= 0 ? (this.#sectors[asset.sectorIndex % SECTOR_COUNT]?.[slot] ?? 0) : 0;
    const factorVar = (beta * MARKET_DAILY_VOL) ** 2 + (SECTOR_LOADING * foreign * SECTOR_DAILY_VOL) ** 2;
    const idio = Math.sqrt(Math.max(sigma * sigma - factorVar, (0.35 * sigma) ** 2));
    const tail = uniform(seed, CH.tail, day) < 0.02 ? 2.6 : 1;
    out[0] =
      (asset.drift - 0.5 * asset.volatility ** 2) / TRADING_DAYS_PER_YEAR +
      beta * market +
      SECTOR_LOADING * foreign * sector;
    out[1] = (idio * Math.sqrt(regime) * tail * normal(seed, CH.idio, day)) / 1.06 + (jumps.get(day) ?? 0);
    return;
  }

  /** VIX-like level: the market's recent realised volatility, annualised, plus a fear premium. */
  #vixLevel(asset: DemoAsset, day: number): number {
    const calendar = this.#world.calendar;
    let weighted = 0;
    let weights = 0;
    let fear = 0;
    let cursor = day;
    for (let lag = 0; lag < 30; lag += 1) {
      const weight = 0.9 ** lag;
      const move = this.marketReturn(cursor);
      weighted += weight * move ** 2;
      weights += weight;
      // Falls frighten more than rises reassure: recent losses lift the index (the leverage effect).
      if (lag < 10) fear -= 160 * 0.7 ** lag * move;
      cursor = calendar.previousTrading(cursor);
    }
    const realised = Math.sqrt((weighted / weights) * TRADING_DAYS_PER_YEAR) * 100;
    const level = realised * 1.05 + 3 + fear + 1.2 * normal(this.#world.seed ^ asset.seed, CH.idio, day);
    return Math.min(85, Math.max(9.5, level));
  }

  /**
   * Full-day bars for the days in [from, to] (trading days; calendar days for crypto), plus the close before
   * them. Split-adjusted: the walk lives in today's share terms.
   */
  series(asset: DemoAsset, from: number, to: number): DailySeries {
    const { calendar } = this.#world;
    const crypto = asset.type === 'crypto';
    const isDay = (day: number) => crypto || calendar.isTrading(day);
    const jumps = this.#world.earnings.jumps(asset);
    const anchor = crypto ? this.#world.referenceDay : calendar.onOrBefore(this.#world.referenceDay);
    let before = from - 1;
    while (!isDay(before)) before -= 1;
    const low = Math.min(before, anchor);
    const high = Math.max(to, anchor);
    const all: number[] = [];
    for (let day = low; day <= high; day += 1) if (isDay(day)) all.push(day);
    const logs = new Float64Array(all.length);
    const returns = new Float64Array(all.length);
    const anchorIndex = all.indexOf(anchor);
    const vix = asset.indexStyle === 'vix';
    const pegged = asset.pegged;
    const common = new Float64Array(all.length);
    const own = new Float64Array(all.length);
    if (!vix && !pegged) {
      const move = new Float64Array(2);
      for (let index = 0; index < all.length; index += 1) {
        this.dailyMove(asset, all[index] ?? 0, jumps, move);
        common[index] = move[0] ?? 0;
        own[index] = move[1] ?? 0;
      }
    }
    // The asset's own moves are pulled back towards trend too, walking out from the reference day both ways.
    const pull = crypto ? CRYPTO_PULL : OWN_PULL;
    logs[anchorIndex] = Math.log(asset.referencePrice);
    let deviation = 0;
    for (let index = anchorIndex + 1; index < all.length; index += 1) {
      const next = (1 - pull) * deviation + (own[index] ?? 0);
      returns[index] = (common[index] ?? 0) + next - deviation;
      logs[index] = (logs[index - 1] ?? 0) + (returns[index] ?? 0);
      deviation = next;
    }
    deviation = 0;
    for (let index = anchorIndex; index > 0; index -= 1) {
      const earlier = (1 - pull) * deviation - (own[index] ?? 0);
      returns[index] = (common[index] ?? 0) + deviation - earlier;
      logs[index - 1] = (logs[index] ?? 0) - (returns[index] ?? 0);
      deviation = earlier;
    }
    const seed = this.#world.seed ^ asset.companySeed;
    const sigma = this.dailyVol(asset);
    const startIndex = all.indexOf(before) + 1;
    const days: number[] = [];
    for (let index = startIndex; index < all.length && (all[index] ?? 0) <= to; index += 1) days.push(all[index] ?? 0);
    const count = days.length;
    const result: DailySeries = {
      asset,
      days,
      open: new Float64Array(count),
      high: new Float64Array(count),
      low: new Float64Array(count),
      close: new Float64Array(count),
      volume: new Float64Array(count),
      returns: new Float64Array(count),
      previousClose: 0,
    };
    const closeAt = (index: number, day: number) => {
      if (vix) return roundPrice(this.#vixLevel(asset, day));
      if (pegged) return Math.round((1 + 0.0004 * normal(seed, CH.idio, day)) * 10_000) / 10_000;
      return roundPrice(Math.exp(logs[index] ?? 0));
    };
    let previousClose = closeAt(startIndex - 1, before);
    result.previousClose = previousClose;
    for (let offset = 0; offset < count; offset += 1) {
      const index = startIndex + offset;
      const day = all[index] ?? 0;
      const close = closeAt(index, day);
      const jump = jumps.get(day) ?? 0;
      const move = vix ? Math.log(close / previousClose) : (returns[index] ?? 0);
      const gap = pegged ? 0 : 0.3 * sigma * normal(seed, CH.gap, day) + 0.85 * jump + (vix ? 0.3 * move : 0);
      const open = roundPrice(crypto ? previousClose : previousClose * Math.exp(gap));
      const top = Math.max(open, close);
      const bottom = Math.min(open, close);
      const spread = pegged ? 0.0002 : 0.45 * sigma;
      const high = Math.max(top, roundPrice(top * Math.exp(Math.abs(normal(seed, CH.range, day, 1)) * spread)));
      let lowPrice = roundPrice(bottom * Math.exp(-Math.abs(normal(seed, CH.range, day, 2)) * spread));
      if (lowPrice > bottom || lowPrice <= 0) lowPrice = bottom;
      const activity = (0.75 + 0.25 * Math.min(6, Math.abs(move) / sigma)) * (jump !== 0 ? 2.8 : 1);
      const scale = crypto ? (close / asset.referencePrice) ** 0.7 : 1;
      const volume = asset.averageVolume
        ? Math.round(asset.averageVolume * scale * activity * Math.exp(0.35 * normal(seed, CH.volume, day) - 0.06))
        : 0;
      result.open[offset] = open;
      result.high[offset] = high;
      result.low[offset] = lowPrice;
      result.close[offset] = close;
      result.volume[offset] = volume;
      result.returns[offset] = move;
      previousClose = close;
    }
    return result;
  }
}
