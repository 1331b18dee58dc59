/**
 * The daily bars' write (decision 0054): a batch of bars, a row per asset and day, merged into the quarters they
 * fall in. A quarter the batch changes nothing in is left as it is; in a quarter it touches, a day it brings replaces
 * the stored one. Counts as the upsert of any other table: a day not stored before is added, a stored day with other
 * figures is changed, the same figures again are skipped.
 */
import { type Database, quarterOf, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import { CHUNK_ROWS, type Row, type UpsertResult } from './bulk.ts';

const FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;

const literal = (rows: readonly Row[], name: string) => `{${rows.map((row) => String(row[name])).join(',')}}`;

/** Rows of `asset_id`, `date` (ISO day) and the bar's figures, unique per asset and day. */
export async function upsertDailyBars(db: Database, rows: readonly Row[]): Promise<UpsertResult> {
  const result: UpsertResult = { added: 0, changed: 0, skipped: 0 };
  const p = sql.param;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const counts = rowsOf<{ added: number; changed: number }>(
      await db.execute(sql`
        with u as (
          select * from unnest(${p(literal(chunk, 'asset_id'))}::int4[], ${p(literal(chunk, 'date'))}::date[],
            ${p(literal(chunk, 'open'))}::float8[], ${p(literal(chunk, 'high'))}::float8[],
            ${p(literal(chunk, 'low'))}::float8[], ${p(literal(chunk, 'close'))}::float8[],
            ${p(literal(chunk, 'volume'))}::int8[]) as u(asset_id, date, open, high, low, close, volume)
        ),
        touched as (select distinct asset_id, ${quarterOf(sql.raw('date'))} as quarter from u),
        stored as (
          -- A key lookup per quarter touched: joined to the view, the planner may unpack the whole table.
          select q.asset_id, q.quarter + b.day as date, b.open, b.high, b.low, b.close, b.volume
          from touched t
          cross join lateral (
            select * from ohlc_quarters q where q.asset_id = t.asset_id and q.quarter = t.quarter
          ) q
          cross join lateral unnest(q.days, q.open, q.high, q.low, q.close, q.volume)
            as b(day, open, high, low, close, volume)
        ),
        merged as (
          select coalesce(u.asset_id, s.asset_id) as asset_id, coalesce(u.date, s.date) as date,
            ${sql.raw(FIELDS.map((f) => `coalesce(u.${f}, s.${f}) as ${f}`).join(', '))},
            s.date is null as added,
            (u.date is not null and s.date is not null
              and (${sql.raw(FIELDS.map((f) => `u.${f}`).join(', '))}) is distinct from (${sql.raw(FIELDS.map((f) => `s.${f}`).join(', '))})) as changed
          from stored s full join u on u.asset_id = s.asset_id and u.date = s.date
        ),
        quarters as (
          select asset_id, ${quarterOf(sql.raw('date'))} as quarter,
            array_agg((date - ${quarterOf(sql.raw('date'))})::int2 order by date) as days,
            ${sql.raw(FIELDS.map((f) => `array_agg(${f} order by date) as ${f}`).join(', '))}
          from merged group by 1, 2
          having bool_or(added or changed)
        ),
        written as (
          insert into ohlc_quarters (asset_id, quarter, days, ${sql.raw(FIELDS.join(', '))})
          select asset_id, quarter, days, ${sql.raw(FIELDS.join(', '))} from quarters
          on conflict (asset_id, quarter) do update set days = excluded.days,
            ${sql.raw(FIELDS.map((f) => `${f} = excluded.${f}`).join(', '))}
        )
        select (count(*) filter (where added))::int as added, (count(*) filter (where changed))::int as changed
        from merged`),
    )[0] ?? { added: 0, changed: 0 };
    result.added += counts.added;
    result.changed += counts.changed;
    result.skipped += chunk.length - counts.added - counts.changed;
  }
  return result;
}
