import { users } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { popularSymbols } from '../market-fixtures.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;
/** Two stocks and a crypto of the seeded market. */
let stockA: string;
let stockB: string;
let crypto: string;

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
  await server.ctx.db
    .update(users)
    .set({ plan: 'earningshub_pro', subscriptionType: 'paid', subscriptionStatus: 'active' })
    .where(eq(users.id, pro.sub));
  ({
    stocks: [stockA, stockB],
    crypto,
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

describe('lists', () => {
  let annList: string;

  it('creates a list with cash 0 and no items by default, listed with its items', async () => {
    const created = await call('POST', '/earnings/lists', ann, { name: 'Core holdings' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Core holdings', cash: 0, pinned: false, items: [] });
    annList = created.json.id;
    const listed = await call('GET', '/earnings/lists?includeItems=true', ann);
    expect(listed.json).toEqual({ lists: [created.json], listLimit: 1 });
    const bare = await call('GET', '/earnings/lists', ann);
    expect(bare.json.lists[0]).not.toHaveProperty('items');
    expect((await call('GET', `/earnings/lists/${annList}`, ann)).json).toEqual(created.json);
  });

  it("refuses a free user's second list naming the limit and the upgrade; a pro user's is allowed", async () => {
    const second = await call('POST', '/earnings/lists', ann, { name: 'Second' });
    expect(second.status).toBe(403);
    expect(second.json).toEqual({
      message: 'Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.',
      code: 'FORBIDDEN',
      details: { feature: 'multipleAssetLists', listLimit: 1 },
    });
    for (const name of ['One', 'Two', 'Three']) {
      expect((await call('POST', '/earnings/lists', pro, { name })).status).toBe(201);
    }
    const lists = await call('GET', '/earnings/lists', pro);
    expect(lists.json.listLimit).toBe(-1);
    expect(lists.json.lists.map((list: { name: string }) => list.name)).toEqual(['One', 'Two', 'Three']);
  });

  it('refuses bad bodies naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x', cash: -5 }, 'body.cash'],
      [{ name: 'x', cash: 'lots' }, 'body.cash'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/earnings/lists', pro, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.message.startsWith(field), res.json.message).toBe(true);
    }
    expect((await call('GET', '/earnings/lists/not-a-uuid', ann)).status).toBe(400);
  });

  it('updates only what is sent: name, cash (recorded as a deposit or withdrawal), pinned', async () => {
    const renamed = await call('POST', `/earnings/lists/${annList}`, ann, { name: 'Long term' });
    expect(renamed.json).toMatchObject({ name: 'Long term', cash: 0 });
    const funded = await call('POST', `/earnings/lists/${annList}`, ann, { cash: 1000 });
    expect(funded.json).toMatchObject({ name: 'Long term', cash: 1000 });
    const lowered = await call('POST', `/earnings/lists/${annList}`, ann, { cash: 750.5, pinned: true });
    expect(lowered.json).toMatchObject({ name: 'Long term', cash: 750.5, pinned: true });
    const unchanged = await call('POST', `/earnings/lists/${annList}`, ann, {});
    expect(unchanged.json).toMatchObject({ name: 'Long term', cash: 750.5, pinned: true });
    const history = await call('GET', `/core/transactions/lists/${annList}`, ann);
    expect(history.json.transactions.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ['withdraw', 249.5],
      ['deposit', 1000],
    ]);
  });

  it('adds symbols checked against the assets (unknown is a 404), once per list', async () => {
    const watched = await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: stockA.toLowerCase() });
    expect(watched.status).toBe(201);
    expect(watched.json.items).toEqual([
      expect.objectContaining({ listId: annList, userId: ann.sub, symbol: stockA, assetType: 'stock', quantity: 0 }),
    ]);
    const again = await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: stockA, quantity: 4 });
    expect(again.json.items).toHaveLength(1);
    const unknown = await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: 'ZZZZNOPE' });
    expect(unknown).toEqual({ status: 404, json: { message: "Unknown symbol 'ZZZZNOPE'", code: 'NOT_FOUND' } });
    const bad = await call('POST', `/earnings/lists/${annList}/items`, ann, { symbol: '$$$' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^body\.symbol/);
    const held = await call('POST', `/earnings/lists/${annList}/items`, ann, {
      symbol: crypto,
      quantity: 2,
      price: 10,
    });
    expect(held.json.items.find((item: { symbol: string }) => item.symbol === crypto)).toMatchObject({
      assetType: 'crypto',
      quantity: 2,
    });
  });

  it('moves cash with buys, sells and dividends, and holdings with add; refuses selling more than held', async () => {
    const path = `/earnings/lists/${annList}/items/${stockA}`;
    // Cash 750.50 → buy 10 × 25.25 = 252.50 → 498.00
    let res = await call('POST', path, ann, { transaction: { type: 'buy', quantity: 10, price: 25.25 } });
    expect(res.status).toBe(200);
    expect(res.json.cash).toBe(498);
    expect(res.json.items.find((i: { symbol: string }) => i.symbol === stockA).quantity).toBe(10);
    // sell 4 × 30 = 120 → 618.00, 6 left
    res = await call('POST', path, ann, { transaction: { type: 'sell', quantity: 4, price: 30 } });
    expect(res.json.cash).toBe(618);
    expect(res.json.items.find((i: { symbol: string }) => i.symbol === stockA).quantity).toBe(6);
    // dividend 3.10 → 621.10
    res = await call('POST', path, ann, { transaction: { type: 'dividend_pay', amount: 3.1 } });
    expect(res.json.cash).toBe(621.1);
    // add 5 bought elsewhere: cash unchanged, 11 held
    res = await call('POST', path, ann, { transaction: { type: 'add', quantity: 5 } });
    expect(res.json.cash).toBe(621.1);
    expect(res.json.items.find((i: { symbol: string }) => i.symbol === stockA).quantity).toBe(11);
    res = await call('POST', path, ann, { transaction: { type: 'comment', comment: 'Holding through earnings' } });
    expect(res.status).toBe(200);
    const oversell = await call('POST', path, ann, { transaction: { type: 'sell', quantity: 12, price: 1 } });
    expect(oversell.status).toBe(400);
    expect(oversell.json.message).toMatch(/^body\.transaction\.quantity: cannot sell 12; the list holds 11/);
    const badType = await call('POST', path, ann, { transaction: { type: 'spinoff_addition', quantity: 1 } });
    expect(badType.status).toBe(400);
    expect(badType.json.message).toMatch(/^body\.transaction/);
    const empty = await call('POST', path, ann, {});
    expect(empty).toMatchObject({ status: 400, json: { message: 'body: send quantity or transaction' } });
    const setQuantity = await call('POST', path, ann, { quantity: 20 });
    expect(setQuantity.json.items.find((i: { symbol: string }) => i.symbol === stockA).quantity).toBe(20);
    expect(setQuantity.json.cash).toBe(621.1);
    const notHeld = await call('POST', `/earnings/lists/${annList}/items/${stockB}`, ann, { quantity: 1 });
    expect(notHeld.status).toBe(404);
  });

  it("shows the symbol's transactions across the caller's lists: executed comment, buy, sell and add only", async () => {
    const res = await call('GET', `/core/transactions/me/assets/stock/${stockA}`, ann);
    expect(res.status).toBe(200);
    expect(res.json.symbol).toBe(stockA);
    expect(res.json.transactions.map((t: { type: string }) => t.type)).toEqual([
      'add',
      'comment',
      'add',
      'sell',
      'buy',
    ]);
    const all = await call('GET', `/core/transactions/lists/${annList}`, ann);
    const types = all.json.transactions.map((t: { type: string }) => t.type);
    expect(types).toContain('dividend_pay');
    expect(types).toContain('watch');
    expect(all.json.transactions.every((t: { status: string }) => t.status === 'executed')).toBe(true);
  });

  it('removes an item (recorded as unwatch), and batch puts a symbol in some lists and out of others', async () => {
    const removed = await call('DELETE', `/earnings/lists/${annList}/items/${crypto}`, ann);
    expect(removed.json.items.map((i: { symbol: string }) => i.symbol)).toEqual([stockA]);
    expect((await call('DELETE', `/earnings/lists/${annList}/items/${crypto}`, ann)).status).toBe(404);
    const proLists = (await call('GET', '/earnings/lists', pro)).json.lists.map((l: { id: string }) => l.id);
    let res = await call('POST', '/earnings/lists/batch', pro, { symbol: stockB, addTo: [proLists[0], proLists[1]] });
    expect(res.status).toBe(200);
    const holders = (lists: { id: string; items: { symbol: string }[] }[]) =>
      lists.filter((l) => l.items.some((i) => i.symbol === stockB)).map((l) => l.id);
    expect(holders(res.json.lists)).toEqual([proLists[0], proLists[1]]);
    res = await call('POST', '/earnings/lists/batch', pro, {
      symbol: stockB,
      addTo: [proLists[2]],
      removeFrom: [proLists[0]],
    });
    expect(holders(res.json.lists)).toEqual([proLists[1], proLists[2]]);
    const foreign = await call('POST', '/earnings/lists/batch', pro, { symbol: stockB, addTo: [annList] });
    expect(foreign.status).toBe(404);
  });

  it("keeps one user's lists, items and transactions from another (404, nothing changed)", async () => {
    const before = await call('GET', `/earnings/lists/${annList}`, ann);
    const attempts = [
      call('GET', `/earnings/lists/${annList}`, bob),
      call('POST', `/earnings/lists/${annList}`, bob, { name: 'Mine now', cash: 1 }),
      call('POST', `/earnings/lists/${annList}/items`, bob, { symbol: stockB }),
      call('POST', `/earnings/lists/${annList}/items/${stockA}`, bob, { quantity: 0 }),
      call('DELETE', `/earnings/lists/${annList}/items/${stockA}`, bob),
      call('GET', `/core/transactions/lists/${annList}`, bob),
      call('DELETE', `/earnings/lists/${annList}`, bob),
    ];
    for (const res of await Promise.all(attempts))
      expect(res).toEqual({
        status: 404,
        json: { message: 'List not found', code: 'NOT_FOUND' },
      });
    expect((await call('GET', '/earnings/lists', bob)).json.lists).toEqual([]);
    expect((await call('GET', `/core/transactions/me/assets/stock/${stockA}`, bob)).json.transactions).toEqual([]);
    expect(await call('GET', `/earnings/lists/${annList}`, ann)).toEqual(before);
  });

  it('deletes a list with its items, after which the free user may create one again', async () => {
    const res = await call('DELETE', `/earnings/lists/${annList}`, ann);
    expect(res.json).toEqual({ id: annList, deleted: true });
    expect((await call('GET', `/earnings/lists/${annList}`, ann)).status).toBe(404);
    const again = await call('POST', '/earnings/lists', ann, { name: 'Fresh', cash: 500 });
    expect(again.status).toBe(201);
    const history = await call('GET', `/core/transactions/lists/${again.json.id}`, ann);
    expect(history.json.transactions).toEqual([expect.objectContaining({ type: 'initial_cash', amount: 500 })]);
  });

  it('holds the limit when a free user sends two creations at once', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/earnings/lists', bob, { name: 'A' }),
      call('POST', '/earnings/lists', bob, { name: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
  });
});
