/** Shared by the demo provider's tests: collect a dataset's records from a provider. */
import type { Dataset, DatasetRecords, FetchParams } from '../types.ts';
import { DemoMarket } from './index.ts';

export const config = {} as never;

/** Friday 2026-11-20, 10:02 in New York: a regular session in progress. */
export const NOW = new Date('2026-11-20T15:02:00Z');

export function market(now: Date = NOW, seed?: number): DemoMarket {
  return new DemoMarket({ config, now, ...(seed === undefined ? {} : { seed }) });
}

export async function collect<D extends Dataset>(
  provider: DemoMarket,
  dataset: D,
  params: FetchParams = {},
): Promise<DatasetRecords[D][]> {
  const records: DatasetRecords[D][] = [];
  for await (const batch of provider.fetch(dataset, params)) records.push(...batch);
  return records;
}

export const keyOf = (record: { symbol: string; type: string }) => `${record.type}:${record.symbol}`;
