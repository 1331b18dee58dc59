import { coupons, processedWebhookEvents, subscriptions } from '@eh/db';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/** Billing with BILLING_PROVIDER=test: the offline provider drives the webhook route with signed events. */

const SECRET = 'whsec_billingsubscriptionstest';
const DAY = 86_400_000;
type Who = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;

async function call(method: string, path: string, who?: Who, payload?: unknown) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers } });
  return { status: res.status, json: await body(res) };
}
const me = async (who: Who) => (await call('GET', '/core/users/me', who)).json;
const charges = async (who: Who) => (await call('GET', '/core/portfolios/charges', who)).json.charges;

let eventCount = 0;
/** A Stripe-shaped event signed as the provider signs it; `created` in seconds; a fresh id unless given. */
function signed(type: string, object: Record<string, unknown>, created: number, id = `evt_it_${++eventCount}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created, data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}
async function deliver(event: { payload: string; signature: string }) {
  const res = await server.api('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return { status: res.status, json: await body(res) };
}
async function subscriptionOf(who: Who) {
  const [row] = await server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, who.sub));
  if (!row) throw new Error('no subscription');
  return row;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function subscribedPro(email: string): Promise<Who> {
  const who = await signedInUser(server, email);
  await me(who);
  const res = await call('POST', '/core/users/me/subscription', who, { stripePaymentMethodId: '4242424242424242' });
  expect(res.status).toBe(200);
  return who;
}

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => server?.close());

describe('upgrade with the test provider', () => {
  it('4242… upgrades a free user to pro: paid, active, features, one paid charge, webhook-confirmed period', async () => {
    const who = await signedInUser(server, 'upgrade.billing@example.com');
    expect((await me(who)).accountFeatures.ehs).toBe(false);

    const setup = await call('POST', '/core/portfolios/payments/setup', who);
    expect(setup.status).toBe(200);
    expect(setup.json).toMatchObject({
      provider: 'test',
      testMode: true,
      label: 'Test billing — no card is charged',
      publishableKey: null,
    });
    expect(setup.json.clientSecret).toMatch(/^seti_test_.+_secret_test_billing_no_card_is_charged$/);
    // The public price list says the same before anyone signs in (the pricing page reads it).
    const plans = await call('GET', '/core/subscriptions/account/plans', who);
    expect(plans.json.billing).toEqual({
      provider: 'test',
      testMode: true,
      label: 'Test billing — no card is charged',
    });

    const card = await call('POST', '/core/portfolios/payments/payment-methods', who, {
      stripePaymentMethodId: '4242 4242 4242 4242',
    });
    expect(card.status).toBe(201);
    expect(card.json).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242' });
    expect(card.json.stripePaymentMethodId).not.toContain(' ');

    const before = Date.now();
    const res = await call('POST', '/core/users/me/subscription', who, { affiliateId: 'aff-42' });
    expect(res.status).toBe(200);
    // Defaults: pro, yearly; the seeded yearly pro price.
    expect(res.json.subscription).toMatchObject({
      plan: 'earningshub_pro',
      priceType: 'yearly',
      amount: 23988,
      status: 'active',
      cancelAtPeriodEnd: false,
      affiliateId: 'aff-42',
    });
    const account = await me(who);
    expect(account.accountSubscription).toMatchObject({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
      price: 239.88,
      priceType: 'yearly',
    });
    expect(account.accountFeatures).toMatchObject({ ehs: true, shortInterest: true, corporateGuidance: true });
    // The webhook's invoice.paid confirmed a year (SPEC §4's 30 days were the state applied at once).
    const next = new Date(account.accountSubscription.nextChargeDate).getTime();
    expect(next - before).toBeGreaterThan(364 * DAY);
    const history = await charges(who);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      amount: 23988,
      currency: 'usd',
      status: 'paid',
      provider: 'test',
      refunded: false,
    });
    const refund = await call('GET', '/core/users/me/subscription/refund', who);
    expect(refund.json).toMatchObject({ eligible: true, chargeId: history[0].id, amount: 23988 });
    // Subscribing again to the same plan is a conflict, not a second charge.
    expect((await call('POST', '/core/users/me/subscription', who, {})).status).toBe(409);
    expect(await charges(who)).toHaveLength(1);
  });

  const refused: [string, string][] = [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ];
  for (const [number, message] of refused) {
    it(`a refused card (${number}) answers "${message}": nothing charged, nothing changed`, async () => {
      const who = await signedInUser(server, `declined.${number.slice(-4)}@example.com`);
      const before = await me(who);
      const res = await call('POST', '/core/users/me/subscription', who, {
        plan: 'earningshub_plus',
        priceType: 'monthly',
        stripePaymentMethodId: number,
      });
      expect(res.status).toBe(402);
      expect(res.json.message).toBe(message);
      expect(await me(who)).toEqual(before);
      expect(await charges(who)).toEqual([]);
      expect((await call('GET', '/core/portfolios/payments/payment-methods', who)).json.paymentMethods).toEqual([]);
      expect((await call('GET', '/core/users/me/subscription', who)).json.subscription).toBeNull();
    });
  }

  it('a coupon lowers the price charged and is redeemed', async () => {
    const who = await signedInUser(server, 'coupon.billing@example.com');
    await me(who);
    await server.ctx.db.execute(
      sql`insert into coupons (name, discount_type, value) values ('TENOFF', 'percent', 10) on conflict do nothing`,
    );
    const res = await call('POST', '/core/users/me/subscription', who, {
      coupon: 'tenoff',
      stripePaymentMethodId: '4242424242424242',
    });
    expect(res.status).toBe(200);
    expect(res.json.subscription.amount).toBe(23988 - 2399);
    // A once coupon: the next year is charged in full, as the checkout said.
    expect(res.json.subscription.nextChargeAmount).toBe(23988);
    expect((await charges(who))[0].amount).toBe(21589);
    const [redeemed] = await server.ctx.db
      .select({ redemptions: coupons.redemptions })
      .from(coupons)
      .where(eq(coupons.name, 'TENOFF'));
    expect(redeemed).toEqual({ redemptions: 1 });
    const bad = await call('POST', '/core/users/me/subscription', who, {
      coupon: 'NOSUCHCOUPON',
      plan: 'earningshub_plus',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('body.coupon');
  });

  it('a subscriber uses a coupon once: the lookup and a second subscription both refuse it', async () => {
    await server.ctx.db.execute(
      sql`insert into coupons (name, discount_type, value) values ('ONCEONLY', 'amount', 500) on conflict do nothing`,
    );
    const who = await signedInUser(server, 'once.coupon@example.com');
    await me(who);
    expect((await call('GET', '/core/subscriptions/account/coupons/ONCEONLY', who)).status).toBe(200);
    const first = await call('POST', '/core/users/me/subscription', who, {
      plan: 'earningshub_plus',
      priceType: 'monthly',
      coupon: 'ONCEONLY',
      stripePaymentMethodId: '4242424242424242',
    });
    expect(first.status).toBe(200);

    const lookup = await call('GET', '/core/subscriptions/account/coupons/ONCEONLY', who);
    expect(lookup).toMatchObject({ status: 400, json: { message: expect.stringContaining('already used coupon') } });
    // Signed out, nobody learns whose coupons were used: the lookup answers the coupon.
    expect((await call('GET', '/core/subscriptions/account/coupons/ONCEONLY')).status).toBe(200);

    const again = await call('POST', '/core/users/me/subscription', who, { coupon: 'ONCEONLY' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('body.coupon: You have already used coupon ONCEONLY.');
    expect((await me(who)).accountSubscription.plan).toBe('earningshub_plus');
  });

  it('two buyers of a coupon’s last use at once: one subscribes, the other is refused and nothing of theirs stays', async () => {
    await server.ctx.db.execute(
      sql`insert into coupons (name, discount_type, value, max_redemptions) values ('LASTONE', 'percent', 50, 1) on conflict do nothing`,
    );
    const buyers = await Promise.all(
      ['last.one.a@example.com', 'last.one.b@example.com'].map(async (email) => {
        const who = await signedInUser(server, email);
        await me(who);
        return who;
      }),
    );
    const results = await Promise.all(
      buyers.map((who) =>
        call('POST', '/core/users/me/subscription', who, {
          coupon: 'LASTONE',
          stripePaymentMethodId: '4242424242424242',
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = buyers[results.findIndex((r) => r.status === 400)] as Who;
    expect(results.find((r) => r.status === 400)?.json.message).toContain('used the most times');
    expect((await me(loser)).accountSubscription.subscriptionType).toBe('free');
    expect((await call('GET', '/core/users/me/subscription', loser)).json.subscription).toBeNull();
    expect(await charges(loser)).toEqual([]);
    const [row] = await server.ctx.db
      .select({ redemptions: coupons.redemptions })
      .from(coupons)
      .where(eq(coupons.name, 'LASTONE'));
    expect(row).toEqual({ redemptions: 1 });
  });
});

describe('manage', () => {
  it('refunds the last payment while eligible: the charge refunded, the plan ended, a second request refused', async () => {
    const who = await subscribedPro('refund.billing@example.com');
    expect((await call('GET', '/core/users/me/subscription/refund', who)).json).toMatchObject({ eligible: true });
    // Two requests at once refund once.
    const [a, b] = await Promise.all([
      call('POST', '/core/users/me/subscription/refund', who),
      call('POST', '/core/users/me/subscription/refund', who),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = a.status === 200 ? a : b;
    expect(done.json.subscription).toMatchObject({ status: 'canceled' });
    const [charge] = await charges(who);
    expect(charge).toMatchObject({ status: 'refunded', refunded: true });
    expect(await me(who)).toMatchObject({
      accountSubscription: { plan: 'free', subscriptionType: 'free' },
      accountFeatures: { ehs: false },
    });
    expect((await call('GET', '/core/users/me/subscription/refund', who)).json).toMatchObject({
      eligible: false,
      reason: 'Your last payment has been refunded.',
    });
    const again = await call('POST', '/core/users/me/subscription/refund', who);
    expect(again).toMatchObject({ status: 409, json: { message: 'Your last payment has been refunded.' } });
  });

  it('refuses a refund past the window or with nothing paid, changing nothing', async () => {
    const never = await signedInUser(server, 'refund.never@example.com');
    await me(never);
    expect(await call('POST', '/core/users/me/subscription/refund', never)).toMatchObject({
      status: 409,
      json: { message: 'There is no payment to refund.' },
    });
    const late = await subscribedPro('refund.late@example.com');
    await server.ctx.db.execute(
      sql`update charges set created_at = now() - interval '15 days' where user_id = ${late.sub}`,
    );
    expect((await call('POST', '/core/users/me/subscription/refund', late)).status).toBe(409);
    expect((await charges(late))[0]).toMatchObject({ status: 'paid', refunded: false });
    expect((await me(late)).accountFeatures.ehs).toBe(true);
  });

  it('cancels at the period end (features kept), reactivates, and refuses a second reactivation', async () => {
    const who = await subscribedPro('cancel.billing@example.com');
    const canceled = await call('POST', '/core/users/me/subscription', who, { cancelAtPeriodEnd: true });
    expect(canceled.status).toBe(200);
    expect(canceled.json.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await me(who)).accountFeatures.ehs).toBe(true);
    const back = await call('POST', '/core/users/me/subscription/reactivate', who);
    expect(back.status).toBe(200);
    expect(back.json.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await call('POST', '/core/users/me/subscription/reactivate', who)).status).toBe(409);
  });

  it('the period ending (subscription deleted) returns the user to free', async () => {
    const who = await subscribedPro('ended.billing@example.com');
    const sub = await subscriptionOf(who);
    const res = await deliver(
      signed('customer.subscription.deleted', { id: sub.providerSubscriptionId, status: 'canceled' }, nowSeconds()),
    );
    expect(res.status).toBe(200);
    const account = await me(who);
    expect(account.accountSubscription).toMatchObject({ plan: 'free', subscriptionType: 'free', status: 'canceled' });
    expect(account.accountFeatures.ehs).toBe(false);
    expect((await call('POST', '/core/users/me/subscription/reactivate', who)).status).toBe(409);
  });
});

describe('webhook', () => {
  it('replayed 3× changes state once; delinquent loses features, paying again restores them', async () => {
    const who = await subscribedPro('replay.billing@example.com');
    const sub = await subscriptionOf(who);
    const failed = signed(
      'invoice.payment_failed',
      { id: 'in_replay_1', subscription: sub.providerSubscriptionId, amount_due: 23988, currency: 'usd' },
      nowSeconds(),
    );
    const answers = [await deliver(failed), await deliver(failed), await deliver(failed)];
    expect(answers.map((a) => [a.status, a.json.duplicate])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    const rows = await server.ctx.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, JSON.parse(failed.payload).id));
    expect(rows).toHaveLength(1);
    expect((await subscriptionOf(who)).status).toBe('delinquent');
    const account = await me(who);
    expect(account.accountSubscription.status).toBe('delinquent');
    expect(account.accountFeatures).toMatchObject({ ehs: false, shortInterest: false, subscriptionType: 'free' });
    const history = await charges(who);
    expect(history.map((c: { status: string }) => c.status)).toEqual(['failed', 'paid']);

    // Delivered 3× at once: still applied once.
    const flag = signed(
      'customer.subscription.updated',
      { id: sub.providerSubscriptionId, cancel_at_period_end: true },
      nowSeconds(),
    );
    const together = await Promise.all([deliver(flag), deliver(flag), deliver(flag)]);
    expect(together.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(together.filter((a) => a.json.duplicate === false)).toHaveLength(1);
    expect((await subscriptionOf(who)).cancelAtPeriodEnd).toBe(true);

    // Paying the open payment now: the test provider sends invoice.paid through the same route.
    const paid = await call('POST', '/core/subscriptions/charge', who, {});
    expect(paid.status).toBe(200);
    expect(paid.json.subscription.status).toBe('active');
    expect((await me(who)).accountFeatures.ehs).toBe(true);
    expect((await charges(who)).filter((c: { status: string }) => c.status === 'paid')).toHaveLength(2);
    expect((await call('POST', '/core/subscriptions/charge', who, {})).status).toBe(409);
  });

  it('a bad signature is a 400 and changes nothing', async () => {
    const who = await subscribedPro('signature.billing@example.com');
    const sub = await subscriptionOf(who);
    const event = signed('customer.subscription.deleted', { id: sub.providerSubscriptionId }, nowSeconds());
    const forged = { payload: event.payload, signature: `t=${nowSeconds()},v1=${'0'.repeat(64)}` };
    const tampered = { payload: event.payload.replace('deleted', 'updated'), signature: event.signature };
    for (const attempt of [forged, tampered, { payload: event.payload, signature: '' }]) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(res.json.message).toContain('stripe-signature');
    }
    expect((await subscriptionOf(who)).status).toBe('active');
    expect((await me(who)).accountFeatures.ehs).toBe(true);
    const processed = await server.ctx.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, JSON.parse(event.payload).id));
    expect(processed).toEqual([]);
  });

  it('events delivered out of order end in the newest state', async () => {
    const who = await subscribedPro('order.billing@example.com');
    const sub = await subscriptionOf(who);
    const t = nowSeconds() + 60;
    const target = { subscription: sub.providerSubscriptionId, currency: 'usd' };
    const periodEnd = t + 400 * 86_400;
    // Sent: past_due (t+30), then the older paid (t+20) and failed (t+10) arrive late.
    const events = [
      signed('customer.subscription.updated', { id: sub.providerSubscriptionId, status: 'past_due' }, t + 30),
      signed(
        'invoice.paid',
        {
          ...target,
          id: 'in_order_2',
          charge: 'ch_order_2',
          amount_paid: 23988,
          lines: { data: [{ period: { end: periodEnd } }] },
        },
        t + 20,
      ),
      signed('invoice.payment_failed', { ...target, id: 'in_order_1', amount_due: 23988 }, t + 10),
    ];
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const row = await subscriptionOf(who);
    expect(row.status).toBe('delinquent');
    expect(row.lastEventAt?.getTime()).toBe((t + 30) * 1000);
    expect((await me(who)).accountFeatures.ehs).toBe(false);
    // The late charges are still recorded as what they were.
    const statuses = (await charges(who)).map((c: { status: string }) => c.status).sort();
    expect(statuses).toEqual(['failed', 'paid', 'paid']);
    // A refund and a dispute mark the charge (and never move it back).
    await deliver(signed('charge.refunded', { id: 'ch_order_2', amount: 23988, refunded: true }, t + 40));
    await deliver(
      signed(
        'invoice.paid',
        { ...target, id: 'in_order_2', charge: 'ch_order_2', amount_paid: 23988 },
        t + 41,
        'evt_late_paid',
      ),
    );
    const refunded = (await charges(who)).find((c: { refunded: boolean }) => c.refunded);
    expect(refunded).toMatchObject({ status: 'refunded', amount: 23988 });
  });
});

describe('strangers', () => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/core/portfolios/payments/setup'],
    ['GET', '/core/portfolios/payments/payment-methods'],
    ['POST', '/core/portfolios/payments/payment-methods', { stripePaymentMethodId: '4242424242424242' }],
    ['DELETE', '/core/portfolios/payments/payment-methods/1'],
    ['GET', '/core/users/me/subscription'],
    ['POST', '/core/users/me/subscription', {}],
    ['GET', '/core/users/me/subscription/refund'],
    ['POST', '/core/users/me/subscription/reactivate'],
    ['POST', '/core/users/me/subscription/refund'],
    ['GET', '/core/portfolios/charges'],
    ['POST', '/core/subscriptions/charge', {}],
  ];

  it('every payment call answers 401 without a token', async () => {
    for (const [method, path, payload] of calls) {
      const res = await call(method, path, undefined, payload);
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it("another user's card is a 404 and their charges are not listed", async () => {
    const owner = await subscribedPro('owner.billing@example.com');
    const stranger = await signedInUser(server, 'stranger.billing@example.com');
    await me(stranger);
    const [card] = (await call('GET', '/core/portfolios/payments/payment-methods', owner)).json.paymentMethods;
    expect((await call('DELETE', `/core/portfolios/payments/payment-methods/${card.id}`, stranger)).status).toBe(404);
    expect((await call('GET', '/core/portfolios/payments/payment-methods', owner)).json.paymentMethods).toHaveLength(1);
    expect(await charges(stranger)).toEqual([]);
    expect((await call('GET', '/core/users/me/subscription', stranger)).json.subscription).toBeNull();
    // The owner removes their own card.
    expect((await call('DELETE', `/core/portfolios/payments/payment-methods/${card.id}`, owner)).status).toBe(200);
  });

  it('bad input is a 400 naming the field', async () => {
    const who = await signedInUser(server, 'input.billing@example.com');
    await me(who);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/core/users/me/subscription', { plan: 'gold' }, 'plan'],
      ['POST', '/core/users/me/subscription', { priceType: 'weekly' }, 'priceType'],
      ['POST', '/core/users/me/subscription', { plan: 'free' }, 'body.plan'],
      ['POST', '/core/users/me/subscription', {}, 'body.stripePaymentMethodId'],
      [
        'POST',
        '/core/portfolios/payments/payment-methods',
        { stripePaymentMethodId: 'x\u0000' },
        'stripePaymentMethodId',
      ],
      ['DELETE', '/core/portfolios/payments/payment-methods/abc', undefined, 'id'],
    ];
    for (const [method, path, payload, field] of cases) {
      const res = await call(method, path, who, payload);
      expect([path, res.status]).toEqual([path, 400]);
      expect(JSON.stringify(res.json)).toContain(field);
    }
  });
});

describe('billing off (a deployment that chose no provider)', () => {
  it('answers every payment call 503 with the words the pricing page uses, and changes nothing', async () => {
    const off = await startTestServer({ BILLING_PROVIDER: 'off' });
    try {
      const who = await signedInUser(off, 'billing.off@example.com');
      await off.api('/api/core/users/me', { headers: who.headers });
      const subscribe = await off.api('/api/core/users/me/subscription', {
        ...json({ stripePaymentMethodId: '4242424242424242' }, { method: 'POST' }),
        headers: { 'content-type': 'application/json', ...who.headers },
      });
      expect(subscribe.status).toBe(503);
      expect((await body(subscribe)).message).toBe('Plans can’t be bought online yet.');
      // The public price list tells a signed-out visitor the same: no billing here.
      expect((await body(await off.api('/api/core/subscriptions/account/plans'))).billing).toBeNull();
      const webhook = await off.api('/api/payments/stripe/webhook', { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(503);
      const account = await body(await off.api('/api/core/users/me', { headers: who.headers }));
      expect(account.accountSubscription).toMatchObject({ subscriptionType: 'free' });
    } finally {
      await off.close();
    }
  });
});
