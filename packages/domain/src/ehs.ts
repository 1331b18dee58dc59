/**
 * EHS (the EarningsHub Score, SPEC §3 metric `overallScore`) and EH500 (ranking `top500`): our own definitions,
 * published in `docs/ehs.md` and on /ehs/learn-more. Every number that document quotes is named here once.
 *
 * The pipeline, per stock and date:
 * 1. {@link computeMetricsFor}: P/S, P/E, YoY EPS and YoY revenue from the price of that date and the quarterly
 *    results public by then (never later ones: {@link earningsPublishedAt}).
 * 2. {@link ehsIneligibility}: whether the stock takes part in the ranking that day.
 * 3. {@link scoreUniverse}: percentile ranks of each metric among eligible peers (sector peers when the sector is
 *    big enough), a weighted blend, and that blend ranked again into the 0–100 score.
 * 4. {@link selectIndex} / {@link rebalance}: the EH500 members at each quarterly rebalance, with a buffer.
 */

import { FISCAL_PERIODS, type FiscalPeriod, type Ranking, SYMBOL_FILTER_MIN_MARKET_CAP } from './market.ts';
import {
  AFTER_HOURS_CLOSE,
  EARLY_CLOSE,
  isTradingDay,
  marketDayStatus,
  nextTradingDay,
  previousTradingDay,
  REGULAR_CLOSE,
  REGULAR_OPEN,
  type SessionType,
} from './market-hours.ts';
import {
  addDays,
  dayOfWeek,
  FRIDAY,
  formatIsoDate,
  type IsoDate,
  nyToUtc,
  parseIsoDate,
  type WallTime,
} from './time.ts';

// ---------------------------------------------------------------------------------------------------------------
// The method's numbers (docs/ehs.md quotes each one; a unit test checks they agree)

/** The four parts of the score, in the order the UI lists them. */
export const EHS_COMPONENTS = ['ps', 'pe', 'yoyEps', 'yoyRevenue'] as const;
export type EhsComponent = (typeof EHS_COMPONENTS)[number];

/** How much each part counts: valuation 50 % (P/E weighs more than P/S), growth 50 %. Sums to 1. */
export const EHS_WEIGHTS = {
  ps: 0.2,
  pe: 0.3,
  yoyEps: 0.25,
  yoyRevenue: 0.25,
} as const satisfies Record<EhsComponent, number>;

/** A stock needs at least this many of the four parts to be scored. */
export const EHS_MIN_COMPONENTS = 3;
/** The score a missing part counts with: the middle, neither reward nor penalty. */
export const EHS_MISSING_COMPONENT_SCORE = 50;
/** A part is ranked within the stock's sector when the sector has at least this many eligible stocks with it. */
export const EHS_SECTOR_MIN_PEERS = 15;
/** Growth beyond ±300 % ranks as ±300 % (winsorised): past that it says more about a tiny base than about the business. */
export const EHS_GROWTH_CAP_PERCENT = 300;
/** YoY EPS growth divides by last year's EPS, but never by less than $0.10 (a near-zero base explodes the ratio). */
export const EHS_EPS_GROWTH_BASE_FLOOR = 0.1;
/** YoY revenue growth divides by last year's quarterly revenue, but never by less than $1 million. */
export const EHS_REVENUE_GROWTH_BASE_FLOOR = 1_000_000;

/** Eligibility: a stock of at least $1 billion market cap (the product's `one_billion` group)… */
export const EHS_MIN_MARKET_CAP: number = SYMBOL_FILTER_MIN_MARKET_CAP.one_billion;
/** …priced at $1 or more… */
export const EHS_MIN_PRICE = 1;
/** …trading for at least 180 days… */
export const EHS_MIN_LISTING_DAYS = 180;
/** …whose latest quarterly report is at most 200 days old (a skipped quarter makes the numbers stale)… */
export const EHS_MAX_REPORT_AGE_DAYS = 200;
/** …with a close at most 7 days old on the scoring date (a halted stock is not scored on a stale price). */
export const EHS_MAX_PRICE_AGE_DAYS = 7;

/** The history the server keeps: weekly points over two years (104 weeks), plus every day it runs. */
export const EHS_HISTORY_WEEKS = 104;

export const EH500_INDEX_ID = 'eh500';
export const EH500_NAME = 'EH500';
export const EH500_RANKING: Ranking = 'top500';
/** Members of the index. */
export const EH500_SIZE = 500;
/** The index picks from the 1,000 largest eligible stocks by market cap, so it stays an index of real companies. */
export const EH500_POOL_SIZE = 1000;
/** What the index's readers are told before its first ranking has run (on a fresh server, while the history fills). */
export const EH500_NOT_RANKED = `The ${EH500_NAME} has not been ranked yet: it is ranked once the market's history is in, and appears here by itself.`;
export const EH500_DESCRIPTION = `The ${EH500_SIZE} best EHS scores among the ${EH500_POOL_SIZE} largest eligible US stocks, rebalanced every quarter`;
/** Buffer: a non-member ranked 450 or better always enters… */
export const EH500_ENTRY_RANK = 450;
/** …and a member stays while it ranks 550 or better (unless a stronger newcomer needs its seat). */
export const EH500_EXIT_RANK = 550;
/** Rebalances take effect on the first trading day of January, April, July and October. */
export const EH500_REBALANCE_MONTHS = [1, 4, 7, 10] as const;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** One fiscal quarter's reported results, as stored (`earnings` rows), with the instant they became public. */
export interface EarningsReport {
  periodYear: number;
  period: FiscalPeriod;
  /** Epoch ms when the numbers were public ({@link earningsPublishedAt}). */
  publishedAt: number;
  /** Reported EPS (diluted, as the data provider reports it). */
  epsActual: number | null;
  revenueActual: number | null;
  /** The provider's figure for the same quarter a year earlier, used when we do not hold that quarter. */
  epsPriorYear: number | null;
  revenuePriorYear: number | null;
}

/** When a report counts as public when only the session is known: the open for 'before', the close for 'market'. */
const SESSION_PUBLISHED_TIME: Readonly<Record<SessionType, WallTime | 'close'>> = {
  before: REGULAR_OPEN,
  market: 'close',
  after: AFTER_HOURS_CLOSE,
};

/** New York wall time → epoch ms, remembered: the scorer asks for the same few hundred dates thousands of times. */
const instantCache = new Map<string, number>();
function nyInstant(date: IsoDate, time: WallTime): number {
  const key = `${date} ${time}`;
  let instant = instantCache.get(key);
  if (instant === undefined) {
    if (instantCache.size >= 50_000) instantCache.clear();
    instant = nyToUtc(date, time).getTime();
    instantCache.set(key, instant);
  }
  return instant;
}

/**
 * The instant a report's numbers are public: its New York date and time when the time is known; otherwise the
 * open (before-market reports), the close (during the session) or the end of after-hours (after the close, or
 * session unknown: the latest it can be, so nothing is used before it could have been known).
 */
export function earningsPublishedAt(date: IsoDate, time: WallTime | null, session: SessionType | null): number {
  if (time !== null && time !== '') return nyInstant(date, time);
  const when = session === null ? AFTER_HOURS_CLOSE : SESSION_PUBLISHED_TIME[session];
  if (when === 'close')
    return marketDayStatus(date) === 'closed' ? nyInstant(date, AFTER_HOURS_CLOSE) : closeInstant(date);
  return nyInstant(date, when);
}

/** The instant a date's closing price is struck (13:00 on early-close days); 16:00 for a non-trading date. */
export function closeInstant(date: IsoDate): number {
  return nyInstant(date, marketDayStatus(date) === 'early-close' ? EARLY_CLOSE : REGULAR_CLOSE);
}

export interface MetricsInput {
  /** The price on the scoring date: that day's close (or the live quote for today). */
  price: number | null;
  sharesOutstanding: number | null;
  /** Every stored report of the stock, in any order; only those public at `knownAt` are used. */
  reports: readonly EarningsReport[];
  /** Epoch ms: the close of the scoring date, or the run's instant for today. */
  knownAt: number;
}

export interface StockMetrics {
  /** Price to sales: market cap / revenue of the last four quarters. Null without positive TTM revenue. */
  ps: number | null;
  /** Price to earnings: price / EPS of the last four quarters. Null when TTM EPS is zero or negative. */
  pe: number | null;
  /** Latest quarter's EPS vs the same quarter a year earlier, percent. */
  yoyEps: number | null;
  /** Latest quarter's revenue vs the same quarter a year earlier, percent. */
  yoyRevenue: number | null;
  price: number | null;
  marketCap: number | null;
  ttmRevenue: number | null;
  ttmEps: number | null;
  /** TTM EPS / price: P/E's ranking value, defined (and negative) for loss makers too. */
  earningsYield: number | null;
  /** TTM revenue / market cap: P/S's ranking value. */
  salesYield: number | null;
  /** The latest quarter public at `knownAt` and when it was published. */
  latestQuarter: { periodYear: number; period: FiscalPeriod; publishedAt: number } | null;
}

const quarterIndex = (report: { periodYear: number; period: FiscalPeriod }) =>
  report.periodYear * 4 + FISCAL_PERIODS.indexOf(report.period);

/** Rounds for storage and display (keeps stored history free of float noise). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * (current − base) / max(|base|, floor), percent: a loss shrinking from −$1.00 to −$0.50 is +50 %. Unlike the
 * calendar's plain `percentChange`, a near-zero base gives a large but finite number instead of none.
 */
export function growthPercent(current: number | null, base: number | null, floor: number): number | null {
  if (current === null || base === null || !Number.isFinite(current) || !Number.isFinite(base)) return null;
  return ((current - base) / Math.max(Math.abs(base), floor)) * 100;
}

function sumOrNull(values: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  for (const value of values) {
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    sum += value;
  }
  return sum;
}

/** One stock's metrics on one date, from the results public at `knownAt` (no look-ahead). */
export function computeMetricsFor(input: MetricsInput): StockMetrics {
  const price = input.price !== null && Number.isFinite(input.price) && input.price > 0 ? input.price : null;
  const marketCap =
    price !== null && input.sharesOutstanding !== null && input.sharesOutstanding > 0
      ? price * input.sharesOutstanding
      : null;
  const known = new Map<number, EarningsReport>();
  let latest: EarningsReport | null = null;
  for (const report of input.reports) {
    if (report.publishedAt > input.knownAt) continue;
    if (report.epsActual === null && report.revenueActual === null) continue;
    const index = quarterIndex(report);
    known.set(index, report);
    if (latest === null || index > quarterIndex(latest)) latest = report;
  }
  const result: StockMetrics = {
    ps: null,
    pe: null,
    yoyEps: null,
    yoyRevenue: null,
    price,
    marketCap,
    ttmRevenue: null,
    ttmEps: null,
    earningsYield: null,
    salesYield: null,
    latestQuarter: null,
  };
  if (latest === null) return result;
  const last = quarterIndex(latest);
  result.latestQuarter = { periodYear: latest.periodYear, period: latest.period, publishedAt: latest.publishedAt };
  // Four consecutive quarters ending with the latest one; a gap leaves TTM unknown rather than guessed.
  const window = [last - 3, last - 2, last - 1, last].map((index) => known.get(index));
  result.ttmRevenue = sumOrNull(window.map((report) => report?.revenueActual));
  result.ttmEps = sumOrNull(window.map((report) => report?.epsActual));
  if (result.ttmRevenue !== null && result.ttmRevenue > 0 && marketCap !== null) {
    result.ps = roundTo(marketCap / result.ttmRevenue, 2);
    result.salesYield = result.ttmRevenue / marketCap;
  }
  if (result.ttmEps !== null && price !== null) {
    result.earningsYield = result.ttmEps / price;
    if (result.ttmEps > 0) result.pe = roundTo(price / result.ttmEps, 2);
  }
  const yearAgo = known.get(last - 4);
  const epsGrowth = growthPercent(
    latest.epsActual,
    yearAgo?.epsActual ?? latest.epsPriorYear,
    EHS_EPS_GROWTH_BASE_FLOOR,
  );
  const revenueGrowth = growthPercent(
    latest.revenueActual,
    yearAgo?.revenueActual ?? latest.revenuePriorYear,
    EHS_REVENUE_GROWTH_BASE_FLOOR,
  );
  result.yoyEps = epsGrowth === null ? null : roundTo(epsGrowth, 1);
  result.yoyRevenue = revenueGrowth === null ? null : roundTo(revenueGrowth, 1);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Eligibility

export const EHS_INELIGIBLE_REASONS = [
  'not_a_stock',
  'inactive',
  'no_price',
  'penny_stock',
  'no_market_cap',
  'small_cap',
  'short_history',
  'no_earnings',
  'stale_earnings',
  'no_revenue',
] as const;
export type EhsIneligibleReason = (typeof EHS_INELIGIBLE_REASONS)[number];

export interface EligibilityInput {
  type: string;
  active: boolean;
  /** The scoring date. */
  date: IsoDate;
  /** Date of the stock's first stored daily bar, null when it has none. */
  firstTradeDate: IsoDate | null;
  metrics: StockMetrics;
}

/** The date-only limits of the eligibility rules, remembered per date (the scorer checks every stock per date). */
const cutoffCache = new Map<IsoDate, { listedBy: IsoDate; reportedSince: number }>();
function eligibilityCutoffs(date: IsoDate): { listedBy: IsoDate; reportedSince: number } {
  let cutoffs = cutoffCache.get(date);
  if (cutoffs === undefined) {
    if (cutoffCache.size >= 10_000) cutoffCache.clear();
    cutoffs = {
      listedBy: addDays(date, -EHS_MIN_LISTING_DAYS),
      reportedSince: nyInstant(addDays(date, -EHS_MAX_REPORT_AGE_DAYS), '00:00'),
    };
    cutoffCache.set(date, cutoffs);
  }
  return cutoffs;
}

/** Why a stock is not scored on a date, or null when it is eligible. The first failing rule wins. */
export function ehsIneligibility(input: EligibilityInput): EhsIneligibleReason | null {
  const { metrics } = input;
  if (input.type !== 'stock') return 'not_a_stock';
  if (!input.active) return 'inactive';
  if (metrics.price === null) return 'no_price';
  if (metrics.price < EHS_MIN_PRICE) return 'penny_stock';
  if (metrics.marketCap === null) return 'no_market_cap';
  if (metrics.marketCap < EHS_MIN_MARKET_CAP) return 'small_cap';
  const cutoffs = eligibilityCutoffs(input.date);
  if (input.firstTradeDate === null || input.firstTradeDate > cutoffs.listedBy) {
    return 'short_history';
  }
  if (metrics.latestQuarter === null || metrics.ttmRevenue === null) return 'no_earnings';
  if (metrics.latestQuarter.publishedAt < cutoffs.reportedSince) {
    return 'stale_earnings';
  }
  if (metrics.ttmRevenue <= 0) return 'no_revenue';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

/**
 * Percentile rank of each value among the non-null ones, 0 (lowest) to 100 (highest); ties share their average
 * rank; a lone value gets 50. Nulls stay null. O(n log n).
 */
export function percentileRanks(values: readonly (number | null)[]): (number | null)[] {
  const present: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value !== null && value !== undefined && Number.isFinite(value)) present.push(i);
  }
  const ranks: (number | null)[] = values.map(() => null);
  const n = present.length;
  if (n === 0) return ranks;
  if (n === 1) {
    ranks[present[0] as number] = 50;
    return ranks;
  }
  const valueAt = (i: number) => values[i] as number;
  present.sort((a, b) => valueAt(a) - valueAt(b));
  let start = 0;
  while (start < n) {
    let end = start;
    while (end + 1 < n && valueAt(present[end + 1] as number) === valueAt(present[start] as number)) end++;
    const rank = ((start + end) / 2 / (n - 1)) * 100;
    for (let k = start; k <= end; k++) ranks[present[k] as number] = rank;
    start = end + 1;
  }
  return ranks;
}

export interface ScoreInput {
  /** Null sector: ranked against the whole universe. */
  sector: string | null;
  metrics: StockMetrics;
}

export type ComponentScores = Record<EhsComponent, number | null>;

export interface ScoredStock {
  /** 0–100 per part (higher is better), null when the part is missing. */
  components: ComponentScores;
  /** Which parts were ranked within the sector rather than the whole universe. */
  sectorRelative: Record<EhsComponent, boolean>;
  /** The weighted blend of the parts (missing ones at 50), null with fewer than {@link EHS_MIN_COMPONENTS}. */
  composite: number | null;
  /** EHS: the blend's percentile among the scored stocks, 0–100, one decimal. */
  overallScore: number | null;
}

const clampGrowth = (value: number | null) =>
  value === null ? null : Math.max(-EHS_GROWTH_CAP_PERCENT, Math.min(EHS_GROWTH_CAP_PERCENT, value));

/** The value each part ranks by, oriented so that higher is better (cheaper, or growing faster). */
export function componentRankValue(metrics: StockMetrics, component: EhsComponent): number | null {
  switch (component) {
    case 'ps':
      return metrics.salesYield;
    case 'pe':
      return metrics.earningsYield;
    case 'yoyEps':
      return clampGrowth(metrics.yoyEps);
    case 'yoyRevenue':
      return clampGrowth(metrics.yoyRevenue);
  }
}

/**
 * Scores the eligible universe of one date (pass only eligible stocks; results come back in input order).
 * Deterministic: the result depends only on the inputs' values, not on their order.
 */
export function scoreUniverse(stocks: readonly ScoreInput[]): ScoredStock[] {
  const scored: ScoredStock[] = stocks.map(() => ({
    components: { ps: null, pe: null, yoyEps: null, yoyRevenue: null },
    sectorRelative: { ps: false, pe: false, yoyEps: false, yoyRevenue: false },
    composite: null,
    overallScore: null,
  }));
  const bySector = new Map<string, number[]>();
  stocks.forEach((stock, i) => {
    if (stock.sector === null || stock.sector === '') return;
    const members = bySector.get(stock.sector);
    if (members) members.push(i);
    else bySector.set(stock.sector, [i]);
  });
  for (const component of EHS_COMPONENTS) {
    const values = stocks.map((stock) => componentRankValue(stock.metrics, component));
    const universe = percentileRanks(values);
    universe.forEach((rank, i) => {
      (scored[i] as ScoredStock).components[component] = rank;
    });
    for (const members of bySector.values()) {
      const sectorValues = members.map((i) => values[i] ?? null);
      if (sectorValues.filter((value) => value !== null).length < EHS_SECTOR_MIN_PEERS) continue;
      percentileRanks(sectorValues).forEach((rank, k) => {
        if (rank === null) return;
        const stock = scored[members[k] as number] as ScoredStock;
        stock.components[component] = rank;
        stock.sectorRelative[component] = true;
      });
    }
  }
  const composites = scored.map((stock) => {
    let present = 0;
    let blend = 0;
    for (const component of EHS_COMPONENTS) {
      const score = stock.components[component];
      if (score !== null) present++;
      blend += EHS_WEIGHTS[component] * (score ?? EHS_MISSING_COMPONENT_SCORE);
    }
    return present >= EHS_MIN_COMPONENTS ? blend : null;
  });
  const overall = percentileRanks(composites);
  scored.forEach((stock, i) => {
    for (const component of EHS_COMPONENTS) {
      const score = stock.components[component];
      stock.components[component] = score === null ? null : roundTo(score, 1);
    }
    const composite = composites[i] ?? null;
    stock.composite = composite === null ? null : roundTo(composite, 2);
    const rank = overall[i] ?? null;
    stock.overallScore = rank === null ? null : roundTo(rank, 1);
  });
  return scored;
}

// ---------------------------------------------------------------------------------------------------------------
// EH500

export interface IndexCandidate {
  symbol: string;
  /** EHS on the selection date. */
  score: number;
  marketCap: number;
}

/** Best first: higher EHS, then larger market cap, then symbol (so equal scores always order the same way). */
export function compareCandidates(a: IndexCandidate, b: IndexCandidate): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.marketCap !== b.marketCap) return b.marketCap - a.marketCap;
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

/** The selection pool ({@link EH500_POOL_SIZE} largest by market cap) in rank order, best first. */
export function rankCandidates(candidates: readonly IndexCandidate[]): IndexCandidate[] {
  const bySize = [...candidates].sort(
    (a, b) => b.marketCap - a.marketCap || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
  );
  return bySize.slice(0, EH500_POOL_SIZE).sort(compareCandidates);
}

/**
 * The EH500 members chosen at a rebalance, in rank order. Without previous members: the best
 * {@link EH500_SIZE} of the pool. With them, the buffer: members ranked within {@link EH500_EXIT_RANK} stay and
 * non-members ranked within {@link EH500_ENTRY_RANK} enter; if that is more than the size, the worst-ranked of
 * them give way; if fewer, the best-ranked of the rest fill the seats.
 */
export function selectIndex(
  candidates: readonly IndexCandidate[],
  previous: ReadonlySet<string> | null = null,
): IndexCandidate[] {
  const ranked = rankCandidates(candidates);
  if (previous === null || previous.size === 0) return ranked.slice(0, EH500_SIZE);
  const chosen = new Set<string>();
  ranked.forEach((candidate, i) => {
    const rank = i + 1;
    const member = previous.has(candidate.symbol);
    if ((member && rank <= EH500_EXIT_RANK) || (!member && rank <= EH500_ENTRY_RANK)) chosen.add(candidate.symbol);
  });
  const kept = ranked.filter((candidate) => chosen.has(candidate.symbol)).slice(0, EH500_SIZE);
  if (kept.length < EH500_SIZE) {
    const taken = new Set(kept.map((candidate) => candidate.symbol));
    for (const candidate of ranked) {
      if (kept.length >= EH500_SIZE) break;
      if (!taken.has(candidate.symbol)) kept.push(candidate);
    }
    kept.sort(compareCandidates);
  }
  return kept;
}

/**
 * Whether the index can start (its first composition) at a rebalance with `candidates` scored stocks. It starts
 * full: only once {@link EH500_SIZE} stocks can be scored, because early in a backfilled history many companies
 * lack the four reported quarters a score needs, and a half-empty first composition would show a flood of
 * "additions" that are only data arriving. A market smaller than the index (a test market) starts once as many
 * stocks are scored as on the latest day (`marketSize`).
 */
export function indexCanStart(candidates: number, marketSize: number): boolean {
  return candidates >= Math.min(EH500_SIZE, Math.max(1, marketSize));
}

export interface RebalanceChange {
  /** Symbols that enter, sorted. */
  added: string[];
  /** Symbols that leave, sorted. */
  removed: string[];
}

/** What changes from one membership to the next. */
export function rebalance(previous: Iterable<string>, next: Iterable<string>): RebalanceChange {
  const before = new Set(previous);
  const after = new Set(next);
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    added: [...after].filter((symbol) => !before.has(symbol)).sort(byCode),
    removed: [...before].filter((symbol) => !after.has(symbol)).sort(byCode),
  };
}

/** Replays stored rebalances (oldest first) into the membership after the last of them. */
export function membersAfter(rebalances: readonly RebalanceChange[]): Set<string> {
  const members = new Set<string>();
  for (const change of rebalances) {
    for (const symbol of change.removed) members.delete(symbol);
    for (const symbol of change.added) members.add(symbol);
  }
  return members;
}

/** Market-cap weights of the members, summing to 1; members without a market cap weigh 0. */
export function capWeights(marketCaps: readonly (number | null)[]): number[] {
  const total = marketCaps.reduce<number>((sum, cap) => sum + (cap !== null && cap > 0 ? cap : 0), 0);
  return marketCaps.map((cap) => (total > 0 && cap !== null && cap > 0 ? cap / total : 0));
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

/** The rebalance of a quarter: the first trading day of its first month. */
export function quarterRebalanceDate(year: number, month: (typeof EH500_REBALANCE_MONTHS)[number]): IsoDate {
  const first = formatIsoDate({ year, month, day: 1 });
  return isTradingDay(first) ? first : nextTradingDay(first);
}

/** Rebalance dates within [from, to], oldest first. */
export function rebalanceDates(from: IsoDate, to: IsoDate): IsoDate[] {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === null || end === null) throw new RangeError(`Invalid date range ${from}..${to}`);
  const dates: IsoDate[] = [];
  for (let year = start.year; year <= end.year; year++) {
    for (const month of EH500_REBALANCE_MONTHS) {
      const date = quarterRebalanceDate(year, month);
      if (date >= from && date <= to) dates.push(date);
    }
  }
  return dates;
}

/** The latest rebalance date on or before `date`. */
export function latestRebalanceDate(date: IsoDate): IsoDate {
  const parts = parseIsoDate(date);
  if (parts === null) throw new RangeError(`Invalid date '${date}'`);
  const candidates = [parts.year - 1, parts.year].flatMap((year) =>
    EH500_REBALANCE_MONTHS.map((month) => quarterRebalanceDate(year, month)),
  );
  return candidates.filter((candidate) => candidate <= date).at(-1) as IsoDate;
}

/** The scores a rebalance uses: the close of the trading day before it takes effect. */
export function rebalanceSelectionDate(rebalanceDate: IsoDate): IsoDate {
  return previousTradingDay(rebalanceDate);
}

/** The latest trading day on or before `date`. */
export function tradingDayOnOrBefore(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : previousTradingDay(date);
}

/** The weekly history points in [from, to]: the last trading day of each Monday–Friday week, oldest first. */
export function weeklyHistoryDates(from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  let friday = addDays(from, (FRIDAY - dayOfWeek(from) + 7) % 7);
  for (; friday <= addDays(to, 4); friday = addDays(friday, 7)) {
    const point = tradingDayOnOrBefore(friday);
    if (point >= from && point <= to) dates.push(point);
  }
  return dates;
}
