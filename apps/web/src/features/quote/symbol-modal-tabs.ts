/**
 * SPEC §2 symbol modal tabs, in order, with their labels and the symbol page tab that shows the same thing
 * (for "open full page"). Pure, so the mapping is tested.
 */
import { SYMBOL_TABS, type SymbolTabKey } from '../../shared/routes.ts';

export const SYMBOL_MODAL_TABS = [
  { key: 'info', label: 'Info', page: 'overview' },
  { key: 'earnings', label: 'Earnings', page: 'earnings' },
  { key: 'earningsHistory', label: 'Earnings History', page: 'earnings' },
  { key: 'ehs', label: 'EHS', page: 'ehs' },
  { key: 'priceHistory', label: 'Price', page: 'price' },
  { key: 'news', label: 'News', page: 'news' },
  { key: 'analystRatings', label: 'Analysts', page: 'analysts' },
  { key: 'dividends', label: 'Dividends', page: 'dividends' },
  { key: 'shortInterest', label: 'Short', page: 'short' },
  { key: 'secFilings', label: 'SEC Filings', page: 'secFilings' },
  { key: 'trades', label: 'Trades', page: 'trades' },
  { key: 'events', label: 'Events', page: 'events' },
] as const satisfies readonly { key: string; label: string; page: SymbolTabKey }[];

export type SymbolModalTab = (typeof SYMBOL_MODAL_TABS)[number]['key'];

/** The tab a modal opens on when none (or an unknown one) is asked for. */
export const DEFAULT_SYMBOL_MODAL_TAB: SymbolModalTab = 'info';

export function isSymbolModalTab(value: unknown): value is SymbolModalTab {
  return SYMBOL_MODAL_TABS.some((tab) => tab.key === value);
}

/** The symbol page tab showing the same section as a modal tab. */
export function pageTabFor(tab: SymbolModalTab): (typeof SYMBOL_TABS)[number] {
  const page = SYMBOL_MODAL_TABS.find((t) => t.key === tab)?.page ?? 'overview';
  return SYMBOL_TABS.find((t) => t.key === page) ?? SYMBOL_TABS[0];
}

/** The modal tab for a symbol page tab (the first that shows it). */
export function modalTabFor(page: SymbolTabKey): SymbolModalTab {
  return SYMBOL_MODAL_TABS.find((t) => t.page === page)?.key ?? DEFAULT_SYMBOL_MODAL_TAB;
}
