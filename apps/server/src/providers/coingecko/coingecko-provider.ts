/**
 * CoinGecko: the crypto universe (one asset per symbol, see transform.ts) and its quotes. Which coin owns a symbol
 * is decided the same way for assets and quotes (coin list ranked by the first market pages), so a quote always
 * lands on the coin its asset row names.
 */
import { batches, type DatasetHandlers, datasetsOf, dispatchDatasets, requestedSymbols } from '../datasets.ts';
import { createVendorHttpClient, providerUserAgent } from '../http.ts';
import {
  type AssetRecord,
  DATASETS,
  type FetchParams,
  type MarketDataProvider,
  type ProviderEnv,
  type QuoteRecord,
} from '../types.ts';
import {
  type CoinGeckoSource,
  coinGeckoAccess,
  createCoinGeckoApi,
  createRecordedCoinGeckoSource,
  SIMPLE_PRICE_IDS,
} from './coingecko-api.ts';
import { type CoinAssets, coinListToAssets, marketsToQuotes, simplePriceToQuotes, symbolsById } from './transform.ts';

export const COINGECKO_PROVIDER = 'coingecko';
/** Market pages (of 250) that rank the coin list: the top 1,000 coins by market cap. */
const RANKING_PAGES = 4;
const ASSET_BATCH = 1000;

export function createCoinGeckoProvider(env: ProviderEnv): MarketDataProvider {
  const rate = env.config.COINGECKO_REQUESTS_PER_SECOND;
  let source: CoinGeckoSource;
  if (env.fromFile) source = createRecordedCoinGeckoSource(env.fromFile);
  else {
    const { baseUrl, headers } = coinGeckoAccess(env.config);
    const http = createVendorHttpClient({
      provider: COINGECKO_PROVIDER,
      userAgent: providerUserAgent(env.config),
      requestsPerSecond: rate,
      timeoutMs: env.config.PROVIDER_TIMEOUT_MS,
      headers,
    });
    source = createCoinGeckoApi(http, baseUrl);
  }
  const now = () => env.now ?? new Date();

  let universe: Promise<CoinAssets> | null = null;
  const resolveUniverse = (signal?: AbortSignal) => {
    universe ??= Promise.all([source.coinsList(signal), source.markets({ pages: RANKING_PAGES, signal })]).then(
      ([list, markets]) => coinListToAssets(list, markets),
    );
    return universe;
  };

  async function* assets(params: FetchParams): AsyncIterable<AssetRecord[]> {
    const wanted = requestedSymbols(params);
    const { assets: all } = await resolveUniverse(params.signal);
    yield* batches(
      all.filter((asset) => !wanted || wanted.has(asset.symbol)),
      ASSET_BATCH,
    );
  }

  async function* quotes(params: FetchParams): AsyncIterable<QuoteRecord[]> {
    const { assets: all } = await resolveUniverse(params.signal);
    const symbols = symbolsById(all);
    const wanted = requestedSymbols(params);
    if (!wanted) {
      // Everything: the market pages carry prices for the top coins in a few requests.
      const markets = await source.markets({ pages: RANKING_PAGES, signal: params.signal });
      yield marketsToQuotes(markets, symbols, now());
      return;
    }
    const ids = all.filter((a) => wanted.has(a.symbol)).flatMap((a) => a.externalIds?.coingecko ?? []);
    for (const group of batches(ids, SIMPLE_PRICE_IDS)) {
      const quotesOfGroup = simplePriceToQuotes(await source.simplePrice(group, params.signal), symbols, now());
      if (quotesOfGroup.length > 0) yield quotesOfGroup;
    }
  }

  const handlers: DatasetHandlers = { assets, quotes };
  return {
    name: COINGECKO_PROVIDER,
    datasets: datasetsOf(handlers, DATASETS),
    batchSize: SIMPLE_PRICE_IDS,
    rateLimitPerSecond: rate,
    canHandle: (asset) => asset.type === 'crypto',
    fetch: dispatchDatasets(COINGECKO_PROVIDER, handlers),
  };
}
