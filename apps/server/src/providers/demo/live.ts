/**
 * Where each asset stands at `now`: its completed daily bars, today's bar while the session runs, intraday bars
 * (5-minute regular session; 30-minute pre- and after-market for listed stocks; 15-minute around the clock for
 * crypto) and the quote. Intraday paths are Brownian bridges from the day's open to its close, stretched to touch
 * exactly the day's high and low, so the bars always agree with the daily bar.
 */
import { MS_PER_DAY, MS_PER_MINUTE } from '@eh/domain';
import type { DailyBarRecord, IntradayBarRecord, QuoteRecord } from '../types.ts';
import { type DailySeries, roundPrice } from './prices.ts';
import { CH, normal, uniform } from './rng.ts';
import type { DemoAsset } from './universe.ts';
import { CRYPTO_INTRADAY_DAYS, type DemoWorld, INTRADAY_DAYS } from './world.ts';

const REGULAR_OPEN = 570;
const PRE_OPEN = 240;
const EXTENDED_STEP = 30;
const REGULAR_STEP = 5;
/** Crypto trades around the clock: 15-minute bars keep two days of them small. */
const CRYPTO_STEP = 15;
const EXTENDED_MINUTES = 240;

export interface Bar {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface SessionBars {
  day: number;
  pre: Bar[];
  regular: Bar[];
  after: Bar[];
}

export interface LiveState {
  asset: DemoAsset;
  /** Completed daily bars from the requested start. */
  series: DailySeries;
  /** Today's bar so far, while the session runs. */
  partial: DailyBarRecord | null;
  /** Intraday bars of the last few sessions, completed bars only. */
  sessions: SessionBars[];
  quote: QuoteRecord;
}

/** A Brownian bridge from `start` to `end` in `steps` steps with total standard deviation `sigma`. */
function bridge(seed: number, channel: number, day: number, steps: number, start: number, end: number, sigma: number) {
  const path = new Float64Array(steps + 1);
  let walk = 0;
  const increments = new Float64Array(steps + 1);
  for (let step = 1; step <= steps; step += 1) {
    walk += normal(seed, channel, day, step) / Math.sqrt(steps);
    increments[step] = walk;
  }
  for (let step = 0; step <= steps; step += 1) {
    const fraction = step / steps;
    path[step] = start + (end - start) * fraction + sigma * ((increments[step] ?? 0) - fraction * walk);
  }
  return path;
}

/** Share of a session over which a path bends to reach the day's high or low (half-width of the bend). */
const BEND_SHARE = 1 / 6;

/** Adds a raised-cosine bump of `height` centred on `at`, zero from `width` steps away (the ends never move). */
function bend(path: Float64Array, at: number, height: number, width: number) {
  const last = path.length - 2;
  for (let step = Math.max(1, at - width + 1); step <= Math.min(last, at + width - 1); step += 1) {
    path[step] = (path[step] ?? 0) + height * 0.5 * (1 + Math.cos((Math.PI * (step - at)) / width));
  }
}

/** The interior step with the most extreme value (`sign` 1: highest, -1: lowest) at least `keepFrom` steps from `avoid`. */
function extremeAt(path: Float64Array, sign: 1 | -1, from: number, to: number, avoid = -1, keepFrom = 0): number {
  let best = -1;
  for (let step = from; step <= to; step += 1) {
    if (avoid >= 0 && Math.abs(step - avoid) < keepFrom) continue;
    if (best < 0 || sign * ((path[step] ?? 0) - (path[best] ?? 0)) > 0) best = step;
  }
  return best;
}

/**
 * Fits a path (open → close kept) to touch exactly the day's `high` and `low`, then rounds it. Excursions beyond the
 * range are compressed; an extreme the path falls short of is reached by a smooth bend well inside the session.
 * Never by moving one point or stretching a tiny excursion: either draws a one-bar spike across the day's range.
 */
function fitToRange(path: Float64Array, high: number, low: number): Float64Array {
  const steps = path.length - 1;
  const open = path[0] ?? 0;
  const close = path[steps] ?? 0;
  const top = Math.max(open, close);
  const bottom = Math.min(open, close);
  let maximum = -Infinity;
  let minimum = Infinity;
  for (const value of path) {
    maximum = Math.max(maximum, value);
    minimum = Math.min(minimum, value);
  }
  const up = maximum > high ? (high - top) / (maximum - top) : 1;
  const down = minimum < low ? (bottom - low) / (bottom - minimum) : 1;
  for (let step = 1; step < steps; step += 1) {
    const value = path[step] ?? 0;
    if (value > top) path[step] = top + (value - top) * up;
    else if (value < bottom) path[step] = bottom - (bottom - value) * down;
  }
  const width = Math.max(1, Math.round(steps * BEND_SHARE));
  if (steps > 2 * width) {
    const highAt = extremeAt(path, 1, width, steps - width);
    const short = high - (path[highAt] ?? 0);
    if (short > 0 && maximum < high) bend(path, highAt, short, width);
    // The low's bend keeps clear of the high, wherever it now is.
    const peak = extremeAt(path, 1, 1, steps - 1);
    const lowAt = extremeAt(path, -1, width, steps - width, peak, width);
    const shortBelow = (path[lowAt] ?? 0) - low;
    if (lowAt >= 0 && shortBelow > 0 && minimum > low) bend(path, lowAt, -shortBelow, width);
  }
  for (let step = 1; step < steps; step += 1) path[step] = Math.min(high, Math.max(low, roundPrice(path[step] ?? 0)));
  // Rounding may leave an extreme a cent short: the point nearest it takes it exactly.
  if (steps > 1 && high > top && !path.includes(high)) path[extremeAt(path, 1, 1, steps - 1)] = high;
  if (steps > 2 && low < bottom && !path.includes(low)) {
    const at = extremeAt(path, -1, 1, steps - 1);
    if (path[at] !== high) path[at] = low;
  }
  return path;
}

/** Bars between consecutive points of `path`, volumes summing to `volume`. */
function barsOf(
  path: Float64Array,
  start: number,
  step: number,
  volume: number,
  shape: (fraction: number) => number,
  seed: number,
  day: number,
  channel: number,
  limits: { high: number; low: number },
  wick: number,
): Bar[] {
  const count = path.length - 1;
  const weights = new Float64Array(count);
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    const weight = shape((index + 0.5) / count) * (0.7 + 0.6 * uniform(seed, channel, day, 10_000 + index));
    weights[index] = weight;
    total += weight;
  }
  const bars: Bar[] = [];
  let assigned = 0;
  for (let index = 0; index < count; index += 1) {
    const open = path[index] ?? 0;
    const close = path[index + 1] ?? 0;
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(
      top,
      Math.min(limits.high, roundPrice(top * (1 + wick * Math.abs(normal(seed, channel, day, 20_000 + index))))),
    );
    const low = Math.min(
      bottom,
      Math.max(limits.low, roundPrice(bottom * (1 - wick * Math.abs(normal(seed, channel, day, 30_000 + index))))),
    );
    const share = index === count - 1 ? volume - assigned : Math.floor((volume * (weights[index] ?? 0)) / total);
    assigned += share;
    bars.push({ ts: start + index * step * MS_PER_MINUTE, open, high, low, close, volume: share });
  }
  return bars;
}

const uShape = (fraction: number) => 1 + 2.2 * (2 * fraction - 1) ** 2;
const rising = (fraction: number) => 0.3 + fraction * 1.5;
const falling = (fraction: number) => 1.6 - fraction * 1.3;

function indexOfDay(series: DailySeries, day: number): number {
  return series.days.indexOf(day);
}

/** Regular-session (or crypto UTC-day) bars of a full day. */
function regularBars(world: DemoWorld, asset: DemoAsset, series: DailySeries, index: number): Bar[] {
  const day = series.days[index] ?? 0;
  const crypto = asset.type === 'crypto';
  const step = crypto ? CRYPTO_STEP : REGULAR_STEP;
  const steps = crypto ? (24 * 60) / CRYPTO_STEP : world.calendar.sessionMinutes(day) / REGULAR_STEP;
  const open = series.open[index] ?? 0;
  const close = series.close[index] ?? 0;
  const high = series.high[index] ?? 0;
  const low = series.low[index] ?? 0;
  const seed = world.seed ^ asset.companySeed;
  // Wiggles in proportion to the day's own range: a quiet day's path stays quiet.
  const sigma = 0.6 * (high - low);
  const path = fitToRange(bridge(seed, CH.path, day, steps, open, close, sigma), high, low);
  const start = crypto ? day * MS_PER_DAY : world.calendar.nyInstant(day, REGULAR_OPEN);
  const wick = asset.pegged ? 0 : world.prices.dailyVol(asset) * 0.08;
  return barsOf(
    path,
    start,
    step,
    series.volume[index] ?? 0,
    crypto ? () => 1 : uShape,
    seed,
    day,
    CH.path,
    { high, low },
    wick,
  );
}

/** Where after-hours trading ends: part of the way to the next open. */
function afterHoursEnd(world: DemoWorld, asset: DemoAsset, series: DailySeries, index: number): number {
  const close = series.close[index] ?? 0;
  const nextOpen = series.open[index + 1] ?? close;
  const seed = world.seed ^ asset.companySeed;
  const day = series.days[index] ?? 0;
  const sigma = world.prices.dailyVol(asset);
  return roundPrice(
    close * Math.exp(0.6 * Math.log(nextOpen / close) + 0.15 * sigma * normal(seed, CH.extended, day, 1)),
  );
}

function extendedBars(
  world: DemoWorld,
  asset: DemoAsset,
  series: DailySeries,
  index: number,
): { pre: Bar[]; after: Bar[] } {
  const day = series.days[index] ?? 0;
  const { calendar } = world;
  const seed = world.seed ^ asset.companySeed;
  const sigma = world.prices.dailyVol(asset);
  const open = series.open[index] ?? 0;
  const close = series.close[index] ?? 0;
  const volume = series.volume[index] ?? 0;
  const previousEnd = index > 0 ? afterHoursEnd(world, asset, series, index - 1) : (series.open[index] ?? 0);
  const preEnd = roundPrice(open * Math.exp(0.1 * sigma * normal(seed, CH.extended, day, 2)));
  const preSteps = (REGULAR_OPEN - PRE_OPEN) / EXTENDED_STEP;
  const prePath = bridge(seed, CH.extended, day, preSteps, previousEnd, preEnd, 0.35 * sigma * open).map(
    (value, step) => (step === 0 ? previousEnd : step === preSteps ? preEnd : roundPrice(Math.max(value, 0.0001))),
  );
  const closeMinute = REGULAR_OPEN + calendar.sessionMinutes(day);
  const afterEnd = afterHoursEnd(world, asset, series, index);
  const afterSteps = EXTENDED_MINUTES / EXTENDED_STEP;
  const afterPath = bridge(seed, CH.extended, day + 0.5, afterSteps, close, afterEnd, 0.3 * sigma * close).map(
    (value, step) => (step === 0 ? close : step === afterSteps ? afterEnd : roundPrice(Math.max(value, 0.0001))),
  );
  const wick = sigma * 0.05;
  const unbounded = { high: Number.POSITIVE_INFINITY, low: 0 };
  return {
    pre: barsOf(
      prePath,
      calendar.nyInstant(day, PRE_OPEN),
      EXTENDED_STEP,
      Math.round(volume * 0.015),
      rising,
      seed,
      day,
      CH.extended,
      unbounded,
      wick,
    ),
    after: barsOf(
      afterPath,
      calendar.nyInstant(day, closeMinute),
      EXTENDED_STEP,
      Math.round(volume * 0.012),
      falling,
      seed,
      day + 7,
      CH.extended,
      unbounded,
      wick,
    ),
  };
}

function dailyRecord(asset: DemoAsset, date: string, bars: readonly Bar[]): DailyBarRecord {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (const bar of bars) {
    high = Math.max(high, bar.high);
    low = Math.min(low, bar.low);
    volume += bar.volume;
  }
  return {
    symbol: asset.symbol,
    type: asset.type,
    date,
    open: bars[0]?.open ?? 0,
    high,
    low,
    close: bars[bars.length - 1]?.close ?? 0,
    volume,
  };
}

const completed = (bars: readonly Bar[], step: number, now: number) =>
  bars.filter((bar) => bar.ts + step * MS_PER_MINUTE <= now);

/**
 * The asset's state at `now`: completed daily bars from `from` (epoch day), today's partial bar, the intraday
 * bars of the last sessions and the quote.
 */
export function liveState(world: DemoWorld, asset: DemoAsset, from: number, withIntraday = true): LiveState {
  const { calendar, now } = world;
  const crypto = asset.type === 'crypto';
  const extended = asset.type === 'stock';
  let lastComplete: number;
  let current: number | null = null;
  let horizon: number;
  if (crypto) {
    lastComplete = world.utcToday - 1;
    current = world.utcToday;
    horizon = world.utcToday;
  } else {
    const trading = calendar.isTrading(world.today);
    const close = REGULAR_OPEN + (trading ? calendar.sessionMinutes(world.today) : 0);
    lastComplete = world.lastClosedDay();
    if (trading && world.minute >= PRE_OPEN && world.minute < close) current = world.today;
    horizon = calendar.nextTrading(Math.max(world.today, lastComplete));
  }
  const start = Math.min(from, lastComplete);
  const full = world.prices.series(asset, start, horizon);
  const completeCount = full.days.findIndex((day) => day > lastComplete);
  const count = completeCount < 0 ? full.days.length : completeCount;
  const series: DailySeries = {
    asset,
    days: full.days.slice(0, count),
    open: full.open.subarray(0, count),
    high: full.high.subarray(0, count),
    low: full.low.subarray(0, count),
    close: full.close.subarray(0, count),
    volume: full.volume.subarray(0, count),
    returns: full.returns.subarray(0, count),
    previousClose: full.previousClose,
  };

  // Intraday sessions: the last few days up to the current one.
  const sessionDays: number[] = [];
  const wanted = crypto ? CRYPTO_INTRADAY_DAYS : INTRADAY_DAYS;
  for (let day = current ?? lastComplete; sessionDays.length < wanted && day >= start; ) {
    sessionDays.unshift(day);
    day = crypto ? day - 1 : calendar.previousTrading(day);
  }
  const sessions: SessionBars[] = [];
  let partial: DailyBarRecord | null = null;
  let preNow: Bar[] = [];
  let afterNow: Bar[] = [];
  for (const day of sessionDays) {
    const index = indexOfDay(full, day);
    if (index < 0) continue;
    const isCurrent = day === current;
    if (!withIntraday && !isCurrent && !(extended && day === lastComplete)) continue;
    const regular = completed(regularBars(world, asset, full, index), crypto ? CRYPTO_STEP : REGULAR_STEP, now);
    const outside = extended ? extendedBars(world, asset, full, index) : { pre: [], after: [] };
    const pre = completed(outside.pre, EXTENDED_STEP, now);
    const after = completed(outside.after, EXTENDED_STEP, now);
    sessions.push({ day, pre, regular, after });
    if (isCurrent && regular.length > 0) partial = dailyRecord(asset, calendar.iso(day), regular);
    if (isCurrent) preNow = pre;
    if (day === lastComplete || isCurrent) afterNow = after;
  }

  const lastIndex = series.days.length - 1;
  const lastClose = series.close[lastIndex] ?? series.previousClose;
  const beforeLast = lastIndex > 0 ? (series.close[lastIndex - 1] ?? series.previousClose) : series.previousClose;
  const lastDay = series.days[lastIndex] ?? lastComplete;
  const quote: QuoteRecord = partial
    ? {
        symbol: asset.symbol,
        type: asset.type,
        price: partial.close,
        prevClose: lastClose,
        open: partial.open,
        highPrice: partial.high,
        lowPrice: partial.low,
        volume: partial.volume,
        quotedAt: new Date(
          Math.min(
            now,
            (sessions.at(-1)?.regular.at(-1)?.ts ?? now) + (crypto ? CRYPTO_STEP : REGULAR_STEP) * MS_PER_MINUTE,
          ),
        ),
      }
    : {
        symbol: asset.symbol,
        type: asset.type,
        price: lastClose,
        prevClose: beforeLast,
        open: series.open[lastIndex] ?? null,
        highPrice: series.high[lastIndex] ?? null,
        lowPrice: series.low[lastIndex] ?? null,
        volume: series.volume[lastIndex] ?? null,
        quotedAt: new Date(
          crypto
            ? (lastDay + 1) * MS_PER_DAY
            : calendar.nyInstant(lastDay, REGULAR_OPEN + calendar.sessionMinutes(lastDay)),
        ),
      };
  quote.extendedPrice = null;
  quote.extendedSession = null;
  quote.extendedAt = null;
  if (extended && current !== null && partial === null) {
    // Pre-market, and the session's first minutes until its first regular bar completes: the last completed
    // pre-market bar (or where the previous evening ended), where the day's chart ends.
    const bar = preNow.at(-1);
    const index = indexOfDay(full, current);
    quote.extendedSession = 'pre';
    quote.extendedPrice = bar?.close ?? afterHoursEnd(world, asset, full, index - 1);
    quote.extendedAt = new Date(bar ? bar.ts + EXTENDED_STEP * MS_PER_MINUTE : calendar.nyInstant(current, PRE_OPEN));
  } else if (extended && partial === null && current === null) {
    // After the close: the after-hours price, kept until the next pre-market opens (overnight, over a weekend or a
    // holiday) as quote pages show it, so the header names the price the day's chart ends at.
    const closedAt = calendar.nyInstant(lastDay, REGULAR_OPEN + calendar.sessionMinutes(lastDay));
    if (now >= closedAt) {
      const bar = afterNow.at(-1);
      quote.extendedSession = 'after';
      quote.extendedPrice = bar?.close ?? lastClose;
      quote.extendedAt = new Date(bar ? bar.ts + EXTENDED_STEP * MS_PER_MINUTE : closedAt);
    }
  }
  return { asset, series, partial, sessions, quote };
}

/** The intraday bars of a state as records. */
export function intradayRecords(asset: DemoAsset, sessions: readonly SessionBars[]): IntradayBarRecord[] {
  const records: IntradayBarRecord[] = [];
  const push = (bars: readonly Bar[], session: IntradayBarRecord['session'], intervalMinutes: number) => {
    for (const bar of bars) {
      records.push({
        symbol: asset.symbol,
        type: asset.type,
        ts: new Date(bar.ts),
        intervalMinutes,
        session,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
      });
    }
  };
  for (const session of sessions) {
    push(session.pre, 'pre', EXTENDED_STEP);
    push(session.regular, 'regular', asset.type === 'crypto' ? CRYPTO_STEP : REGULAR_STEP);
    push(session.after, 'after', EXTENDED_STEP);
  }
  return records;
}
