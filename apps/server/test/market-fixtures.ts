import type { Database } from '@eh/db';
import { sql } from 'drizzle-orm';

/**
 * Empties the market data of a test server's database (its own copy of the seeded template): tests that check
 * computations over a hand-made market start from nothing, so the demo market cannot shift their expectations.
 * The demo market itself is checked by coherence.test.ts.
 */
export async function clearMarketData(db: Database) {
  await db.execute(sql`truncate table assets, news, market_indexes, transactions restart identity cascade`);
}
