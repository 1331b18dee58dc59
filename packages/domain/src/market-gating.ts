/**
 * Server-side trimming of premium market history (SPEC §3 gated features, §4 plan features; DESIGN §5 "plan-gated
 * data is gated on the server too"). The rules only decide what a caller may see; the API reports what it hid
 * with a {@link GatedMarker} so the client can offer the upgrade instead of pretending there is nothing more.
 */
import { type AccountFeatures, canUse, type GatedFeature } from './plans.ts';
import type { IsoDate } from './time.ts';

/** What a trimmed answer left out: which gated feature unlocks it and how many items it hid. */
export interface GatedMarker {
  feature: GatedFeature;
  hidden: number;
}

export interface Trimmed<T> {
  items: T[];
  gated: GatedMarker | null;
}

function keepWhere<T>(items: readonly T[], feature: GatedFeature, visible: (item: T) => boolean): Trimmed<T> {
  const kept = items.filter(visible);
  const hidden = items.length - kept.length;
  return { items: kept, gated: hidden > 0 ? { feature, hidden } : null };
}

/**
 * Dividend history (gated feature dividendHistory, plan feature historicalDividends). Without it a caller sees,
 * per asset, the announced dividends still ahead and the latest one that went ex: everything with an ex-date on
 * or after `latestPastExDate`, the asset's most recent ex-date up to today (null when it never paid).
 */
export function isDividendVisible(
  features: AccountFeatures,
  exDate: IsoDate,
  latestPastExDate: IsoDate | null,
): boolean {
  if (canUse(features, 'dividendHistory')) return true;
  return latestPastExDate === null || exDate >= latestPastExDate;
}

/** {@link isDividendVisible} over one asset's dividends. */
export function trimDividendHistory<T extends { exDate: IsoDate }>(
  items: readonly T[],
  features: AccountFeatures,
  latestPastExDate: IsoDate | null,
): Trimmed<T> {
  return keepWhere(items, 'dividendHistory', (item) => isDividendVisible(features, item.exDate, latestPastExDate));
}

/**
 * Short-interest history (gated feature shortInterestHistory, pro plan feature shortInterest). Without it a caller
 * sees only the latest settlement: `latestSettlementDate` is the newest one stored (for the asset, or for the
 * market when the list spans assets).
 */
export function isShortInterestVisible(
  features: AccountFeatures,
  settlementDate: IsoDate,
  latestSettlementDate: IsoDate | null,
): boolean {
  if (canUse(features, 'shortInterestHistory')) return true;
  return latestSettlementDate === null || settlementDate >= latestSettlementDate;
}

export function trimShortInterestHistory<T extends { settlementDate: IsoDate }>(
  items: readonly T[],
  features: AccountFeatures,
  latestSettlementDate: IsoDate | null,
): Trimmed<T> {
  return keepWhere(items, 'shortInterestHistory', (item) =>
    isShortInterestVisible(features, item.settlementDate, latestSettlementDate),
  );
}

/**
 * The EHS (overall score) of index constituents is the pro feature ehs: without it the scores are blanked, the
 * membership and ranks stay visible (they are the public EH500).
 */
export function trimScores<T extends { score: number | null }>(
  items: readonly T[],
  features: AccountFeatures,
): Trimmed<T> {
  if (canUse(features, 'ehs')) return { items: [...items], gated: null };
  const hidden = items.filter((item) => item.score !== null).length;
  return {
    items: items.map((item) => ({ ...item, score: null })),
    gated: hidden > 0 ? { feature: 'ehs', hidden } : null,
  };
}
