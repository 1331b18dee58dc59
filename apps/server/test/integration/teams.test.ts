import { organizationMembers, outbox, subscriptions } from '@eh/db';
import { AuthenticationDetails, CognitoUser, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, signedInUser, userPool } from '../cognito-client.ts';
import { TEST_DATABASE_URL } from '../env.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * Teams: every Organizations call × every role, the owner's place, ownership transfer, licences under
 * parallel invites, the team subscription giving (and removal taking) the team plan's features, the invite email
 * with the identity provider's temporary password, and bad input. BILLING_PROVIDER=test drives the same webhook
 * route and state machine as Stripe.
 */

const SECRET = 'whsec_teamstest';
const TEAM_YEARLY = 28788;
type Who = { sub: string; headers: Record<string, string> };
let server: TestServer;
let counter = 0;
const address = (label: string) => `${label}.${++counter}.${Date.now().toString(36)}@teams.example.com`;

async function call(method: string, path: string, who?: Who, payload?: unknown) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers } });
  return { status: res.status, json: await body(res) };
}
const me = async (who: Who) => (await call('GET', '/core/users/me', who)).json;

async function user(label: string): Promise<Who> {
  const who = await signedInUser(server, address(label));
  await me(who);
  return who;
}

/** A team owned by a new user, subscribed (test card 4242…) for `licenses` licences. */
async function team(label: string, licenses: number) {
  const owner = await user(`${label}-owner`);
  const created = await call('POST', '/core/organizations', owner, {
    name: `${label} Research`,
    billingEmail: `billing.${label}@teams.example.com`,
  });
  expect(created.status).toBe(201);
  const orgId: string = created.json.organization.id;
  const sub = await call('POST', `/core/organizations/${orgId}/subscription`, owner, {
    licenseCount: licenses,
    stripePaymentMethodId: '4242424242424242',
  });
  expect(sub.status).toBe(200);
  return { owner, orgId };
}

async function emailOf(who: Who): Promise<string> {
  return (await me(who)).email;
}

/** `inviter` invites `who` (signed up already) with `role`; `accept`: who accepts. */
async function join(orgId: string, inviter: Who, who: Who, role: 'admin' | 'member' = 'member', accept = true) {
  const invited = await call('POST', `/core/organizations/${orgId}/invites`, inviter, {
    inviteEmails: [await emailOf(who)],
    role,
  });
  expect(invited.status).toBe(200);
  if (accept) {
    const res = await call('POST', '/core/users/me/organization/invite/response', who, { response: 'accept' });
    expect(res.status).toBe(200);
  }
  return who;
}

const roleOf = async (orgId: string, viewer: Who, sub: string) =>
  (await call('GET', `/core/organizations/${orgId}/users`, viewer)).json.users.find(
    (u: { userId: string }) => u.userId === sub,
  )?.role;

let eventCount = 0;
/** A Stripe-shaped event signed as the provider signs it, delivered to the webhook route. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_teams_${++eventCount}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000) + eventCount,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await server.api('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => server?.close());

// ---------------------------------------------------------------- the role matrix

const ROLES = ['owner', 'admin', 'member', 'invitee', 'stranger', 'otherOwner'] as const;
type Role = (typeof ROLES)[number];

interface World {
  orgId: string;
  actors: Record<Role, Who>;
}

interface Row {
  call: string;
  expected: Record<Role, number>;
  /** Who plays `role` in this case (the world's actor unless the call changes who they are). */
  actor?: (world: World, role: Role, expected: number) => Promise<Who>;
  run: (world: World, who: Who, role: Role, expected: number) => Promise<{ status: number; json: any }>;
}

const readers = (ok: number) => ({ owner: ok, admin: ok, member: ok, invitee: 403, stranger: 404, otherOwner: 404 });
const ownerOnly = (ok: number) => ({
  owner: ok,
  admin: 403,
  member: 403,
  invitee: 403,
  stranger: 404,
  otherOwner: 404,
});
const managers = (ok: number) => ({ owner: ok, admin: ok, member: 403, invitee: 403, stranger: 404, otherOwner: 404 });

let sharedVictim: Who | undefined;
/** A member for remove and role-change cases: a new one where the case succeeds (it changes them). */
async function victim(world: World, expected: number): Promise<Who> {
  if (expected < 300) return join(world.orgId, world.actors.owner, await user('victim'));
  sharedVictim ??= await join(world.orgId, world.actors.owner, await user('victim'));
  return sharedVictim;
}

async function freshInvitee(world: World): Promise<Who> {
  return join(world.orgId, world.actors.owner, await user('invitee'), 'member', false);
}

const ROWS: Row[] = [
  {
    call: 'GET /core/users/me/organization',
    expected: { owner: 200, admin: 200, member: 200, invitee: 200, stranger: 200, otherOwner: 200 },
    run: (_w, who) => call('GET', '/core/users/me/organization', who),
  },
  {
    call: 'POST /core/organizations/{orgId}',
    expected: ownerOnly(200),
    run: (w, who) => call('POST', `/core/organizations/${w.orgId}`, who, { name: 'Matrix Capital' }),
  },
  {
    call: 'POST /core/organizations/{orgId}/invites',
    expected: managers(200),
    run: (w, who) =>
      call('POST', `/core/organizations/${w.orgId}/invites`, who, { inviteEmails: [address('matrix-invite')] }),
  },
  {
    call: 'GET /core/organizations/{orgId}/invites',
    expected: readers(200),
    run: (w, who) => call('GET', `/core/organizations/${w.orgId}/invites`, who),
  },
  {
    call: 'GET /core/organizations/{orgId}/users',
    expected: readers(200),
    run: (w, who) => call('GET', `/core/organizations/${w.orgId}/users`, who),
  },
  {
    call: 'DELETE /core/organizations/{orgId}/users/{userId} (a member)',
    expected: managers(200),
    run: async (w, who, _role, expected) => {
      const target = await victim(w, expected);
      return call('DELETE', `/core/organizations/${w.orgId}/users/${target.sub}`, who);
    },
  },
  {
    call: 'POST /core/organizations/{orgId}/users/{userId} (a member → admin)',
    expected: managers(200),
    run: async (w, who, _role, expected) => {
      const target = await victim(w, expected);
      return call('POST', `/core/organizations/${w.orgId}/users/${target.sub}`, who, { role: 'admin' });
    },
  },
  {
    call: 'POST /core/organizations/{orgId}/payments/setup',
    expected: ownerOnly(200),
    run: (w, who) => call('POST', `/core/organizations/${w.orgId}/payments/setup`, who),
  },
  {
    call: 'POST /core/organizations/{orgId}/payments/payment-methods',
    expected: ownerOnly(201),
    run: (w, who) =>
      call('POST', `/core/organizations/${w.orgId}/payments/payment-methods`, who, {
        stripePaymentMethodId: '5555 5555 5555 4444',
      }),
  },
  {
    call: 'GET /core/organizations/{orgId}/payments/payment-methods',
    expected: ownerOnly(200),
    run: (w, who) => call('GET', `/core/organizations/${w.orgId}/payments/payment-methods`, who),
  },
  {
    call: 'POST /core/organizations/{orgId}/subscription',
    expected: ownerOnly(200),
    run: (w, who) => call('POST', `/core/organizations/${w.orgId}/subscription`, who, { cancelAtPeriodEnd: false }),
  },
  {
    call: 'GET /core/organizations/{orgId}/subscription',
    expected: readers(200),
    run: (w, who) => call('GET', `/core/organizations/${w.orgId}/subscription`, who),
  },
  {
    call: 'POST /core/organizations/{orgId}/subscription/licenses',
    expected: ownerOnly(200),
    run: (w, who) =>
      call('POST', `/core/organizations/${w.orgId}/subscription/licenses`, who, { orgId: w.orgId, licenseCount: 25 }),
  },
  {
    call: 'GET /core/organizations/{orgId}/subscription/licenses/price',
    expected: readers(200),
    run: (w, who) => call('GET', `/core/organizations/${w.orgId}/subscription/licenses/price?licenseCount=3`, who),
  },
  {
    call: 'POST /core/users/me/organization/invite/response',
    expected: { owner: 404, admin: 404, member: 404, invitee: 200, stranger: 404, otherOwner: 404 },
    actor: async (w, role) => (role === 'invitee' ? freshInvitee(w) : w.actors[role]),
    run: (_w, who) => call('POST', '/core/users/me/organization/invite/response', who, { response: 'accept' }),
  },
  {
    call: 'POST /core/organizations',
    expected: { owner: 409, admin: 409, member: 409, invitee: 201, stranger: 201, otherOwner: 409 },
    actor: async (w, role) =>
      role === 'invitee' ? freshInvitee(w) : role === 'stranger' ? user('stranger') : w.actors[role],
    run: (_w, who) =>
      call('POST', '/core/organizations', who, { name: 'Another desk', billingEmail: 'desk@teams.example.com' }),
  },
];

describe('role matrix: every Organizations call × every role', () => {
  const world = {} as World;

  beforeAll(async () => {
    const { owner, orgId } = await team('matrix', 20);
    const admin = await join(orgId, owner, await user('admin'), 'admin');
    const member = await join(orgId, owner, await user('member'));
    const invitee = await join(orgId, owner, await user('invitee'), 'member', false);
    const stranger = await user('stranger');
    const otherOwner = await user('other-owner');
    expect(
      (
        await call('POST', '/core/organizations', otherOwner, {
          name: 'Other Partners',
          billingEmail: 'other@teams.example.com',
        })
      ).status,
    ).toBe(201);
    Object.assign(world, { orgId, actors: { owner, admin, member, invitee, stranger, otherOwner } });
  });

  it('covers the 16 calls of SPEC §7 Organizations', () => {
    const calls = new Set(ROWS.map((row) => row.call.replace(/ \(.*\)$/, '')));
    expect(calls.size).toBe(16);
  });

  for (const row of ROWS) {
    for (const role of ROLES) {
      const expected = row.expected[role];
      it(`${row.call} as ${role} → ${expected}`, async () => {
        const who = row.actor ? await row.actor(world, role, expected) : world.actors[role];
        const res = await row.run(world, who, role, expected);
        expect({ status: res.status, message: res.json.message }).toMatchObject({ status: expected });
      });
    }
  }

  it('the answers of the readers show the team as it is', async () => {
    const users = await call('GET', `/core/organizations/${world.orgId}/users`, world.actors.member);
    const roles = users.json.users.map((u: { role: string }) => u.role);
    expect(roles[0]).toBe('owner');
    expect(roles.filter((r: string) => r === 'owner')).toHaveLength(1);
    expect(users.json.seats.licenseCount).toBe(25);
    expect(users.json.seats.seatsUsed).toBe(users.json.users.length);
    const mine = await call('GET', '/core/users/me/organization', world.actors.invitee);
    expect(mine.json).toMatchObject({ role: 'invitee', organization: { id: world.orgId, name: 'Matrix Capital' } });
    expect(mine.json.invites).toHaveLength(1);
    const stranger = await call('GET', '/core/users/me/organization', world.actors.stranger);
    expect(stranger.json).toEqual({ organization: null, role: null, invites: [] });
  });
});

// ---------------------------------------------------------------- the owner, admins and transfer

describe('the owner’s place', () => {
  it('nobody removes or demotes the owner; an admin cannot remove or demote another admin', async () => {
    const { owner, orgId } = await team('owner-place', 6);
    const admin = await join(orgId, owner, await user('admin-a'), 'admin');
    const admin2 = await join(orgId, owner, await user('admin-b'), 'admin');
    const member = await join(orgId, owner, await user('member'));
    const path = (who: Who) => `/core/organizations/${orgId}/users/${who.sub}`;

    expect((await call('DELETE', path(owner), admin)).status).toBe(403);
    expect((await call('POST', path(owner), admin, { role: 'member' })).status).toBe(403);
    expect((await call('POST', path(owner), member, { role: 'admin' })).status).toBe(403);
    const self = await call('DELETE', path(owner), owner);
    expect(self.status).toBe(409);
    expect(self.json.message).toContain('one owner');
    expect((await call('POST', path(owner), owner, { role: 'admin' })).status).toBe(409);
    // An admin gives no ownership.
    expect((await call('POST', path(member), admin, { role: 'owner' })).status).toBe(403);
    expect((await call('DELETE', path(admin2), admin)).status).toBe(403);
    expect((await call('POST', path(admin2), admin, { role: 'member' })).status).toBe(403);
    expect((await call('POST', path(admin), admin, { role: 'member' })).status).toBe(403);
    expect(await roleOf(orgId, owner, owner.sub)).toBe('owner');
    expect(await roleOf(orgId, owner, admin2.sub)).toBe('admin');

    // The owner demotes and removes admins; a member leaves on their own.
    expect((await call('POST', path(admin2), owner, { role: 'member' })).status).toBe(200);
    expect(await roleOf(orgId, owner, admin2.sub)).toBe('member');
    expect((await call('DELETE', path(admin), owner)).status).toBe(200);
    expect((await call('DELETE', path(member), member)).status).toBe(200);
    expect((await call('GET', `/core/organizations/${orgId}/users`, member)).status).toBe(404);
    const members = await server.ctx.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, orgId));
    expect(members.map((m) => m.role).sort()).toEqual(['member', 'owner']);
  });

  it('ownership transfers in one step: the new owner bills, the old one is an admin', async () => {
    const { owner, orgId } = await team('transfer', 3);
    const heir = await join(orgId, owner, await user('heir'));
    const other = await join(orgId, owner, await user('other'), 'admin');
    expect(
      (await call('POST', `/core/organizations/${orgId}/users/${heir.sub}`, other, { role: 'owner' })).status,
    ).toBe(403);
    const res = await call('POST', `/core/organizations/${orgId}/users/${heir.sub}`, owner, { role: 'owner' });
    expect(res.status).toBe(200);
    const roles = Object.fromEntries(res.json.users.map((u: { userId: string; role: string }) => [u.userId, u.role]));
    expect(roles).toEqual({ [heir.sub]: 'owner', [owner.sub]: 'admin', [other.sub]: 'admin' });
    const mine = await call('GET', '/core/users/me/organization', heir);
    expect(mine.json).toMatchObject({ role: 'owner', organization: { ownerId: heir.sub } });
    expect((await call('POST', `/core/organizations/${orgId}/payments/setup`, owner)).status).toBe(403);
    expect((await call('POST', `/core/organizations/${orgId}/payments/setup`, heir)).status).toBe(200);
    // The new owner may remove the old one (now an admin); the owner's seat and one owner stay.
    expect((await call('DELETE', `/core/organizations/${orgId}/users/${owner.sub}`, heir)).status).toBe(200);
    const owners = await server.ctx.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.role, 'owner')));
    expect(owners.map((m) => m.userId)).toEqual([heir.sub]);
  });
});

// ---------------------------------------------------------------- licences

describe('licences', () => {
  it('3 licences, 6 parallel invites: exactly 3 seats (the owner and 2 invites); the others get the price of one more licence', async () => {
    const { owner, orgId } = await team('parallel', 3);
    const emails = Array.from({ length: 6 }, () => address('parallel'));
    const answers = await Promise.all(
      emails.map((email) => call('POST', `/core/organizations/${orgId}/invites`, owner, { inviteEmails: [email] })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.json.message).toContain('One more licence costs $287.88 a year');
    expect(refused?.json.details).toMatchObject({
      licenseCount: 3,
      seatsUsed: 3,
      requested: 1,
      licencesNeeded: 1,
      oneMoreLicense: { interval: 'yearly', amount: TEAM_YEARLY, currency: 'usd' },
    });
    const users = await call('GET', `/core/organizations/${orgId}/users`, owner);
    expect(users.json.seats).toMatchObject({
      licenseCount: 3,
      members: 1,
      pendingInvites: 2,
      seatsUsed: 3,
      seatsLeft: 0,
    });
    const invites = await call('GET', `/core/organizations/${orgId}/invites?status=pending`, owner);
    expect(invites.json.invites).toHaveLength(2);

    // Fewer licences than seats is refused; one more makes room for one more invite.
    expect(
      (await call('POST', `/core/organizations/${orgId}/subscription/licenses`, owner, { licenseCount: 2 })).status,
    ).toBe(409);
    const more = await call('POST', `/core/organizations/${orgId}/subscription/licenses`, owner, { licenseCount: 4 });
    expect(more.status).toBe(200);
    expect(more.json.seats).toMatchObject({ licenseCount: 4, seatsLeft: 1 });
    expect(more.json.subscription.amount).toBe(4 * TEAM_YEARLY);
    const price = await call('GET', `/core/organizations/${orgId}/subscription/licenses/price?licenseCount=5`, owner);
    expect(price.json).toMatchObject({
      licenseCount: 5,
      interval: 'yearly',
      yearly: { unitAmount: TEAM_YEARLY, subtotal: 5 * TEAM_YEARLY },
      oneMoreLicense: { amount: TEAM_YEARLY },
    });
    const third = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [address('third'), address('fourth')],
    });
    expect(third.status).toBe(409);
    expect(third.json.details.licencesNeeded).toBe(1);
    // Taking back an invite frees its seat in the same call.
    const swap = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [address('third'), address('fourth')],
      removeEmails: [invites.json.invites[0].email],
    });
    expect(swap.status).toBe(200);
    expect(swap.json.removed).toEqual([invites.json.invites[0].email]);
    expect(swap.json.seats).toMatchObject({ licenseCount: 4, seatsUsed: 4 });
  });

  // PostgreSQL only (PGlite runs one transaction at a time): every invite has counted the seats before any of them
  // can insert (the test holds the invites table), so only the lock on the organization row keeps them apart.
  if (TEST_DATABASE_URL)
    it('on PostgreSQL, 6 invites held at the same moment still take exactly the 2 free seats', async () => {
      const { owner, orgId } = await team('race', 3);
      const client = new pg.Client({ connectionString: server.config.DATABASE_URL });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('lock table organization_invites in exclusive mode');
        const pending = Promise.all(
          Array.from({ length: 6 }, () =>
            call('POST', `/core/organizations/${orgId}/invites`, owner, { inviteEmails: [address('race')] }),
          ),
        );
        // All six wait on a lock: the table (the first, or all six without the row lock) or the organization row.
        // pg_stat_activity is a snapshot per transaction: cleared before each look.
        const waiting = async () => {
          await client.query('select pg_stat_clear_snapshot()');
          const { rows } = await client.query(
            `select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike '%organization%'`,
          );
          return Number(rows[0].n);
        };
        const until = Date.now() + 20_000;
        while ((await waiting()) < 6) {
          if (Date.now() > until) throw new Error('the six invites never waited together');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query('commit');
        const statuses = (await pending).map((a) => a.status).sort();
        expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
      } finally {
        await client.end();
      }
      const users = await call('GET', `/core/organizations/${orgId}/users`, owner);
      expect(users.json.seats).toMatchObject({ licenseCount: 3, seatsUsed: 3 });
    });

  it('parallel accepts, declines and invites never leave more seats than licences', async () => {
    const { owner, orgId } = await team('mixed', 4);
    const people = await Promise.all([user('p1'), user('p2'), user('p3')]);
    for (const who of people) await join(orgId, owner, who, 'member', false);
    const [first, second] = people as [Who, Who, Who];
    const answers = await Promise.all([
      call('POST', '/core/users/me/organization/invite/response', first, { response: 'accept' }),
      call('POST', '/core/users/me/organization/invite/response', second, { response: 'decline' }),
      call('POST', `/core/organizations/${orgId}/invites`, owner, { inviteEmails: [address('a'), address('b')] }),
      call('POST', `/core/organizations/${orgId}/invites`, owner, { inviteEmails: [address('c')] }),
    ]);
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]?.status).toBe(200);
    const seats = (await call('GET', `/core/organizations/${orgId}/users`, owner)).json.seats;
    expect(seats.seatsUsed).toBeLessThanOrEqual(4);
    expect(seats.licenseCount).toBe(4);
  });
});

// ---------------------------------------------------------------- team subscription and features

describe('team subscription', () => {
  it('4242… buys licences × the per-licence price; members get the team plan’s features and lose them when removed', async () => {
    const owner = await user('buyer');
    const created = await call('POST', '/core/organizations', owner, {
      name: 'Buyers Club',
      subscriptionPlanId: 'earningshub_team',
      billingEmail: 'Billing@Buyers.example.com',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      role: 'owner',
      organization: { name: 'Buyers Club', billingEmail: 'billing@buyers.example.com', seats: { licenseCount: 1 } },
    });
    const orgId = created.json.organization.id;
    const setup = await call('POST', `/core/organizations/${orgId}/payments/setup`, owner);
    expect(setup.json).toMatchObject({ provider: 'test', testMode: true, label: 'Test billing — no card is charged' });
    const card = await call('POST', `/core/organizations/${orgId}/payments/payment-methods`, owner, {
      stripePaymentMethodId: '4242 4242 4242 4242',
    });
    expect(card.status).toBe(201);
    expect(card.json).toMatchObject({ brand: 'visa', last4: '4242' });
    // The team's card is the team's: the owner's own list stays empty.
    expect((await call('GET', '/core/portfolios/payments/payment-methods', owner)).json.paymentMethods).toEqual([]);
    const declined = await call('POST', `/core/organizations/${orgId}/subscription`, owner, {
      licenseCount: 3,
      stripePaymentMethodId: '4000000000000002',
    });
    expect(declined).toMatchObject({ status: 402, json: { message: 'Your card was declined.' } });

    const member = await user('team-member');
    expect((await me(member)).accountFeatures.ehs).toBe(false);
    // Before it buys licences, the team's one licence is the owner's seat.
    expect(
      (await call('POST', `/core/organizations/${orgId}/invites`, owner, { inviteEmails: [await emailOf(member)] }))
        .status,
    ).toBe(409);

    const sub = await call('POST', `/core/organizations/${orgId}/subscription`, owner, {
      licenseCount: 3,
      affiliateId: 'aff-team-7',
    });
    expect(sub.status).toBe(200);
    expect(sub.json.subscription).toMatchObject({
      plan: 'earningshub_team',
      priceType: 'yearly',
      amount: 3 * TEAM_YEARLY,
      status: 'active',
      affiliateId: 'aff-team-7',
    });
    const view = await call('GET', `/core/organizations/${orgId}/subscription`, owner);
    expect(view.json.seats).toMatchObject({ licenseCount: 3, seatsUsed: 1 });
    expect(view.json.charges).toHaveLength(1);
    expect(view.json.charges[0]).toMatchObject({ amount: 3 * TEAM_YEARLY, status: 'paid', provider: 'test' });
    // The owner's own billing is untouched: no subscription, no charge, their plan is still free.
    expect((await call('GET', '/core/users/me/subscription', owner)).json.subscription).toBeNull();
    expect((await call('GET', '/core/portfolios/charges', owner)).json.charges).toEqual([]);
    const ownerMe = await me(owner);
    expect(ownerMe.accountSubscription.plan).toBe('free');
    expect(ownerMe.accountFeatures).toMatchObject({ ehs: true, shortInterest: true, listLimit: -1 });

    await join(orgId, owner, member);
    const joined = await me(member);
    expect(joined.accountFeatures).toMatchObject({ subscriptionType: 'paid', ehs: true, corporateGuidance: true });
    // The plan shown is the one the features come from: the team's, named with the team (not Free above them).
    const { name: teamName } = (await call('GET', '/core/users/me/organization', member)).json.organization;
    expect({ displayPlan: joined.displayPlan, team: joined.team }).toEqual({
      displayPlan: 'earningshub_team',
      team: { name: teamName, plan: 'earningshub_team' },
    });
    // Members read the subscription but not the charges.
    expect((await call('GET', `/core/organizations/${orgId}/subscription`, member)).json.charges).toBeNull();

    // A failed renewal (the provider's event through the same state machine) takes the features; a paid one returns them.
    const [row] = await server.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, orgId))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    if (!row) throw new Error('no team subscription');
    await deliver('invoice.payment_failed', {
      id: 'in_teams_failed',
      object: 'invoice',
      subscription: row.providerSubscriptionId,
      amount_due: 3 * TEAM_YEARLY,
      currency: 'usd',
    });
    const lapsed = await me(member);
    expect({ ehs: lapsed.accountFeatures.ehs, displayPlan: lapsed.displayPlan }).toEqual({
      ehs: false,
      displayPlan: 'free',
    });
    await deliver('invoice.paid', {
      id: 'in_teams_paid',
      object: 'invoice',
      subscription: row.providerSubscriptionId,
      charge: 'ch_teams_paid',
      amount_paid: 3 * TEAM_YEARLY,
      currency: 'usd',
    });
    expect((await me(member)).accountFeatures.ehs).toBe(true);

    const removed = await call('DELETE', `/core/organizations/${orgId}/users/${member.sub}`, owner);
    expect(removed.status).toBe(200);
    expect(removed.json.seats.seatsUsed).toBe(1);
    const after = await me(member);
    expect(after.accountFeatures).toMatchObject({ subscriptionType: 'free', ehs: false, listLimit: 1 });
    expect({ displayPlan: after.displayPlan, team: after.team }).toEqual({ displayPlan: 'free', team: null });
    expect((await call('GET', '/core/users/me/organization', member)).json.organization).toBeNull();
  });
});

// ---------------------------------------------------------------- invite emails and new accounts

async function signInWithTemporaryPassword(email: string, temporary: string, chosen: string) {
  const cognito = new CognitoUser({ Username: email, Pool: userPool(server), Storage: new MemoryStorage() });
  let challenged = false;
  const session = await new Promise<CognitoUserSession>((resolve, reject) =>
    cognito.authenticateUser(new AuthenticationDetails({ Username: email, Password: temporary }), {
      onSuccess: resolve,
      onFailure: reject,
      newPasswordRequired: () => {
        challenged = true;
        cognito.completeNewPasswordChallenge(chosen, {}, { onSuccess: resolve, onFailure: reject });
      },
    }),
  );
  return {
    challenged,
    who: {
      sub: session.getIdToken().decodePayload().sub as string,
      headers: {
        authorization: `Bearer ${session.getIdToken().getJwtToken()}`,
        'x-access-token': session.getAccessToken().getJwtToken(),
      },
    } satisfies Who,
  };
}

async function mailTo(email: string) {
  const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(5);
  return rows;
}

describe('invite emails', () => {
  it('a new address gets an account (temporary password, NEW_PASSWORD_REQUIRED) and the invite in the local mailbox', async () => {
    const { owner, orgId } = await team('mailer', 3);
    const newcomer = address('Newcomer').toUpperCase();
    const existing = await user('existing');
    const res = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [newcomer, ` ${await emailOf(existing)} `, newcomer.toLowerCase()],
    });
    expect(res.status).toBe(200);
    const lower = newcomer.toLowerCase();
    const byEmail = Object.fromEntries(res.json.invited.map((i: { email: string }) => [i.email, i]));
    expect(Object.keys(byEmail).sort()).toEqual([await emailOf(existing), lower].sort());
    expect(byEmail[lower]).toMatchObject({ newAccount: true, role: 'member', status: 'pending' });
    expect(byEmail[await emailOf(existing)]).toMatchObject({ newAccount: false, userId: existing.sub });

    const [mail] = await mailTo(lower);
    expect(mail?.subject).toContain('mailer Research');
    const temporary = mail?.body.match(/temporary password: (\S+)/)?.[1];
    if (!temporary) throw new Error(`no temporary password in: ${mail?.body}`);
    expect(mail?.body).toContain('/team?invite=');
    // Only the invite's email: the identity provider's own "You are invited" was suppressed.
    expect(await mailTo(lower)).toHaveLength(1);
    const [known] = await mailTo(await emailOf(existing));
    expect(known?.body).not.toContain('temporary password');
    if (!TEST_DATABASE_URL) {
      // The local mailbox (/dev/mail) shows it to this machine.
      const box = await call('GET', '/core/dev/outbox?limit=50');
      expect(box.json.messages.some((m: { to: string; subject: string }) => m.to === lower)).toBe(true);
    }

    const first = await signInWithTemporaryPassword(lower, temporary, 'Chosen-Team-9!');
    expect(first.challenged).toBe(true);
    expect(first.who.sub).toBe(byEmail[lower].userId);
    const mine = await call('GET', '/core/users/me/organization', first.who);
    expect(mine.json).toMatchObject({ role: 'invitee', organization: { id: orgId } });
    const token = mine.json.invites[0].token;
    expect(mail?.body).toContain(token);
    const accepted = await call('POST', '/core/users/me/organization/invite/response', first.who, {
      response: 'accept',
      token,
    });
    expect(accepted.json).toMatchObject({ role: 'member', organization: { id: orgId }, invites: [] });
    expect((await me(first.who)).accountFeatures.ehs).toBe(true);

    // Inviting members or pending addresses again changes nothing.
    const again = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [lower, await emailOf(existing)],
    });
    expect(again.json.invited).toEqual([]);
    expect(again.json.skipped).toEqual([
      { email: lower, reason: 'alreadyMember' },
      { email: await emailOf(existing), reason: 'alreadyInvited' },
    ]);
    const declined = await call('POST', '/core/users/me/organization/invite/response', existing, {
      response: 'decline',
      organizationId: orgId,
    });
    expect(declined.json).toMatchObject({ organization: null, role: null });
    const history = await call('GET', `/core/organizations/${orgId}/invites?email=${await emailOf(existing)}`, owner);
    expect(history.json.invites.map((i: { status: string }) => i.status)).toEqual(['declined']);
  });

  it('a member of another team accepts only after leaving it', async () => {
    const a = await team('first-team', 3);
    const b = await team('second-team', 3);
    const person = await join(a.orgId, a.owner, await user('two-teams'));
    await join(b.orgId, b.owner, person, 'member', false);
    const refused = await call('POST', '/core/users/me/organization/invite/response', person, {
      response: 'accept',
      organizationId: b.orgId,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('first-team Research');
    expect((await call('DELETE', `/core/organizations/${a.orgId}/users/${person.sub}`, person)).status).toBe(200);
    const accepted = await call('POST', '/core/users/me/organization/invite/response', person, {
      response: 'accept',
      organizationId: b.orgId,
    });
    expect(accepted.json).toMatchObject({ role: 'member', organization: { id: b.orgId } });
  });
});

// ---------------------------------------------------------------- bad input

describe('bad input is a 400 naming the field', () => {
  let owner: Who;
  let orgId: string;
  beforeAll(async () => {
    ({ owner, orgId } = await team('hostile', 2));
  });

  const cases: [string, string, string, unknown, string][] = [
    ['NUL in the name', 'POST', '/core/organizations', { name: 'a\u0000b', billingEmail: 'x@y.com' }, 'body.name'],
    ['100 KB name', 'POST', '/core/organizations', { name: 'x'.repeat(100_000), billingEmail: 'x@y.com' }, 'body.name'],
    [
      'bad billing email',
      'POST',
      '/core/organizations',
      { name: 'A', billingEmail: 'not-an-email' },
      'body.billingEmail',
    ],
    [
      'another plan',
      'POST',
      '/core/organizations',
      { name: 'A', billingEmail: 'x@y.com', subscriptionPlanId: 'earningshub_pro' },
      'body.subscriptionPlanId',
    ],
    [
      'bad invite email',
      'POST',
      '/core/organizations/{org}/invites',
      { inviteEmails: ['ok@example.com', 'nope'] },
      'body.inviteEmails.1',
    ],
    [
      'NUL invite email',
      'POST',
      '/core/organizations/{org}/invites',
      { inviteEmails: ['a\u0000@example.com'] },
      'body.inviteEmails.0',
    ],
    [
      '__proto__ invite email',
      'POST',
      '/core/organizations/{org}/invites',
      { inviteEmails: ['__proto__'] },
      'body.inviteEmails.0',
    ],
    ['nothing to do', 'POST', '/core/organizations/{org}/invites', {}, 'body.inviteEmails'],
    [
      'owner by invite',
      'POST',
      '/core/organizations/{org}/invites',
      { inviteEmails: ['a@example.com'], role: 'owner' },
      'body.role',
    ],
    [
      'invited and removed',
      'POST',
      '/core/organizations/{org}/invites',
      { inviteEmails: ['a@example.com'], removeEmails: ['A@example.com'] },
      'body.removeEmails',
    ],
    ['empty update', 'POST', '/core/organizations/{org}', {}, 'body'],
    ['not an org id', 'GET', '/core/organizations/__proto__/users', undefined, 'path.orgId'],
    ['not a user id', 'DELETE', '/core/organizations/{org}/users/constructor', undefined, 'path.userId'],
    ['bad role', 'POST', '/core/organizations/{org}/users/{owner}', { role: 'invitee' }, 'body.role'],
    ['bad response', 'POST', '/core/users/me/organization/invite/response', { response: 'maybe' }, 'body.response'],
    [
      'no licences',
      'POST',
      '/core/organizations/{org}/subscription/licenses',
      { licenseCount: 0 },
      'body.licenseCount',
    ],
    [
      'too many licences',
      'GET',
      '/core/organizations/{org}/subscription/licenses/price?licenseCount=100000',
      undefined,
      'query.licenseCount',
    ],
    [
      'another org in the body',
      'POST',
      '/core/organizations/{org}/subscription/licenses',
      { orgId: '00000000-0000-4000-8000-000000000000', licenseCount: 3 },
      'body.orgId',
    ],
    [
      'another plan for the team',
      'POST',
      '/core/organizations/{org}/subscription',
      { plan: 'earningshub_pro' },
      'body.plan',
    ],
  ];
  for (const [label, method, path, payload, field] of cases) {
    it(`${label} → 400 ${field}`, async () => {
      const url = path.replace('{org}', orgId).replace('{owner}', owner.sub);
      const res = await call(method, url, owner, payload);
      expect(res.status).toBe(400);
      expect(res.json.message.startsWith(`${field}:`) || res.json.message.startsWith(`${field} `)).toBe(true);
    });
  }

  it('a __proto__ key is refused before any handler, and nothing is polluted', async () => {
    const res = await server.api('/api/core/organizations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...owner.headers },
      body: '{"__proto__":{"polluted":true},"name":"A","billingEmail":"x@y.com"}',
    });
    expect(res.status).toBe(400);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((await call('GET', '/core/users/me/organization', owner)).json.organization.id).toBe(orgId);
  });

  it('a card number named like a prototype member is declined, not stored (test billing)', async () => {
    for (const input of ['__proto__', 'constructor', 'toString']) {
      const res = await call('POST', `/core/organizations/${orgId}/payments/payment-methods`, owner, {
        stripePaymentMethodId: input,
      });
      expect(res.status).toBe(402);
      expect(res.json.message).toContain('test card numbers');
    }
    const cards = await call('GET', `/core/organizations/${orgId}/payments/payment-methods`, owner);
    expect(cards.json.paymentMethods.map((c: { last4: string }) => c.last4)).toEqual(['4242']);
  });

  it('an unknown organization is a 404; signed out is a 401', async () => {
    expect((await call('GET', '/core/organizations/00000000-0000-4000-8000-000000000000/users', owner)).status).toBe(
      404,
    );
    expect((await call('GET', `/core/organizations/${orgId}/users`)).status).toBe(401);
    expect((await call('GET', '/core/users/me/organization')).status).toBe(401);
  });
});
