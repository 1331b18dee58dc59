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
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const DELIVERIES_PATH = paths.getDeliveries;
const TEST_PATH = paths.postTestNotification;
const PREFERENCES_PATH = paths.getNotificationPreferences;
const SAVE_PREFERENCES_PATH = paths.postNotificationPreferences;
const PROVIDERS_PATH = paths.getNotificationProviders;
const UNSUBSCRIBE_PATH = paths.getUnsubscribe;
const POST_UNSUBSCRIBE_PATH = paths.postUnsubscribe;

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
