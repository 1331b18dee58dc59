import type {
  BodyOf,
  getAffiliateAccounts,
  getAffiliateArr,
  getAffiliateBalance,
  getAffiliateCharges,
  getAffiliatePayments,
  getAffiliateProgram,
  getAffiliateRequests,
  getConnectCountries,
  getMyAffiliate,
  getOnboardingStatus,
  postAffiliateDecision,
  postAffiliateRequest,
  postSource,
  postStripeConnect,
  postTestOnboarding,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import type { AffiliateRequestStatus } from '@eh/domain';
import { api } from '../../shared/api.ts';

const PROGRAM_PATH = paths.getAffiliateProgram;
const MINE_PATH = paths.getMyAffiliate;
const REQUEST_PATH = paths.postAffiliateRequest;
const REQUESTS_PATH = paths.getAffiliateRequests;
const DECISION_PATH = paths.postAffiliateDecision;
const COUNTRIES_PATH = paths.getConnectCountries;
const CONNECT_PATH = paths.postStripeConnect;
const ONBOARDING_PATH = paths.getOnboardingStatus;
const TEST_ONBOARDING_PATH = paths.postTestOnboarding;
const CHARGES_PATH = paths.getAffiliateCharges;
const BALANCE_PATH = paths.getAffiliateBalance;
const PAYMENTS_PATH = paths.getAffiliatePayments;
const ACCOUNTS_PATH = paths.getAffiliateAccounts;
const ARR_PATH = paths.getAffiliateArr;
const SOURCE_PATH = paths.postSource;

/** SPEC's `?type=affiliate` of the dashboard calls. */
const AFFILIATE = { type: 'affiliate' } as const;

export type AffiliateProgram = ResponseOf<typeof getAffiliateProgram>;
export type MyAffiliate = ResponseOf<typeof getMyAffiliate>;
export type AffiliateRequests = ResponseOf<typeof getAffiliateRequests>;
export type AffiliateRequestRow = AffiliateRequests['affiliates'][number];
export type ConnectCountries = ResponseOf<typeof getConnectCountries>;
export type OnboardingStatus = ResponseOf<typeof getOnboardingStatus>;
export type AffiliateCharges = ResponseOf<typeof getAffiliateCharges>;
export type Commission = AffiliateCharges['charges'][number];
export type AffiliateBalance = ResponseOf<typeof getAffiliateBalance>;
export type AffiliatePayments = ResponseOf<typeof getAffiliatePayments>;
export type Payout = AffiliatePayments['payments'][number];
export type ReferredAccounts = ResponseOf<typeof getAffiliateAccounts>;
export type AffiliateArr = ResponseOf<typeof getAffiliateArr>;
export type SignupSource = BodyOf<typeof postSource>;

/**
 * The affiliate program (SPEC §7 Affiliate and payout): the program, the caller's membership, the payout
 * account and the dashboard's five `?type=affiliate` calls; super admins' decisions.
 */
export const affiliatesApi = api
  .enhanceEndpoints({ addTagTypes: ['Affiliate', 'AffiliateRequests', 'PayoutAccount', 'AffiliateLedger'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAffiliateProgram: build.query<AffiliateProgram, void>({ query: () => PROGRAM_PATH }),
      getMyAffiliate: build.query<MyAffiliate, void>({ query: () => MINE_PATH, providesTags: ['Affiliate'] }),
      requestToJoin: build.mutation<MyAffiliate, BodyOf<typeof postAffiliateRequest>>({
        query: (body) => ({ url: REQUEST_PATH, method: 'POST', body }),
        invalidatesTags: ['Affiliate', 'AffiliateRequests'],
      }),
      getAffiliateRequests: build.query<AffiliateRequests, { status?: AffiliateRequestStatus }>({
        query: ({ status }) => ({ url: REQUESTS_PATH, params: status ? { status } : {} }),
        providesTags: ['AffiliateRequests'],
      }),
      decideAffiliate: build.mutation<
        ResponseOf<typeof postAffiliateDecision>,
        { userId: string } & BodyOf<typeof postAffiliateDecision>
      >({
        query: ({ userId, ...body }) => ({
          url: DECISION_PATH.replace(':userId', encodeURIComponent(userId)),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['AffiliateRequests', 'Affiliate', 'AffiliateLedger'],
      }),
      getConnectCountries: build.query<ConnectCountries, void>({ query: () => COUNTRIES_PATH }),
      connectPayoutAccount: build.mutation<ResponseOf<typeof postStripeConnect>, BodyOf<typeof postStripeConnect>>({
        query: (body) => ({ url: CONNECT_PATH, method: 'POST', body }),
        invalidatesTags: ['PayoutAccount'],
      }),
      getOnboardingStatus: build.query<OnboardingStatus, void>({
        query: () => ONBOARDING_PATH,
        providesTags: ['PayoutAccount'],
      }),
      finishTestOnboarding: build.mutation<OnboardingStatus, BodyOf<typeof postTestOnboarding>>({
        query: (body) => ({ url: TEST_ONBOARDING_PATH, method: 'POST', body }),
        invalidatesTags: ['PayoutAccount'],
      }),
      getAffiliateCharges: build.query<AffiliateCharges, void>({
        query: () => ({ url: CHARGES_PATH, params: AFFILIATE }),
        providesTags: ['AffiliateLedger'],
      }),
      getAffiliateBalance: build.query<AffiliateBalance, void>({
        query: () => ({ url: BALANCE_PATH, params: AFFILIATE }),
        providesTags: ['AffiliateLedger'],
      }),
      getAffiliatePayments: build.query<AffiliatePayments, void>({
        query: () => ({ url: PAYMENTS_PATH, params: AFFILIATE }),
        providesTags: ['AffiliateLedger'],
      }),
      getReferredAccounts: build.query<ReferredAccounts, void>({
        query: () => ACCOUNTS_PATH,
        providesTags: ['AffiliateLedger'],
      }),
      getAffiliateArr: build.query<AffiliateArr, void>({
        query: () => ({ url: ARR_PATH, params: AFFILIATE }),
        providesTags: ['AffiliateLedger'],
      }),
      /** SPEC §7 Users: where a new account came from (the server keeps the first it hears). */
      recordSignupSource: build.mutation<ResponseOf<typeof postSource>, SignupSource>({
        query: (body) => ({ url: SOURCE_PATH, method: 'POST', body }),
      }),
    }),
  });

export const {
  useGetAffiliateProgramQuery,
  useGetMyAffiliateQuery,
  useRequestToJoinMutation,
  useGetAffiliateRequestsQuery,
  useDecideAffiliateMutation,
  useGetConnectCountriesQuery,
  useConnectPayoutAccountMutation,
  useGetOnboardingStatusQuery,
  useFinishTestOnboardingMutation,
  useGetAffiliateChargesQuery,
  useGetAffiliateBalanceQuery,
  useGetAffiliatePaymentsQuery,
  useGetReferredAccountsQuery,
  useGetAffiliateArrQuery,
} = affiliatesApi;
