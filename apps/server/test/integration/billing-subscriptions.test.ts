import { processedWebhookEvents, subscriptions } from '@eh/db';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * Billing over HTTP with BILLING_PROVIDER=test: the contract's defaults and shapes, the test provider driving the
 * very webhook route Stripe calls (signature and all), the webhook's signature check, status codes and error bodies,
 * the sign-in every payment call needs, validation naming the field, and billing off. The rules (prices charged,
 * coupons, refunds, the state events move, exactly once) are the service tier's (test/service/billing.test.ts).
 */

const SECRET = 'whsec_billingsubscriptionstest';
const DAY = 86_400_000;
type Who = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
/** A Pro subscriber with a saved card, and a person whose card was refused: the callers of the later checks. */
let subscriber: Who;
let declined: Who;

async function call(method: string, path: string, who?: Who, payload?: unknown) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers } });
  return { status: res.status, json: await body(res) };
}
const me = async (who: Who) => (await call('GET', '/core/users/me', who)).json;
const charges = async (who: Who) => (await call('GET', '/core/portfolios/charges', who)).json.charges;

let eventCount = 0;
/** A Stripe-shaped event signed as the provider signs it; `created` in seconds. */
function signed(type: string, object: Record<string, unknown>, created: number) {
  const payload = JSON.stringify({ id: `evt_it_${++eventCount}`, object: 'event', type, created, data: { object } });
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

beforeAll(async () => {
  server = await startTestServer({ BILLING_PROVIDER: 'test', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => server?.close());

describe('subscribing over HTTP', () => {
  it("answers the card 201 and the subscription 200; the provider's events come back through the signed webhook route", async () => {
    const who = await signedInUser(server, 'upgrade.billing@example.com');
    subscriber = who;
    await me(who);
    const setup = await call('POST', '/core/portfolios/payments/setup', who);
    expect(setup.status).toBe(200);
    expect(setup.json).toMatchObject({ provider: 'test', testMode: true, publishableKey: null });
    const card = await call('POST', '/core/portfolios/payments/payment-methods', who, {
      stripePaymentMethodId: '4242 4242 4242 4242',
    });
    expect(card.status).toBe(201);
    expect(card.json).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242' });

    const before = Date.now();
    // An empty body: the contract's defaults, pro and yearly, and the saved card.
    const res = await call('POST', '/core/users/me/subscription', who, {});
    expect(res.status).toBe(200);
    expect(res.json.subscription).toMatchObject({ plan: 'earningshub_pro', priceType: 'yearly', status: 'active' });
    // The invoice.paid the test provider signed and posted to the webhook route confirmed a year.
    const next = new Date((await me(who)).accountSubscription.nextChargeDate).getTime();
    expect(next - before).toBeGreaterThan(364 * DAY);
    expect((await charges(who)).map((c: { status: string }) => c.status)).toEqual(['paid']);
    expect(await call('GET', '/core/users/me/subscription', who)).toMatchObject({
      status: 200,
      json: { subscription: res.json.subscription },
    });
    expect(await call('GET', '/core/users/me/subscription/refund', who)).toMatchObject({
      status: 200,
      json: { eligible: true },
    });
    // A rule the service refuses comes back as its status and words.
    expect(await call('POST', '/core/users/me/subscription', who, {})).toEqual({
      status: 409,
      json: { message: 'You already subscribe to this plan (yearly).', code: 'CONFLICT' },
    });
  });

  it("answers a refused card 402 with the provider's words", async () => {
    declined = await signedInUser(server, 'declined.billing@example.com');
    await me(declined);
    const res = await call('POST', '/core/users/me/subscription', declined, {
      plan: 'earningshub_plus',
      priceType: 'monthly',
      stripePaymentMethodId: '4000 0000 0000 0002',
    });
    expect(res).toEqual({ status: 402, json: { message: 'Your card was declined.', code: 'UNPROCESSABLE' } });
  });
});

describe('webhook', () => {
  it('a bad signature is a 400 and changes nothing; the same event signed is applied', async () => {
    const who = subscriber;
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
    expect(await deliver(event)).toEqual({ status: 200, json: { received: true, duplicate: false } });
    expect((await subscriptionOf(who)).status).toBe('canceled');
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

  it("answers another user's card 404, the same as a missing one", async () => {
    const [card] = (await call('GET', '/core/portfolios/payments/payment-methods', subscriber)).json.paymentMethods;
    expect(await call('DELETE', `/core/portfolios/payments/payment-methods/${card.id}`, declined)).toEqual({
      status: 404,
      json: { message: `Payment method ${card.id} does not exist.`, code: 'NOT_FOUND' },
    });
  });

  it('bad input is a 400 naming the field', async () => {
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
      const res = await call(method, path, declined, payload);
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
      const webhook = await off.api('/api/payments/stripe/webhook', { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(503);
      const account = await body(await off.api('/api/core/users/me', { headers: who.headers }));
      expect(account.accountSubscription).toMatchObject({ subscriptionType: 'free' });
    } finally {
      await off.close();
    }
  });
});
