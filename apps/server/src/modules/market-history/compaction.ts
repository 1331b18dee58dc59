/**
 * The embedded database compacted once the history is in (decision 0050). The fill writes each table's rows in
 * batches out of key order (each year of bars lands before the years already in), so B-tree pages split half full:
 * the bars' primary key was 33 MB for 20 MB of keys. Rebuilding the indexes the fill left large gives that space
 * back; the tables themselves are written once, without dead rows, and a VACUUM FULL frees nothing more. A
 * checkpoint after lets the log's used segments go.
 */
import { type Database, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';

/** Tables whose indexes take less are not worth holding the database for. */
export const COMPACT_MIN_INDEX_BYTES = 1024 * 1024;
/**
 * Each table waits for a pause this long in the requests (the daily bars' rebuild holds the database 0.85 s, the call
 * passages' 0.64 s: right after the fill they were the slowest answers of a whole first start), but no longer than
 * {@link COMPACT_WAIT_MAX_MS}.
 */
export const COMPACT_QUIET_MS = 2000;
export const COMPACT_WAIT_MAX_MS = 120_000;

/**
 * Rebuilds the indexes of every table of ours whose indexes take {@link COMPACT_MIN_INDEX_BYTES} or more, a table
 * a statement (each holds the embedded database while it runs: about a second for the daily bars), each after
 * `beforeEach` (the job waits for a pause in the requests there), then checkpoints.
 * Returns the tables rebuilt. Embedded only: a PostgreSQL server has its own autovacuum and its own disk.
 */
export async function compactAfterFill(
  db: Database,
  options: { beforeEach?: () => Promise<void>; signal?: AbortSignal } = {},
): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and pg_indexes_size(c.oid) >= ${COMPACT_MIN_INDEX_BYTES}
      order by pg_indexes_size(c.oid) desc`),
  ).map((row) => row.name);
  const rebuilt: string[] = [];
  for (const table of tables) {
    await options.beforeEach?.();
    // A server stopping does not wait for the rest: what is left stays as the fill left it.
    if (options.signal?.aborted) return rebuilt;
    await db.execute(sql`reindex table ${sql.identifier(table)}`);
    rebuilt.push(table);
  }
  await db.execute(sql`checkpoint`);
  return rebuilt;
}
