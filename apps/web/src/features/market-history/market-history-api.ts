import type { getMarketHistoryStatus, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const PATH = paths.getMarketHistoryStatus;

/** How often the progress is asked for while the history fills. */
export const HISTORY_POLL_MS = 5000;

export type MarketHistoryStatus = ResponseOf<typeof getMarketHistoryStatus>;

export const marketHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarketHistoryStatus: build.query<MarketHistoryStatus, void>({ query: () => PATH }),
  }),
});

/** The server's history progress, polled only while it is filling. */
export function useMarketHistory() {
  const first = marketHistoryApi.useGetMarketHistoryStatusQuery();
  const filling = first.data?.state === 'filling';
  const polled = marketHistoryApi.useGetMarketHistoryStatusQuery(undefined, {
    pollingInterval: filling ? HISTORY_POLL_MS : 0,
    skip: !filling,
  });
  return polled.data ?? first.data;
}
