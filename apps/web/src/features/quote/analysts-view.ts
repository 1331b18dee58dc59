/** Analyst figures derived from the ratings list: each firm's newest call and the price-target spread. */

export interface RatingLike {
  date: string;
  firm: string;
  priceTarget: number | null;
  toGrade: string | null;
}

/** Each firm's newest rating (the list may hold several per firm), newest first. */
export function latestByFirm<T extends RatingLike>(ratings: readonly T[]): T[] {
  const byFirm = new Map<string, T>();
  for (const rating of ratings) {
    const seen = byFirm.get(rating.firm);
    if (!seen || rating.date > seen.date) byFirm.set(rating.firm, rating);
  }
  return [...byFirm.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

export interface PriceTargets {
  low: number;
  high: number;
  average: number;
  median: number;
  count: number;
}

/** Low, high, average and median of the firms' current targets; null when no firm has one. */
export function priceTargets(ratings: readonly RatingLike[]): PriceTargets | null {
  const targets = latestByFirm(ratings)
    .map((rating) => rating.priceTarget)
    .filter((target): target is number => target !== null && Number.isFinite(target))
    .sort((a, b) => a - b);
  if (targets.length === 0) return null;
  const mid = targets.length >> 1;
  const median =
    targets.length % 2 ? (targets[mid] as number) : ((targets[mid - 1] as number) + (targets[mid] as number)) / 2;
  return {
    low: targets[0] as number,
    high: targets.at(-1) as number,
    average: targets.reduce((sum, t) => sum + t, 0) / targets.length,
    median,
    count: targets.length,
  };
}

export const CONSENSUS_KEYS = ['strongBuy', 'buy', 'hold', 'sell', 'strongSell'] as const;
export const CONSENSUS_LABELS = {
  strongBuy: 'Strong buy',
  buy: 'Buy',
  hold: 'Hold',
  sell: 'Sell',
  strongSell: 'Strong sell',
} as const;

/** The consensus in one word: the weighted mean of the counts (1 strong buy … 5 strong sell). */
export function consensusLabel(counts: Record<(typeof CONSENSUS_KEYS)[number], number>): string | null {
  const total = CONSENSUS_KEYS.reduce((sum, key) => sum + counts[key], 0);
  if (total === 0) return null;
  const mean = CONSENSUS_KEYS.reduce((sum, key, i) => sum + counts[key] * (i + 1), 0) / total;
  if (mean < 1.5) return 'Strong buy';
  if (mean < 2.5) return 'Buy';
  if (mean < 3.5) return 'Hold';
  if (mean < 4.5) return 'Sell';
  return 'Strong sell';
}

export type ConsensusKey = (typeof CONSENSUS_KEYS)[number];
export type ConsensusCounts = Record<ConsensusKey, number>;

/**
 * The consensus colours, strong buy to strong sell, per theme: each has at least 3:1 contrast with the card
 * (WCAG 1.4.11 non-text contrast), and stacked segments are parted by a gap, so neighbours need not contrast.
 */
export const CONSENSUS_PALETTE = {
  light: { strongBuy: '#0d5c34', buy: '#2e8b57', hold: '#a86200', sell: '#d4461c', strongSell: '#9b1c1c' },
  dark: { strongBuy: '#3ecf80', buy: '#a3e4c0', hold: '#ffc861', sell: '#ff9e80', strongSell: '#ff5c5c' },
} as const satisfies Record<'light' | 'dark', Record<ConsensusKey, string>>;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A trend month (`YYYY-MM-01`) as a bar label: 'Oct', with the year under it on the first bar and on January. */
export function trendMonthLabel(month: string, first: boolean): { month: string; year: string | null } {
  const index = Number(month.slice(5, 7)) - 1;
  const year = month.slice(0, 4);
  return { month: SHORT_MONTHS[index] ?? month, year: first || index === 0 ? year : null };
}

/** Each count's share of the month's total (0 … 1); all zero when nobody rated the company. */
export function consensusShares(counts: ConsensusCounts): ConsensusCounts {
  const total = CONSENSUS_KEYS.reduce((sum, key) => sum + counts[key], 0);
  const share = (key: ConsensusKey) => (total > 0 ? counts[key] / total : 0);
  return {
    strongBuy: share('strongBuy'),
    buy: share('buy'),
    hold: share('hold'),
    sell: share('sell'),
    strongSell: share('strongSell'),
  };
}

export interface TrendBar {
  month: string;
  label: { month: string; year: string | null };
  /** What a screen reader says for the bar: 'October 2026: 5 strong buy, 3 buy, 1 hold, 0 sell, 0 strong sell'. */
  description: string;
  counts: ConsensusCounts;
  total: number;
  shares: ConsensusCounts;
  /** The bar's height against the month most analysts rated (0 … 1), so changes in coverage show. */
  scale: number;
}

/** The trend chart's bars, in the order given (the API sends the months oldest first). */
export function trendBars(trend: readonly (ConsensusCounts & { month: string })[]): TrendBar[] {
  const totals = trend.map((row) => CONSENSUS_KEYS.reduce((sum, key) => sum + row[key], 0));
  const most = Math.max(0, ...totals);
  return trend.map((row, i) => {
    const counts: ConsensusCounts = {
      strongBuy: row.strongBuy,
      buy: row.buy,
      hold: row.hold,
      sell: row.sell,
      strongSell: row.strongSell,
    };
    const index = Number(row.month.slice(5, 7)) - 1;
    const name = `${LONG_MONTHS[index] ?? row.month} ${row.month.slice(0, 4)}`;
    const total = totals[i] ?? 0;
    return {
      month: row.month,
      label: trendMonthLabel(row.month, i === 0),
      description: `${name}: ${CONSENSUS_KEYS.map((key) => `${counts[key]} ${CONSENSUS_LABELS[key].toLowerCase()}`).join(', ')}`,
      counts,
      total,
      shares: consensusShares(counts),
      scale: most > 0 ? total / most : 0,
    };
  });
}
