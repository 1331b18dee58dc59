/**
 * A local stand-in of the parts of Stripe's HTTP API that subscribing and Connect payouts call (documented object
 * shapes, https://docs.stripe.com/api): customers, payment methods, subscriptions, Express accounts and their
 * onboarding links, and transfers with their idempotency keys. The server's Stripe SDK reaches it through
 * STRIPE_API_BASE; the test reads what was asked of it and sets what Stripe would answer.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface ConnectAccountState {
  country: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

export interface Transfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string;
}

export interface StripeStandIn {
  /** For STRIPE_API_BASE. */
  url: string;
  /** Every request, in the order they came. */
  seen: SeenRequest[];
  /** The Express accounts opened, by id: a test finishes an onboarding by setting its flags. */
  accounts: Map<string, ConnectAccountState>;
  transfers: Transfer[];
  /** Destinations whose next transfer Stripe refuses (the platform's balance is short). */
  refuseNext: Set<string>;
  /** How many subscriptions were created: the newest one's id is `sub_aff<count>`. */
  subscriptionsCreated(): number;
  /** Forgets everything, for a fresh database. */
  reset(): void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const missing = (message: string): [number, unknown] => [
  404,
  { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
];

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const seen: SeenRequest[] = [];
  const accounts = new Map<string, ConnectAccountState>();
  const transfers: Transfer[] = [];
  const byIdempotencyKey = new Map<string, Transfer>();
  const refuseNext = new Set<string>();
  let subscriptionsCreated = 0;
  let customers = 0;

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
      if (!state) return missing('No such account');
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
    return missing(`No such path: ${path}`);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(await read(req));
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    seen.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey });
    const [status, payload] = answer(req.method ?? '', url.pathname, form, idempotencyKey);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
    res.end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    accounts,
    transfers,
    refuseNext,
    subscriptionsCreated: () => subscriptionsCreated,
    reset() {
      seen.length = 0;
      accounts.clear();
      transfers.length = 0;
      byIdempotencyKey.clear();
      refuseNext.clear();
      subscriptionsCreated = 0;
      customers = 0;
    },
    close() {
      // The SDK keeps its connections alive: closing waits for none of them.
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      return closed;
    },
  };
}
