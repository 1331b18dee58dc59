import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * Teams over HTTP: every Organizations call × every role (the statuses of the role guards), bad input as a 400
 * naming the field, what the contract does to addresses, and one body of each other kind of error. The rules
 * themselves (seats and licences, roles, transfer, the team plan's features, invite emails) are the service tier's
 * (test/service/teams.test.ts). BILLING_PROVIDER=test bills without a network.
 */

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

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test' });
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
});

// ---------------------------------------------------------------- bad input and error bodies

describe('bad input is a 400 naming the field; every other error has its status and body', () => {
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

  it('addresses are trimmed and compared in lower case before the service sees them', async () => {
    const created = await call('POST', '/core/organizations', await user('hostile-other'), {
      name: 'Buyers Club',
      billingEmail: ' Billing@Buyers.Example.com ',
    });
    expect(created).toMatchObject({
      status: 201,
      json: { organization: { billingEmail: 'billing@buyers.example.com' } },
    });
    const newcomer = address('hostile-newcomer');
    const res = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [` ${newcomer.toUpperCase()} `, newcomer],
    });
    expect(res.status).toBe(200);
    expect(res.json.invited.map((i: { email: string }) => i.email)).toEqual([newcomer]);
  });

  it('a 409 carries its details: what the licences lack and what one more costs', async () => {
    const res = await call('POST', `/core/organizations/${orgId}/invites`, owner, {
      inviteEmails: [address('one-too-many')],
    });
    expect(res).toMatchObject({
      status: 409,
      json: {
        message:
          'The team has 2 licences and 2 seats taken: inviting 1 more needs 1 more licence. ' +
          'One more licence costs $287.88 a year.',
        details: {
          licenseCount: 2,
          seatsUsed: 2,
          requested: 1,
          licencesNeeded: 1,
          oneMoreLicense: { interval: 'yearly', amount: 28788, currency: 'usd' },
        },
      },
    });
  });

  it('a refused card is a 402 with the provider’s words (a prototype member’s name reaches it as text)', async () => {
    const res = await call('POST', `/core/organizations/${orgId}/payments/payment-methods`, owner, {
      stripePaymentMethodId: '__proto__',
    });
    expect(res).toMatchObject({
      status: 402,
      json: { message: "Test billing takes Stripe's test card numbers, such as 4242 4242 4242 4242." },
    });
  });

  it('an unknown organization is a 404; signed out is a 401', async () => {
    const unknown = await call('GET', '/core/organizations/00000000-0000-4000-8000-000000000000/users', owner);
    expect(unknown).toMatchObject({
      status: 404,
      json: { message: 'Organization 00000000-0000-4000-8000-000000000000 does not exist.' },
    });
    expect((await call('GET', `/core/organizations/${orgId}/users`)).status).toBe(401);
    expect((await call('GET', '/core/users/me/organization')).status).toBe(401);
  });
});
