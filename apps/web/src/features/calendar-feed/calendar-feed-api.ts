import type { createCalendarFeed, deleteCalendarFeed, getCalendarFeed, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const FEED_PATH = paths.getCalendarFeed;
const CREATE_PATH = paths.createCalendarFeed;
const DELETE_PATH = paths.deleteCalendarFeed;

export type CalendarFeedAnswer = ResponseOf<typeof getCalendarFeed>;

/** The signed-in user's calendar feed: its secret address, or null when it is off. */
export const calendarFeedApi = api.enhanceEndpoints({ addTagTypes: ['CalendarFeed'] }).injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarFeedAnswer, void>({
      query: () => FEED_PATH,
      providesTags: ['CalendarFeed'],
    }),
    /** On, or a new secret (the old address stops working): the answer is the new state, written to the cache. */
    createCalendarFeed: build.mutation<ResponseOf<typeof createCalendarFeed>, void>({
      query: () => ({ url: CREATE_PATH, method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
    deleteCalendarFeed: build.mutation<ResponseOf<typeof deleteCalendarFeed>, void>({
      query: () => ({ url: DELETE_PATH, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useCreateCalendarFeedMutation, useDeleteCalendarFeedMutation } =
  calendarFeedApi;
