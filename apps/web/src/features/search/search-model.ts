/** The symbol search tabs of SPEC §2 and what a row of the search list holds. Pure TypeScript. */
import type { MarketAssetType } from '@eh/domain';

export const SEARCH_TABS = [
  { key: 'popular', label: 'Popular' },
  { key: 'marketCap', label: 'Market Cap' },
  { key: 'gainers', label: 'Gainers' },
  { key: 'losers', label: 'Losers' },
  { key: 'history', label: 'History' },
] as const;
export type SearchTabKey = (typeof SEARCH_TABS)[number]['key'];

/** How many rows a browse tab lists (SPEC §9: top market cap symbols 20; the movers list the same). */
export const SEARCH_TAB_ROWS = 20;

export interface SearchRow {
  symbol: string;
  name: string;
  type: MarketAssetType;
  price?: number | null;
  changePercent?: number | null;
  marketCap?: number | null;
}

export const ASSET_TYPE_LABELS: Readonly<Record<MarketAssetType, string>> = {
  stock: 'Stock',
  crypto: 'Crypto',
  otc: 'OTC',
  index: 'Index',
};

/** Where a row leads: the symbol page. */
export function quotePath(symbol: string): string {
  return `/quote/${encodeURIComponent(symbol.toUpperCase())}`;
}

/** The highlighted row after an arrow key: wraps at both ends; -1 (none) when the list is empty. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'): number {
  if (count === 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowDown') return active < 0 ? 0 : (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}
