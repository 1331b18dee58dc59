/**
 * The reads and writes of the further sources of call search (decision 0044): which AI summaries, news articles and
 * filings need (re)indexing (never indexed, or their content's hash changed since), and the replacement of a batch's
 * passages with the hash each was cut from, in a few statements for the whole batch.
 */
import { type Database, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import { insertPassages, type PassageRow } from './call-passages-queries.ts';

const p = sql.param;

export const summaryCallId = (fileId: string) => `summary:${fileId}`;
export const newsCallId = (newsId: number) => `news:${newsId}`;
export const filingCallId = (filingId: number) => `filing:${filingId}`;

const isoOf = (value: string | Date) => new Date(value).toISOString();

export interface StaleSummary {
  fileId: string;
  eventId: number | null;
  assetId: number;
  symbol: string;
  date: string;
  periodYear: number;
  period: string;
  summary: string;
  highlights: unknown;
  hash: string;
}

/** AI summaries never indexed or changed since (all of them, or those of the files given). */
export async function staleSummaries(
  db: Database,
  params: { limit: number; fileIds?: readonly string[] },
): Promise<StaleSummary[]> {
  const only = params.fileIds ? sql`and fa.file_id = any(${p([...params.fileIds])}::text[])` : sql``;
  const result = await db.execute(sql`
    with a as (
      select fa.file_id, fa.summary, fa.highlights, md5(fa.summary || chr(31) || fa.highlights::text) as hash
      from file_analysis fa where true ${only}
    )
    select a.file_id as "fileId", f.event_id as "eventId", f.asset_id as "assetId", f.symbol, f.date,
      f.period_year as "periodYear", f.period, a.summary, a.highlights, a.hash
    from a join files f on f.id = a.file_id
    left join search_index_state s on s.call_id = 'summary:' || a.file_id
    where s.call_id is null or s.content_hash <> a.hash
    order by a.file_id
    limit ${params.limit}`);
  return rowsOf<StaleSummary & { date: string | Date }>(result).map((row) => ({ ...row, date: isoOf(row.date) }));
}

export interface StaleNews {
  id: number;
  title: string;
  summary: string | null;
  body: string | null;
  publishedAt: string;
  /** The first of the article's symbols that is a company we list, with its id. */
  assetId: number | null;
  symbol: string | null;
  hash: string;
}

/**
 * News articles after id `afterId` never indexed or changed since, oldest id first. The cursor keeps a run to one
 * pass: without it each batch hashed every article before it again (quadratic over a five-year history).
 */
export async function staleNews(db: Database, params: { limit: number; afterId: number }): Promise<StaleNews[]> {
  const result = await db.execute(sql`
    with n as (
      select n.id, n.title, n.summary, n.body, n.symbols, n.published_at,
        md5(n.title || chr(31) || coalesce(n.summary, '') || chr(31) || coalesce(n.body, '') || chr(31)
          || array_to_string(n.symbols, ',')) as hash
      from news n where n.id > ${params.afterId}
    )
    select n.id, n.title, n.summary, n.body, n.published_at as "publishedAt", a.id as "assetId", a.symbol, n.hash
    from n
    left join search_index_state s on s.call_id = 'news:' || n.id
    left join lateral (
      select a.id, a.symbol_upper as symbol from assets a
      where a.symbol_upper = any(n.symbols)
      order by array_position(n.symbols, a.symbol_upper), (a.type = 'stock') desc, a.id
      limit 1
    ) a on true
    where s.call_id is null or s.content_hash <> n.hash
    order by n.id
    limit ${params.limit}`);
  return rowsOf<StaleNews & { publishedAt: string | Date }>(result).map((row) => ({
    ...row,
    publishedAt: isoOf(row.publishedAt),
  }));
}

export interface StaleFiling {
  id: number;
  assetId: number;
  symbol: string;
  form: string;
  kind: string;
  description: string | null;
  items: string[];
  date: string;
  hash: string;
}

/**
 * Filings after id `afterId` of a company we list never indexed or changed since (a filing of no company has no page
 * to open), oldest id first.
 */
export async function staleFilings(db: Database, params: { limit: number; afterId: number }): Promise<StaleFiling[]> {
  const result = await db.execute(sql`
    with f as (
      select f.id, f.asset_id, f.form, f.kind, f.description, f.items,
        coalesce(f.accepted_at, f.filed_date::timestamptz) as date,
        md5(f.form || chr(31) || f.kind || chr(31) || coalesce(f.description, '') || chr(31)
          || array_to_string(f.items, ',') || chr(31) || f.asset_id || chr(31) || f.filed_date) as hash
      from sec_filings f where f.asset_id is not null and f.id > ${params.afterId}
    )
    select f.id, f.asset_id as "assetId", a.symbol_upper as symbol, f.form, f.kind, f.description, f.items, f.date, f.hash
    from f join assets a on a.id = f.asset_id
    left join search_index_state s on s.call_id = 'filing:' || f.id
    where s.call_id is null or s.content_hash <> f.hash
    order by f.id
    limit ${params.limit}`);
  return rowsOf<StaleFiling & { date: string | Date }>(result).map((row) => ({ ...row, date: isoOf(row.date) }));
}

/** Whether any saved search could be alerted: with none, what ingestion indexes queues no alert job. */
export async function anySavedSearch(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from saved_call_searches) as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
}

/**
 * Whether some summary, news article or filing of a listed company has never been indexed: what the backfill is for.
 * (Changed content is found by the runs that store it.)
 */
export async function sourcesBehind(db: Database): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from file_analysis fa
        where not exists (select 1 from search_index_state s where s.call_id = 'summary:' || fa.file_id))
      or exists (select 1 from news n
        where not exists (select 1 from search_index_state s where s.call_id = 'news:' || n.id))
      or exists (select 1 from sec_filings f
        where f.asset_id is not null
          and not exists (select 1 from search_index_state s where s.call_id = 'filing:' || f.id)) as behind`);
  return rowsOf<{ behind: boolean }>(result)[0]?.behind === true;
}

/** The highest news or filing id indexed: what an ingestion that changed no stored row starts after. */
export async function lastIndexedId(db: Database, source: 'news' | 'filing'): Promise<number> {
  const prefix = source === 'news' ? 'news:' : 'filing:';
  const result = await db.execute(sql`
    select coalesce(max(substr(call_id, ${prefix.length + 1})::int), 0) as id
    from search_index_state where starts_with(call_id, ${prefix})`);
  return Number(rowsOf<{ id: number | string }>(result)[0]?.id ?? 0);
}

/** Replaces the passages of a batch of documents and records the hash each was cut from. */
export async function replaceSourcePassages(
  db: Database,
  params: { documents: readonly { callId: string; hash: string }[]; rows: readonly PassageRow[] },
): Promise<void> {
  const ids = params.documents.map((document) => document.callId);
  await db.execute(sql`delete from call_passages where call_id = any(${p(ids)}::text[])`);
  await insertPassages(db, params.rows);
  await db.execute(sql`
    insert into search_index_state (call_id, content_hash)
    select * from unnest(${p(ids)}::text[], ${p(params.documents.map((document) => document.hash))}::text[])
    on conflict (call_id) do update set content_hash = excluded.content_hash, indexed_at = now()`);
}
