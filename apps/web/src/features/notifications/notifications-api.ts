import type {
  BodyOf,
  getDeliveries,
  getNotificationPreferences,
  getNotificationProviders,
  getUnsubscribe,
  postNotificationPreferences,
  postTestNotification,
  postUnsubscribe,
  QueryOf,
  ResponseOf,
} from '@eh/contracts';
import { api } from '../../app/api.ts';

const DELIVERIES_PATH: (typeof getDeliveries)['path'] = '/notifications/deliveries';
const TEST_PATH: (typeof postTestNotification)['path'] = '/notifications/test';
const PREFERENCES_PATH: (typeof getNotificationPreferences)['path'] = '/notifications/preferences';
const SAVE_PREFERENCES_PATH: (typeof postNotificationPreferences)['path'] = PREFERENCES_PATH;
const PROVIDERS_PATH: (typeof getNotificationProviders)['path'] = '/notifications/providers';
const UNSUBSCRIBE_PATH: (typeof getUnsubscribe)['path'] = '/notifications/unsubscribe';
const POST_UNSUBSCRIBE_PATH: (typeof postUnsubscribe)['path'] = UNSUBSCRIBE_PATH;

export type DeliveriesPage = ResponseOf<typeof getDeliveries>;
export type DeliveryEntry = DeliveriesPage['deliveries'][number];
export type NotificationPreferences = ResponseOf<typeof getNotificationPreferences>;
export type ProvidersStatus = ResponseOf<typeof getNotificationProviders>;
export type UnsubscribeScope = ResponseOf<typeof getUnsubscribe>;

/** The signed-in user's notifications: the delivery log, their limits, a test per channel; unsubscribe links. */
export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Deliveries', 'NotificationPreferences'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getDeliveries: build.query<DeliveriesPage, QueryOf<typeof getDeliveries>>({
        query: (params) => ({ url: DELIVERIES_PATH, params }),
        providesTags: ['Deliveries'],
      }),
      sendTestNotification: build.mutation<
        ResponseOf<typeof postTestNotification>,
        BodyOf<typeof postTestNotification>
      >({
        query: (body) => ({ url: TEST_PATH, method: 'POST', body }),
        invalidatesTags: ['Deliveries'],
      }),
      getNotificationPreferences: build.query<NotificationPreferences, void>({
        query: () => PREFERENCES_PATH,
        providesTags: ['NotificationPreferences'],
      }),
      saveNotificationPreferences: build.mutation<NotificationPreferences, BodyOf<typeof postNotificationPreferences>>({
        query: (body) => ({ url: SAVE_PREFERENCES_PATH, method: 'POST', body }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
        },
      }),
      getNotificationProviders: build.query<ProvidersStatus, void>({ query: () => PROVIDERS_PATH }),
      getUnsubscribe: build.query<UnsubscribeScope, { token: string }>({
        query: (params) => ({ url: UNSUBSCRIBE_PATH, params }),
      }),
      unsubscribe: build.mutation<ResponseOf<typeof postUnsubscribe>, { token: string }>({
        query: (params) => ({ url: POST_UNSUBSCRIBE_PATH, method: 'POST', params }),
      }),
    }),
  });

export const {
  useGetDeliveriesQuery,
  useSendTestNotificationMutation,
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  useGetNotificationProvidersQuery,
  useGetUnsubscribeQuery,
  useUnsubscribeMutation,
} = notificationsApi;
