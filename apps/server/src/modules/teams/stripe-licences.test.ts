import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeBillingProvider } from '../billing/index.ts';

/**
 * A team's licences at Stripe, at the SDK's HTTP boundary: the subscription is created with the
 * licences as its item's quantity, and a change of licences updates that item (prorated by Stripe). The stand-in
 * answers Stripe's documented subscription shape (https://docs.stripe.com/api/subscriptions).
 */

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
}
const seen: Seen[] = [];
let api: Server;
let provider: StripeBillingProvider;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const subscription = (id: string, quantity: number) => ({
  id,
  object: 'subscription',
  customer: 'cus_team1',
  status: 'active',
  items: {
    object: 'list',
    data: [{ id: 'si_team1', object: 'subscription_item', quantity, current_period_end: 1_900_000_000 }],
  },
});

beforeAll(async () => {
  api = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand.in');
    const form = new URLSearchParams(req.method === 'GET' ? url.search : await read(req));
    seen.push({ method: req.method ?? '', path: url.pathname, form });
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    const answer =
      req.method === 'POST' && url.pathname === '/v1/subscriptions'
        ? subscription('sub_team1', Number(form.get('items[0][quantity]') ?? 1))
        : one
          ? subscription(one[1] as string, Number(form.get('items[0][quantity]') ?? 3))
          : { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such path' } };
    res.writeHead('error' in answer ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));
  const { port } = api.address() as AddressInfo;
  provider = new StripeBillingProvider({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => new Promise<void>((resolve) => api.close(() => resolve())));

describe('Stripe licences', () => {
  it('subscribes with the licences as the quantity of the price', async () => {
    const created = await provider.createSubscription({
      customerId: 'cus_team1',
      paymentMethodId: 'pm_card_visa',
      stripePriceId: 'price_team_yearly',
      stripeCouponId: null,
      amount: 3 * 28788,
      currency: 'usd',
      interval: 'yearly',
      description: 'Team (yearly, 3 licences)',
      quantity: 3,
    });
    expect(created.id).toBe('sub_team1');
    const request = seen.find((s) => s.method === 'POST' && s.path === '/v1/subscriptions');
    expect(request?.form.get('items[0][price]')).toBe('price_team_yearly');
    expect(request?.form.get('items[0][quantity]')).toBe('3');
  });

  it('a user’s subscription sends no quantity (one)', async () => {
    seen.length = 0;
    await provider.createSubscription({
      customerId: 'cus_user1',
      paymentMethodId: null,
      stripePriceId: 'price_pro_yearly',
      stripeCouponId: null,
      amount: 23988,
      currency: 'usd',
      interval: 'yearly',
      description: 'pro (yearly)',
    });
    expect(seen[0]?.form.has('items[0][quantity]')).toBe(false);
  });

  it('changes the licences on the subscription’s item, prorated', async () => {
    seen.length = 0;
    await provider.updateQuantity('sub_team1', 5);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_team1',
      'POST /v1/subscriptions/sub_team1',
    ]);
    const update = seen[1]?.form;
    expect(update?.get('items[0][id]')).toBe('si_team1');
    expect(update?.get('items[0][quantity]')).toBe('5');
    expect(update?.get('proration_behavior')).toBe('create_prorations');
  });
});
