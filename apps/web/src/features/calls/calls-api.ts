/**
 * The calls of the /calls page (SPEC §7 events): earnings calls live now and coming up (oldest first, from today)
 * or recorded (newest first). Types only from `@eh/contracts`.
 */

import type { getEvents, QueryOf, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { MARKET_TAG_TYPES, marketApi } from '../../shared/market/market-api.ts';
import type { CallTab } from './calls-model.ts';

const EVENTS_PATH = paths.getEvents;

export type CallsResponse = ResponseOf<typeof getEvents>;

export interface CallsArgs {
  tab: CallTab;
  limit: number;
}

/** The events query of a tab: live and upcoming calls, or recorded (closed) ones. */
export function callsQuery({ tab, limit }: CallsArgs): QueryOf<typeof getEvents> {
  return { type: 'call', status: tab === 'recorded' ? 'closed' : 'live,upcoming', limit };
}

export const callsApi = marketApi.enhanceEndpoints({ addTagTypes: [...MARKET_TAG_TYPES] }).injectEndpoints({
  endpoints: (build) => ({
    getCalls: build.query<CallsResponse, CallsArgs>({
      query: (args) => ({ url: EVENTS_PATH, params: callsQuery(args) }),
      providesTags: ['MarketData', 'Events'],
    }),
  }),
});

export const { useGetCallsQuery } = callsApi;
