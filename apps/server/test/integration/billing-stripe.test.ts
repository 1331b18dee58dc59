import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { planPrices } from '@eh/db';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeBillingProvider } from '../../src/modules/billing/payments/providers.ts';
import { syncStripePrices } from '../../src/modules/billing/plans/price-config.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * BILLING_PROVIDER=stripe: the official SDK pointed at a local stand-in answering Stripe's documented object
 * shapes (https://docs.stripe.com/api), and webhook events signed with the SDK's test-header helper.
 */

const WEBHOOK_SECRET = 'whsec_standintest';
const PERIOD_END = Math.floor(Date.now() / 1000) + 365 * 86_400;
type Who = Awaited<ReturnType<typeof signedInUser>>;

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string | undefined;
}
const seen: Seen[] = [];
let stripeApi: Server;
const stripePrices = new Map<string, { id: string; lookup_key: string | null }>();
const stripeProducts = new Set<string>();
let subscriptionsCreated = 0;
let server: TestServer;
let stripeConfig: ConstructorParameters<typeof StripeBillingProvider>[0];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const subscription = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'subscription',
  customer: 'cus_standin1',
  status: 'active',
  cancel_at_period_end: false,
  items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }] },
  ...extra,
});

/** Stripe's answers, by method and path; a card error is Stripe's 402 with its error object. */
function answer(method: string, path: string, form: URLSearchParams): [number, unknown] {
  const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
  if (method === 'POST' && path === '/v1/customers')
    return [200, { id: 'cus_standin1', object: 'customer', email: form.get('email') }];
  if (method === 'POST' && path === '/v1/setup_intents')
    return [
      200,
      {
        id: 'seti_standin1',
        object: 'setup_intent',
        client_secret: 'seti_standin1_secret_abc',
        status: 'requires_payment_method',
      },
    ];
  const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
  if (method === 'POST' && attach) {
    if (attach[1] === 'pm_card_chargeDeclined')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      ];
    return [200, { id: attach[1], object: 'payment_method', type: 'card', card }];
  }
  if (method === 'POST' && path === '/v1/subscriptions') {
    subscriptionsCreated += 1;
    return [200, subscription(`sub_standin${subscriptionsCreated}`)];
  }
  const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (method === 'POST' && sub)
    return [200, subscription(sub[1] as string, { cancel_at_period_end: form.get('cancel_at_period_end') === 'true' })];
  if (method === 'DELETE' && sub) return [200, subscription(sub[1] as string, { status: 'canceled' })];
  // Refunds: an invoice-keyed payment is refunded through its payment intent.
  if (method === 'GET' && path === '/v1/invoice_payments') {
    const invoice = form.get('invoice') ?? '';
    const payment = { type: 'payment_intent', payment_intent: `pi_for_${invoice}` };
    return [200, { object: 'list', data: [{ id: 'inpay_1', object: 'invoice_payment', invoice, payment }] }];
  }
  if (method === 'POST' && path === '/v1/refunds')
    return [
      200,
      { id: 're_standin1', object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') },
    ];
  // Prices and products (the price sync): prices found by lookup key, products by the id we give them.
  if (method === 'GET' && path === '/v1/prices') {
    const price = stripePrices.get(form.get('lookup_keys[0]') ?? '');
    return [200, { object: 'list', data: price ? [price] : [], has_more: false, url: '/v1/prices' }];
  }
  const product = /^\/v1\/products\/([^/]+)$/.exec(path);
  if (method === 'GET' && product && stripeProducts.has(product[1] as string))
    return [200, { id: product[1], object: 'product' }];
  if (method === 'POST' && path === '/v1/products') {
    stripeProducts.add(form.get('id') ?? '');
    return [200, { id: form.get('id'), object: 'product', name: form.get('name') }];
  }
  if (method === 'POST' && path === '/v1/prices') {
    const price = {
      id: `price_standin${stripePrices.size + 1}`,
      object: 'price',
      product: form.get('product'),
      unit_amount: Number(form.get('unit_amount')),
      currency: form.get('currency'),
      recurring: { interval: form.get('recurring[interval]') },
      lookup_key: form.get('lookup_key'),
    };
    stripePrices.set(price.lookup_key ?? '', price);
    return [200, price];
  }
  return [
    404,
    { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path: ${path}` } },
  ];
}

async function call(method: string, path: string, who?: Who, payload?: unknown) {
  const init = payload === undefined ? { method } : json(payload, { method });
  const res = await server.api(`/api${path}`, { ...init, headers: { ...init.headers, ...who?.headers } });
  return { status: res.status, json: await body(res) };
}

async function deliver(type: string, object: Record<string, unknown>, created: number) {
  const payload = JSON.stringify({ id: `evt_${type}_${created}`, object: 'event', type, created, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await server.api('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, json: await body(res) };
}

beforeAll(async () => {
  stripeApi = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(await read(req));
    seen.push({ method: req.method ?? '', path: url.pathname, form, auth: req.headers.authorization });
    const [status, payload] = answer(req.method ?? '', url.pathname, form);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
    res.end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  stripeConfig = {
    STRIPE_SECRET_KEY: 'sk_test_standin123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin123',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  };
  server = await startTestServer({ BILLING_PROVIDER: 'stripe', ...stripeConfig });
  await server.ctx.db
    .update(planPrices)
    .set({ stripePriceId: 'price_pro_yearly' })
    .where(and(eq(planPrices.plan, 'earningshub_pro'), eq(planPrices.interval, 'yearly'), eq(planPrices.active, true)));
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => stripeApi?.close(resolve));
});

describe('BILLING_PROVIDER=stripe against a stand-in', () => {
  it('a declined card answers Stripe’s message and saves nothing', async () => {
    const who = await signedInUser(server, 'declined.stripe@example.com');
    await call('GET', '/core/users/me', who);
    const res = await call('POST', '/core/portfolios/payments/payment-methods', who, {
      stripePaymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe('Your card was declined.');
    expect((await call('GET', '/core/portfolios/payments/payment-methods', who)).json.paymentMethods).toEqual([]);
  });

  it('setup, card, subscribe with the price’s Stripe id, webhook-confirmed charge, cancel at period end', async () => {
    const who = await signedInUser(server, 'pro.stripe@example.com');
    await call('GET', '/core/users/me', who);
    const setup = await call('POST', '/core/portfolios/payments/setup', who);
    expect(setup.json).toMatchObject({
      provider: 'stripe',
      testMode: false,
      label: null,
      publishableKey: 'pk_test_standin123',
      setupIntentId: 'seti_standin1',
      clientSecret: 'seti_standin1_secret_abc',
    });
    expect(seen.find((s) => s.path === '/v1/setup_intents')?.form.get('customer')).toBe('cus_standin1');
    expect(seen[0]?.auth).toBe('Bearer sk_test_standin123');

    const card = await call('POST', '/core/portfolios/payments/payment-methods', who, {
      stripePaymentMethodId: 'pm_card_visa',
    });
    expect(card.status).toBe(201);
    expect(card.json).toMatchObject({ provider: 'stripe', stripePaymentMethodId: 'pm_card_visa', last4: '4242' });

    const res = await call('POST', '/core/users/me/subscription', who, {});
    expect(res.status).toBe(200);
    expect(res.json.subscription).toMatchObject({ provider: 'stripe', plan: 'earningshub_pro', status: 'active' });
    const created = seen.find((s) => s.method === 'POST' && s.path === '/v1/subscriptions');
    expect(created?.form.get('items[0][price]')).toBe('price_pro_yearly');
    expect(created?.form.get('default_payment_method')).toBe('pm_card_visa');
    expect(created?.form.get('payment_behavior')).toBe('error_if_incomplete');
    expect((await call('GET', '/core/users/me', who)).json.accountFeatures.ehs).toBe(true);

    // Stripe's invoice.paid (the newer API shape: the subscription under parent.subscription_details).
    const now = Math.floor(Date.now() / 1000);
    const paid = await deliver(
      'invoice.paid',
      {
        id: 'in_standin1',
        object: 'invoice',
        customer: 'cus_standin1',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_standin1' } },
        amount_paid: 23988,
        currency: 'usd',
        hosted_invoice_url: 'https://invoice.stripe.com/i/standin1',
        lines: { object: 'list', data: [{ period: { end: PERIOD_END } }] },
      },
      now,
    );
    expect(paid).toEqual({ status: 200, json: { received: true, duplicate: false } });
    const [charge] = (await call('GET', '/core/portfolios/charges', who)).json.charges;
    expect(charge).toMatchObject({
      provider: 'stripe',
      status: 'paid',
      amount: 23988,
      receiptUrl: 'https://invoice.stripe.com/i/standin1',
    });
    const me = (await call('GET', '/core/users/me', who)).json;
    expect(new Date(me.accountSubscription.nextChargeDate).getTime()).toBe(PERIOD_END * 1000);

    const cancel = await call('POST', '/core/users/me/subscription', who, { cancelAtPeriodEnd: true });
    expect(cancel.json.subscription.cancelAtPeriodEnd).toBe(true);
    const update = seen.find((s) => s.method === 'POST' && s.path === '/v1/subscriptions/sub_standin1');
    expect(update?.form.get('cancel_at_period_end')).toBe('true');

    // past_due from Stripe: delinquent, features gone.
    await deliver('customer.subscription.updated', subscription('sub_standin1', { status: 'past_due' }), now + 1);
    expect((await call('GET', '/core/users/me', who)).json.accountFeatures.ehs).toBe(false);
  });

  it('a refund of an invoice-keyed payment refunds its payment intent and cancels the subscription at Stripe', async () => {
    const who = await signedInUser(server, 'refund.stripe@example.com');
    await call('GET', '/core/users/me', who);
    await call('POST', '/core/portfolios/payments/payment-methods', who, { stripePaymentMethodId: 'pm_card_discover' });
    const res = await call('POST', '/core/users/me/subscription', who, {});
    expect(res.status).toBe(200);
    const created = seen.filter((s) => s.method === 'POST' && s.path === '/v1/subscriptions').length;
    const subId = `sub_standin${created}`;
    const paid = await deliver(
      'invoice.paid',
      {
        id: 'in_refundme',
        object: 'invoice',
        customer: 'cus_standin1',
        parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
        amount_paid: 23988,
        currency: 'usd',
        lines: { object: 'list', data: [{ period: { end: PERIOD_END } }] },
      },
      // The stand-in's event ids are type and second: a second of its own.
      Math.floor(Date.now() / 1000) + 7,
    );
    expect(paid).toEqual({ status: 200, json: { received: true, duplicate: false } });

    const refund = await call('POST', '/core/users/me/subscription/refund', who);
    expect(refund.status).toBe(200);
    const refunded = seen.find((s) => s.method === 'POST' && s.path === '/v1/refunds');
    expect(refunded?.form.get('payment_intent')).toBe('pi_for_in_refundme');
    expect(seen.some((s) => s.method === 'DELETE' && s.path === `/v1/subscriptions/${subId}`)).toBe(true);
    const [charge] = (await call('GET', '/core/portfolios/charges', who)).json.charges;
    expect(charge).toMatchObject({ status: 'refunded', refunded: true });
    // Stripe's own charge.refunded arrives later and changes nothing more.
    const late = await deliver('charge.refunded', { id: 'ch_x', object: 'charge', invoice: 'in_refundme' }, 1);
    expect(late.status).toBe(200);
    expect((await call('GET', '/core/portfolios/charges', who)).json.charges).toHaveLength(1);
  });

  it('a price not set up in Stripe is a 409, nothing charged', async () => {
    const who = await signedInUser(server, 'plus.stripe@example.com');
    await call('GET', '/core/users/me', who);
    const res = await call('POST', '/core/users/me/subscription', who, {
      plan: 'earningshub_plus',
      priceType: 'monthly',
      stripePaymentMethodId: 'pm_card_mastercard',
    });
    expect(res.status).toBe(409);
    expect((await call('GET', '/core/users/me', who)).json.accountSubscription.plan).toBe('free');
  });

  it('the price sync creates each missing Stripe price once, by lookup key, and then plus monthly sells', async () => {
    const provider = new StripeBillingProvider(stripeConfig);
    const active = await server.ctx.db.select().from(planPrices).where(eq(planPrices.active, true));
    const missing = active.filter((row) => !row.stripePriceId);
    expect(missing.length).toBeGreaterThan(1);

    const filled = await syncStripePrices(server.ctx, provider);
    expect(filled.map((row) => row.id).sort()).toEqual(missing.map((row) => row.id).sort());
    const plusMonthly = filled.find((row) => row.plan === 'earningshub_plus' && row.interval === 'monthly');
    const created = seen.find(
      (s) =>
        s.method === 'POST' && s.path === '/v1/prices' && s.form.get('product') === 'eh_earningshub_earningshub_plus',
    );
    expect(created?.form.get('recurring[interval]')).toMatch(/^(month|year)$/);
    expect(plusMonthly?.stripePriceId).toMatch(/^price_standin\d+$/);
    // One product per plan, made on first use.
    expect(seen.filter((s) => s.method === 'POST' && s.path === '/v1/products').length).toBe(
      new Set(missing.map((row) => `${row.app}/${row.plan}`)).size,
    );

    // A second run finds every price linked: nothing is created twice.
    const before = seen.length;
    expect(await syncStripePrices(server.ctx, provider)).toEqual([]);
    expect(seen.length).toBe(before);

    // Forgetting an id (a restored database): the price is found again by its lookup key, not created again.
    await server.ctx.db
      .update(planPrices)
      .set({ stripePriceId: null })
      .where(eq(planPrices.id, plusMonthly?.id ?? 0));
    const again = await syncStripePrices(server.ctx, provider);
    expect(again.map((row) => row.stripePriceId)).toEqual([plusMonthly?.stripePriceId]);
    expect(seen.slice(before).filter((s) => s.method === 'POST').length).toBe(0);

    const who = await signedInUser(server, 'plus.synced@example.com');
    await call('GET', '/core/users/me', who);
    const res = await call('POST', '/core/users/me/subscription', who, {
      plan: 'earningshub_plus',
      priceType: 'monthly',
      stripePaymentMethodId: 'pm_card_amex',
    });
    expect(res.status).toBe(200);
    const subscribed = seen.filter((s) => s.method === 'POST' && s.path === '/v1/subscriptions').at(-1);
    expect(subscribed?.form.get('items[0][price]')).toBe(plusMonthly?.stripePriceId);
  });
});
