/**
 * The embedded database's compaction after the history fill (decision 0050): every row stays in place, the
 * tables rebuilt are those whose indexes reached the threshold, their indexes are valid and no larger, and a lookup
 * by key still finds its row. Embedded only: a PostgreSQL server is never compacted.
 */
import { ohlcDaily, rowsOf } from '@eh/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMPACT_MIN_INDEX_BYTES, compactAfterFill } from '../../src/modules/market-history/compaction.ts';
import { eachDatabase } from './context.ts';

interface TableState {
  name: string;
  rows: number;
  indexBytes: number;
}

describe('compaction after the history fill', () => {
  eachDatabase((service, kind) => {
    if (kind !== 'pglite') return;

    async function tables(): Promise<TableState[]> {
      const { db } = service().ctx;
      const names = rowsOf<{ name: string; index_bytes: string }>(
        await db.execute(sql`
          select relname as name, pg_indexes_size(oid) as index_bytes from pg_class
          where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`),
      );
      const states: TableState[] = [];
      for (const { name, index_bytes } of names) {
        const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from ${sql.identifier(name)}`));
        states.push({ name, rows: Number(row?.n), indexBytes: Number(index_bytes) });
      }
      return states;
    }

    it('keeps every row and rebuilds the tables whose indexes reached the threshold', async () => {
      const { db } = service().ctx;
      const before = await tables();
      const [bar] = await db.select().from(ohlcDaily).orderBy(asc(ohlcDaily.date), asc(ohlcDaily.assetId)).limit(1);
      if (!bar) throw new Error('the seeded template has no daily bars');

      const rebuilt = await compactAfterFill(db);

      expect(new Set(rebuilt)).toEqual(
        new Set(before.filter((table) => table.indexBytes >= COMPACT_MIN_INDEX_BYTES).map((table) => table.name)),
      );
      expect(rebuilt).toContain('ohlc_daily');
      const after = await tables();
      expect(after.map(({ name, rows }) => ({ name, rows }))).toEqual(before.map(({ name, rows }) => ({ name, rows })));
      for (const table of after) {
        const earlier = before.find((candidate) => candidate.name === table.name);
        expect(table.indexBytes, table.name).toBeLessThanOrEqual(earlier?.indexBytes ?? 0);
      }
      const invalid = rowsOf<{ name: string }>(
        await db.execute(sql`select indexrelid::regclass::text as name from pg_index where not indisvalid`),
      );
      expect(invalid).toEqual([]);
      const found = await db
        .select()
        .from(ohlcDaily)
        .where(and(eq(ohlcDaily.assetId, bar.assetId), eq(ohlcDaily.date, bar.date)));
      expect(found).toEqual([bar]);
    });
  });
});
