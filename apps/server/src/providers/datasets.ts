/** Small pieces every vendor provider shares: dispatching `fetch` by dataset, date windows, batching. */
import type { IsoDate } from '@eh/domain';
import type { Dataset, DatasetRecords, FetchParams } from './types.ts';

export type DatasetHandlers = {
  [D in Dataset]?: (params: FetchParams) => AsyncIterable<DatasetRecords[D][]>;
};

/** `MarketDataProvider.fetch` over per-dataset handlers; asking for a dataset the vendor lacks is an error. */
export function dispatchDatasets(provider: string, handlers: DatasetHandlers) {
  return <D extends Dataset>(dataset: D, params: FetchParams): AsyncIterable<DatasetRecords[D][]> => {
    const handler: DatasetHandlers[D] = handlers[dataset];
    if (!handler) throw new Error(`${provider} does not serve ${dataset}`);
    return handler(params);
  };
}

/** The datasets a handler map serves, in ingestion order. */
export function datasetsOf(handlers: DatasetHandlers, order: readonly Dataset[]): Dataset[] {
  return order.filter((dataset) => handlers[dataset] !== undefined);
}

/** Whether `date` lies in the params' inclusive window (an open end admits everything). */
export function inWindow(date: IsoDate, { from, to }: FetchParams): boolean {
  return (!from || date >= from) && (!to || date <= to);
}

/** `items` in runs of at most `size`. */
export function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The symbols a fetch is limited to (uppercase), or null for "everything the provider knows". */
export function requestedSymbols(params: FetchParams): Set<string> | null {
  return params.assets ? new Set(params.assets.map((asset) => asset.symbol.toUpperCase())) : null;
}
