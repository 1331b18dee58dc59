import type { getLikelyMovers, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PLAN_GATED_TAG } from '../../shared/api.ts';
import { marketApi } from '../../shared/market/market-api.ts';

export type LikelyMovers = ResponseOf<typeof getLikelyMovers>;

/** The home page's own calls: this week's likely big movers (pro: prePostEarningsMove). */
export const homeApi = marketApi.injectEndpoints({
  endpoints: (build) => ({
    getLikelyMovers: build.query<LikelyMovers, void>({
      query: () => paths.getLikelyMovers,
      providesTags: [PLAN_GATED_TAG, 'Earnings'],
    }),
  }),
});

export const { useGetLikelyMoversQuery } = homeApi;
