/** Nasdaq Trader symbol directories: every US-listed stock and ETF with its exchange, in two requests. */
import { batches, type DatasetHandlers, datasetsOf, dispatchDatasets, requestedSymbols } from '../datasets.ts';
import { createVendorHttpClient, providerUserAgent } from '../http.ts';
import { type AssetRecord, DATASETS, type FetchParams, type MarketDataProvider, type ProviderEnv } from '../types.ts';
import { createNasdaqTraderApi, createRecordedNasdaqTraderSource } from './nasdaqtrader-api.ts';
import { directorySecurities, toAssetRecords } from './transform.ts';

export const NASDAQTRADER_PROVIDER = 'nasdaqtrader';
const ASSET_BATCH = 1000;

export function createNasdaqTraderProvider(env: ProviderEnv): MarketDataProvider {
  const rate = env.config.NASDAQTRADER_REQUESTS_PER_SECOND;
  const source = env.fromFile
    ? createRecordedNasdaqTraderSource(env.fromFile)
    : createNasdaqTraderApi(
        createVendorHttpClient({
          provider: NASDAQTRADER_PROVIDER,
          userAgent: providerUserAgent(env.config),
          requestsPerSecond: rate,
          timeoutMs: env.config.PROVIDER_TIMEOUT_MS,
        }),
      );

  async function* assets(params: FetchParams): AsyncIterable<AssetRecord[]> {
    const wanted = requestedSymbols(params);
    const records = toAssetRecords((await source.directories(params.signal)).flatMap(directorySecurities));
    yield* batches(
      records.filter((asset) => !wanted || wanted.has(asset.symbol)),
      ASSET_BATCH,
    );
  }

  const handlers: DatasetHandlers = { assets };
  return {
    name: NASDAQTRADER_PROVIDER,
    datasets: datasetsOf(handlers, DATASETS),
    batchSize: ASSET_BATCH,
    rateLimitPerSecond: rate,
    canHandle: (asset) => asset.type === 'stock',
    fetch: dispatchDatasets(NASDAQTRADER_PROVIDER, handlers),
  };
}
