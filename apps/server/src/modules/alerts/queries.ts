import { alerts, assets, type Database, earningsFilters } from '@eh/db';
import type { AlertSettings } from '@eh/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { symbolKeys } from '../quotes/index.ts';

export type AlertRow = typeof alerts.$inferSelect;

type Db = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'>;

export async function alertsOf(db: Db, params: { userId: string; symbols?: string[] }): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, params.userId), params.symbols ? inArray(alerts.symbol, params.symbols) : undefined))
    .orderBy(asc(alerts.symbol));
}

/** Inserts or replaces the user's alerts on these symbols, every one with the same switches. */
export async function upsertAlerts(
  db: Db,
  params: { userId: string; rows: { symbol: string; settings: AlertSettings }[] },
): Promise<void> {
  if (params.rows.length === 0) return;
  await db
    .insert(alerts)
    .values(params.rows.map((row) => ({ userId: params.userId, symbol: row.symbol, ...row.settings })))
    .onConflictDoUpdate({
      target: [alerts.userId, alerts.symbol],
      set: {
        liveCall: sql`excluded.live_call`,
        earningsResults: sql`excluded.earnings_results`,
        eventTranscript: sql`excluded.event_transcript`,
        eventTranscriptSummary: sql`excluded.event_transcript_summary`,
        dailySummary: sql`excluded.daily_summary`,
        weeklySummary: sql`excluded.weekly_summary`,
        analystRatings: sql`excluded.analyst_ratings`,
        guidance: sql`excluded.guidance`,
        dividendPayment: sql`excluded.dividend_payment`,
        earningsReminder: sql`excluded.earnings_reminder`,
        notifyByEmail: sql`excluded.notify_by_email`,
        notifyBySms: sql`excluded.notify_by_sms`,
        notifyByPush: sql`excluded.notify_by_push`,
        updatedAt: sql`now()`,
      },
    });
}

export async function updateAllAlerts(db: Db, params: { userId: string; set: Partial<AlertSettings> }) {
  if (Object.keys(params.set).length === 0) return;
  await db
    .update(alerts)
    .set({ ...params.set, updatedAt: sql`now()` })
    .where(eq(alerts.userId, params.userId));
}

export async function deleteAlerts(db: Db, params: { userId: string; symbols: string[] }): Promise<string[]> {
  if (params.symbols.length === 0) return [];
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.userId, params.userId), inArray(alerts.symbol, params.symbols)))
    .returning({ symbol: alerts.symbol });
  return rows.map((row) => row.symbol);
}

export async function countAlerts(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.userId, params.userId));
  return row?.n ?? 0;
}

/** How many users follow each symbol. */
export async function followers(db: Db, params: { symbols: string[] }): Promise<Map<string, number>> {
  if (params.symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: alerts.symbol, n: count() })
    .from(alerts)
    .where(inArray(alerts.symbol, params.symbols))
    .groupBy(alerts.symbol);
  return new Map(rows.map((row) => [row.symbol, row.n]));
}

/**
 * The stored spelling of each known symbol among `symbols` (matched case-insensitively, with 'BRK-B' for
 * 'BRK.B'); symbols no asset carries are missing from the map.
 */
export async function canonicalSymbols(db: Db, params: { symbols: string[] }): Promise<Map<string, string>> {
  const askedByKey = new Map<string, string[]>();
  for (const symbol of params.symbols) {
    for (const key of symbolKeys(symbol)) askedByKey.set(key, [...(askedByKey.get(key) ?? []), symbol]);
  }
  if (askedByKey.size === 0) return new Map();
  const rows = await db
    .selectDistinct({ symbol: assets.symbol, upper: assets.symbolUpper })
    .from(assets)
    .where(inArray(assets.symbolUpper, [...askedByKey.keys()]));
  const found = new Map<string, string>();
  for (const row of rows) {
    for (const asked of askedByKey.get(row.upper) ?? []) if (!found.has(asked)) found.set(asked, row.symbol);
  }
  return found;
}

export async function filterOf(db: Db, params: { userId: string }): Promise<string[]> {
  const rows = await db
    .select({ symbols: earningsFilters.symbols })
    .from(earningsFilters)
    .where(eq(earningsFilters.userId, params.userId))
    .limit(1);
  return rows[0]?.symbols ?? [];
}

export async function saveFilter(db: Db, params: { userId: string; symbols: string[] }): Promise<void> {
  await db
    .insert(earningsFilters)
    .values(params)
    .onConflictDoUpdate({ target: earningsFilters.userId, set: { symbols: params.symbols, updatedAt: sql`now()` } });
}
