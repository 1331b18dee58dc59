import type {
  BodyOf,
  getOrganizationPaymentMethods,
  getOrganizationSubscription,
  postOrganizationPaymentMethod,
  postOrganizationPaymentsSetup,
  postOrganizationSubscription,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api, PLAN_GATED_TAG } from '../../shared/api.ts';
import { orgPath } from '../../shared/org-path.ts';

const SETUP_PATH = paths.postOrganizationPaymentsSetup;
const METHODS_PATH = paths.getOrganizationPaymentMethods;
const SUBSCRIPTION_PATH = paths.getOrganizationSubscription;

export type TeamSetup = ResponseOf<typeof postOrganizationPaymentsSetup>;
export type TeamSubscribeBody = BodyOf<typeof postOrganizationSubscription>;
type TeamSubscription = ResponseOf<typeof getOrganizationSubscription>;

interface OrgArg {
  orgId: string;
}

/**
 * A team's side of billing (SPEC §7 Organizations, the owner only): its cards, the SetupIntent for a new one and
 * the Team plan bought for it, beside a person's in payments-api so one checkout serves both. Subscribing changes
 * the team ('Team') and the caller's features, so it also invalidates `Me` and every plan-gated answer.
 */
export const teamPaymentsApi = api.enhanceEndpoints({ addTagTypes: ['Me', 'Team', 'TeamCards'] }).injectEndpoints({
  endpoints: (build) => ({
    setupTeamPayment: build.mutation<TeamSetup, OrgArg>({
      query: ({ orgId }) => ({ url: orgPath(SETUP_PATH, { orgId }), method: 'POST' }),
    }),
    getTeamPaymentMethods: build.query<ResponseOf<typeof getOrganizationPaymentMethods>, OrgArg>({
      query: ({ orgId }) => orgPath(METHODS_PATH, { orgId }),
      providesTags: ['TeamCards'],
    }),
    addTeamPaymentMethod: build.mutation<
      ResponseOf<typeof postOrganizationPaymentMethod>,
      OrgArg & BodyOf<typeof postOrganizationPaymentMethod>
    >({
      query: ({ orgId, ...body }) => ({ url: orgPath(METHODS_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: ['TeamCards'],
    }),
    subscribeTeam: build.mutation<TeamSubscription, OrgArg & Partial<TeamSubscribeBody>>({
      query: ({ orgId, ...body }) => ({ url: orgPath(SUBSCRIPTION_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: ['Team', 'TeamCards', 'Me', PLAN_GATED_TAG],
    }),
  }),
});

export const { useGetTeamPaymentMethodsQuery, useAddTeamPaymentMethodMutation, useSubscribeTeamMutation } =
  teamPaymentsApi;
