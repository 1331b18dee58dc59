import {
  BILLING_INTERVALS,
  DEFAULT_INVITE_ROLE,
  INVITE_RESPONSES,
  INVITE_ROLES,
  INVITE_STATUSES,
  MAX_INVITE_EMAILS,
  MAX_ORGANIZATION_NAME_LENGTH,
  MAX_TEAM_LICENSES,
  MEMBER_ROLES,
  TEAM_PLAN,
  TEAM_ROLES,
} from '@eh/domain';
import { z } from 'zod';
import { PriceQuoteSchema } from './billing.ts';
import { paths } from './paths.ts';
import {
  ChargeView,
  getPaymentMethods,
  PaymentMethodView,
  postMySubscription,
  postPaymentMethod,
  postPaymentsSetup,
  SubscriptionView,
} from './payments.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/** SPEC §7 Organizations: teams with roles, invites by email and licences. Roles: docs/teams.md. */
const TAGS = ['organizations'];

/** An address as people type it: trimmed, compared in lower case. */
export const TeamEmail = SafeString.trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'));

const OrganizationName = SafeString.trim()
  .min(1, 'is required')
  .max(MAX_ORGANIZATION_NAME_LENGTH, `must be at most ${MAX_ORGANIZATION_NAME_LENGTH} characters`);

/** SPEC's subscriptionPlanId: the plan an organization subscribes to, which is the team plan. */
const OrganizationPlan = z.literal(TEAM_PLAN, `must be ${TEAM_PLAN} (an organization subscribes to the Team plan)`);

const LicenseCount = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_TEAM_LICENSES, `must be at most ${MAX_TEAM_LICENSES}`);

const OrgParams = z.object({ orgId: z.uuid('must be an organization id (a UUID)') });
const OrgUserParams = OrgParams.extend({ userId: z.uuid('must be a user id (a UUID)') });

/** Seats are members (the owner included) and pending invites; they never exceed the licences. */
export const SeatsView = z.object({
  licenseCount: z.number().int(),
  members: z.number().int(),
  pendingInvites: z.number().int(),
  seatsUsed: z.number().int(),
  seatsLeft: z.number().int(),
});

export const OrganizationView = z.object({
  id: z.uuid(),
  name: z.string(),
  billingEmail: z.string(),
  subscriptionPlanId: z.string(),
  ownerId: z.uuid(),
  seats: SeatsView,
  createdAt: z.iso.datetime(),
});
export type OrganizationView = z.infer<typeof OrganizationView>;

/** An invite waiting for the caller's answer. */
export const PendingInviteView = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: z.enum(INVITE_ROLES),
  invitedByEmail: z.string().nullable(),
  token: z.string(),
  createdAt: z.iso.datetime(),
});

/**
 * The caller's team: as a member, the organization and their role; otherwise, with a pending invite, the newest
 * inviting organization and the role `invitee`; else nulls. `invites` lists every invite waiting for an answer.
 */
export const MyOrganizationView = z.object({
  organization: OrganizationView.nullable(),
  role: z.enum(TEAM_ROLES).nullable(),
  invites: z.array(PendingInviteView),
});
export type MyOrganizationView = z.infer<typeof MyOrganizationView>;

export const postOrganization = defineRoute({
  method: 'POST',
  path: paths.postOrganization,
  group: 'portfolios',
  summary: 'Creates a team organization owned by the caller (one licence, the owner’s seat, until it subscribes)',
  tags: TAGS,
  body: z.object({
    name: OrganizationName,
    subscriptionPlanId: OrganizationPlan.default(TEAM_PLAN),
    billingEmail: TeamEmail,
  }),
  status: 201,
  response: MyOrganizationView,
});

export const getMyOrganization = defineRoute({
  method: 'GET',
  path: paths.getMyOrganization,
  group: 'portfolios',
  summary: "The caller's organization and role, or the invites waiting for their answer",
  tags: TAGS,
  response: MyOrganizationView,
});

export const updateOrganization = defineRoute({
  method: 'POST',
  path: paths.updateOrganization,
  group: 'portfolios',
  summary: 'Changes the organization’s name, billing email or plan (the owner only)',
  tags: TAGS,
  params: OrgParams,
  body: z
    .object({
      name: OrganizationName.optional(),
      billingEmail: TeamEmail.optional(),
      subscriptionPlanId: OrganizationPlan.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'name, billingEmail or subscriptionPlanId is required',
    }),
  response: OrganizationView,
});

const EmailList = z
  .array(TeamEmail)
  .max(MAX_INVITE_EMAILS, `must list at most ${MAX_INVITE_EMAILS} addresses`)
  .default([]);

export const InviteView = z.object({
  id: z.uuid(),
  email: z.string(),
  /** The account of the address (made by the invite for a new address), or null. */
  userId: z.uuid().nullable(),
  role: z.enum(INVITE_ROLES),
  status: z.enum(INVITE_STATUSES),
  invitedBy: z.uuid().nullable(),
  /** The invite made the account: its email carried a temporary password. */
  newAccount: z.boolean(),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
});
export type InviteView = z.infer<typeof InviteView>;

export const postOrganizationInvites = defineRoute({
  method: 'POST',
  path: paths.postOrganizationInvites,
  group: 'portfolios',
  summary:
    'Invites addresses (an account is made for a new one, with a temporary password by email) and takes back invites; more seats than licences is a 409 with the price of one more licence',
  tags: TAGS,
  params: OrgParams,
  body: z
    .object({
      inviteEmails: EmailList,
      removeEmails: EmailList,
      /** The role the invites give (admin or member). */
      role: z.enum(INVITE_ROLES).default(DEFAULT_INVITE_ROLE),
    })
    .superRefine((body, ctx) => {
      if (body.inviteEmails.length === 0 && body.removeEmails.length === 0)
        ctx.addIssue({ code: 'custom', path: ['inviteEmails'], message: 'inviteEmails or removeEmails is required' });
      const removing = new Set(body.removeEmails);
      const both = body.inviteEmails.find((email) => removing.has(email));
      if (both)
        ctx.addIssue({
          code: 'custom',
          path: ['removeEmails'],
          message: `${both} is both invited and removed`,
        });
    }),
  response: z.object({
    /** The new invites; `newAccount`: the address had no account and got one. */
    invited: z.array(InviteView),
    /** Addresses whose pending invite was taken back. */
    removed: z.array(z.string()),
    skipped: z.array(
      z.object({ email: z.string(), reason: z.enum(['alreadyMember', 'alreadyInvited', 'notInvited']) }),
    ),
    seats: SeatsView,
  }),
});

export const getOrganizationInvites = defineRoute({
  method: 'GET',
  path: paths.getOrganizationInvites,
  group: 'portfolios',
  summary: "The organization's invites with their addresses, newest first (pending first); ?email and ?status narrow",
  tags: TAGS,
  params: OrgParams,
  query: z.object({ email: TeamEmail.optional(), status: z.enum(INVITE_STATUSES).optional() }),
  response: z.object({ invites: z.array(InviteView) }),
});

/** A person in the team: a member (owner, admin, member) or an invitee (a pending invite). */
export const TeamUserView = z.object({
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  /** The pending invite of an invitee. */
  inviteId: z.uuid().nullable(),
  joinedAt: z.iso.datetime().nullable(),
  invitedAt: z.iso.datetime().nullable(),
});
export type TeamUserView = z.infer<typeof TeamUserView>;

const TeamUsers = z.object({ users: z.array(TeamUserView), seats: SeatsView });

export const getOrganizationUsers = defineRoute({
  method: 'GET',
  path: paths.getOrganizationUsers,
  group: 'portfolios',
  summary: 'The members (owner first, then admins, then members) and the invitees, with the seats used',
  tags: TAGS,
  params: OrgParams,
  response: TeamUsers,
});

export const postInviteResponse = defineRoute({
  method: 'POST',
  path: paths.postInviteResponse,
  group: 'portfolios',
  summary:
    'Accepts or declines an invite (the newest, or the one of organizationId or token); accepting makes the caller a member',
  tags: TAGS,
  body: z.object({
    response: z.enum(INVITE_RESPONSES),
    organizationId: z.uuid('must be an organization id (a UUID)').optional(),
    token: SafeString.trim()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'must be an invite token')
      .optional(),
  }),
  response: MyOrganizationView,
});

export const deleteOrganizationUser = defineRoute({
  method: 'DELETE',
  path: paths.deleteOrganizationUser,
  group: 'portfolios',
  summary:
    'Removes a member or takes back an invitee’s invite (owner: admins and members; admin: members; anyone but the owner: themselves)',
  tags: TAGS,
  params: OrgUserParams,
  response: TeamUsers,
});

export const postOrganizationUserRole = defineRoute({
  method: 'POST',
  path: paths.postOrganizationUserRole,
  group: 'portfolios',
  summary:
    'Changes a member’s role (owner: admins and members; admin: members, up to admin); role owner transfers ownership (the owner only; they become an admin)',
  tags: TAGS,
  params: OrgUserParams,
  body: z.object({ role: z.enum(MEMBER_ROLES) }),
  response: TeamUsers,
});

export const postOrganizationPaymentsSetup = defineRoute({
  method: 'POST',
  path: paths.postOrganizationPaymentsSetup,
  group: 'portfolios',
  summary: 'A SetupIntent to collect the team’s card (the owner only)',
  tags: TAGS,
  params: OrgParams,
  response: postPaymentsSetup.response,
});

export const postOrganizationPaymentMethod = defineRoute({
  method: 'POST',
  path: paths.postOrganizationPaymentMethod,
  group: 'portfolios',
  summary: 'Saves a card for the team (the owner only): a Stripe payment method id, or in test billing a test card',
  tags: TAGS,
  params: OrgParams,
  body: postPaymentMethod.body,
  status: 201,
  response: PaymentMethodView,
});

export const getOrganizationPaymentMethods = defineRoute({
  method: 'GET',
  path: paths.getOrganizationPaymentMethods,
  group: 'portfolios',
  summary: "The team's saved cards, newest first (the owner only)",
  tags: TAGS,
  params: OrgParams,
  response: getPaymentMethods.response,
});

/** The team's subscription, its licences and seats, and (for the owner) its charges. */
export const TeamSubscriptionView = SubscriptionView.omit({ appAccountToken: true }).extend({
  seats: SeatsView,
  /** The team's charges, newest first: the owner's to see (null for the others). */
  charges: z.array(ChargeView).nullable(),
});

export const postOrganizationSubscription = defineRoute({
  method: 'POST',
  path: paths.postOrganizationSubscription,
  group: 'portfolios',
  summary:
    'Subscribes the team (plan team, priceType, licenseCount licences at the per-licence price, coupon, affiliateId), or with cancelAtPeriodEnd cancels at the period end (the owner only)',
  tags: TAGS,
  params: OrgParams,
  body: postMySubscription.body.extend({
    plan: z.literal(TEAM_PLAN, `must be ${TEAM_PLAN} (an organization subscribes to the Team plan)`).default(TEAM_PLAN),
    /** Licences to buy; absent: the organization's licence count (at least the seats used). */
    licenseCount: LicenseCount.optional(),
  }),
  response: TeamSubscriptionView,
});

export const getOrganizationSubscription = defineRoute({
  method: 'GET',
  path: paths.getOrganizationSubscription,
  group: 'portfolios',
  summary: "The team's subscription, licences and seats (its charges for the owner)",
  tags: TAGS,
  params: OrgParams,
  response: TeamSubscriptionView,
});

export const postOrganizationLicenses = defineRoute({
  method: 'POST',
  path: paths.postOrganizationLicenses,
  group: 'portfolios',
  summary:
    'Changes the licences of the team’s subscription (the owner only): never below the seats used; the provider prorates',
  tags: TAGS,
  params: OrgParams,
  body: z.object({
    /** SPEC §7 names it in the body too: when sent, it must be the path's. */
    orgId: z.uuid('must be an organization id (a UUID)').optional(),
    licenseCount: LicenseCount,
  }),
  response: TeamSubscriptionView,
});

export const getOrganizationLicensePrice = defineRoute({
  method: 'GET',
  path: paths.getOrganizationLicensePrice,
  group: 'portfolios',
  summary:
    'What licenseCount licences cost each month and each year (cents), and one more licence at the team’s interval',
  tags: TAGS,
  params: OrgParams,
  query: z.object({ licenseCount: LicenseCount }),
  response: z.object({
    licenseCount: z.number().int(),
    seats: SeatsView,
    /** The interval the team pays (null before it subscribes: yearly is the default). */
    interval: z.enum(BILLING_INTERVALS).nullable(),
    monthly: PriceQuoteSchema.nullable(),
    yearly: PriceQuoteSchema.nullable(),
    oneMoreLicense: z
      .object({ interval: z.enum(BILLING_INTERVALS), amount: z.number().int(), currency: z.string() })
      .nullable(),
  }),
});
