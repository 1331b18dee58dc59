import type { createCalendarFeed, deleteCalendarFeed, getCalendarFeed, ResponseOf } from '@eh/contracts';
import { api } from '../../app/api.ts';

const FEED_PATH: (typeof getCalendarFeed)['path'] = '/core/users/me/calendar-feed';
const CREATE_PATH: (typeof createCalendarFeed)['path'] = FEED_PATH;
const DELETE_PATH: (typeof deleteCalendarFeed)['path'] = FEED_PATH;

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
