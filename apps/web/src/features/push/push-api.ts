import type { BodyOf, getPushTokenCount, getVapidPublicKey, postPushToken, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const VAPID_PATH = paths.getVapidPublicKey;
const TOKENS_PATH = paths.postPushToken;
const COUNT_PATH = paths.getPushTokenCount;

/** Web push: the server's VAPID key, and this browser's subscription stored as a push token (SPEC §7). */
export const pushApi = api.enhanceEndpoints({ addTagTypes: ['PushTokens'] }).injectEndpoints({
  endpoints: (build) => ({
    getVapidPublicKey: build.query<ResponseOf<typeof getVapidPublicKey>, void>({ query: () => VAPID_PATH }),
    postPushToken: build.mutation<ResponseOf<typeof postPushToken>, BodyOf<typeof postPushToken>>({
      query: (body) => ({ url: TOKENS_PATH, method: 'POST', body }),
      invalidatesTags: ['PushTokens'],
    }),
    getPushTokenCount: build.query<ResponseOf<typeof getPushTokenCount>, { appName: string }>({
      query: ({ appName }) => ({ url: COUNT_PATH, params: { appName } }),
      providesTags: ['PushTokens'],
    }),
  }),
});

export const { useLazyGetVapidPublicKeyQuery, usePostPushTokenMutation, useGetPushTokenCountQuery } = pushApi;
