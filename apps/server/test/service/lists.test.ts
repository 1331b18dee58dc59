/**
 * Lists on the service tier: the plan's list limit (also under two creations at once), cash moved by trades and
 * recorded as transactions, the symbol view's history, batch membership, one user's lists kept from another.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as lists from '../../src/modules/lists/service.ts';
import { popularSymbols } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

const NOT_FOUND = { statusCode: 404, message: 'List not found' };

eachDatabase((service) => {
  let ann: Caller;
  let bob: Caller;
  let pro: Caller;
  let stockA: string;
  let stockB: string;
  let crypto: string;
  let annList: string;
  const ctx = () => service().ctx;
  const holding = (list: { items?: { symbol: string; quantity: number }[] }, symbol: string) =>
    list.items?.find((item) => item.symbol === symbol)?.quantity;

  beforeAll(async () => {
    [ann, bob, pro] = await Promise.all([
      service().user(),
      service().user(),
      service().user({ plan: 'earningshub_pro' }),
    ]);
    ({
      stocks: [stockA, stockB],
      crypto,
    } = await popularSymbols(ctx().db));
  });

  describe('creating', () => {
    it('starts a list with cash 0, not pinned, and no items; listed with and without its items', async () => {
      const created = await lists.create(ctx(), ann, { name: 'Core holdings' });
      expect(created).toMatchObject({ name: 'Core holdings', cash: 0, pinned: false, items: [] });
      annList = created.id;
      expect(await lists.all(ctx(), ann, true)).toEqual({ lists: [created], listLimit: 1 });
      expect((await lists.all(ctx(), ann, false)).lists[0]).not.toHaveProperty('items');
      expect(await lists.one(ctx(), ann, annList)).toEqual(created);
    });

    it("refuses a free user's second list naming the limit and the upgrade; a pro user's is allowed", async () => {
      await expect(lists.create(ctx(), ann, { name: 'Second' })).rejects.toMatchObject({
        statusCode: 403,
        message: 'Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.',
        details: { feature: 'multipleAssetLists', listLimit: 1 },
      });
      for (const name of ['One', 'Two', 'Three']) await lists.create(ctx(), pro, { name });
      const all = await lists.all(ctx(), pro, false);
      expect(all.listLimit).toBe(-1);
      expect(all.lists.map((list) => list.name)).toEqual(['One', 'Two', 'Three']);
    });

    it('holds the limit when a free user sends two creations at once', async () => {
      const settled = await Promise.allSettled([
        lists.create(ctx(), bob, { name: 'A' }),
        lists.create(ctx(), bob, { name: 'B' }),
      ]);
      expect(settled.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = settled.find((result) => result.status === 'rejected');
      expect(refused?.reason).toMatchObject({ statusCode: 403 });
      expect((await lists.all(ctx(), bob, false)).lists).toHaveLength(1);
      await lists.remove(ctx(), bob, (await lists.all(ctx(), bob, false)).lists[0]?.id ?? '');
    });
  });

  describe('cash and holdings', () => {
    it('updates only what is sent: name, cash (recorded as a deposit or withdrawal), pinned', async () => {
      expect(await lists.update(ctx(), ann, annList, { name: 'Long term' })).toMatchObject({
        name: 'Long term',
        cash: 0,
      });
      expect(await lists.update(ctx(), ann, annList, { cash: 1000 })).toMatchObject({ cash: 1000 });
      expect(await lists.update(ctx(), ann, annList, { cash: 750.5, pinned: true })).toMatchObject({
        name: 'Long term',
        cash: 750.5,
        pinned: true,
      });
      expect(await lists.update(ctx(), ann, annList, {})).toMatchObject({ cash: 750.5, pinned: true });
      const history = await lists.transactionsOfList(ctx(), ann, annList);
      expect(history.transactions.map((t) => [t.type, t.amount])).toEqual([
        ['withdraw', 249.5],
        ['deposit', 1000],
      ]);
    });

    it('adds a known symbol once per list under its canonical spelling; an unknown one is not found', async () => {
      const watched = await lists.addItem(ctx(), ann, annList, { symbol: stockA.toLowerCase() });
      expect(watched.items).toEqual([
        expect.objectContaining({ listId: annList, userId: ann.sub, symbol: stockA, assetType: 'stock', quantity: 0 }),
      ]);
      expect((await lists.addItem(ctx(), ann, annList, { symbol: stockA, quantity: 4 })).items).toHaveLength(1);
      await expect(lists.addItem(ctx(), ann, annList, { symbol: 'ZZZZNOPE' })).rejects.toMatchObject({
        statusCode: 404,
        message: "Unknown symbol 'ZZZZNOPE'",
      });
      const held = await lists.addItem(ctx(), ann, annList, { symbol: crypto, quantity: 2, price: 10 });
      expect(held.items?.find((item) => item.symbol === crypto)).toMatchObject({ assetType: 'crypto', quantity: 2 });
    });

    it('moves cash with buys, sells and dividends, and holdings with add; refuses selling more than held', async () => {
      const trade = (transaction: Parameters<typeof lists.updateItem>[4]['transaction']) =>
        lists.updateItem(ctx(), ann, annList, stockA, { transaction });
      // Cash 750.50 → buy 10 × 25.25 = 252.50 → 498.00
      let list = await trade({ type: 'buy', quantity: 10, price: 25.25 });
      expect([list.cash, holding(list, stockA)]).toEqual([498, 10]);
      // sell 4 × 30 = 120 → 618.00, 6 left
      list = await trade({ type: 'sell', quantity: 4, price: 30 });
      expect([list.cash, holding(list, stockA)]).toEqual([618, 6]);
      // dividend 3.10 → 621.10
      list = await trade({ type: 'dividend_pay', amount: 3.1 });
      expect(list.cash).toBe(621.1);
      // add 5 bought elsewhere: cash unchanged, 11 held
      list = await trade({ type: 'add', quantity: 5 });
      expect([list.cash, holding(list, stockA)]).toEqual([621.1, 11]);
      await trade({ type: 'comment', comment: 'Holding through earnings' });
      await expect(trade({ type: 'sell', quantity: 12, price: 1 })).rejects.toMatchObject({
        statusCode: 400,
        message: `body.transaction.quantity: cannot sell 12; the list holds 11 ${stockA}`,
      });
      await expect(lists.updateItem(ctx(), ann, annList, stockA, {})).rejects.toMatchObject({
        statusCode: 400,
        message: 'body: send quantity or transaction',
      });
      list = await lists.updateItem(ctx(), ann, annList, stockA, { quantity: 20 });
      expect([list.cash, holding(list, stockA)]).toEqual([621.1, 20]);
      await expect(lists.updateItem(ctx(), ann, annList, stockB, { quantity: 1 })).rejects.toMatchObject({
        statusCode: 404,
        message: `${stockB} is not in this list`,
      });
    });

    it("shows the symbol's transactions across the caller's lists: executed comment, buy, sell and add only", async () => {
      const mine = await lists.transactionsOfSymbol(ctx(), ann, 'stock', stockA);
      expect(mine.symbol).toBe(stockA);
      expect(mine.transactions.map((t) => t.type)).toEqual(['add', 'comment', 'add', 'sell', 'buy']);
      const all = await lists.transactionsOfList(ctx(), ann, annList);
      const types = all.transactions.map((t) => t.type);
      expect(types).toContain('dividend_pay');
      expect(types).toContain('watch');
      expect(all.transactions.every((t) => t.status === 'executed')).toBe(true);
    });
  });

  describe('membership', () => {
    it('removes an item (recorded as unwatch); batch puts a symbol in some lists and out of others', async () => {
      expect((await lists.removeItem(ctx(), ann, annList, crypto)).items?.map((i) => i.symbol)).toEqual([stockA]);
      await expect(lists.removeItem(ctx(), ann, annList, crypto)).rejects.toMatchObject({ statusCode: 404 });
      expect((await lists.transactionsOfList(ctx(), ann, annList)).transactions[0]).toMatchObject({
        type: 'unwatch',
        symbol: crypto,
      });
      const proLists = (await lists.all(ctx(), pro, false)).lists.map((list) => list.id);
      const holders = (all: { id: string; items?: { symbol: string }[] }[]) =>
        all.filter((list) => list.items?.some((item) => item.symbol === stockB)).map((list) => list.id);
      let result = await lists.batch(ctx(), pro, {
        symbol: stockB,
        addTo: [proLists[0] ?? '', proLists[1] ?? ''],
        removeFrom: [],
      });
      expect(holders(result.lists)).toEqual([proLists[0], proLists[1]]);
      result = await lists.batch(ctx(), pro, {
        symbol: stockB,
        addTo: [proLists[2] ?? ''],
        removeFrom: [proLists[0] ?? ''],
      });
      expect(holders(result.lists)).toEqual([proLists[1], proLists[2]]);
      await expect(lists.batch(ctx(), pro, { symbol: stockB, addTo: [annList], removeFrom: [] })).rejects.toMatchObject(
        { statusCode: 404, message: `List not found: ${annList}` },
      );
    });

    it("keeps one user's lists, items and transactions from another (not found, nothing changed)", async () => {
      const before = await lists.one(ctx(), ann, annList);
      const attempts = [
        lists.one(ctx(), bob, annList),
        lists.update(ctx(), bob, annList, { name: 'Mine now', cash: 1 }),
        lists.addItem(ctx(), bob, annList, { symbol: stockB }),
        lists.updateItem(ctx(), bob, annList, stockA, { quantity: 0 }),
        lists.removeItem(ctx(), bob, annList, stockA),
        lists.transactionsOfList(ctx(), bob, annList),
        lists.remove(ctx(), bob, annList),
      ];
      for (const attempt of await Promise.allSettled(attempts)) {
        expect(attempt.status).toBe('rejected');
        if (attempt.status === 'rejected') expect(attempt.reason).toMatchObject(NOT_FOUND);
      }
      expect((await lists.all(ctx(), bob, false)).lists).toEqual([]);
      expect((await lists.transactionsOfSymbol(ctx(), bob, 'stock', stockA)).transactions).toEqual([]);
      expect(await lists.one(ctx(), ann, annList)).toEqual(before);
    });

    it('deletes a list with its items, after which the free user may create one again', async () => {
      expect(await lists.remove(ctx(), ann, annList)).toEqual({ id: annList, deleted: true });
      await expect(lists.one(ctx(), ann, annList)).rejects.toMatchObject(NOT_FOUND);
      const again = await lists.create(ctx(), ann, { name: 'Fresh', cash: 500 });
      expect((await lists.transactionsOfList(ctx(), ann, again.id)).transactions).toEqual([
        expect.objectContaining({ type: 'initial_cash', amount: 500 }),
      ]);
    });
  });
});
