import type {
  BodyOf,
  deletePaymentMethod,
  getCharges,
  getMySubscription,
  getPaymentMethods,
  getRefundEligibility,
  postMySubscription,
  postPaymentMethod,
  postPaymentsSetup,
  postSubscriptionCharge,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api, PLAN_GATED_TAG } from '../../shared/api.ts';

const SETUP_PATH = paths.postPaymentsSetup;
const METHODS_PATH = paths.getPaymentMethods;
const METHOD_PATH = paths.deletePaymentMethod;
const SUBSCRIPTION_PATH = paths.getMySubscription;
const REFUND_PATH = paths.getRefundEligibility;
const REFUND_REQUEST_PATH = paths.postRefund;
const REACTIVATE_PATH = paths.postReactivate;
const CHARGES_PATH = paths.getCharges;
const PAY_NOW_PATH = paths.postSubscriptionCharge;

export type SubscriptionResponse = ResponseOf<typeof getMySubscription>;
export type SetupResponse = ResponseOf<typeof postPaymentsSetup>;
export type PaymentMethodsResponse = ResponseOf<typeof getPaymentMethods>;
export type ChargesResponse = ResponseOf<typeof getCharges>;
export type RefundEligibility = ResponseOf<typeof getRefundEligibility>;
export type SubscribeBody = BodyOf<typeof postMySubscription>;

/**
 * Billing's write side: cards, the subscription and its charges. Every change to the subscription also changes the
 * user's plan and features on the server, so it invalidates `Me` and every plan-gated answer along with the billing
 * tags.
 */
export const paymentsApi = api
  .enhanceEndpoints({ addTagTypes: ['Me', 'Subscription', 'PaymentMethods', 'Charges'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getMySubscription: build.query<SubscriptionResponse, void>({
        query: () => SUBSCRIPTION_PATH,
        providesTags: ['Subscription'],
      }),
      subscribe: build.mutation<SubscriptionResponse, Partial<SubscribeBody>>({
        query: (body) => ({ url: SUBSCRIPTION_PATH, method: 'POST', body }),
        invalidatesTags: ['Me', PLAN_GATED_TAG, 'Subscription', 'PaymentMethods', 'Charges'],
      }),
      reactivate: build.mutation<SubscriptionResponse, void>({
        query: () => ({ url: REACTIVATE_PATH, method: 'POST' }),
        invalidatesTags: ['Me', PLAN_GATED_TAG, 'Subscription'],
      }),
      payNow: build.mutation<SubscriptionResponse, BodyOf<typeof postSubscriptionCharge>>({
        query: (body) => ({ url: PAY_NOW_PATH, method: 'POST', body }),
        invalidatesTags: ['Me', PLAN_GATED_TAG, 'Subscription', 'Charges'],
      }),
      requestRefund: build.mutation<SubscriptionResponse, void>({
        query: () => ({ url: REFUND_REQUEST_PATH, method: 'POST' }),
        invalidatesTags: ['Me', PLAN_GATED_TAG, 'Subscription', 'Charges'],
      }),
      getRefundEligibility: build.query<RefundEligibility, void>({
        query: () => REFUND_PATH,
        providesTags: ['Charges'],
      }),
      setupPayment: build.mutation<SetupResponse, void>({
        query: () => ({ url: SETUP_PATH, method: 'POST' }),
      }),
      getPaymentMethods: build.query<PaymentMethodsResponse, void>({
        query: () => METHODS_PATH,
        providesTags: ['PaymentMethods'],
      }),
      addPaymentMethod: build.mutation<ResponseOf<typeof postPaymentMethod>, BodyOf<typeof postPaymentMethod>>({
        query: (body) => ({ url: METHODS_PATH, method: 'POST', body }),
        invalidatesTags: ['PaymentMethods'],
      }),
      deletePaymentMethod: build.mutation<ResponseOf<typeof deletePaymentMethod>, { id: number }>({
        query: ({ id }) => ({ url: METHOD_PATH.replace(':id', String(id)), method: 'DELETE' }),
        invalidatesTags: ['PaymentMethods'],
      }),
      getCharges: build.query<ChargesResponse, void>({
        query: () => CHARGES_PATH,
        providesTags: ['Charges'],
      }),
    }),
  });

export const {
  useGetMySubscriptionQuery,
  useSubscribeMutation,
  useReactivateMutation,
  usePayNowMutation,
  useRequestRefundMutation,
  useGetRefundEligibilityQuery,
  useSetupPaymentMutation,
  useGetPaymentMethodsQuery,
  useAddPaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useGetChargesQuery,
} = paymentsApi;
