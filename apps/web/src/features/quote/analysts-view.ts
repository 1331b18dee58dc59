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
