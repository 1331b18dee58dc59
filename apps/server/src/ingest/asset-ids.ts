import { type Database, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import type { AssetKey } from '../providers/index.ts';

/** The one spelling of an asset's identity: type and uppercase symbol. */
export const assetKeyOf = (asset: AssetKey) => `${asset.type}:${asset.symbol.trim().toUpperCase()}`;

/**
 * Resolves (symbol, type) to asset ids, one query per batch for the keys not seen yet. Only looked-up ids are
 * cached: an id the assets writer created inside a batch that later rolled back is never remembered.
 */
export class AssetIds {
  readonly #known = new Map<string, number>();
  readonly #byCik = new Map<string, number | null>();

  /** Forget everything (after the assets dataset wrote: symbols may have been added). */
  clear(): void {
    this.#known.clear();
    this.#byCik.clear();
  }

  async resolve(db: Database, keys: readonly AssetKey[]): Promise<Map<string, number>> {
    const wanted = [...new Set(keys.map(assetKeyOf))].filter((key) => !this.#known.has(key));
    if (wanted.length > 0) {
      const types = wanted.map((key) => key.slice(0, key.indexOf(':')));
      const symbols = wanted.map((key) => key.slice(key.indexOf(':') + 1));
      const found = await db.execute(sql`
        select a.id, a.type, a.symbol_upper
        from assets a
        join unnest(${sql.param(types)}::text[], ${sql.param(symbols)}::text[]) as k(type, symbol_upper)
          on a.type = k.type and a.symbol_upper = k.symbol_upper`);
      for (const row of rowsOf<{ id: number; type: string; symbol_upper: string }>(found)) {
        this.#known.set(`${row.type}:${row.symbol_upper}`, row.id);
      }
    }
    return this.#known;
  }

  /** Asset ids of SEC filers by CIK (a stock's first listing wins), for filings that name no asset. */
  async byCik(db: Database, ciks: readonly string[]): Promise<Map<string, number | null>> {
    const wanted = [...new Set(ciks)].filter((cik) => !this.#byCik.has(cik));
    if (wanted.length > 0) {
      const found = await db.execute(sql`
        select distinct on (a.cik) a.cik, a.id
        from assets a
        where a.cik = any(${sql.param(wanted)}::text[])
        order by a.cik, (a.type = 'stock') desc, a.id`);
      for (const cik of wanted) this.#byCik.set(cik, null);
      for (const row of rowsOf<{ cik: string; id: number }>(found)) this.#byCik.set(row.cik, row.id);
    }
    return this.#byCik;
  }
}
