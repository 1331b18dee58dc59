import type { AssetKey, Dataset, DatasetRecords, FetchParams, MarketDataProvider } from '../src/providers/index.ts';

/** A batch, or an error the provider throws instead of delivering it (a vendor failing mid-run). */
export type FakeBatch<D extends Dataset> = DatasetRecords[D][] | Error;

export type FakeData = { [D in Dataset]?: FakeBatch<D>[] };

/**
 * A provider outside our walls, scripted by the test: it yields the given batches in order and remembers the
 * parameters it was called with.
 */
export function fakeProvider(
  name: string,
  data: FakeData,
  options: { canHandle?: (asset: AssetKey) => boolean } = {},
): MarketDataProvider & { calls: { dataset: Dataset; params: FetchParams }[] } {
  const calls: { dataset: Dataset; params: FetchParams }[] = [];
  return {
    name,
    datasets: Object.keys(data) as Dataset[],
    batchSize: 50,
    rateLimitPerSecond: 1000,
    calls,
    canHandle: options.canHandle ?? (() => true),
    async *fetch<D extends Dataset>(dataset: D, params: FetchParams): AsyncIterable<DatasetRecords[D][]> {
      calls.push({ dataset, params });
      for (const batch of (data[dataset] ?? []) as FakeBatch<D>[]) {
        if (batch instanceof Error) throw batch;
        yield batch;
      }
    },
  };
}
