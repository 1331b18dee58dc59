/**
 * CoinGecko over HTTP (public, demo-key or pro API), or from recorded bodies (`--from-file`: a file or folder with
 * `coins_list*.json`, and optionally `coins_markets*.json` and `simple_price*.json`).
 */
import type { Config } from '../../config.ts';
import { batches } from '../datasets.ts';
import { findRecorded, readRecorded, type VendorHttpClient } from '../http.ts';
import type { CoinListEntry, CoinMarket, SimplePrice } from './transform.ts';

export const COINGECKO_PUBLIC_URL = 'https://api.coingecko.com/api/v3';
export const COINGECKO_PRO_URL = 'https://pro-api.coingecko.com/api/v3';
/** `/coins/markets` page size (CoinGecko's maximum). */
export const MARKETS_PAGE_SIZE = 250;
/** `/simple/price` ids per request (keeps the URL short). */
export const SIMPLE_PRICE_IDS = 250;

export interface CoinGeckoSource {
  coinsList(signal?: AbortSignal): Promise<CoinListEntry[]>;
  /** Coins by market cap, `pages` pages of {@link MARKETS_PAGE_SIZE}; optionally only `ids`. */
  markets(options: { pages?: number; ids?: string[]; signal?: AbortSignal }): Promise<CoinMarket[]>;
  simplePrice(ids: string[], signal?: AbortSignal): Promise<SimplePrice>;
}

/** The API's base URL and key header for the configured plan. */
export function coinGeckoAccess(config: Config): { baseUrl: string; headers: Record<string, string> } {
  const key = config.COINGECKO_API_KEY;
  if (config.COINGECKO_API_PLAN === 'pro' && key)
    return { baseUrl: COINGECKO_PRO_URL, headers: { 'x-cg-pro-api-key': key } };
  return { baseUrl: COINGECKO_PUBLIC_URL, headers: key ? { 'x-cg-demo-api-key': key } : {} };
}

export function createCoinGeckoApi(http: VendorHttpClient, baseUrl: string): CoinGeckoSource {
  return {
    coinsList: (signal) => http.getJson(`${baseUrl}/coins/list`, { signal }) as Promise<CoinListEntry[]>,
    async markets({ pages = 1, ids, signal }) {
      const rows: CoinMarket[] = [];
      const idGroups = ids ? [...batches(ids, MARKETS_PAGE_SIZE)] : Array.from({ length: pages }, () => null);
      for (const [i, group] of idGroups.entries()) {
        const query = new URLSearchParams({
          vs_currency: 'usd',
          order: 'market_cap_desc',
          per_page: String(MARKETS_PAGE_SIZE),
          page: String(group ? 1 : i + 1),
        });
        if (group) query.set('ids', group.join(','));
        const page = (await http.getJson(`${baseUrl}/coins/markets?${query}`, { signal })) as CoinMarket[];
        rows.push(...page);
        if (!group && page.length < MARKETS_PAGE_SIZE) break;
      }
      return rows;
    },
    async simplePrice(ids, signal) {
      const result: SimplePrice = {};
      for (const group of batches(ids, SIMPLE_PRICE_IDS)) {
        const query = new URLSearchParams({
          ids: group.join(','),
          vs_currencies: 'usd',
          include_24hr_vol: 'true',
          include_24hr_change: 'true',
          include_last_updated_at: 'true',
        });
        Object.assign(result, await http.getJson(`${baseUrl}/simple/price?${query}`, { signal }));
      }
      return result;
    },
  };
}

export function createRecordedCoinGeckoSource(path: string): CoinGeckoSource {
  const readAll = async (pattern: RegExp) => Promise.all((await findRecorded(path, pattern)).map(readRecorded));
  return {
    coinsList: async () => (await readAll(/^coins_list.*\.json$/)).flat() as CoinListEntry[],
    markets: async ({ ids }) => {
      const rows = (await readAll(/^coins_markets.*\.json$/)).flat() as CoinMarket[];
      return ids ? rows.filter((row) => ids.includes(row.id)) : rows;
    },
    simplePrice: async (ids) => {
      const merged = Object.assign({}, ...(await readAll(/^simple_price.*\.json$/))) as SimplePrice;
      return Object.fromEntries(Object.entries(merged).filter(([id]) => ids.includes(id)));
    },
  };
}
