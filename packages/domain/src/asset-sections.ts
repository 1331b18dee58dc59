/**
 * Which sections of a symbol page apply to which kind of asset. A coin has no earnings, EHS, dividends or SEC
 * filings, an index no trades: their tabs would only ever say "nothing here". Decided by the data that exists:
 * earnings, EHS, filings and dividends are companies' (EHS and EH500 score US stocks only; SEC filings and call
 * files are kept for stocks); analyst coverage and short interest exist for stocks and OTC names; prices and news
 * exist for every asset; members record trades of anything they can hold, which an index is not.
 */
import type { MarketAssetType } from './market.ts';

/** The sections of a symbol page, in tab order (the web app's tab bar names and labels them). */
export const SYMBOL_SECTIONS = [
  'overview',
  'earnings',
  'ehs',
  'analysts',
  'news',
  'short',
  'price',
  'dividends',
  'secFilings',
  'events',
  'trades',
] as const;
export type SymbolSection = (typeof SYMBOL_SECTIONS)[number];

const SECTIONS_BY_TYPE: Record<MarketAssetType, ReadonlySet<SymbolSection>> = {
  stock: new Set(SYMBOL_SECTIONS),
  otc: new Set(['overview', 'earnings', 'analysts', 'news', 'short', 'price', 'trades']),
  crypto: new Set(['overview', 'news', 'price', 'trades']),
  index: new Set(['overview', 'news', 'price']),
};

/** The sections a symbol page shows for an asset of this type, in tab order. */
export function sectionsForAsset(type: MarketAssetType): SymbolSection[] {
  const applies = SECTIONS_BY_TYPE[type];
  return SYMBOL_SECTIONS.filter((section) => applies.has(section));
}

/** Whether a section applies to an asset of this type (the overview always does). */
export function sectionApplies(type: MarketAssetType, section: SymbolSection): boolean {
  return SECTIONS_BY_TYPE[type].has(section);
}
