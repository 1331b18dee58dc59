/**
 * Alerts on the service tier: the switches an add stores (the defaults without the alerts feature; with it, the
 * switches sent, then those saved on the symbol, then the defaults), batch and update-all, the counts of a user's
 * alerts and of each symbol's followers, one user's alerts kept from another.
 */
import { assets } from '@eh/db';
import { ALERT_DEFAULTS } from '@eh/domain';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as alerts from '../../src/modules/alerts/service.ts';
import { eachDatabase } from './context.ts';

eachDatabase((service) => {
  let free: Caller;
  let paid: Caller;
  let other: Caller;
  /** The four most popular active stocks of the seeded market. */
  let symbols: [string, string, string, string];
  const ctx = () => service().ctx;
  const symbolsOf = (list: { alerts: { symbol: string }[] }) => list.alerts.map((alert) => alert.symbol);

  beforeAll(async () => {
    [free, paid, other] = await Promise.all([
      service().user(),
      service().user({ plan: 'earningshub_pro' }),
      service().user(),
    ]);
    const rows = await ctx()
      .db.select({ symbol: assets.symbol })
      .from(assets)
      .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
      .orderBy(desc(assets.popularity))
      .limit(4);
    const [a, b, c, d] = rows.map((row) => row.symbol);
    if (!a || !b || !c || !d) throw new Error('the seeded market has too few stocks');
    symbols = [a, b, c, d];
  });

  describe('adding', () => {
    it('without the alerts feature an add stores the SPEC defaults whatever is sent', async () => {
      const added = await alerts.add(ctx(), free, {
        symbol: symbols[0].toLowerCase(),
        notifyBySms: true,
        liveCall: true,
        earningsReminder: false,
      });
      expect(added).toMatchObject({ userId: free.sub, symbol: symbols[0], ...ALERT_DEFAULTS });
      expect(ALERT_DEFAULTS).toMatchObject({
        earningsReminder: true,
        notifyByEmail: true,
        notifyByPush: true,
        notifyBySms: false,
        liveCall: false,
      });
    });

    it('with the feature, the switches sent, then those saved on the symbol, then the defaults', async () => {
      const first = await alerts.add(ctx(), paid, { symbol: symbols[0], liveCall: true, notifyByEmail: false });
      expect(first).toMatchObject({ ...ALERT_DEFAULTS, liveCall: true, notifyByEmail: false });
      const second = await alerts.add(ctx(), paid, { symbol: symbols[0], notifyBySms: true });
      expect(second).toMatchObject({ ...ALERT_DEFAULTS, liveCall: true, notifyByEmail: false, notifyBySms: true });
    });

    it('refuses an unknown symbol naming it, in an add and in a batch', async () => {
      await expect(alerts.add(ctx(), paid, { symbol: 'ZZZZNOPE' })).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbol: ZZZZNOPE',
      });
      await expect(
        alerts.batch(ctx(), paid, { add: ['ZZZZNOPE', 'YYYYNOPE', symbols[1]], remove: [] }),
      ).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbols: ZZZZNOPE, YYYYNOPE',
        details: { symbols: ['ZZZZNOPE', 'YYYYNOPE'] },
      });
      expect(symbolsOf(await alerts.list(ctx(), paid))).toEqual([symbols[0]]);
    });
  });

  describe('batch and update-all', () => {
    it('batch adds and removes; update-all sets switches on every alert for the paid user only', async () => {
      const batch = await alerts.batch(ctx(), paid, {
        add: [symbols[1], symbols[2]],
        remove: [],
        settings: { dividendPayment: true },
      });
      expect(symbolsOf(batch).sort()).toEqual([symbols[0], symbols[1], symbols[2]].sort());
      expect(batch.alerts.find((alert) => alert.symbol === symbols[1])?.dividendPayment).toBe(true);
      const all = await alerts.updateAll(ctx(), paid, { weeklySummary: true, notifyByPush: false });
      expect(all.alerts).toHaveLength(3);
      for (const alert of all.alerts) expect(alert).toMatchObject({ weeklySummary: true, notifyByPush: false });
      await expect(alerts.updateAll(ctx(), free, { weeklySummary: true })).rejects.toMatchObject({
        statusCode: 403,
        message: 'Choosing which alerts you get is part of the paid plans. Upgrade to change your alert settings.',
        details: { feature: 'alerts' },
      });
      const freeBatch = await alerts.batch(ctx(), free, {
        add: [symbols[3]],
        remove: [],
        settings: { liveCall: true },
      });
      expect(freeBatch.alerts.find((alert) => alert.symbol === symbols[3])).toMatchObject(ALERT_DEFAULTS);
      const removed = await alerts.batch(ctx(), paid, { add: [], remove: [symbols[2]] });
      expect(symbolsOf(removed)).not.toContain(symbols[2]);
    });

    it('refuses a symbol both added and removed in one batch, changing nothing', async () => {
      const before = await alerts.list(ctx(), paid);
      await expect(
        alerts.batch(ctx(), paid, { add: [symbols[2]], remove: [symbols[2].toLowerCase()] }),
      ).rejects.toMatchObject({ statusCode: 400, message: `body.remove: ${symbols[2]} is also in add` });
      expect(await alerts.list(ctx(), paid)).toEqual(before);
    });
  });

  describe('counts and ownership', () => {
    it('counts the caller’s alerts and each symbol’s followers', async () => {
      expect(await alerts.counts(ctx(), paid, [symbols[0], symbols[1], symbols[2]])).toEqual({
        total: 2,
        symbols: { [symbols[0]]: 2, [symbols[1]]: 1, [symbols[2]]: 0 },
      });
      expect(await alerts.counts(ctx(), other)).toEqual({ total: 0, symbols: {} });
    });

    it("keeps one user's alerts from another: not listed, not deleted, not changed", async () => {
      const before = await alerts.list(ctx(), paid);
      expect(await alerts.list(ctx(), other)).toEqual({ alerts: [] });
      await expect(alerts.remove(ctx(), other, symbols[1])).rejects.toMatchObject({
        statusCode: 404,
        message: `You have no alert on ${symbols[1]}`,
      });
      await alerts.batch(ctx(), other, { add: [], remove: [symbols[0], symbols[1]] });
      expect(await alerts.list(ctx(), paid)).toEqual(before);
    });

    it('deletes by symbol', async () => {
      expect(await alerts.remove(ctx(), paid, symbols[1])).toEqual({ symbol: symbols[1], deleted: true });
      expect(symbolsOf(await alerts.list(ctx(), paid))).toEqual([symbols[0]]);
    });
  });
});
