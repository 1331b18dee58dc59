/**
 * The team API as the team screens' component tests meet it: one organization kept in memory, answered in the
 * contracts' shapes (GET /core/users/me/organization, its users, invites, subscription and licence prices; the
 * invites, licences, role, removal and invite-answer calls change it). Seats are worked out from the people as the
 * server counts them (members and pending invites), a price from the Team plan's per-licence price, and an invite
 * past the licences is the server's 409 in its words. Every change the screens send is kept in `sent`, in order.
 */
import type {
  BodyOf,
  getOrganizationLicensePrice,
  getOrganizationSubscription,
  postInviteResponse,
  postOrganization,
  postOrganizationInvites,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type BillingInterval,
  FREE_PLAN,
  formatCents,
  type InviteRole,
  TEAM_PLAN,
  TEST_BILLING_LABEL,
  type TeamRole,
} from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { accountOn } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { OFFERS } from '../../test/plan-offers.ts';
import type { MyOrganization, Organization, PendingInvite, TeamUser } from './teams-api.ts';

/** The reader: the account GET /core/users/me answers (accountOn), in whichever role a test gives them. */
export const READER = accountOn(FREE_PLAN);
export const ORG_ID = '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6e8a10';
export const OTHER_ORG_ID = '9c4b2e7d-1a3f-4e5b-8c6d-2f0a1b3c4d5e';
const OWNER_ID = '1b2c3d4e-0000-4000-8000-0000000000a1';
export const SAM_ID = '1b2c3d4e-0000-4000-8000-0000000000b2';

let ids = 0;
/** A fresh id of the given family (invites, accounts): unique within the test file. */
const nextId = (family: string) => `${family}-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

const TEAM_OFFER = OFFERS.find((offer) => offer.plan === TEAM_PLAN);
/** What one licence costs, in cents (the price list's Team plan). */
export const LICENCE_PRICE: Readonly<Record<BillingInterval, number>> = {
  monthly: TEAM_OFFER?.monthly?.amount ?? 0,
  yearly: TEAM_OFFER?.yearly?.amount ?? 0,
};

const CREATED = '2026-02-02T10:00:00.000Z';
const JOINED = '2026-02-03T10:00:00.000Z';

/** A person of the team: a member, or an invitee (a pending invite) when `role` is invitee. */
export function person(email: string, role: TeamRole, userId: string | null): TeamUser {
  const invitee = role === 'invitee';
  return {
    userId,
    email,
    name: null,
    role,
    inviteId: invitee ? nextId('7a7a7a7a') : null,
    joinedAt: invitee ? null : JOINED,
    invitedAt: invitee ? CREATED : null,
  };
}

export interface TeamState {
  name: string;
  billingEmail: string;
  ownerId: string;
  licenseCount: number;
  /** The team pays for its licences (a live Team subscription), at this interval. */
  subscribed: boolean;
  interval: BillingInterval;
  /** Members and invitees, the owner first. */
  people: TeamUser[];
  /** The reader's role in this team (null: not in it). */
  role: TeamRole | null;
  /** Invites waiting for the reader's answer (to this team or another). */
  invitesForMe: PendingInvite[];
}

/** A subscribed team of three licences that the reader owns, with one member. */
export function ownedTeam(over: Partial<TeamState> = {}): TeamState {
  return {
    name: 'Desk 7',
    billingEmail: 'billing@desk7.example.com',
    ownerId: READER.id,
    licenseCount: 3,
    subscribed: true,
    interval: 'yearly',
    people: [person(READER.email ?? '', 'owner', READER.id), person('sam@example.com', 'member', SAM_ID)],
    role: 'owner',
    invitesForMe: [],
    ...over,
  };
}

/** A team another person owns, with the reader in it as `role`. */
export function othersTeam(role: TeamRole, over: Partial<TeamState> = {}): TeamState {
  return ownedTeam({
    ownerId: OWNER_ID,
    people: [person('owner@desk7.example.com', 'owner', OWNER_ID), person(READER.email ?? '', role, READER.id)],
    role,
    ...over,
  });
}

/** An invite to the reader, as GET /core/users/me/organization lists one. */
export function inviteForMe(organizationId: string, organizationName: string, token: string): PendingInvite {
  return {
    id: nextId('3c3c3c3c'),
    organizationId,
    organizationName,
    role: 'member',
    invitedByEmail: 'owner@desk7.example.com',
    token,
    createdAt: CREATED,
  };
}

type Seats = Organization['seats'];
type PriceQuote = NonNullable<ResponseOf<typeof getOrganizationLicensePrice>['yearly']>;
export type TeamSubscriptionAnswer = ResponseOf<typeof getOrganizationSubscription>;

export function seatsOf(state: TeamState): Seats {
  const members = state.people.filter((p) => p.role !== 'invitee').length;
  const pendingInvites = state.people.length - members;
  const seatsUsed = members + pendingInvites;
  return {
    licenseCount: state.licenseCount,
    members,
    pendingInvites,
    seatsUsed,
    seatsLeft: state.licenseCount - seatsUsed,
  };
}

export function organizationOf(state: TeamState): Organization {
  return {
    id: ORG_ID,
    name: state.name,
    billingEmail: state.billingEmail,
    subscriptionPlanId: TEAM_PLAN,
    ownerId: state.ownerId,
    seats: seatsOf(state),
    createdAt: CREATED,
  };
}

export function quote(licenseCount: number, interval: BillingInterval): PriceQuote {
  const unitAmount = LICENCE_PRICE[interval];
  const subtotal = licenseCount * unitAmount;
  return {
    interval,
    currency: 'usd',
    unitAmount,
    licenseCount,
    subtotal,
    discount: 0,
    prorationCredit: 0,
    dueNow: subtotal,
    afterPromo: subtotal,
    isFreeAfterPromo: false,
    promoCharges: null,
  };
}

/** The team's one charge: its licences for the first period. */
export const firstCharge = (state: TeamState) => ({
  id: 41,
  amount: state.licenseCount * LICENCE_PRICE[state.interval],
  currency: 'usd',
  status: 'paid' as const,
  provider: 'test' as const,
  description: `Team plan, ${state.licenseCount} licences`,
  receiptUrl: null,
  refunded: false,
  createdAt: JOINED,
});

function subscriptionOf(state: TeamState, charges: ReturnType<typeof firstCharge>[]): TeamSubscriptionAnswer {
  const amount = state.licenseCount * LICENCE_PRICE[state.interval];
  return {
    provider: 'test',
    testMode: true,
    label: TEST_BILLING_LABEL,
    publishableKey: null,
    subscription: state.subscribed
      ? {
          id: 7,
          provider: 'test',
          plan: TEAM_PLAN,
          priceType: state.interval,
          amount,
          nextChargeAmount: amount,
          currency: 'usd',
          status: 'active',
          currentPeriodEnd: '2027-02-03T10:00:00.000Z',
          cancelAtPeriodEnd: false,
          couponId: null,
          affiliateId: null,
          createdAt: JOINED,
        }
      : null,
    seats: seatsOf(state),
    charges: state.role === 'owner' ? charges : null,
  };
}

/** The server's 409 of invites past the licences, in its words and with its details. */
function tooFewLicences(seats: Seats, requested: number, interval: BillingInterval) {
  const short = seats.seatsUsed + requested - seats.licenseCount;
  const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  const oneMoreLicense = { interval, amount: LICENCE_PRICE[interval], currency: 'usd' };
  const message =
    `The team has ${count(seats.licenseCount, 'licence')} and ${count(seats.seatsUsed, 'seat')} taken: ` +
    `inviting ${requested} more needs ${short} more ${short === 1 ? 'licence' : 'licences'}. ` +
    `One more licence costs ${formatCents(oneMoreLicense.amount, 'usd')} ${interval === 'yearly' ? 'a year' : 'a month'}.`;
  const details = {
    licenseCount: seats.licenseCount,
    seatsUsed: seats.seatsUsed,
    requested,
    licencesNeeded: short,
    oneMoreLicense,
  };
  return HttpResponse.json({ message, code: 'CONFLICT', details }, { status: 409 });
}

export type Sent =
  | { call: 'create'; body: BodyOf<typeof postOrganization> }
  | { call: 'invite'; body: BodyOf<typeof postOrganizationInvites> }
  | { call: 'licences'; body: { licenseCount: number } }
  | { call: 'role'; userId: string; body: { role: string } }
  | { call: 'remove'; userId: string }
  | { call: 'answer'; body: BodyOf<typeof postInviteResponse> };

/** A path of the team's calls, for this team (a `:userId` left in it is read by the handler). */
const ofTeam = (path: string) => `*${path.replace(':orgId', ORG_ID)}`;

/**
 * Answers the team calls from `state` (null: the reader has no team and no invite) and changes it as the server
 * would. Returns the state (as it is now) and what was sent.
 */
export function answerTeam(initial: TeamState | null, { accounts = [] }: { accounts?: readonly string[] } = {}) {
  const server = { state: initial, sent: [] as Sent[], charges: initial?.subscribed ? [firstCharge(initial)] : [] };
  /** An address with no account gets one from its invite (the invite carries a temporary password). */
  const newAccount = (email: string | null) => !accounts.includes(email ?? '');
  const mine = (): MyOrganization => {
    const { state } = server;
    if (!state) return { organization: null, role: null, invites: [] };
    const inTeam = state.role !== null;
    return {
      organization: inTeam ? organizationOf(state) : null,
      role: state.role,
      invites: state.invitesForMe,
    };
  };
  /** The team of a call of its own; a reader without one meets a team that does not exist, as the server answers. */
  const team = () => {
    if (server.state) return server.state;
    throw HttpResponse.json({ message: 'This organization does not exist.', code: 'NOT_FOUND' }, { status: 404 });
  };
  const usersAnswer = () => ({ users: team().people, seats: seatsOf(team()) });
  network.use(
    http.get(`*${paths.getMyOrganization}`, () => HttpResponse.json(mine())),
    http.post(`*${paths.postOrganization}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postOrganization>;
      server.sent.push({ call: 'create', body });
      server.state = ownedTeam({
        name: body.name,
        billingEmail: body.billingEmail,
        licenseCount: 1,
        subscribed: false,
        people: [person(READER.email ?? '', 'owner', READER.id)],
      });
      return HttpResponse.json(mine(), { status: 201 });
    }),
    http.get(ofTeam(paths.getOrganizationUsers), () => HttpResponse.json(usersAnswer())),
    http.get(ofTeam(paths.getOrganizationInvites), () =>
      HttpResponse.json({
        invites: team()
          .people.filter((p) => p.role === 'invitee')
          .map((p) => ({
            id: p.inviteId ?? '',
            email: p.email ?? '',
            userId: p.userId,
            role: 'member' as InviteRole,
            status: 'pending' as const,
            invitedBy: team().ownerId,
            newAccount: newAccount(p.email),
            createdAt: p.invitedAt ?? CREATED,
            respondedAt: null,
          })),
      }),
    ),
    http.get(ofTeam(paths.getOrganizationSubscription), () =>
      HttpResponse.json(subscriptionOf(team(), server.charges)),
    ),
    http.get(ofTeam(paths.getOrganizationLicensePrice), ({ request }) => {
      const licenseCount = Number(new URL(request.url).searchParams.get('licenseCount'));
      const state = team();
      return HttpResponse.json({
        licenseCount,
        seats: seatsOf(state),
        interval: state.subscribed ? state.interval : null,
        monthly: quote(licenseCount, 'monthly'),
        yearly: quote(licenseCount, 'yearly'),
        oneMoreLicense: { interval: state.interval, amount: LICENCE_PRICE[state.interval], currency: 'usd' },
      } satisfies ResponseOf<typeof getOrganizationLicensePrice>);
    }),
    http.post(ofTeam(paths.postOrganizationInvites), async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postOrganizationInvites>;
      server.sent.push({ call: 'invite', body });
      const state = team();
      const removeEmails = body.removeEmails ?? [];
      const removed = state.people.filter((p) => p.role === 'invitee' && removeEmails.includes(p.email ?? ''));
      const kept = state.people.filter((p) => !removed.includes(p));
      const known = new Set(kept.map((p) => p.email));
      const fresh = (body.inviteEmails ?? []).filter((email) => !known.has(email));
      const seats = seatsOf({ ...state, people: kept });
      if (seats.seatsUsed + fresh.length > seats.licenseCount)
        return tooFewLicences(seats, fresh.length, state.interval);
      const added = fresh.map((email) => person(email, 'invitee', nextId('8d8d8d8d')));
      state.people = [...kept, ...added];
      return HttpResponse.json({
        invited: added.map((p) => ({
          id: p.inviteId ?? '',
          email: p.email ?? '',
          userId: p.userId,
          role: body.role ?? 'member',
          status: 'pending' as const,
          invitedBy: state.ownerId,
          newAccount: newAccount(p.email),
          createdAt: CREATED,
          respondedAt: null,
        })),
        removed: removed.map((p) => p.email ?? ''),
        skipped: [],
        seats: seatsOf(state),
      });
    }),
    http.post(ofTeam(paths.postOrganizationLicenses), async ({ request }) => {
      const body = (await request.json()) as { licenseCount: number };
      server.sent.push({ call: 'licences', body });
      team().licenseCount = body.licenseCount;
      return HttpResponse.json(subscriptionOf(team(), server.charges));
    }),
    http.delete(ofTeam(paths.deleteOrganizationUser), ({ params }) => {
      const userId = String(params.userId);
      server.sent.push({ call: 'remove', userId });
      team().people = team().people.filter((p) => p.userId !== userId);
      return HttpResponse.json(usersAnswer());
    }),
    http.post(ofTeam(paths.postOrganizationUserRole), async ({ params, request }) => {
      const userId = String(params.userId);
      const body = (await request.json()) as { role: 'owner' | 'admin' | 'member' };
      server.sent.push({ call: 'role', userId, body });
      const state = team();
      state.people = state.people.map((p) =>
        p.userId === userId
          ? { ...p, role: body.role }
          : body.role === 'owner' && p.role === 'owner'
            ? { ...p, role: 'admin' }
            : p,
      );
      if (body.role === 'owner') state.ownerId = userId;
      state.people.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
      state.role = state.people.find((p) => p.userId === READER.id)?.role ?? null;
      return HttpResponse.json(usersAnswer());
    }),
    http.post(`*${paths.postInviteResponse}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postInviteResponse>;
      server.sent.push({ call: 'answer', body });
      const state = team();
      const invite = state.invitesForMe.find((i) => i.token === body.token) ?? state.invitesForMe[0];
      state.invitesForMe = state.invitesForMe.filter((i) => i !== invite);
      if (body.response === 'accept' && invite?.organizationId === ORG_ID) {
        state.role = 'member';
        state.people = state.people.map((p) =>
          p.userId === READER.id ? { ...p, role: 'member', joinedAt: JOINED } : p,
        );
      }
      return HttpResponse.json(mine());
    }),
  );
  return server;
}
