import type { getSymbolReactions, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PLAN_GATED_TAG } from '../../shared/api.ts';
import { marketApi } from '../../shared/market/market-api.ts';

export type SymbolReactions = ResponseOf<typeof getSymbolReactions>;
export type ReportReaction = SymbolReactions['reactions'][number];

const PATH = paths.getSymbolReactions;

/**
 * A company's reactions to its reports (pro: prePostEarningsMove). Tagged like its earnings, so whatever refetches
 * those (a sign-in, a report landing) refetches these too.
 */
export const reactionsApi = marketApi.injectEndpoints({
  endpoints: (build) => ({
    getSymbolReactions: build.query<SymbolReactions, { symbol: string }>({
      query: ({ symbol }) => PATH.replace(':symbol', encodeURIComponent(symbol.toUpperCase())),
      providesTags: (_r, _e, { symbol }) => [PLAN_GATED_TAG, { type: 'Earnings', id: symbol.toUpperCase() }],
    }),
  }),
});

export const { useGetSymbolReactionsQuery } = reactionsApi;
