import { randomUUID } from 'node:crypto';
import { assets, type Database, events, quotes } from '@eh/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dedupeByKey } from '../src/ingest/bulk.ts';
import { upsertDailyBars } from '../src/ingest/daily-bars.ts';

/**
 * Empties the market data of a test server's database (its own copy of the seeded template): tests that check
 * computations over a hand-made market start from nothing, so the demo market cannot shift their expectations.
 * The demo market itself is checked by coherence.test.ts.
 */
export async function clearMarketData(db: Database) {
  await db.execute(sql`truncate table assets, news, market_indexes, transactions restart identity cascade`);
}

/**
 * Holds stocks still in the demo market, so the quotes a test publishes for them are the only ones clients get, at
 * any hour. The simulator moves stocks every second of the regular session, but only quotes stored from the demo
 * market (a real provider's quote is never made up): these are restamped as another source's. Call it before a
 * client follows them (the feed reads the stored quote then). Returns how many quotes it restamped.
 */
export async function holdStocksStill(db: Database, symbols: readonly string[]): Promise<number> {
  const restamped = await db
    .update(quotes)
    .set({ source: 'test' })
    .where(
      inArray(
        quotes.assetId,
        db
          .select({ id: assets.id })
          .from(assets)
          .where(and(eq(assets.type, 'stock'), inArray(assets.symbol, [...symbols]))),
      ),
    )
    .returning({ assetId: quotes.assetId });
  return restamped.length;
}

/** The seeded market's two most popular active stocks and its most popular crypto. */
export async function popularSymbols(db: Database): Promise<{ stocks: [string, string]; crypto: string }> {
  const stocks = await db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
    .orderBy(desc(assets.popularity))
    .limit(2);
  const [coin] = await db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(eq(assets.type, 'crypto'))
    .orderBy(desc(assets.popularity))
    .limit(1);
  if (!stocks[0] || !stocks[1] || !coin) throw new Error('the seeded market has no stocks or crypto');
  return { stocks: [stocks[0].symbol, stocks[1].symbol], crypto: coin.symbol };
}

/** An upcoming call far from the clock (the live-calls loop never moves it): for what hangs off an event. */
export async function addFarCallEvent(db: Database, symbol: string, title: string): Promise<number> {
  const [row] = await db
    .insert(events)
    .values({
      eventType: 'call',
      eventStatus: 'upcoming',
      eventDate: new Date('2091-06-01T21:00:00Z'),
      symbol,
      title,
      externalId: `${symbol}-${randomUUID()}`,
      source: 'test',
    })
    .returning({ id: events.id });
  if (!row) throw new Error(`the ${symbol} call was not stored`);
  return row.id;
}

/** A hand-made daily bar: volume 0 unless given. */
export interface TestBar {
  assetId: number;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** Stores daily bars as ingestion does (merged into their quarters), a stored day replaced. */
export async function storeDailyBars(db: Database, bars: readonly TestBar[]): Promise<void> {
  await upsertDailyBars(
    db,
    dedupeByKey(bars, (bar) => `${bar.assetId} ${bar.date}`).map(({ assetId, volume, ...bar }) => ({
      asset_id: assetId,
      volume: volume ?? 0,
      ...bar,
    })),
  );
}
