import { users } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsChanged } from '../../src/kernel/account-memory.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

/**
 * The price list, coupons and quotes over HTTP: the query's defaults, the optional sign-in reaching the quote, error
 * bodies and validation naming the field. Their rules and arithmetic are the service tier's
 * (test/service/billing.test.ts).
 */

let server: TestServer;
let plus: Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

async function get(path: string, who?: { headers: Record<string, string> }) {
  const res = await server.api(`/api${path}`, { headers: { ...who?.headers } });
  return { status: res.status, json: await body(res) };
}

beforeAll(async () => {
  server = await startTestServer();
  plus = await signedInUser(server, 'plus.billing@example.com');
  await get('/core/users/me', plus);
  // Plus bought monthly at $9.99, 15 days (and an hour) left of the period.
  await server.ctx.db
    .update(users)
    .set({
      plan: 'earningshub_plus',
      subscriptionType: 'paid',
      subscriptionStatus: 'active',
      price: 9.99,
      priceType: 'monthly',
      nextChargeDate: new Date(Date.now() + 15 * DAY - 3_600_000),
    })
    .where(eq(users.id, plus.sub));
  await accountsChanged(server.ctx);
});
afterAll(async () => server?.close());

describe('GET /core/subscriptions/account/plans', () => {
  it("answers the pricing page's app when no ?app is given", async () => {
    const res = await get('/core/subscriptions/account/plans');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ app: 'earningshub', defaultPriceType: 'yearly' });
    expect(res.json.plans).toHaveLength(5);
  });
});

describe('GET /core/subscriptions/account/coupons/:couponName', () => {
  it('answers an unknown coupon 404 and an unusable one 400 naming the path field, each with its code', async () => {
    expect(await get('/core/subscriptions/account/coupons/NOPE?plan=earningshub_pro')).toEqual({
      status: 404,
      json: { message: 'Coupon NOPE does not exist.', code: 'NOT_FOUND' },
    });
    const usedUp = 'Coupon LAUNCH100 has been used the most times it can be.';
    expect(await get('/core/subscriptions/account/coupons/LAUNCH100?plan=earningshub_pro')).toEqual({
      status: 400,
      json: {
        message: `path.couponName: ${usedUp}`,
        code: 'VALIDATION_ERROR',
        details: [{ field: 'path.couponName', message: usedUp }],
      },
    });
    // SPEC §7's subscriber fields are accepted (the caller is the subscriber asked about).
    const valid = await get(
      `/core/subscriptions/account/coupons/cnbc?plan=earningshub_pro&subscriberId=${plus.sub}&subscriberType=user`,
    );
    expect(valid).toMatchObject({ status: 200, json: { name: 'CNBC' } });
  });
});

describe('GET /core/subscriptions/coupons/:id', () => {
  it('refuses an id that is not a positive whole number, naming path.id', async () => {
    for (const bad of ['abc', '0', '1.5', '%00', '99999999999']) {
      const res = await get(`/core/subscriptions/coupons/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message.startsWith('path.id'), res.json.message).toBe(true);
    }
  });
});

describe('GET /core/subscriptions/account/prices', () => {
  it("credits a signed-in plus subscriber's upgrade and nobody's signed out", async () => {
    const signedIn = await get('/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true', plus);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.proration).toMatchObject({ fromPlan: 'earningshub_plus', credit: 499 });
    expect(signedIn.json.monthly).toMatchObject({ licenseCount: 1, prorationCredit: 499 });
    const anonymous = await get('/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.proration).toBeNull();
  });
});

describe('hostile input answers 400 naming the field, never 500', () => {
  const tenKb = 'A'.repeat(10_240);
  const cases: [string, string, string][] = [
    ['NUL app', '/core/subscriptions/account/plans?app=%00', 'query.app'],
    ['10 KB app', `/core/subscriptions/account/plans?app=${tenKb}`, 'query.app'],
    ['__proto__ app', '/core/subscriptions/account/plans?app=__proto__', 'query.app'],
    ['two apps', '/core/subscriptions/account/plans?app=a&app=b', 'query.app'],
    ['NUL coupon name', '/core/subscriptions/account/coupons/CN%00BC', 'path.couponName'],
    ['emoji coupon name', '/core/subscriptions/account/coupons/%F0%9F%92%B8', 'path.couponName'],
    ['__proto__ plan', '/core/subscriptions/account/coupons/CNBC?plan=__proto__', 'query.plan'],
    ['NUL plan', '/core/subscriptions/account/coupons/CNBC?plan=%00', 'query.plan'],
    ['number subscriberId', '/core/subscriptions/account/coupons/CNBC?subscriberId=1', 'query.subscriberId'],
    ['unknown subscriberType', '/core/subscriptions/account/coupons/CNBC?subscriberType=admin', 'query.subscriberType'],
    ['no plan', '/core/subscriptions/account/prices', 'query.plan'],
    ['word couponId', '/core/subscriptions/account/prices?plan=earningshub_pro&couponId=abc', 'query.couponId'],
    ['fraction couponId', '/core/subscriptions/account/prices?plan=earningshub_pro&couponId=1.5', 'query.couponId'],
    ['negative couponId', '/core/subscriptions/account/prices?plan=earningshub_pro&couponId=-1', 'query.couponId'],
    [
      'huge couponId',
      '/core/subscriptions/account/prices?plan=earningshub_pro&couponId=99999999999999999999',
      'query.couponId',
    ],
    ['NUL couponId', '/core/subscriptions/account/prices?plan=earningshub_pro&couponId=%00', 'query.couponId'],
    ['10 KB couponId', `/core/subscriptions/account/prices?plan=earningshub_pro&couponId=${tenKb}`, 'query.couponId'],
    ['zero licences', '/core/subscriptions/account/prices?plan=earningshub_team&licenseCount=0', 'query.licenseCount'],
    ['501 licences', '/core/subscriptions/account/prices?plan=earningshub_team&licenseCount=501', 'query.licenseCount'],
    [
      'two licence counts',
      '/core/subscriptions/account/prices?plan=earningshub_team&licenseCount=1&licenseCount=2',
      'query.licenseCount',
    ],
    ['word upgradePro', '/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=maybe', 'query.upgradePro'],
    ['__proto__ plan (prices)', '/core/subscriptions/account/prices?plan=__proto__', 'query.plan'],
    ['constructor plan', '/core/subscriptions/account/prices?plan=constructor', 'query.plan'],
  ];
  it.each(cases)('%s', async (_label, path, field) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.message.startsWith(field), res.json.message).toBe(true);
  });

  it('a 10 KB coupon name is refused by the router as too long (414), never a 500', async () => {
    const res = await get(`/core/subscriptions/account/coupons/${tenKb}`);
    expect(res.status).toBe(414);
    expect(res.json.code).toBe('VALIDATION_ERROR');
  });
});
