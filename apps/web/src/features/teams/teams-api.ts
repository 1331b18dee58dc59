import type {
  BodyOf,
  getMyOrganization,
  getOrganizationInvites,
  getOrganizationLicensePrice,
  getOrganizationSubscription,
  getOrganizationUsers,
  postInviteResponse,
  postOrganization,
  postOrganizationInvites,
  postOrganizationLicenses,
  postOrganizationUserRole,
  QueryOf,
  ResponseOf,
  updateOrganization,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api, PLAN_GATED_TAG } from '../../shared/api.ts';
import { orgPath } from '../../shared/org-path.ts';

const ORGANIZATIONS_PATH = paths.postOrganization;
const MINE_PATH = paths.getMyOrganization;
const ORG_PATH = paths.updateOrganization;
const INVITES_PATH = paths.postOrganizationInvites;
const USERS_PATH = paths.getOrganizationUsers;
const USER_PATH = paths.deleteOrganizationUser;
const RESPONSE_PATH = paths.postInviteResponse;
const SUBSCRIPTION_PATH = paths.getOrganizationSubscription;
const LICENSES_PATH = paths.postOrganizationLicenses;
const LICENSE_PRICE_PATH = paths.getOrganizationLicensePrice;

export type MyOrganization = ResponseOf<typeof getMyOrganization>;
export type Organization = NonNullable<MyOrganization['organization']>;
export type PendingInvite = MyOrganization['invites'][number];
export type TeamUsers = ResponseOf<typeof getOrganizationUsers>;
export type TeamUser = TeamUsers['users'][number];
export type InvitesResult = ResponseOf<typeof postOrganizationInvites>;
export type TeamInvites = ResponseOf<typeof getOrganizationInvites>;
export type TeamSubscription = ResponseOf<typeof getOrganizationSubscription>;
export type LicensePrice = ResponseOf<typeof getOrganizationLicensePrice>;

interface OrgArg {
  orgId: string;
}

/** What a change to the team changes: the team's own answers and, where membership or the plan moves, the user's. */
const TEAM = 'Team';
const FEATURES = ['Me', PLAN_GATED_TAG] as const;

/**
 * SPEC §7 Organizations: the team, its members and invites, its licences and their price (its cards and buying
 * the Team plan are billing's team-payments-api, for the one checkout). Every answer is the team's ('Team');
 * accepting or leaving a team changes the caller's features, so those also invalidate `Me` and every plan-gated
 * answer. The server checks every role (docs/teams.md); the screens show
 * only what the domain's `can` allows.
 */
export const teamsApi = api.enhanceEndpoints({ addTagTypes: ['Me', TEAM] }).injectEndpoints({
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
    getTeamSubscription: build.query<TeamSubscription, OrgArg>({
      query: ({ orgId }) => orgPath(SUBSCRIPTION_PATH, { orgId }),
      providesTags: [TEAM],
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
  useGetTeamSubscriptionQuery,
  useSetTeamLicensesMutation,
  useGetLicensePriceQuery,
} = teamsApi;
