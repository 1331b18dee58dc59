import type { getDevOutbox, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const OUTBOX_PATH = paths.getDevOutbox;

/** How many outbox messages the dev page lists. */
export const OUTBOX_LIMIT = 50;

export const devApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDevOutbox: build.query<ResponseOf<typeof getDevOutbox>, { limit: number }>({
      query: ({ limit }) => ({ url: OUTBOX_PATH, params: { limit } }),
      providesTags: ['Outbox'],
    }),
  }),
});

export const { useGetDevOutboxQuery } = devApi;
