import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { affiliateCommissions, affiliatePayouts, jobs, planPrices } from '@eh/db';
import { MS_PER_DAY, periodOf, REFUND_WINDOW_DAYS } from '@eh/domain';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * The affiliate program: joining (requested → approved / rejected / revoked by a super admin), the sign-up
 * source (first wins), commissions on referred payments (pending → accounted once the payment settles, lapsed or
 * reversed when it is refunded), the five ?type=affiliate calls, and monthly payouts through Stripe Connect against
 * a local stand-in of Stripe's API (documented object shapes, https://docs.stripe.com/api), never twice a month.
 */

const PERCENT = 25;
const PRO_YEARLY = 23988;
const COMMISSION = Math.floor((PRO_YEARLY * PERCENT) / 100);
const TEST_CARD = '4242424242424242';
type Who = Awaited<ReturnType<typeof signedInUser>>;

const PORTFOLIO_CALLS: [method: string, path: string, payload?: unknown][] = [
  ['GET', '/core/users/me/affiliate'],
  ['POST', '/core/users/me/affiliate/request', { affiliateTermsOfServiceAccepted: true }],
  ['GET', '/core/affiliates'],
  ['POST', '/core/affiliates/00000000-0000-4000-8000-000000000000', { status: 'approved' }],
  ['POST', '/core/users/me/stripe/connect', { countryCode: 'US' }],
  ['GET', '/core/users/me/stripe/onboarding_status'],
  ['POST', '/core/users/me/stripe/connect/test-onboarding', { accountId: 'acct_test_x' }],
  ['GET', '/payments/creators/me/charges?type=affiliate'],
  ['GET', '/payments/creators/me/balance?type=affiliate'],
  ['GET', '/payments/creators/me/payments?type=affiliate'],
  ['GET', '/core/subscriptions/account/affiliate'],
  ['GET', '/core/subscribers/arr?type=affiliate'],
];
/** The affiliate's own dashboard: 403 for a signed-in user who never asked to join. */
const DASHBOARD = PORTFOLIO_CALLS.filter(
  ([, path]) => path.startsWith('/payments/') || path.includes('/arr') || path.endsWith('/account/affiliate'),
);

function caller(server: () => TestServer) {
  return async (
    method: string,
    path: string,
    who?: Who | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init = payload === undefined ? { method } : json(payload, { method });
    const res = await server().api(`/api${path}`, {
      ...init,
      headers: { ...init.headers, ...who?.headers, ...headers },
    });
    return { status: res.status, json: await body(res) };
  };
}

async function makeSuperAdmin(server: TestServer, email: string) {
  const token = server.ctx.adminToken;
  if (!token) throw new Error('the test server has no admin token');
  const res = await server.api(
    '/api/admin/users/super-admin',
    json({ email, superAdmin: true }, { method: 'PUT', headers: { [ADMIN_TOKEN_HEADER]: token } }),
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

const admin = (server: TestServer) => ({ [ADMIN_TOKEN_HEADER]: server.ctx.adminToken ?? '' });
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * MS_PER_DAY).toISOString();

// ---------------------------------------------------------------------------------------------------------------
// BILLING_PROVIDER=test: joining, the source, commissions

describe('with test billing', () => {
  let server: TestServer;
  const call = caller(() => server);
  let boss: Who;
  let affiliate: Who;
  let code = '';

  const join = async (who: Who) => {
    await call('GET', '/core/users/me', who);
    const res = await call('POST', '/core/users/me/affiliate/request', who, { affiliateTermsOfServiceAccepted: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.affiliate;
  };
  const decide = (userId: string, status: string, who: Who = boss) =>
    call('POST', `/core/affiliates/${userId}`, who, { status });
  /** A new account that arrived by the affiliate's link and subscribes to Pro, yearly, with the test card. */
  const referredSubscriber = async (email: string, source: string | null = code) => {
    const who = await signedInUser(server, email);
    await call('GET', '/core/users/me', who);
    if (source) {
      const recorded = await call('POST', '/core/users/me/source', who, { signupSource: 'web', affiliateId: source });
      expect(recorded.status).toBe(200);
    }
    const res = await call('POST', '/core/users/me/subscription', who, { stripePaymentMethodId: TEST_CARD });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return who;
  };
  const commissions = async (who: Who = affiliate) =>
    (await call('GET', '/payments/creators/me/charges?type=affiliate', who)).json.charges as {
      kind: string;
      amount: number;
      accountingStatus: string;
      paymentStatus: string | null;
      reason: string | null;
      chargedAt: string;
      paidOut: boolean;
    }[];
  const balance = async (who: Who = affiliate) =>
    (await call('GET', '/payments/creators/me/balance?type=affiliate', who)).json;

  beforeAll(async () => {
    server = await startTestServer({
      BILLING_PROVIDER: 'test',
      STRIPE_WEBHOOK_SECRET: 'whsec_affiliatestest',
      AFFILIATE_COMMISSION_PERCENT: String(PERCENT),
    });
    boss = await signedInUser(server, 'boss.affiliates@example.com');
    await call('GET', '/core/users/me', boss);
    await makeSuperAdmin(server, 'boss.affiliates@example.com');
    affiliate = await signedInUser(server, 'partner.affiliates@example.com');
  });
  afterAll(async () => server?.close());

  it('runs the affiliate job in its own worker lane on start', async () => {
    await expect
      .poll(
        async () =>
          (await server.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.name, 'affiliates')))[0]
            ?.status,
        { timeout: 20_000 },
      )
      .toBe('done');
  });

  it('tells anyone the configured rate, the settling days and the Connect countries', async () => {
    const program = await call('GET', '/core/affiliate/program');
    expect(program.status).toBe(200);
    expect(program.json).toEqual({
      commissionPercent: PERCENT,
      settleDays: REFUND_WINDOW_DAYS,
      payoutSchedule: 'monthly',
      linkParam: 'affiliate',
      provider: 'test',
      testMode: true,
      label: 'Test payouts — no money is paid out',
      payoutsAvailable: true,
    });
    const { countries } = (await call('GET', '/core/stripe/connect/countries')).json;
    expect(countries).toContainEqual({ code: 'US', name: 'United States' });
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries.map((c: { name: string }) => c.name)).toEqual(
      [...countries.map((c: { name: string }) => c.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('refuses strangers: 401 without a session, 403 on a dashboard that is not theirs and on decisions', async () => {
    for (const [method, path, payload] of PORTFOLIO_CALLS) {
      expect((await call(method, path, null, payload)).status, `${method} ${path}`).toBe(401);
      const forged = await call(method, path, null, payload, { authorization: 'Bearer not.a.token' });
      expect(forged.status, `${method} ${path} forged`).toBe(401);
    }
    const stranger = await signedInUser(server, 'stranger.affiliates@example.com');
    await call('GET', '/core/users/me', stranger);
    for (const [method, path] of DASHBOARD) expect((await call(method, path, stranger)).status, path).toBe(403);
    expect((await call('GET', '/core/affiliates', stranger)).status).toBe(403);
    expect((await decide(affiliate.sub, 'approved', stranger)).status).toBe(403);
    const connect = await call('POST', '/core/users/me/stripe/connect', stranger, { countryCode: 'US' });
    expect(connect.status).toBe(403);
    expect(connect.json.message).toContain('Join the affiliate program first');
    expect((await call('GET', '/core/users/me/affiliate', stranger)).json).toEqual({
      affiliate: null,
      superAdmin: false,
    });
    // The admin jobs want the admin token.
    expect((await call('POST', '/admin/affiliates/settle', null, {})).status).toBe(401);
    expect((await call('POST', '/admin/affiliates/payouts', null, {})).status).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/core/users/me/affiliate/request',
        { affiliateTermsOfServiceAccepted: false },
        'body.affiliateTermsOfServiceAccepted',
      ],
      ['POST', '/core/users/me/affiliate/request', {}, 'body.affiliateTermsOfServiceAccepted'],
      ['POST', '/core/users/me/stripe/connect', { countryCode: 'XX' }, 'body.countryCode'],
      ['POST', '/core/users/me/stripe/connect', { countryCode: 42 }, 'body.countryCode'],
      ['POST', '/core/affiliates/not-a-uuid', { status: 'approved' }, 'path.userId'],
      ['POST', `/core/affiliates/${affiliate.sub}`, { status: 'maybe' }, 'body.status'],
      ['GET', '/core/affiliates?status=pending', undefined, 'query.status'],
      ['GET', '/payments/creators/me/charges?type=creator', undefined, 'query.type'],
      ['GET', '/payments/creators/me/balance?type=', undefined, 'query.type'],
      ['GET', '/core/subscribers/arr?type=team', undefined, 'query.type'],
    ];
    for (const [method, path, payload, field] of cases) {
      const res = await call(method, path, boss, payload);
      expect(res.status, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json.message).toContain(field);
    }
    const bad = await call('POST', '/admin/affiliates/payouts', null, { period: '2026-13' }, admin(server));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('body.period');
  });

  it('request → rejected → requested → approved → revoked → reinstated, decided by a super admin', async () => {
    const first = await join(affiliate);
    expect(first).toMatchObject({ status: 'requested', decidedAt: null });
    code = first.code;
    expect(code).toMatch(/^[a-z2-9]{8}$/);
    // Asking again changes nothing.
    expect((await join(affiliate)).code).toBe(code);
    expect((await call('GET', '/core/users/me/affiliate', affiliate)).json).toMatchObject({
      affiliate: { status: 'requested', code },
      superAdmin: false,
    });
    // Not approved yet: no payout account.
    const early = await call('POST', '/core/users/me/stripe/connect', affiliate, { countryCode: 'US' });
    expect(early.status).toBe(403);
    expect(early.json.message).toBe(
      'Your affiliate request is requested: a payout account is for approved affiliates.',
    );

    const listed = await call('GET', '/core/affiliates?status=requested', boss);
    expect(listed.status).toBe(200);
    expect(listed.json.affiliates).toContainEqual(
      expect.objectContaining({
        userId: affiliate.sub,
        email: 'partner.affiliates@example.com',
        status: 'requested',
        code,
      }),
    );
    expect((await call('GET', '/core/users/me/affiliate', boss)).json.superAdmin).toBe(true);

    expect((await decide(affiliate.sub, 'revoked')).status).toBe(409);
    const rejected = await decide(affiliate.sub, 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ status: 'rejected', userId: affiliate.sub });
    expect(rejected.json.decidedAt).not.toBeNull();
    expect((await join(affiliate)).status).toBe('requested');
    const approved = await decide(affiliate.sub, 'approved');
    expect(approved.json.status).toBe('approved');
    expect((await decide(affiliate.sub, 'approved')).status).toBe(409);

    // Nobody decides on their own membership; an unknown user has no request.
    await join(boss);
    const own = await decide(boss.sub, 'approved');
    expect(own.status).toBe(403);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approved')).status).toBe(404);

    expect((await decide(affiliate.sub, 'revoked')).json.status).toBe('revoked');
    const again = await call('POST', '/core/users/me/affiliate/request', affiliate, {
      affiliateTermsOfServiceAccepted: true,
    });
    expect(again.status).toBe(409);
    expect((await decide(affiliate.sub, 'approved')).json.status).toBe('approved');
  });

  it('records the first sign-up source only: a later affiliate link does not replace it', async () => {
    const who = await signedInUser(server, 'source.affiliates@example.com');
    await call('GET', '/core/users/me', who);
    const first = await call('POST', '/core/users/me/source', who, { signupSource: 'web', affiliateId: code });
    expect(first.json.signup).toEqual({ signupSource: 'web', affiliateId: code });
    const second = await call('POST', '/core/users/me/source', who, { signupSource: 'ios', affiliateId: 'othercode' });
    expect(second.json.signup).toEqual({ signupSource: 'web', affiliateId: code });
  });

  it('a referred payment earns a pending commission, accounted once it settles, reversed by a later refund', async () => {
    const subscriber = await referredSubscriber('referred.one@example.com');
    const [earned] = await commissions();
    expect(earned).toMatchObject({
      kind: 'commission',
      amount: COMMISSION,
      chargeAmount: PRO_YEARLY,
      percent: PERCENT,
      plan: 'earningshub_pro',
      interval: 'yearly',
      accountingStatus: 'pending',
      paymentStatus: 'paid',
      paidOut: false,
    });
    expect(await balance()).toMatchObject({
      pending: COMMISSION,
      available: 0,
      paidOut: 0,
      commissionPercent: PERCENT,
    });
    const accounts = (await call('GET', '/core/subscriptions/account/affiliate', affiliate)).json.accounts;
    expect(accounts).toEqual([
      expect.objectContaining({ label: 'Referral 1', plan: 'earningshub_pro', status: 'active', earned: COMMISSION }),
    ]);
    // The subscriber is never named to the affiliate.
    expect(JSON.stringify(accounts)).not.toContain('referred.one');
    const arr = (await call('GET', '/core/subscribers/arr?type=affiliate', affiliate)).json;
    expect(arr.arr).toBe(PRO_YEARLY);
    expect(arr.series).toHaveLength(180);
    expect(arr.series.at(-1).arr).toBe(PRO_YEARLY);
    expect(arr.series[0].arr).toBe(0);

    // Not yet settled a day before the refund window ends; settled once it has.
    const chargedAt = new Date(earned?.chargedAt ?? '');
    const early = await call(
      'POST',
      '/admin/affiliates/settle',
      null,
      { asOf: daysFrom(chargedAt, REFUND_WINDOW_DAYS - 1) },
      admin(server),
    );
    expect(early.json.accounted).toBe(0);
    expect((await commissions())[0]?.accountingStatus).toBe('pending');
    const settled = await call(
      'POST',
      '/admin/affiliates/settle',
      null,
      { asOf: daysFrom(chargedAt, REFUND_WINDOW_DAYS + 1) },
      admin(server),
    );
    expect(settled.status).toBe(200);
    expect(settled.json.accounted).toBeGreaterThanOrEqual(1);
    expect((await commissions())[0]?.accountingStatus).toBe('accounted');
    expect(await balance()).toMatchObject({ pending: 0, available: COMMISSION, reversed: 0 });

    // A refund after it was accounted: a reversal nets it out of the next payout.
    const refund = await call('POST', '/core/users/me/subscription/refund', subscriber);
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    const rows = await commissions();
    // Newest first: the reversal is filed under the payment's date, after the commission.
    expect(rows.map((row) => [row.kind, row.amount, row.accountingStatus, row.paymentStatus])).toEqual([
      ['reversal', -COMMISSION, 'accounted', 'refunded'],
      ['commission', COMMISSION, 'accounted', 'refunded'],
    ]);
    expect(rows.find((row) => row.kind === 'reversal')?.reason).toBe('refunded');
    expect(await balance()).toMatchObject({ pending: 0, available: 0, reversed: COMMISSION });
    // The refunded payment no longer counts in ARR, and its referral earned nothing in the end.
    expect((await call('GET', '/core/subscribers/arr?type=affiliate', affiliate)).json.arr).toBe(0);
    const after = (await call('GET', '/core/subscriptions/account/affiliate', affiliate)).json.accounts;
    expect(after).toEqual([expect.objectContaining({ label: 'Referral 1', status: 'canceled', earned: 0 })]);
  });

  it('a refund before the payment settles lapses the commission (not applicable), and settling leaves it so', async () => {
    const subscriber = await referredSubscriber('referred.two@example.com');
    expect((await balance()).pending).toBe(COMMISSION);
    expect((await call('POST', '/core/users/me/subscription/refund', subscriber)).status).toBe(200);
    const lapsed = (await commissions()).find(
      (row) => row.paymentStatus === 'refunded' && row.accountingStatus === 'not_applicable',
    );
    expect(lapsed).toMatchObject({ kind: 'commission', reason: 'refunded' });
    await call(
      'POST',
      '/admin/affiliates/settle',
      null,
      { asOf: daysFrom(new Date(), REFUND_WINDOW_DAYS + 2) },
      admin(server),
    );
    expect((await commissions()).filter((row) => row.accountingStatus === 'not_applicable')).toHaveLength(1);
    expect(await balance()).toMatchObject({ pending: 0, available: 0, reversed: 2 * COMMISSION });
  });

  it('earns nothing on one’s own payments, for an affiliate not approved, or without a referral', async () => {
    const before = (await commissions()).length;
    // The affiliate subscribes through their own link.
    await call('POST', '/core/users/me/source', affiliate, { affiliateId: code });
    expect(
      (await call('POST', '/core/users/me/subscription', affiliate, { stripePaymentMethodId: TEST_CARD })).status,
    ).toBe(200);
    // Someone whose request is only pending.
    const pendingOne = await signedInUser(server, 'pending.affiliates@example.com');
    const pendingCode = (await join(pendingOne)).code;
    await referredSubscriber('referred.three@example.com', pendingCode);
    expect((await commissions(pendingOne)).length).toBe(0);
    // No referral at all.
    await referredSubscriber('referred.four@example.com', null);
    expect((await commissions()).length).toBe(before);
  });

  it('carries the affiliate id given at subscribe time when the account recorded none, and revoking lapses pending ones', async () => {
    const who = await signedInUser(server, 'referred.five@example.com');
    await call('GET', '/core/users/me', who);
    const res = await call('POST', '/core/users/me/subscription', who, {
      stripePaymentMethodId: TEST_CARD,
      affiliateId: code.toUpperCase(),
      plan: 'earningshub_plus',
      priceType: 'monthly',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const row = (await commissions()).find((c) => c.accountingStatus === 'pending');
    expect(row).toMatchObject({ kind: 'commission' });
    expect((await decide(affiliate.sub, 'revoked')).status).toBe(200);
    expect((await commissions()).some((c) => c.accountingStatus === 'pending')).toBe(false);
    expect((await commissions()).some((c) => c.reason === 'revoked')).toBe(true);
    // A revoked affiliate still sees what was earned.
    expect((await call('GET', '/payments/creators/me/charges?type=affiliate', affiliate)).status).toBe(200);
    expect((await decide(affiliate.sub, 'approved')).status).toBe(200);
  });

  it('onboards a payout account offline: the test page finishes it; payouts then go out once a month', async () => {
    const connect = await call('POST', '/core/users/me/stripe/connect', affiliate, { countryCode: 'gb' });
    expect(connect.status, JSON.stringify(connect.json)).toBe(200);
    expect(connect.json).toMatchObject({ countryCode: 'GB', testMode: true, expiresAt: null });
    const link = new URL(connect.json.url);
    expect(link.pathname).toBe('/affiliate-program');
    const accountId = link.searchParams.get('testOnboarding') ?? '';
    expect(accountId).toMatch(/^acct_test_/);
    expect((await call('GET', '/core/users/me/stripe/onboarding_status', affiliate)).json).toEqual({
      status: 'pending',
      countryCode: 'GB',
      detailsSubmitted: false,
      payoutsEnabled: false,
      testMode: true,
    });
    // Someone else's account id is not theirs to finish.
    expect((await call('POST', '/core/users/me/stripe/connect/test-onboarding', boss, { accountId })).status).toBe(404);
    const done = await call('POST', '/core/users/me/stripe/connect/test-onboarding', affiliate, { accountId });
    expect(done.json).toMatchObject({ status: 'complete', countryCode: 'GB' });
    // A finished account stays in its country; asking for the same country resumes it.
    expect((await call('POST', '/core/users/me/stripe/connect', affiliate, { countryCode: 'US' })).status).toBe(409);
    expect((await call('POST', '/core/users/me/stripe/connect', affiliate, { countryCode: 'GB' })).json.url).toContain(
      accountId,
    );

    // One more referred payment, settled, then its month paid out: once.
    await referredSubscriber('referred.six@example.com');
    const fresh = (await commissions()).find((c) => c.accountingStatus === 'pending');
    const settlesOn = daysFrom(new Date(fresh?.chargedAt ?? ''), REFUND_WINDOW_DAYS);
    await call('POST', '/admin/affiliates/settle', null, { asOf: daysFrom(new Date(settlesOn), 1) }, admin(server));
    const available = (await balance()).available;
    expect(available).toBeGreaterThan(0);
    const period = periodOf(new Date(settlesOn));
    const first = await call('POST', '/admin/affiliates/payouts', null, { period }, admin(server));
    expect(first.json).toEqual({ period, created: 1, paid: 1, failed: 0 });
    const second = await call('POST', '/admin/affiliates/payouts', null, { period }, admin(server));
    expect(second.json).toEqual({ period, created: 0, paid: 0, failed: 0 });
    const { payments } = (await call('GET', '/payments/creators/me/payments?type=affiliate', affiliate)).json;
    expect(payments).toEqual([
      expect.objectContaining({ period, amount: available, status: 'paid', provider: 'test' }),
    ]);
    expect(await balance()).toMatchObject({ available: 0, paidOut: available });
    const accounted = (await commissions()).filter((c) => c.accountingStatus === 'accounted');
    expect(accounted.length).toBeGreaterThanOrEqual(3);
    expect(accounted.every((c) => c.paidOut)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// BILLING_PROVIDER=stripe: Connect Express and transfers at the SDK boundary

describe('with Stripe (a stand-in of its API)', () => {
  const WEBHOOK_SECRET = 'whsec_affiliatesstandin';
  let server: TestServer;
  const call = caller(() => server);
  let stripeApi: Server;
  interface Seen {
    method: string;
    path: string;
    form: URLSearchParams;
    idempotencyKey: string | undefined;
  }
  const seen: Seen[] = [];
  const accounts = new Map<string, { country: string; details_submitted: boolean; payouts_enabled: boolean }>();
  const transfers: { id: string; amount: number; currency: string; destination: string; transfer_group: string }[] = [];
  const byIdempotencyKey = new Map<string, (typeof transfers)[number]>();
  /** Destinations whose next transfer Stripe refuses (the platform's balance is short). */
  const refuseNext = new Set<string>();
  let subscriptionsCreated = 0;
  let customers = 0;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => resolve(text));
    });

  function answer(method: string, path: string, form: URLSearchParams, key: string | undefined): [number, unknown] {
    if (method === 'POST' && path === '/v1/customers')
      return [200, { id: `cus_aff${++customers}`, object: 'customer' }];
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && attach)
      return [
        200,
        {
          id: attach[1],
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        },
      ];
    if (method === 'POST' && path === '/v1/subscriptions') {
      subscriptionsCreated += 1;
      return [
        200,
        {
          id: `sub_aff${subscriptionsCreated}`,
          object: 'subscription',
          status: 'active',
          items: { object: 'list', data: [] },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const id = `acct_standin${accounts.size + 1}`;
      accounts.set(id, { country: form.get('country') ?? '', details_submitted: false, payouts_enabled: false });
      return [200, { id, object: 'account', type: 'express', ...accounts.get(id) }];
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account) {
      const state = accounts.get(account[1] as string);
      if (!state)
        return [
          404,
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' } },
        ];
      return [200, { id: account[1], object: 'account', type: 'express', ...state }];
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const expires = Math.floor(Date.now() / 1000) + 300;
      return [
        200,
        {
          object: 'account_link',
          created: expires - 300,
          expires_at: expires,
          url: `https://connect.stripe.test/setup/e/${form.get('account')}/x`,
        },
      ];
    }
    if (method === 'GET' && path === '/v1/transfers') {
      const group = form.get('transfer_group');
      return [
        200,
        {
          object: 'list',
          data: transfers.filter((t) => t.transfer_group === group),
          has_more: false,
          url: '/v1/transfers',
        },
      ];
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known) return [200, { object: 'transfer', ...known }];
      const destination = form.get('destination') ?? '';
      if (refuseNext.delete(destination))
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'You have insufficient available funds in your Stripe account.',
            },
          },
        ];
      const transfer = {
        id: `tr_standin${transfers.length + 1}`,
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        destination,
        transfer_group: form.get('transfer_group') ?? '',
      };
      transfers.push(transfer);
      if (key) byIdempotencyKey.set(key, transfer);
      return [200, { object: 'transfer', ...transfer }];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path: ${path}` } },
    ];
  }

  let events = 0;
  async function invoicePaid(subscriptionId: string, chargeId: string, created: Date) {
    const payload = JSON.stringify({
      id: `evt_aff_${++events}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(created.getTime() / 1000),
      data: {
        object: {
          id: `in_${chargeId}`,
          object: 'invoice',
          subscription: subscriptionId,
          charge: chargeId,
          amount_paid: PRO_YEARLY,
          currency: 'usd',
          description: 'Pro (yearly)',
          lines: { object: 'list', data: [{ period: { end: Math.floor(created.getTime() / 1000) + 365 * 86_400 } }] },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await server.api('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** An approved affiliate with a finished payout account in `country`, and one referred payment accounted. */
  async function affiliateWithEarnings(name: string, country: string, chargedAt: Date) {
    const who = await signedInUser(server, `${name}.connect@example.com`);
    await call('GET', '/core/users/me', who);
    const joined = await call('POST', '/core/users/me/affiliate/request', who, {
      affiliateTermsOfServiceAccepted: true,
    });
    expect((await call('POST', `/core/affiliates/${who.sub}`, boss, { status: 'approved' })).status).toBe(200);
    const link = await call('POST', '/core/users/me/stripe/connect', who, { countryCode: country });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    const accountId = /\/e\/(acct_standin\d+)\//.exec(link.json.url)?.[1] ?? '';
    expect(link.json).toMatchObject({ countryCode: country, testMode: false });
    expect(link.json.expiresAt).not.toBeNull();
    const state = accounts.get(accountId);
    if (!state) throw new Error(`no account ${accountId}`);
    expect((await call('GET', '/core/users/me/stripe/onboarding_status', who)).json.status).toBe('pending');
    // The affiliate finishes Stripe's hosted onboarding.
    state.details_submitted = true;
    state.payouts_enabled = true;
    expect((await call('GET', '/core/users/me/stripe/onboarding_status', who)).json).toMatchObject({
      status: 'complete',
      countryCode: country,
      testMode: false,
    });
    const subscriber = await signedInUser(server, `${name}.referred@example.com`);
    await call('GET', '/core/users/me', subscriber);
    await call('POST', '/core/users/me/source', subscriber, { affiliateId: joined.json.affiliate.code });
    const subscribed = await call('POST', '/core/users/me/subscription', subscriber, {
      stripePaymentMethodId: `pm_card_${name}`,
    });
    expect(subscribed.status, JSON.stringify(subscribed.json)).toBe(200);
    await invoicePaid(`sub_aff${subscriptionsCreated}`, `ch_${name}`, chargedAt);
    return { who, accountId };
  }

  let boss: Who;
  beforeAll(async () => {
    stripeApi = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(await read(req));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      seen.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey });
      const [status, payload] = answer(req.method ?? '', url.pathname, form, idempotencyKey);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
      res.end(JSON.stringify(payload));
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const { port } = stripeApi.address() as AddressInfo;
    server = await startTestServer({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_affiliatestandin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_affiliatestandin',
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      // No worker: the payments here are dated in the past, so only the admin calls run the jobs (with their clock).
      ROLES: 'api,idp',
    });
    await server.ctx.db
      .update(planPrices)
      .set({ stripePriceId: 'price_pro_yearly' })
      .where(
        and(eq(planPrices.plan, 'earningshub_pro'), eq(planPrices.interval, 'yearly'), eq(planPrices.active, true)),
      );
    boss = await signedInUser(server, 'boss.connect@example.com');
    await call('GET', '/core/users/me', boss);
    await makeSuperAdmin(server, 'boss.connect@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => stripeApi?.close(resolve));
  });

  it('opens an Express account for transfers (recipient abroad) and links to Stripe’s onboarding', async () => {
    const chargedAt = new Date(Date.UTC(2026, 0, 3));
    const { accountId } = await affiliateWithEarnings('abroad', 'GB', chargedAt);
    const created = seen.find((s) => s.method === 'POST' && s.path === '/v1/accounts');
    expect(created?.form.get('type')).toBe('express');
    expect(created?.form.get('country')).toBe('GB');
    expect(created?.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(created?.form.get('tos_acceptance[service_agreement]')).toBe('recipient');
    const link = seen.find((s) => s.path === '/v1/account_links');
    expect(link?.form.get('account')).toBe(accountId);
    expect(link?.form.get('type')).toBe('account_onboarding');
    expect(link?.form.get('return_url')).toBe(`${server.config.PUBLIC_URL}/affiliate-program?onboarding=return`);
    expect(link?.form.get('refresh_url')).toBe(`${server.config.PUBLIC_URL}/affiliate-program?onboarding=refresh`);
    const home = await affiliateWithEarnings('home', 'US', chargedAt);
    const us = seen.filter((s) => s.method === 'POST' && s.path === '/v1/accounts').at(-1);
    expect(us?.form.get('tos_acceptance[service_agreement]')).toBeNull();
    expect(home.accountId).not.toBe(accountId);
  });

  it('pays a month out once per affiliate: one transfer each, with the payout’s group and idempotency key', async () => {
    const period = '2026-01';
    // Both payments of the first test were taken on 3 January and settle on the 17th.
    const settled = await call(
      'POST',
      '/admin/affiliates/settle',
      null,
      { asOf: '2026-01-20T00:00:00Z' },
      admin(server),
    );
    expect(settled.json.accounted).toBe(2);
    const first = await call('POST', '/admin/affiliates/payouts', null, { period }, admin(server));
    expect(first.json).toEqual({ period, created: 2, paid: 2, failed: 0 });
    expect(transfers).toHaveLength(2);
    const payouts = await server.ctx.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.period, period));
    for (const payout of payouts) {
      const transfer = transfers.find((t) => t.transfer_group === payout.transferGroup);
      expect(transfer).toMatchObject({ amount: COMMISSION_AT_20, currency: 'usd', destination: payout.destination });
      expect(payout).toMatchObject({ status: 'paid', transferId: transfer?.id, amount: COMMISSION_AT_20 });
      const posted = seen.find(
        (s) =>
          s.method === 'POST' && s.path === '/v1/transfers' && s.form.get('transfer_group') === payout.transferGroup,
      );
      expect(posted?.idempotencyKey).toBe(payout.transferGroup);
    }
    // Again for the same month: nothing new, no transfer.
    const again = await call(
      'POST',
      '/admin/affiliates/payouts',
      null,
      { period, asOf: '2026-02-01T05:00:00Z' },
      admin(server),
    );
    expect(again.json).toEqual({ period, created: 0, paid: 0, failed: 0 });
    expect(transfers).toHaveLength(2);
    const rows = await server.ctx.db.select().from(affiliateCommissions);
    expect(rows.filter((row) => row.accountingStatus === 'accounted').every((row) => row.payoutId !== null)).toBe(true);
  });

  it('a refused transfer fails the payout; a later run retries it once, and finds a transfer already made', async () => {
    const period = '2026-02';
    const chargedAt = new Date(Date.UTC(2026, 1, 2));
    const short = await affiliateWithEarnings('short', 'US', chargedAt);
    const lost = await affiliateWithEarnings('lost', 'FR', chargedAt);
    await call('POST', '/admin/affiliates/settle', null, { asOf: '2026-02-20T00:00:00Z' }, admin(server));
    refuseNext.add(short.accountId);
    const before = transfers.length;
    const first = await call(
      'POST',
      '/admin/affiliates/payouts',
      null,
      { period, asOf: '2026-03-01T01:00:00Z' },
      admin(server),
    );
    expect(first.json).toEqual({ period, created: 2, paid: 1, failed: 1 });
    const failed = (await call('GET', '/payments/creators/me/payments?type=affiliate', short.who)).json.payments;
    expect(failed).toEqual([
      expect.objectContaining({
        period,
        status: 'failed',
        failure: 'You have insufficient available funds in your Stripe account.',
      }),
    ]);
    // Within the attempt's grace another run leaves it alone.
    const soon = await call(
      'POST',
      '/admin/affiliates/payouts',
      null,
      { period, asOf: '2026-03-01T01:05:00Z' },
      admin(server),
    );
    expect(soon.json).toEqual({ period, created: 0, paid: 0, failed: 0 });
    // The next hourly run pays it.
    const retry = await call(
      'POST',
      '/admin/affiliates/payouts',
      null,
      { period, asOf: '2026-03-01T02:00:00Z' },
      admin(server),
    );
    expect(retry.json).toEqual({ period, created: 0, paid: 1, failed: 0 });
    expect(transfers.length).toBe(before + 2);
    expect(
      (await call('GET', '/payments/creators/me/payments?type=affiliate', short.who)).json.payments[0],
    ).toMatchObject({
      status: 'paid',
      failure: null,
    });
    expect((await call('GET', '/payments/creators/me/balance?type=affiliate', lost.who)).json).toMatchObject({
      available: 0,
      paidOut: COMMISSION_AT_20,
    });

    // A payout whose transfer was made but whose answer was lost: the retry finds it by its group.
    const [payout] = await server.ctx.db
      .select()
      .from(affiliatePayouts)
      .where(and(eq(affiliatePayouts.affiliateUserId, lost.who.sub), eq(affiliatePayouts.period, period)));
    if (!payout) throw new Error('no payout');
    await server.ctx.db
      .update(affiliatePayouts)
      .set({ status: 'failed', transferId: null, paidAt: null })
      .where(eq(affiliatePayouts.id, payout.id));
    const posts = seen.filter((s) => s.method === 'POST' && s.path === '/v1/transfers').length;
    const found = await call(
      'POST',
      '/admin/affiliates/payouts',
      null,
      { period, asOf: '2026-03-01T03:00:00Z' },
      admin(server),
    );
    expect(found.json).toEqual({ period, created: 0, paid: 1, failed: 0 });
    expect(seen.filter((s) => s.method === 'POST' && s.path === '/v1/transfers').length).toBe(posts);
    const [after] = await server.ctx.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payout.id));
    expect(after).toMatchObject({ status: 'paid', transferId: payout.transferId });
  });
});

/** The Stripe server runs with the default rate. */
const COMMISSION_AT_20 = Math.floor((PRO_YEARLY * 20) / 100);
