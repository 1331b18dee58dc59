import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { popularSymbols } from '../market-fixtures.ts';
import { setPlan } from './earnings-seed.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;
/** A stock of the seeded market. */
let stockA: string;

const NO_LIST = '00000000-0000-4000-8000-000000000000';

async function call(method: string, path: string, who?: { headers: Record<string, string> }, payload?: unknown) {
  const res = await server.api(`/api${path}`, {
    method,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...who?.headers },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: res.status, json: await body(res) };
}

beforeAll(async () => {
  server = await startTestServer();
  [ann, bob, pro] = await Promise.all([
    signedInUser(server, 'ann.lists@example.com'),
    signedInUser(server, 'bob.lists@example.com'),
    signedInUser(server, 'pro.lists@example.com'),
  ]);
  // Accounts exist once they called; then the pro one is upgraded as the admin command would.
  for (const who of [ann, bob, pro]) await call('GET', '/core/users/me', who);
  await setPlan(server.ctx, pro.sub, 'earningshub_pro');
  ({
    stocks: [stockA],
  } = await popularSymbols(server.ctx.db));
});
afterAll(async () => server?.close());

const PORTFOLIO_ROUTES: [string, string][] = [
  ['POST', '/earnings/lists'],
  ['GET', '/earnings/lists?includeItems=true'],
  ['GET', `/earnings/lists/${NO_LIST}`],
  ['POST', `/earnings/lists/${NO_LIST}`],
  ['DELETE', `/earnings/lists/${NO_LIST}`],
  ['POST', `/earnings/lists/${NO_LIST}/items`],
  ['POST', `/earnings/lists/${NO_LIST}/items/AAPL`],
  ['DELETE', `/earnings/lists/${NO_LIST}/items/AAPL`],
  ['POST', '/earnings/lists/batch'],
  ['GET', `/core/transactions/lists/${NO_LIST}`],
  ['GET', '/core/transactions/me/assets/stock/AAPL'],
];

describe('anonymous callers', () => {
  it.each(PORTFOLIO_ROUTES)('%s %s answers 401', async (method, path) => {
    const res = await call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Sign in required', code: 'UNAUTHORIZED' });
  });
});

/** The rules (limits, cash, history, isolation) are the service tier's (test/service/lists.test.ts); here, what HTTP adds. */
describe('lists over HTTP', () => {
  let annList: string;

  it("answers a creation 201 with the list, and reads it back in the contract's shape", async () => {
    const created = await call('POST', '/earnings/lists', ann, { name: 'Core holdings', cash: 100 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Core holdings', cash: 100, pinned: false, items: [] });
    annList = created.json.id;
    expect(await call('GET', '/earnings/lists?includeItems=true', ann)).toEqual({
      status: 200,
      json: { lists: [created.json], listLimit: 1 },
    });
    expect((await call('GET', '/earnings/lists', ann)).json.lists[0]).not.toHaveProperty('items');
  });

  it('answers the plan limit 403 with its code and the feature it needs', async () => {
    expect(await call('POST', '/earnings/lists', ann, { name: 'Second' })).toEqual({
      status: 403,
      json: {
        message: 'Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.',
        code: 'FORBIDDEN',
        details: { feature: 'multipleAssetLists', listLimit: 1 },
      },
    });
    expect((await call('POST', '/earnings/lists', pro, { name: 'One' })).status).toBe(201);
  });

  it('refuses bad bodies and paths naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/earnings/lists', {}, 'body.name'],
      ['/earnings/lists', { name: '   ' }, 'body.name'],
      ['/earnings/lists', { name: 'x', cash: -5 }, 'body.cash'],
      ['/earnings/lists', { name: 'x', cash: 'lots' }, 'body.cash'],
      [`/earnings/lists/${annList}/items`, { symbol: '$$$' }, 'body.symbol'],
      [
        `/earnings/lists/${annList}/items/AAPL`,
        { transaction: { type: 'spinoff_addition', quantity: 1 } },
        'body.transaction',
      ],
    ];
    for (const [path, payload, field] of cases) {
      const res = await call('POST', path, pro, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.message.startsWith(field), res.json.message).toBe(true);
    }
    expect((await call('GET', '/earnings/lists/not-a-uuid', ann)).status).toBe(400);
  });

  it('answers a rule the service refuses with its status and message: an oversell, an unknown symbol', async () => {
    await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: stockA, quantity: 2 });
    const oversell = await call('POST', `/earnings/lists/${annList}/items/${stockA}`, ann, {
      transaction: { type: 'sell', quantity: 3, price: 1 },
    });
    expect(oversell).toEqual({
      status: 400,
      json: {
        message: `body.transaction.quantity: cannot sell 3; the list holds 2 ${stockA}`,
        code: 'VALIDATION_ERROR',
      },
    });
    const unknown = await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: 'ZZZZNOPE' });
    expect(unknown).toEqual({ status: 404, json: { message: "Unknown symbol 'ZZZZNOPE'", code: 'NOT_FOUND' } });
  });

  it("answers another user's list 404 on every route, the same as a missing one", async () => {
    const attempts = [
      call('GET', `/earnings/lists/${annList}`, bob),
      call('POST', `/earnings/lists/${annList}`, bob, { name: 'Mine now' }),
      call('GET', `/core/transactions/lists/${annList}`, bob),
      call('DELETE', `/earnings/lists/${annList}`, bob),
      call('GET', `/earnings/lists/${NO_LIST}`, ann),
    ];
    for (const res of await Promise.all(attempts))
      expect(res).toEqual({ status: 404, json: { message: 'List not found', code: 'NOT_FOUND' } });
    const symbolView = await call('GET', `/core/transactions/me/assets/stock/${stockA}`, ann);
    expect(symbolView.status).toBe(200);
    expect(symbolView.json).toMatchObject({ symbol: stockA, transactions: [expect.objectContaining({ type: 'add' })] });
  });

  it('deletes a list answering its id', async () => {
    expect(await call('DELETE', `/earnings/lists/${annList}`, ann)).toEqual({
      status: 200,
      json: { id: annList, deleted: true },
    });
  });
});
