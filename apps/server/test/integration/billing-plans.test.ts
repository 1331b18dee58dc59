import { coupons, users } from '@eh/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let plus: Awaited<ReturnType<typeof signedInUser>>;
let free: Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

async function get(path: string, who?: { headers: Record<string, string> }) {
  const res = await server.api(`/api${path}`, { headers: { ...who?.headers } });
  return { status: res.status, json: await body(res) };
}

async function couponId(name: string): Promise<number> {
  const [row] = await server.ctx.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.name, name));
  if (!row) throw new Error(`no seeded coupon ${name}`);
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  [plus, free] = await Promise.all([
    signedInUser(server, 'plus.billing@example.com'),
    signedInUser(server, 'free.billing@example.com'),
  ]);
  for (const who of [plus, free]) await get('/core/users/me', who);
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
});
afterAll(async () => server?.close());

describe('GET /core/subscriptions/account/plans', () => {
  it('lists every plan with the seeded monthly and yearly prices in cents and the yearly saving', async () => {
    const res = await get('/core/subscriptions/account/plans?app=earningshub');
    expect(res.status).toBe(200);
    expect(res.json.defaultPriceType).toBe('yearly');
    const byPlan = Object.fromEntries(res.json.plans.map((p: { plan: string }) => [p.plan, p]));
    expect(Object.keys(byPlan)).toEqual([
      'free',
      'savvy_trader_pro',
      'earningshub_plus',
      'earningshub_pro',
      'earningshub_team',
    ]);
    expect(byPlan.earningshub_pro).toMatchObject({
      perLicense: false,
      monthly: { amount: 2499, currency: 'usd' },
      yearly: { amount: 23988, currency: 'usd' },
      yearlySaving: { amount: 6000, percent: 20 },
    });
    expect(byPlan.earningshub_team.perLicense).toBe(true);
    expect(byPlan.free.monthly.amount).toBe(0);
    // Without ?app the pricing page's app; an app with no prices has no plans.
    expect((await get('/core/subscriptions/account/plans')).json.plans).toHaveLength(5);
    expect((await get('/core/subscriptions/account/plans?app=other_app')).json.plans).toEqual([]);
  });

  it('prices are configuration: a changed row shows at once', async () => {
    await server.ctx.db.execute(
      sql`update plan_prices set amount = 1099 where plan = 'earningshub_plus' and interval = 'monthly'`,
    );
    try {
      const res = await get('/core/subscriptions/account/plans');
      const plusOffer = res.json.plans.find((p: { plan: string }) => p.plan === 'earningshub_plus');
      expect(plusOffer.monthly.amount).toBe(1099);
      expect(plusOffer.yearlySaving.amount).toBe(1099 * 12 - 9588);
    } finally {
      await server.ctx.db.execute(
        sql`update plan_prices set amount = 999 where plan = 'earningshub_plus' and interval = 'monthly'`,
      );
    }
  });
});

describe('GET /core/subscriptions/account/coupons/:couponName', () => {
  it('answers a valid coupon, whatever the case of its name', async () => {
    const res = await get('/core/subscriptions/account/coupons/cnbc?plan=earningshub_pro');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'CNBC',
      discountType: 'percent',
      value: 20,
      duration: 'repeating',
      durationMonths: 12,
      source: 'cnbc',
      plans: ['earningshub_pro', 'savvy_trader_pro'],
    });
    const wolf = await get(
      `/core/subscriptions/account/coupons/WOLF?plan=savvy_trader_pro&subscriberId=${free.sub}&subscriberType=user`,
    );
    expect(wolf.status).toBe(200);
    expect(wolf.json).toMatchObject({ discountType: 'amount', value: 5000 });
  });

  it('names why a coupon cannot be used: unknown, expired, used up, another plan', async () => {
    const unknown = await get('/core/subscriptions/account/coupons/NOPE?plan=earningshub_pro');
    expect(unknown).toEqual({ status: 404, json: { message: 'Coupon NOPE does not exist.', code: 'NOT_FOUND' } });
    const expired = await get('/core/subscriptions/account/coupons/SPRING2025?plan=earningshub_pro');
    expect(expired.status).toBe(400);
    const [spring] = await server.ctx.db
      .select({ expiresAt: coupons.expiresAt })
      .from(coupons)
      .where(eq(coupons.name, 'SPRING2025'));
    const day = spring?.expiresAt?.toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(day).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(expired.json.message).toBe(`path.couponName: Coupon SPRING2025 expired on ${day}.`);
    const usedUp = await get('/core/subscriptions/account/coupons/LAUNCH100?plan=earningshub_pro');
    expect(usedUp.status).toBe(400);
    expect(usedUp.json.message).toBe('path.couponName: Coupon LAUNCH100 has been used the most times it can be.');
    const wrongPlan = await get('/core/subscriptions/account/coupons/CNBC?plan=earningshub_plus');
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.json.message).toBe(
      'path.couponName: Coupon CNBC is not for the Plus plan (it is for Pro, Partner Pro).',
    );
  });
});

describe('GET /core/subscriptions/coupons/:id', () => {
  it('answers a coupon by id as stored, expired or not; an unknown id is a 404', async () => {
    const expired = await get(`/core/subscriptions/coupons/${await couponId('SPRING2025')}`);
    expect(expired.status).toBe(200);
    expect(expired.json).toMatchObject({ name: 'SPRING2025', discountType: 'percent', value: 30 });
    expect(Date.parse(expired.json.expiresAt)).toBeLessThan(Date.now());
    expect((await get('/core/subscriptions/coupons/999999')).status).toBe(404);
    for (const bad of ['abc', '0', '1.5', '%00', '99999999999']) {
      const res = await get(`/core/subscriptions/coupons/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message.startsWith('path.id'), res.json.message).toBe(true);
    }
  });
});

describe('GET /core/subscriptions/account/prices', () => {
  it('quotes both intervals without a coupon', async () => {
    const res = await get('/core/subscriptions/account/prices?plan=earningshub_pro');
    expect(res.status).toBe(200);
    expect(res.json.coupon).toBeNull();
    expect(res.json.proration).toBeNull();
    expect(res.json.monthly).toMatchObject({ subtotal: 2499, dueNow: 2499, afterPromo: 2499 });
    expect(res.json.yearly).toMatchObject({ subtotal: 23988, dueNow: 23988, afterPromo: 23988 });
  });

  it('applies a percent and an amount coupon', async () => {
    const cnbc = await get(
      `/core/subscriptions/account/prices?plan=earningshub_pro&couponId=${await couponId('CNBC')}`,
    );
    expect(cnbc.status).toBe(200);
    expect(cnbc.json.coupon.name).toBe('CNBC');
    expect(cnbc.json.monthly).toMatchObject({ discount: 500, dueNow: 1999, afterPromo: 2499, promoCharges: 12 });
    expect(cnbc.json.yearly).toMatchObject({ discount: 4798, dueNow: 19190, promoCharges: 1 });
    const wolf = await get(
      `/core/subscriptions/account/prices?plan=earningshub_pro&couponId=${await couponId('WOLF')}`,
    );
    expect(wolf.json.yearly).toMatchObject({ discount: 5000, dueNow: 18988, afterPromo: 23988 });
    expect(wolf.json.monthly).toMatchObject({ discount: 2499, dueNow: 0, isFreeAfterPromo: true });
  });

  it('multiplies team licences', async () => {
    const res = await get('/core/subscriptions/account/prices?plan=earningshub_team&licenseCount=5');
    expect(res.json.monthly).toMatchObject({ unitAmount: 2999, licenseCount: 5, subtotal: 14995, dueNow: 14995 });
  });

  it('refuses expired, used-up and other-plan coupons, and an unknown one', async () => {
    for (const [name, plan] of [
      ['SPRING2025', 'earningshub_pro'],
      ['LAUNCH100', 'earningshub_pro'],
      ['CNBC', 'earningshub_plus'],
    ]) {
      const res = await get(
        `/core/subscriptions/account/prices?plan=${plan}&couponId=${await couponId(name as string)}`,
      );
      expect(res.status, name).toBe(400);
      expect(res.json.message, name).toMatch(new RegExp(`^query\\.couponId: Coupon ${name} `));
    }
    const unknown = await get('/core/subscriptions/account/prices?plan=earningshub_pro&couponId=999999');
    expect(unknown.status).toBe(404);
  });

  it('prorates an upgrade plus → pro for a signed-in plus subscriber by the days left', async () => {
    const res = await get('/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true', plus);
    expect(res.status).toBe(200);
    // 999 × 15 / 30 = 499.5 → 499 credited.
    expect(res.json.proration).toEqual({
      fromPlan: 'earningshub_plus',
      interval: 'monthly',
      paid: 999,
      daysLeft: 15,
      periodDays: 30,
      credit: 499,
    });
    expect(res.json.monthly).toMatchObject({ prorationCredit: 499, dueNow: 2000, afterPromo: 2499 });
    expect(res.json.yearly).toMatchObject({ prorationCredit: 499, dueNow: 23489 });
    // A free caller and a signed-out one have nothing to credit.
    const freeRes = await get('/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true', free);
    expect(freeRes.json.proration).toBeNull();
    expect(freeRes.json.monthly.dueNow).toBe(2499);
    const anonymous = await get('/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true');
    expect(anonymous.json.proration).toBeNull();
  });

  it('refuses what makes no sense, naming the field', async () => {
    const cases: [string, string][] = [
      ['plan=free', 'query.plan'],
      ['plan=earningshub_plus&licenseCount=3', 'query.licenseCount'],
      ['plan=earningshub_plus&upgradePro=true', 'query.upgradePro'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/core/subscriptions/account/prices?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message.startsWith(`${field}:`), res.json.message).toBe(true);
    }
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
