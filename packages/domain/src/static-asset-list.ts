/**
 * The columnar asset list of the SPEC §7 static GET files (`/static/assets.json`, `/static/indexes.json`): no key
 * repeats, so thousands of assets travel small. Entry `i` is `symbol[i]`, `name[i]`, `types[type[i]]`,
 * `exchanges[exchange[i]]` (-1: none), `marketCapM[i]` (market cap in millions of dollars, rounded; 0: unknown)
 * and `popularity[i]`. The server encodes it, the web client decodes it before `buildSearchIndex`; the contracts
 * hold its schema.
 */
import { MARKET_ASSET_TYPES, type MarketAssetType } from './market.ts';
import type { SearchAsset } from './search.ts';

export interface StaticAssetListLayout {
  /** Changes whenever the assets change. */
  version: string;
  count: number;
  types: MarketAssetType[];
  exchanges: string[];
  symbol: string[];
  name: string[];
  type: number[];
  exchange: number[];
  marketCapM: number[];
  popularity: number[];
}

/** Builds the columnar list (the server) from assets in the order given. */
export function encodeStaticAssetList(assets: readonly SearchAsset[], version: string): StaticAssetListLayout {
  const types = [...MARKET_ASSET_TYPES];
  const exchanges: string[] = [];
  const exchangeIndex = new Map<string, number>();
  const list: StaticAssetListLayout = {
    version,
    count: assets.length,
    types,
    exchanges,
    symbol: [],
    name: [],
    type: [],
    exchange: [],
    marketCapM: [],
    popularity: [],
  };
  for (const asset of assets) {
    list.symbol.push(asset.symbol);
    list.name.push(asset.name);
    list.type.push(types.indexOf(asset.type));
    let exchange = -1;
    if (asset.exchange) {
      exchange = exchangeIndex.get(asset.exchange) ?? exchanges.push(asset.exchange) - 1;
      exchangeIndex.set(asset.exchange, exchange);
    }
    list.exchange.push(exchange);
    list.marketCapM.push(Math.round((asset.marketCap ?? 0) / 1e6));
    list.popularity.push(Math.round(asset.popularity ?? 0));
  }
  return list;
}

/** Reads the columnar list back into search assets (the web client, before `buildSearchIndex`). */
export function decodeStaticAssetList(list: StaticAssetListLayout): SearchAsset[] {
  const assets: SearchAsset[] = [];
  for (let i = 0; i < list.count; i++) {
    const type = list.types[list.type[i] ?? -1];
    const symbol = list.symbol[i];
    const name = list.name[i];
    if (type === undefined || symbol === undefined || name === undefined) continue;
    const asset: SearchAsset = { symbol, name, type };
    const exchange = list.exchanges[list.exchange[i] ?? -1];
    if (exchange !== undefined) asset.exchange = exchange;
    const cap = list.marketCapM[i] ?? 0;
    if (cap > 0) asset.marketCap = cap * 1e6;
    asset.popularity = list.popularity[i] ?? 0;
    assets.push(asset);
  }
  return assets;
}
