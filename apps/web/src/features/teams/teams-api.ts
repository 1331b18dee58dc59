import type {
  BodyOf,
  deleteOrganizationUser,
  getMyOrganization,
  getOrganizationInvites,
  getOrganizationLicensePrice,
  getOrganizationPaymentMethods,
  getOrganizationSubscription,
  getOrganizationUsers,
  postInviteResponse,
  postOrganization,
  postOrganizationInvites,
  postOrganizationLicenses,
  postOrganizationPaymentMethod,
  postOrganizationPaymentsSetup,
  postOrganizationSubscription,
  postOrganizationUserRole,
  QueryOf,
  ResponseOf,
  updateOrganization,
} from '@eh/contracts';
import { api, PLAN_GATED_TAG } from '../../app/api.ts';

const ORGANIZATIONS_PATH: (typeof postOrganization)['path'] = '/core/organizations';
const MINE_PATH: (typeof getMyOrganization)['path'] = '/core/users/me/organization';
const ORG_PATH: (typeof updateOrganization)['path'] = '/core/organizations/:orgId';
const INVITES_PATH: (typeof postOrganizationInvites)['path'] = '/core/organizations/:orgId/invites';
const USERS_PATH: (typeof getOrganizationUsers)['path'] = '/core/organizations/:orgId/users';
const USER_PATH: (typeof deleteOrganizationUser)['path'] = '/core/organizations/:orgId/users/:userId';
const RESPONSE_PATH: (typeof postInviteResponse)['path'] = '/core/users/me/organization/invite/response';
const SETUP_PATH: (typeof postOrganizationPaymentsSetup)['path'] = '/core/organizations/:orgId/payments/setup';
const METHODS_PATH: (typeof getOrganizationPaymentMethods)['path'] =
  '/core/organizations/:orgId/payments/payment-methods';
const SUBSCRIPTION_PATH: (typeof getOrganizationSubscription)['path'] = '/core/organizations/:orgId/subscription';
const LICENSES_PATH: (typeof postOrganizationLicenses)['path'] = '/core/organizations/:orgId/subscription/licenses';
const LICENSE_PRICE_PATH: (typeof getOrganizationLicensePrice)['path'] =
  '/core/organizations/:orgId/subscription/licenses/price';

/** A path of SPEC §7 Organizations with its ids filled in. */
export function orgPath(path: string, ids: { orgId: string; userId?: string }): string {
  return path.replace(':orgId', encodeURIComponent(ids.orgId)).replace(':userId', encodeURIComponent(ids.userId ?? ''));
}

export type MyOrganization = ResponseOf<typeof getMyOrganization>;
export type Organization = NonNullable<MyOrganization['organization']>;
export type PendingInvite = MyOrganization['invites'][number];
export type TeamUsers = ResponseOf<typeof getOrganizationUsers>;
export type TeamUser = TeamUsers['users'][number];
export type InvitesResult = ResponseOf<typeof postOrganizationInvites>;
export type TeamInvites = ResponseOf<typeof getOrganizationInvites>;
export type TeamSubscription = ResponseOf<typeof getOrganizationSubscription>;
export type LicensePrice = ResponseOf<typeof getOrganizationLicensePrice>;
export type TeamSubscribeBody = BodyOf<typeof postOrganizationSubscription>;
export type TeamSetup = ResponseOf<typeof postOrganizationPaymentsSetup>;

interface OrgArg {
  orgId: string;
}

/** What a change to the team changes: the team's own answers and, where membership or the plan moves, the user's. */
const TEAM = 'Team';
const TEAM_CARDS = 'TeamCards';
const FEATURES = ['Me', PLAN_GATED_TAG] as const;

/**
 * SPEC §7 Organizations (issue 20): the team, its members and invites, its licences and its billing. Every answer
 * is the team's ('Team'); accepting or leaving a team and subscribing it change the caller's features, so those
 * also invalidate `Me` and every plan-gated answer. The server checks every role (docs/teams.md); the screens show
 * only what the domain's `can` allows.
 */
export const teamsApi = api.enhanceEndpoints({ addTagTypes: ['Me', TEAM, TEAM_CARDS] }).injectEndpoints({
  endpoints: (build) => ({
    getMyOrganization: build.query<MyOrganization, void>({
      query: () => MINE_PATH,
      providesTags: [TEAM],
    }),
    createOrganization: build.mutation<MyOrganization, Partial<BodyOf<typeof postOrganization>>>({
      query: (body) => ({ url: ORGANIZATIONS_PATH, method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    updateOrganization: build.mutation<Organization, OrgArg & BodyOf<typeof updateOrganization>>({
      query: ({ orgId, ...body }) => ({ url: orgPath(ORG_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    getTeamUsers: build.query<TeamUsers, OrgArg>({
      query: ({ orgId }) => orgPath(USERS_PATH, { orgId }),
      providesTags: [TEAM],
    }),
    getTeamInvites: build.query<TeamInvites, OrgArg & QueryOf<typeof getOrganizationInvites>>({
      query: ({ orgId, ...params }) => ({ url: orgPath(INVITES_PATH, { orgId }), params }),
      providesTags: [TEAM],
    }),
    invite: build.mutation<InvitesResult, OrgArg & Partial<BodyOf<typeof postOrganizationInvites>>>({
      query: ({ orgId, ...body }) => ({ url: orgPath(INVITES_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    respondToInvite: build.mutation<MyOrganization, BodyOf<typeof postInviteResponse>>({
      query: (body) => ({ url: RESPONSE_PATH, method: 'POST', body }),
      invalidatesTags: [TEAM, ...FEATURES],
    }),
    removeTeamUser: build.mutation<TeamUsers, OrgArg & { userId: string }>({
      query: (ids) => ({ url: orgPath(USER_PATH, ids), method: 'DELETE' }),
      // Leaving takes the caller's team features with them.
      invalidatesTags: [TEAM, ...FEATURES],
    }),
    setTeamRole: build.mutation<TeamUsers, OrgArg & { userId: string } & BodyOf<typeof postOrganizationUserRole>>({
      query: ({ orgId, userId, ...body }) => ({ url: orgPath(USER_PATH, { orgId, userId }), method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    setupTeamPayment: build.mutation<TeamSetup, OrgArg>({
      query: ({ orgId }) => ({ url: orgPath(SETUP_PATH, { orgId }), method: 'POST' }),
    }),
    getTeamPaymentMethods: build.query<ResponseOf<typeof getOrganizationPaymentMethods>, OrgArg>({
      query: ({ orgId }) => orgPath(METHODS_PATH, { orgId }),
      providesTags: [TEAM_CARDS],
    }),
    addTeamPaymentMethod: build.mutation<
      ResponseOf<typeof postOrganizationPaymentMethod>,
      OrgArg & BodyOf<typeof postOrganizationPaymentMethod>
    >({
      query: ({ orgId, ...body }) => ({ url: orgPath(METHODS_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: [TEAM_CARDS],
    }),
    getTeamSubscription: build.query<TeamSubscription, OrgArg>({
      query: ({ orgId }) => orgPath(SUBSCRIPTION_PATH, { orgId }),
      providesTags: [TEAM],
    }),
    subscribeTeam: build.mutation<TeamSubscription, OrgArg & Partial<TeamSubscribeBody>>({
      query: ({ orgId, ...body }) => ({ url: orgPath(SUBSCRIPTION_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: [TEAM, TEAM_CARDS, ...FEATURES],
    }),
    setTeamLicenses: build.mutation<TeamSubscription, OrgArg & BodyOf<typeof postOrganizationLicenses>>({
      query: ({ orgId, ...body }) => ({ url: orgPath(LICENSES_PATH, { orgId }), method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    getLicensePrice: build.query<LicensePrice, OrgArg & { licenseCount: number }>({
      query: ({ orgId, licenseCount }) => ({
        url: orgPath(LICENSE_PRICE_PATH, { orgId }),
        params: { licenseCount },
      }),
      providesTags: [TEAM],
    }),
  }),
});

export const {
  useGetMyOrganizationQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useGetTeamUsersQuery,
  useGetTeamInvitesQuery,
  useInviteMutation,
  useRespondToInviteMutation,
  useRemoveTeamUserMutation,
  useSetTeamRoleMutation,
  useGetTeamPaymentMethodsQuery,
  useAddTeamPaymentMethodMutation,
  useGetTeamSubscriptionQuery,
  useSubscribeTeamMutation,
  useSetTeamLicensesMutation,
  useGetLicensePriceQuery,
} = teamsApi;
