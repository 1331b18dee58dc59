/**
 * The embedded database's compaction after the history fill (decision 0050), on an embedded database of its own: a
 * table filled out of key order (as the history fill writes bars, a year before the years already in) keeps every
 * row and gets a smaller, valid index, each table after its wait (a pause in the requests), none once the server
 * stops; a table whose indexes stay under the threshold is left alone.
 */
import { connectDatabase, type DatabaseHandle, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACT_MIN_INDEX_BYTES, compactAfterFill } from './compaction.ts';

let database: DatabaseHandle;
const db = () => database.db;

const indexBytes = async (table: string) =>
  Number(
    rowsOf<{ bytes: string }>(await db().execute(sql`select pg_indexes_size(${table}::regclass) as bytes`))[0]?.bytes,
  );
const count = async (table: string) =>
  Number(rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n from ${sql.identifier(table)}`))[0]?.n);

// Starting the database's WebAssembly and filling 60,000 rows: seconds on a quiet machine, more on a loaded one.
beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' });
  await db().execute(sql`create table bars (asset_id int4 not null, day int4 not null, close float8 not null,
    primary key (asset_id, day))`);
  await db().execute(sql`create table small (id int4 primary key)`);
  await db().execute(sql`insert into small select generate_series(1, 100)`);
  // Each "year" of every asset lands before the years already in, as the fill writes them.
  for (let year = 5; year >= 0; year -= 1)
    await db().execute(sql`insert into bars
      select a, ${year} * 1000 + d, a + d from generate_series(1, 40) a, generate_series(1, 250) d`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe(compactAfterFill.name, () => {
  it('rebuilds the indexes the fill left large, keeping every row, and leaves the small ones alone', async () => {
    const before = { bars: await indexBytes('bars'), small: await indexBytes('small'), rows: await count('bars') };
    expect(before.bars).toBeGreaterThanOrEqual(COMPACT_MIN_INDEX_BYTES);
    expect(before.small).toBeLessThan(COMPACT_MIN_INDEX_BYTES);

    // A server stopping before a table's turn leaves it as it is.
    const stopped = new AbortController();
    stopped.abort();
    expect(await compactAfterFill(db(), { signal: stopped.signal })).toEqual([]);
    expect(await indexBytes('bars')).toBe(before.bars);

    let waits = 0;
    const beforeEach = async () => {
      waits += 1;
    };
    expect(await compactAfterFill(db(), { beforeEach })).toEqual(['bars']);
    expect(waits).toBe(1);

    expect(await count('bars')).toBe(before.rows);
    expect(await indexBytes('bars')).toBeLessThan(before.bars);
    expect(await indexBytes('small')).toBe(before.small);
    const invalid = rowsOf<{ name: string }>(
      await db().execute(sql`select indexrelid::regclass::text as name from pg_index where not indisvalid`),
    );
    expect(invalid).toEqual([]);
    const [found] = rowsOf<{ close: number }>(
      await db().execute(sql`select close from bars where asset_id = 7 and day = 3042`),
    );
    expect(found?.close).toBe(49);
  });
});
