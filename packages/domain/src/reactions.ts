/**
 * How a stock reacts to its earnings reports (decision 0045): the move after each report worked out from daily bars
 * and the report's date and session, the company's record over its last reports, and the move expected for the
 * next one. Pure rules: the server's job feeds them stored bars and writes what they return.
 *
 * The window of a report: the base is the last close the market saw before the news, the reaction bar the first
 * session that traded on it.
 * - before the open (or during market hours): base = the last bar before the report date, reaction = the first bar
 *   on or after it;
 * - after the close: base = the last bar on or before the report date, reaction = the first bar after it.
 * A holiday, a half day or a halt simply means the next bar present. The window is refused (null with a reason)
 * when the session is unknown, the asset trades around the clock (crypto), or the bars around the date are missing
 * or too far apart.
 */

import { formatPercent } from './format.ts';
import type { MarketAssetType } from './market.ts';
import { type SessionType, sessionOf } from './market-hours.ts';
import { addDays, type IsoDate, nyDate, nyTime, type WallTime } from './time.ts';

/** A report's date as scheduled, with the moment its figures were stored (null until reported). */
export interface ReportTimingFacts {
  date: IsoDate;
  time: WallTime | null;
  session: SessionType | null;
  reportedAtMs: number | null;
}

/**
 * When the market heard a report: on its date, in its session (the stored one, else the one its time falls in),
 * unless its figures were stored on an earlier New York day: a company that reported ahead of its date (an early
 * release, the demo's "report now") was heard that day, in the session of that moment. A store later the same day
 * says nothing about the session: a release is often stored minutes after its time.
 */
export function reportTiming(report: ReportTimingFacts): {
  date: IsoDate;
  time: WallTime | null;
  session: SessionType | null;
  /** The very moment of an early store (its wall time is to the minute); null for a report heard on its date. */
  earlyAtMs: number | null;
} {
  if (report.reportedAtMs !== null) {
    const heard = nyDate(report.reportedAtMs);
    if (heard < report.date) {
      const time = nyTime(report.reportedAtMs);
      return { date: heard, time, session: sessionOf(time, heard), earlyAtMs: report.reportedAtMs };
    }
  }
  return {
    date: report.date,
    time: report.time,
    session: report.session ?? (report.time ? sessionOf(report.time, report.date) : null),
    earlyAtMs: null,
  };
}

/** A day's bar, as stored in `ohlc_daily`. */
export interface DailyBar {
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A split as stored: 4-for-1 is numerator 4, denominator 1. */
export interface SplitEvent {
  date: IsoDate;
  numerator: number;
  denominator: number;
}

/** Why a report has no reaction. */
export const REACTION_NULL_REASONS = [
  /** The report's session is not known: before or after the close decides which bars count. */
  'unknown_session',
  /** The asset trades around the clock (crypto): there is no open or close to measure from. */
  'no_session',
  /** No bars around the date (a new listing, a long halt, a gap in the data). */
  'no_prices',
  /** The reaction's session has not traded yet (an upcoming report, or today's after-close one). */
  'pending',
  /** The report's date or session changed after the reaction was stored; the recompute is queued. */
  'stale',
] as const;
export type ReactionNullReason = (typeof REACTION_NULL_REASONS)[number];

/** The benchmark every stock's move is set against: the S&P 500, which every demo and real bar set carries. */
export const REACTION_BENCHMARK_SYMBOL = '^GSPC';
/**
 * The most calendar days between the report date and the bars that frame it. A long weekend with a holiday spans
 * four; a bar further away than this means a halt or missing data, and a move across it is not the report's.
 */
export const REACTION_MAX_GAP_DAYS = 7;
/** The multi-day move is measured to the close of this many sessions, the reaction day being the first. */
export const REACTION_LONG_SESSIONS = 5;

export interface ReactionInput {
  reportDate: IsoDate;
  session: SessionType | null;
  assetType: MarketAssetType;
  /** Today (New York): a report whose reacting session has not traded is pending until the gap allowed is past. */
  today: IsoDate;
  /** The asset's bars, oldest first. */
  bars: readonly DailyBar[];
  /** The benchmark's bars, oldest first (empty when there are none). */
  benchmark?: readonly DailyBar[];
  /** The asset's splits (any order). */
  splits?: readonly SplitEvent[];
}

export interface Reaction {
  /** The close measured from. */
  baseDate: IsoDate;
  /** The first session that traded on the news. */
  reactionDate: IsoDate;
  /** The last session of the multi-day move; null until it has traded. */
  longEndDate: IsoDate | null;
  /** Base close → reaction open, percent. */
  gapPercent: number;
  /** Base close → reaction close, percent. */
  oneDayPercent: number;
  /** Base close → close of the fifth session, percent; null until it has traded. */
  fiveDayPercent: number | null;
  /** The reaction day's high − low against the base close, percent. */
  intradayRangePercent: number;
  /** The benchmark's move over the same one-day window; null when it has no bars on both days. */
  benchmarkPercent: number | null;
  /** The one-day move less the benchmark's, percentage points. */
  relativePercent: number | null;
  /** Whether a split inside the window was taken out of the bars. */
  splitAdjusted: boolean;
}

export type ReactionResult = { reaction: Reaction; reason: null } | { reaction: null; reason: ReactionNullReason };

const refuse = (reason: ReactionNullReason): ReactionResult => ({ reaction: null, reason });
const percent = (to: number, from: number) => (to / from - 1) * 100;

/** Index of the first bar dated on or after `date` (bars oldest first); `bars.length` when none. */
function firstOnOrAfter(bars: readonly DailyBar[], date: IsoDate): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as DailyBar).date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The factor that puts a bar dated `date` in the terms of the base bar, given splits inside the window. Stored bars
 * may be as traded (the price drops 4× on a 4-for-1 split day) or already split-adjusted (Yahoo's closes run on
 * smoothly): for each split, the reading whose overnight move across the split is the smaller is the one the data
 * follows, since a real overnight move of the split's size on that very day does not happen.
 */
function splitFactors(
  bars: readonly DailyBar[],
  splits: readonly SplitEvent[],
  from: IsoDate,
  to: IsoDate,
): ((date: IsoDate) => number) | null {
  const inside = splits.filter((split) => split.date > from && split.date <= to && split.numerator > 0);
  const applied: { date: IsoDate; ratio: number }[] = [];
  for (const split of inside) {
    const ratio = split.numerator / split.denominator;
    if (!Number.isFinite(ratio) || ratio <= 0 || ratio === 1) continue;
    const at = firstOnOrAfter(bars, split.date);
    const before = bars[at - 1];
    const on = bars[at];
    if (!before || !on) continue;
    const asTraded = Math.abs(Math.log((on.open * ratio) / before.close));
    const adjusted = Math.abs(Math.log(on.open / before.close));
    if (asTraded < adjusted) applied.push({ date: on.date, ratio });
  }
  if (applied.length === 0) return null;
  return (date) => applied.reduce((factor, split) => (date >= split.date ? factor * split.ratio : factor), 1);
}

/** The reaction to one report (see the module comment for the window). */
export function reactionTo(input: ReactionInput): ReactionResult {
  if (input.assetType === 'crypto') return refuse('no_session');
  if (input.session === null) return refuse('unknown_session');
  const { bars, reportDate } = input;
  // After the close the report day's own bar is the base; otherwise it is the reaction.
  const at = firstOnOrAfter(bars, input.session === 'after' ? addDays(reportDate, 1) : reportDate);
  const base = bars[at - 1];
  const day = bars[at];
  if (!day) {
    // Nothing traded on the news yet: pending while its session can still come, missing once it is well past.
    return input.today <= addDays(reportDate, REACTION_MAX_GAP_DAYS) ? refuse('pending') : refuse('no_prices');
  }
  if (!base || base.date < addDays(reportDate, -REACTION_MAX_GAP_DAYS)) return refuse('no_prices');
  if (day.date > addDays(reportDate, REACTION_MAX_GAP_DAYS)) return refuse('no_prices');
  if (!(base.close > 0)) return refuse('no_prices');

  const longBar = bars[at + REACTION_LONG_SESSIONS - 1] ?? null;
  const factorOf = splitFactors(bars, input.splits ?? [], base.date, (longBar ?? day).date);
  const f = (date: IsoDate) => factorOf?.(date) ?? 1;
  const dayFactor = f(day.date);
  const oneDayPercent = percent(day.close * dayFactor, base.close);

  let benchmarkPercent: number | null = null;
  const benchmark = input.benchmark ?? [];
  if (benchmark.length > 0) {
    const benchmarkDay = benchmark[firstOnOrAfter(benchmark, day.date)];
    const benchmarkBase = benchmark[firstOnOrAfter(benchmark, base.date)];
    if (benchmarkDay?.date === day.date && benchmarkBase?.date === base.date && benchmarkBase.close > 0)
      benchmarkPercent = percent(benchmarkDay.close, benchmarkBase.close);
  }

  return {
    reason: null,
    reaction: {
      baseDate: base.date,
      reactionDate: day.date,
      longEndDate: longBar?.date ?? null,
      gapPercent: percent(day.open * dayFactor, base.close),
      oneDayPercent,
      fiveDayPercent: longBar ? percent(longBar.close * f(longBar.date), base.close) : null,
      intradayRangePercent: (((day.high - day.low) * dayFactor) / base.close) * 100,
      benchmarkPercent,
      relativePercent: benchmarkPercent === null ? null : oneDayPercent - benchmarkPercent,
      splitAdjusted: factorOf !== null,
    },
  };
}

// ---- a company's record ------------------------------------------------------------------------------------------

/** The spans of past reports the record is told over. */
export const REACTION_STAT_WINDOWS = [4, 8, 12] as const;
export type ReactionStatWindow = (typeof REACTION_STAT_WINDOWS)[number];
/** The span the record's sentence and the calendar's typical move use, when the company has that many reports. */
export const REACTION_HEADLINE_WINDOW: ReactionStatWindow = 8;
/** The fewest reports with a reaction a typical move is told from (the shortest window). */
export const REACTION_MIN_REPORTS: ReactionStatWindow = 4;
/** The fewest (move, surprise) pairs a correlation is worked out from. */
export const REACTION_MIN_CORRELATION_PAIRS = 4;
/** The calendar's "big movers" filter: a typical move of at least this many percent. */
export const BIG_MOVER_MIN_PERCENT = 5;
/** The home page's likely big movers: this week's reports with the largest expected moves, this many. */
export const LIKELY_MOVERS_LIMIT = 8;

/** One past report as the record reads it. */
export interface ReactionRecord {
  date: IsoDate;
  oneDayPercent: number;
  /** The EPS surprise against the estimate, percent; null when either figure is missing. */
  epsSurprisePercent: number | null;
  revenueSurprisePercent: number | null;
}

export interface ReactionWindowStats {
  reports: ReactionStatWindow;
  /** Mean of |one-day move| over the last `reports` reactions; null when the company has fewer. */
  meanAbsPercent: number | null;
  up: number;
  down: number;
}

export interface ReactionStats {
  /** Reactions the record is told from (the most recent, at most the largest window). */
  count: number;
  windows: ReactionWindowStats[];
  up: number;
  down: number;
  /** EPS beat (surprise > 0) and the stock fell. */
  beatAndFell: number;
  /** EPS missed (surprise < 0) and the stock rose. */
  missedAndRose: number;
  /** Pearson correlation of the one-day move with the EPS surprise percent; null with too few pairs or no spread. */
  epsCorrelation: number | null;
  revenueCorrelation: number | null;
  largest: { date: IsoDate; oneDayPercent: number } | null;
  /** The headline window's mean, else the shortest window's: the calendar's figure. */
  typicalMovePercent: number | null;
  /** The window `typicalMovePercent` was told over. */
  typicalWindow: ReactionStatWindow | null;
}

/** Pearson's r of the pairs; null below the minimum count or when either side does not vary. */
export function correlation(pairs: readonly (readonly [number, number])[]): number | null {
  if (pairs.length < REACTION_MIN_CORRELATION_PAIRS) return null;
  const n = pairs.length;
  const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

const LARGEST_WINDOW = REACTION_STAT_WINDOWS[REACTION_STAT_WINDOWS.length - 1] as ReactionStatWindow;

/** A company's record over its latest reports with a reaction (any order in, newest counted first). */
export function reactionStats(records: readonly ReactionRecord[]): ReactionStats {
  const recent = [...records].sort((a, b) => b.date.localeCompare(a.date)).slice(0, LARGEST_WINDOW);
  const windows = REACTION_STAT_WINDOWS.map((reports): ReactionWindowStats => {
    const span = recent.slice(0, reports);
    return {
      reports,
      meanAbsPercent:
        span.length < reports ? null : span.reduce((sum, r) => sum + Math.abs(r.oneDayPercent), 0) / reports,
      up: span.filter((r) => r.oneDayPercent > 0).length,
      down: span.filter((r) => r.oneDayPercent < 0).length,
    };
  });
  const headline = windows.find((w) => w.reports === REACTION_HEADLINE_WINDOW);
  const shortest = windows.find((w) => w.reports === REACTION_MIN_REPORTS);
  const typical = headline?.meanAbsPercent != null ? headline : shortest?.meanAbsPercent != null ? shortest : null;
  const largest = recent.reduce<ReactionRecord | null>(
    (best, r) => (best === null || Math.abs(r.oneDayPercent) > Math.abs(best.oneDayPercent) ? r : best),
    null,
  );
  const pairs = (pick: (r: ReactionRecord) => number | null) =>
    recent.flatMap((r) => {
      const surprise = pick(r);
      return surprise === null ? [] : [[surprise, r.oneDayPercent] as const];
    });
  return {
    count: recent.length,
    windows,
    up: recent.filter((r) => r.oneDayPercent > 0).length,
    down: recent.filter((r) => r.oneDayPercent < 0).length,
    beatAndFell: recent.filter((r) => (r.epsSurprisePercent ?? 0) > 0 && r.oneDayPercent < 0).length,
    missedAndRose: recent.filter((r) => (r.epsSurprisePercent ?? 0) < 0 && r.oneDayPercent > 0).length,
    epsCorrelation: correlation(pairs((r) => r.epsSurprisePercent)),
    revenueCorrelation: correlation(pairs((r) => r.revenueSurprisePercent)),
    largest: largest ? { date: largest.date, oneDayPercent: largest.oneDayPercent } : null,
    typicalMovePercent: typical?.meanAbsPercent ?? null,
    typicalWindow: typical?.reports ?? null,
  };
}

/**
 * "NVDA has moved 7.9% on average after its last 8 reports, up 5 times"; null when there is no typical move.
 */
export function describeReactionStats(symbol: string, stats: ReactionStats): string | null {
  const window = stats.windows.find((w) => w.reports === stats.typicalWindow);
  if (!window || window.meanAbsPercent === null) return null;
  const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
  const average = formatPercent(window.meanAbsPercent, { signed: false, digits: 1 });
  return `${symbol} has moved ${average} on average after its last ${window.reports} reports, up ${times(window.up)}`;
}

// ---- the expected move -------------------------------------------------------------------------------------------

/** Where an expected move comes from, always shown beside it. */
export const EXPECTED_MOVE_SOURCES = ['implied', 'history', 'volatility'] as const;
export type ExpectedMoveSource = (typeof EXPECTED_MOVE_SOURCES)[number];

/** Where an expected move comes from, in words: always said beside the figure. */
export const EXPECTED_MOVE_SOURCE_LABELS: Readonly<Record<ExpectedMoveSource, string>> = {
  implied: 'implied by options prices',
  history: 'from its past reactions and recent volatility',
  volatility: 'from recent volatility (no reaction history yet)',
};

/** The same, in a word or two (a list's column). */
export const EXPECTED_MOVE_SOURCE_SHORT_LABELS: Readonly<Record<ExpectedMoveSource, string>> = {
  implied: 'options',
  history: 'history',
  volatility: 'volatility',
};

/** Sessions of recent volatility (about a month) … */
export const RECENT_VOLATILITY_SESSIONS = 20;
/** … against the longer run it is compared with (about six months). */
export const LONG_VOLATILITY_SESSIONS = 120;
/** The recent-to-long volatility ratio scales the history's move at most this far either way. */
export const VOLATILITY_SCALE_LIMIT = 2;
/**
 * Without a reaction history: a report day's move taken as this many ordinary days' expected move. Earnings days
 * of US large caps run at about three times an ordinary day's absolute move.
 */
export const EARNINGS_DAY_VOLATILITY_MULTIPLE = 3;
/** E|X| of a normal variable is σ·√(2/π): an ordinary day's expected absolute move from its standard deviation. */
const MEAN_ABS_OF_NORMAL = Math.sqrt(2 / Math.PI);

export interface ExpectedMove {
  percent: number;
  source: ExpectedMoveSource;
}

/** Standard deviation of the daily log returns over the last `sessions` returns, percent; null with too few bars. */
export function dailyVolatility(bars: readonly DailyBar[], sessions: number): number | null {
  if (bars.length < sessions + 1) return null;
  const returns: number[] = [];
  for (let i = bars.length - sessions; i < bars.length; i += 1) {
    const prev = bars[i - 1] as DailyBar;
    const bar = bars[i] as DailyBar;
    if (!(prev.close > 0) || !(bar.close > 0)) return null;
    returns.push(Math.log(bar.close / prev.close));
  }
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * 100;
}

/**
 * The move expected on the next report: the options market's implied move where a provider gives one; otherwise
 * the company's typical reaction scaled by how its recent volatility compares with the longer run; otherwise an
 * ordinary day's expected move from recent volatility times {@link EARNINGS_DAY_VOLATILITY_MULTIPLE}. Null when
 * none of them can be told. `bars` are the asset's bars up to now, oldest first.
 */
export function expectedMove(input: {
  impliedPercent?: number | null;
  typicalMovePercent: number | null;
  bars: readonly DailyBar[];
}): ExpectedMove | null {
  if (input.impliedPercent != null && Number.isFinite(input.impliedPercent) && input.impliedPercent >= 0)
    return { percent: input.impliedPercent, source: 'implied' };
  const recent = dailyVolatility(input.bars, RECENT_VOLATILITY_SESSIONS);
  if (input.typicalMovePercent !== null) {
    const long = dailyVolatility(input.bars, LONG_VOLATILITY_SESSIONS);
    const scale =
      recent !== null && long !== null && long > 0
        ? Math.min(VOLATILITY_SCALE_LIMIT, Math.max(1 / VOLATILITY_SCALE_LIMIT, recent / long))
        : 1;
    return { percent: input.typicalMovePercent * scale, source: 'history' };
  }
  if (recent === null) return null;
  return { percent: recent * MEAN_ABS_OF_NORMAL * EARNINGS_DAY_VOLATILITY_MULTIPLE, source: 'volatility' };
}
