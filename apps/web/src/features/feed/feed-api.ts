/**
 * The two market calls the feed needs that the shared market layer does not carry yet: the newest files of a
 * named feed and the events list (calls on now and recorded). Injected into the one base API.
 */

import type { getEvents, getFilesByFilter, ParamsOf, QueryOf, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { marketApi } from '../../shared/market/market-api.ts';
import { fillPath } from '../../shared/routes.ts';

const FILES_BY_FILTER = paths.getFilesByFilter;
const EVENTS = paths.getEvents;

export type FilesByFilterArgs = ParamsOf<typeof getFilesByFilter> & NonNullable<QueryOf<typeof getFilesByFilter>>;
export type EventsArgs = NonNullable<QueryOf<typeof getEvents>>;

export const feedApi = marketApi.injectEndpoints({
  endpoints: (build) => ({
    getFilesByFilter: build.query<ResponseOf<typeof getFilesByFilter>, FilesByFilterArgs>({
      query: ({ filter, ...params }) => ({ url: fillPath(FILES_BY_FILTER, { filter }), params }),
      providesTags: ['MarketData', 'Files'],
    }),
    getEvents: build.query<ResponseOf<typeof getEvents>, EventsArgs>({
      query: (params) => ({ url: EVENTS, params }),
      providesTags: ['MarketData', 'Events'],
    }),
  }),
});

export const { useGetFilesByFilterQuery, useGetEventsQuery } = feedApi;
