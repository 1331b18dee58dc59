/** What a symbol page's head says: the facts line under the name, and the title and description per tab. */
import { SYMBOL_TAB_CONTENT } from './page-content.ts';
import type { symbolTabFromPath } from './routes.ts';

/** What the quote header shows of an asset (a subset of the asset info answer). */
export interface HeadAsset {
  symbol: string;
  name: string;
  type: string;
  exchange?: string | null;
  sector?: string | null;
  industry?: string | null;
}

const TYPE_LABELS: Readonly<Record<string, string>> = { stock: 'Stock', crypto: 'Crypto', otc: 'OTC', index: 'Index' };

/** The line under a symbol's name: Stock · NASDAQ · sector · industry. */
export function symbolFacts(asset: Omit<HeadAsset, 'symbol' | 'name'>): string {
  return [TYPE_LABELS[asset.type], asset.exchange, asset.sector, asset.industry].filter(Boolean).join(' · ');
}

/** What search engines and the tab title read for each symbol page. */
export function symbolPageMeta(
  tab: ReturnType<typeof symbolTabFromPath>,
  symbol: string,
  name: string,
): { title: string; description: string } {
  const display = symbol.toUpperCase();
  if (tab.key === 'overview') {
    return {
      title: `${display} stock price, earnings date and news · ${name}`,
      description: `${name} (${display}): live quote, next earnings date and time, results against estimates, EHS score, news and SEC filings.`,
    };
  }
  return {
    title: `${display} ${tab.label} · ${name}`,
    description: `${name} (${display}): ${SYMBOL_TAB_CONTENT[tab.key].description}`,
  };
}
