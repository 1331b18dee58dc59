/**
 * Daily bars kept a row per asset and quarter (decision 0054): the writer merges a batch into its quarters and counts
 * as any upsert does, and the reads (the last bar on or before a day, a window of days) find the right day across a
 * quarter's edge. On a hand-made asset inside a transaction that is rolled back.
 */
import { assets, type Database, lastDailyBar, ohlcDaily, ohlcQuarters, rowsOf } from '@eh/db';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upsertDailyBars } from '../../src/ingest/daily-bars.ts';
import { lastBars } from '../../src/modules/quotes/queries.ts';
import { eachDatabase } from './context.ts';

const bar = (assetId: number, date: string, close: number, volume = 100) => ({
  asset_id: assetId,
  date,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume,
});

class RolledBack extends Error {}

/** Runs the body on a transaction with a fresh asset, then rolls everything back. */
async function withAsset(db: Database, body: (tx: Database, assetId: number) => Promise<void>) {
  await expect(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(assets)
        .values({ symbol: 'QBAR', symbolUpper: 'QBAR', name: 'Quarter Bars', type: 'stock', source: 'test' })
        .returning({ id: assets.id });
      await body(tx, row?.id as number);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
}

eachDatabase((service) => {
  describe('daily bars by quarter', () => {
    it('merges a batch into its quarters, a day in order, and counts added, changed and skipped days', async () => {
      await withAsset(service().ctx.db, async (tx, id) => {
        expect(
          await upsertDailyBars(tx, [bar(id, '2026-03-30', 10), bar(id, '2026-03-31', 11), bar(id, '2026-04-02', 12)]),
        ).toEqual({ added: 3, changed: 0, skipped: 0 });
        // A day before those stored, one changed, one the same: only the first quarter is written again.
        const before = await tx
          .select({ quarter: ohlcQuarters.quarter, close: ohlcQuarters.close })
          .from(ohlcQuarters)
          .where(eq(ohlcQuarters.assetId, id))
          .orderBy(asc(ohlcQuarters.quarter));
        expect(before).toEqual([
          { quarter: '2026-01-01', close: [10, 11] },
          { quarter: '2026-04-01', close: [12] },
        ]);
        expect(
          await upsertDailyBars(tx, [
            bar(id, '2026-03-27', 9),
            bar(id, '2026-03-31', 15, 7),
            bar(id, '2026-04-02', 12),
          ]),
        ).toEqual({ added: 1, changed: 1, skipped: 1 });

        const days = await tx
          .select({ date: ohlcDaily.date, close: ohlcDaily.close, volume: ohlcDaily.volume, low: ohlcDaily.low })
          .from(ohlcDaily)
          .where(eq(ohlcDaily.assetId, id))
          .orderBy(asc(ohlcDaily.date));
        expect(days).toEqual([
          { date: '2026-03-27', close: 9, volume: 100, low: 7 },
          { date: '2026-03-30', close: 10, volume: 100, low: 8 },
          { date: '2026-03-31', close: 15, volume: 7, low: 13 },
          { date: '2026-04-02', close: 12, volume: 100, low: 10 },
        ]);
        const [q1] = await tx
          .select({ days: ohlcQuarters.days })
          .from(ohlcQuarters)
          .where(eq(ohlcQuarters.assetId, id))
          .orderBy(asc(ohlcQuarters.quarter));
        // Days counted from the quarter's first day: 27 March is the 86th day of a year that is not a leap year.
        expect(q1?.days).toEqual([85, 88, 89]);
      });
    });

    it('finds the last bar on or before a day, across a quarter whose first trading day is later', async () => {
      await withAsset(service().ctx.db, async (tx, id) => {
        await upsertDailyBars(tx, [bar(id, '2025-12-30', 20), bar(id, '2025-12-31', 21), bar(id, '2026-01-02', 22)]);
        const on = async (date?: string) =>
          (await lastBars(tx, { assetIds: [id], ...(date ? { date } : {}) })).map((row) => [row.date, row.close]);
        expect(await on()).toEqual([['2026-01-02', 22]]);
        // 1 January has a quarter of its own, whose first day is later: the last bar is the year before's.
        expect(await on('2026-01-01')).toEqual([['2025-12-31', 21]]);
        expect(await on('2025-12-31')).toEqual([['2025-12-31', 21]]);
        expect(await on('2025-12-29')).toEqual([]);
        // The same fragment as a lateral subquery, as the digests and the EHS read it.
        const closes = rowsOf<{ close: number }>(
          await tx.execute(sql`select b.close from ${lastDailyBar(sql`${id}::int4`, sql`'2026-06-30'::date`)} b`),
        );
        expect(closes).toEqual([{ close: 22 }]);
      });
    });
  });
});
