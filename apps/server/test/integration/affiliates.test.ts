import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { jobs } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * The affiliate program over HTTP: the affiliate job's own worker lane on start, the sign-in and the roles each call
 * needs (401 / 403), validation naming the field, the admin jobs behind the admin token, and the service's refusals as
 * statuses and error bodies. Joining, commissions, balances and payouts (offline and through a stand-in of Stripe
 * Connect) are the service tier's (test/service/affiliates.test.ts).
 */

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

let server: TestServer;
let boss: Who;
let affiliate: Who;

async function call(
  method: string,
  path: string,
  who?: Who | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, {
    ...init,
    headers: { ...init.headers, ...who?.headers, ...headers },
  });
  return { status: res.status, json: await body(res) };
}

const admin = () => ({ [ADMIN_TOKEN_HEADER]: server.ctx.adminToken ?? '' });
const decide = (userId: string, status: string, who: Who = boss) =>
  call('POST', `/core/affiliates/${userId}`, who, { status });

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test', STRIPE_WEBHOOK_SECRET: 'whsec_affiliatestest' });
  boss = await signedInUser(server, 'boss.affiliates@example.com');
  await call('GET', '/core/users/me', boss);
  const made = await call(
    'PUT',
    '/admin/users/super-admin',
    null,
    { email: 'boss.affiliates@example.com', superAdmin: true },
    admin(),
  );
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  affiliate = await signedInUser(server, 'partner.affiliates@example.com');
  await call('GET', '/core/users/me', affiliate);
});
afterAll(async () => server?.close());

describe('the affiliate program over HTTP', () => {
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

  it('answers the program and the Connect countries to anyone', async () => {
    const program = await call('GET', '/core/affiliate/program');
    expect(program).toMatchObject({ status: 200, json: { provider: 'test', payoutsAvailable: true } });
    const countries = await call('GET', '/core/stripe/connect/countries');
    expect(countries.status).toBe(200);
    expect(countries.json.countries).toContainEqual({ code: 'US', name: 'United States' });
  });

  it('refuses strangers: 401 without a session, 403 on a dashboard that is not theirs and on decisions', async () => {
    for (const [method, path, payload] of PORTFOLIO_CALLS) {
      expect((await call(method, path, null, payload)).status, `${method} ${path}`).toBe(401);
      const forged = await call(method, path, null, payload, { authorization: 'Bearer not.a.token' });
      expect(forged.status, `${method} ${path} forged`).toBe(401);
    }
    // The partner has not asked to join yet.
    const stranger = affiliate;
    for (const [method, path] of DASHBOARD) expect((await call(method, path, stranger)).status, path).toBe(403);
    expect((await call('GET', '/core/affiliates', stranger)).status).toBe(403);
    expect((await decide(boss.sub, 'approved', stranger)).status).toBe(403);
    expect(await call('POST', '/core/users/me/stripe/connect', stranger, { countryCode: 'US' })).toEqual({
      status: 403,
      json: {
        message: 'Join the affiliate program first: a payout account is for approved affiliates.',
        code: 'FORBIDDEN',
      },
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
    const bad = await call('POST', '/admin/affiliates/payouts', null, { period: '2026-13' }, admin());
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('body.period');
  });

  it("answers the service's refusals with their status and words, and a decision in the contract's shape", async () => {
    const joined = await call('POST', '/core/users/me/affiliate/request', affiliate, {
      affiliateTermsOfServiceAccepted: true,
    });
    expect(joined).toMatchObject({ status: 200, json: { affiliate: { status: 'requested' }, superAdmin: false } });
    expect(await decide(affiliate.sub, 'revoked')).toEqual({
      status: 409,
      json: { message: 'This affiliate is requested: the request cannot be revoked.', code: 'CONFLICT' },
    });
    expect(await decide('00000000-0000-4000-8000-000000000000', 'approved')).toEqual({
      status: 404,
      json: { message: 'This user has not asked to join the affiliate program.', code: 'NOT_FOUND' },
    });
    expect(await decide(affiliate.sub, 'approved')).toMatchObject({
      status: 200,
      json: { userId: affiliate.sub, email: 'partner.affiliates@example.com', status: 'approved' },
    });
    // The country is read in any case.
    const connect = await call('POST', '/core/users/me/stripe/connect', affiliate, { countryCode: 'gb' });
    expect(connect).toMatchObject({ status: 200, json: { countryCode: 'GB', testMode: true } });
  });

  it('runs the admin jobs with the admin token, answering what they did', async () => {
    const settled = await call('POST', '/admin/affiliates/settle', null, { asOf: '2026-01-20T00:00:00Z' }, admin());
    expect(settled).toEqual({ status: 200, json: { accounted: 0, lapsed: 0 } });
    const paid = await call('POST', '/admin/affiliates/payouts', null, { period: '2026-01' }, admin());
    expect(paid).toEqual({ status: 200, json: { period: '2026-01', created: 0, paid: 0, failed: 0 } });
  });
});
