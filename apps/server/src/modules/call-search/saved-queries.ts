import type { CallSearchFilters, SavedCallSearch } from '@eh/contracts';
import { callSearchHits, type Database, rowsOf, savedCallSearches } from '@eh/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const toSaved = (row: typeof savedCallSearches.$inferSelect): SavedCallSearch => ({
  id: row.id,
  query: row.query,
  filters: row.filters as CallSearchFilters,
  createdAt: row.createdAt.toISOString(),
});

export async function savedOf(db: Database, params: { userId: string }): Promise<SavedCallSearch[]> {
  const rows = await db
    .select()
    .from(savedCallSearches)
    .where(eq(savedCallSearches.userId, params.userId))
    .orderBy(desc(savedCallSearches.createdAt), desc(savedCallSearches.id));
  return rows.map(toSaved);
}

/** Saves a search unless the user already has `max` (one statement: two saves at once cannot pass the limit). */
export async function insertSaved(
  db: Database,
  params: { userId: string; query: string; filters: CallSearchFilters; max: number },
): Promise<SavedCallSearch | null> {
  const result = await db.execute(sql`
    insert into saved_call_searches (user_id, query, filters)
    select ${params.userId}::uuid, ${params.query}, ${JSON.stringify(params.filters)}::jsonb
    where (select count(*) from saved_call_searches where user_id = ${params.userId}::uuid) < ${params.max}
    returning id, user_id as "userId", query, filters, created_at as "createdAt"`);
  const [row] = rowsOf<typeof savedCallSearches.$inferSelect & { createdAt: string | Date }>(result);
  return row ? toSaved({ ...row, createdAt: new Date(row.createdAt) }) : null;
}

export async function deleteSaved(db: Database, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(savedCallSearches)
    .where(and(eq(savedCallSearches.userId, params.userId), eq(savedCallSearches.id, params.id)))
    .returning({ id: savedCallSearches.id });
  return rows.length > 0;
}

/** Every saved search, oldest first (few per user, bounded by the per-user limit). */
export async function allSaved(db: Database): Promise<(SavedCallSearch & { userId: string })[]> {
  const rows = await db.select().from(savedCallSearches).orderBy(savedCallSearches.createdAt, savedCallSearches.id);
  return rows.map((row) => ({ ...toSaved(row), userId: row.userId }));
}

/** Records that a saved search alerted on a call; false when it already had (at most once per search and call). */
export async function recordHit(db: Database, params: { savedSearchId: string; callId: string }): Promise<boolean> {
  const rows = await db
    .insert(callSearchHits)
    .values(params)
    .onConflictDoNothing()
    .returning({ callId: callSearchHits.callId });
  return rows.length > 0;
}
