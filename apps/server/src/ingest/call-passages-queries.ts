/**
 * The writes of the call search index (decision 0044): passages in bulk through unnest, which transcripts need
 * (re)indexing, and a live call's segments since the last run.
 */
import { type Database, rowsOf } from '@eh/db';
import type { CallSearchSource } from '@eh/domain';
import { sql } from 'drizzle-orm';

/** One passage as the indexer writes it. */
export interface PassageRow {
  callId: string;
  seq: number;
  /** transcript unless said (a transcript's and a live call's passages leave it out). */
  source?: CallSearchSource;
  fileId: string | null;
  eventId: number | null;
  newsId?: number | null;
  filingId?: number | null;
  assetId: number | null;
  symbol: string | null;
  date: string;
  periodYear: number | null;
  period: string | null;
  part: string | null;
  role: string | null;
  speaker: string;
  section: number;
  paragraph: number;
  start: number;
  end: number;
  text: string;
}

const p = sql.param;
/** Rows per insert statement: each column travels as one array parameter. */
const INSERT_CHUNK = 2000;

/** Bulk insert through unnest, a chunk of rows per statement. */
export async function insertPassages(db: Database, rows: readonly PassageRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const chunk = rows.slice(at, at + INSERT_CHUNK);
    const col = <K extends keyof PassageRow>(key: K) => p(chunk.map((row) => row[key] ?? null));
    const source = p(chunk.map((row) => row.source ?? 'transcript'));
    await db.execute(sql`
      insert into call_passages (call_id, seq, source, file_id, event_id, news_id, filing_id, asset_id, symbol, date,
        period_year, period, part, role, speaker, section, paragraph, start, "end", text)
      select * from unnest(${col('callId')}::text[], ${col('seq')}::int4[], ${source}::text[], ${col('fileId')}::text[],
        ${col('eventId')}::int4[], ${col('newsId')}::int4[], ${col('filingId')}::int4[], ${col('assetId')}::int4[],
        ${col('symbol')}::text[], ${col('date')}::timestamptz[],
        ${col('periodYear')}::int2[], ${col('period')}::text[], ${col('part')}::text[], ${col('role')}::text[],
        ${col('speaker')}::text[], ${col('section')}::int2[], ${col('paragraph')}::int4[], ${col('start')}::int4[],
        ${col('end')}::int4[], ${col('text')}::text[])
      on conflict (call_id, seq) do nothing`);
  }
}

export interface StaleTranscript {
  id: string;
  assetId: number;
  symbol: string;
  date: string;
  periodYear: number;
  period: string;
  eventId: number | null;
  content: Record<string, unknown> | null;
  hash: string;
}

/** Transcripts never indexed, or whose content changed since they were (the hash of what was cut). */
export async function staleTranscripts(db: Database, params: { limit: number }): Promise<StaleTranscript[]> {
  const result = await db.execute(sql`
    select f.id, f.asset_id as "assetId", f.symbol, f.date, f.period_year as "periodYear", f.period,
      f.event_id as "eventId", f.content, md5(f.content::text) as hash
    from files f left join call_index_state s on s.file_id = f.id
    where f.type = 'transcript' and f.content is not null
      and (s.file_id is null or s.content_hash <> md5(f.content::text))
    order by f.date, f.id
    limit ${params.limit}`);
  return rowsOf<StaleTranscript & { date: string | Date }>(result).map((row) => ({
    ...row,
    date: new Date(row.date).toISOString(),
  }));
}

/**
 * Replaces the passages of a batch of files (and of their live calls, once their transcripts are stored) and
 * records the content hash each was cut from: three statements for the whole batch.
 */
export async function replaceFilePassages(
  db: Database,
  params: { files: readonly { fileId: string; eventId: number | null; hash: string }[]; rows: readonly PassageRow[] },
): Promise<void> {
  const ids = params.files.map((file) => file.fileId);
  const live = params.files.flatMap((file) => (file.eventId === null ? [] : [liveCallId(file.eventId)]));
  // A stored transcript's call id is its file id (the primary key's first column finds its passages).
  await db.execute(sql`delete from call_passages where call_id = any(${p(ids)}::text[])`);
  if (live.length > 0) await db.execute(sql`delete from call_passages where call_id = any(${p(live)}::text[])`);
  await insertPassages(db, params.rows);
  await db.execute(sql`
    insert into call_index_state (file_id, content_hash)
    select * from unnest(${p(ids)}::text[], ${p(params.files.map((file) => file.hash))}::text[])
    on conflict (file_id) do update set content_hash = excluded.content_hash, indexed_at = now()`);
}

export const liveCallId = (eventId: number) => `live:${eventId}`;

export interface LiveSegmentRow {
  eventId: number;
  seq: number;
  speaker: string;
  role: string | null;
  section: string | null;
  turn: number;
  text: string;
  assetId: number | null;
  symbol: string | null;
  date: string;
  periodYear: number | null;
  period: string | null;
  hasTranscript: boolean;
}

/** A live call's segments after `afterSeq`, with its event's company and quarter. */
export async function liveSegmentsAfter(
  db: Database,
  params: { eventId: number; afterSeq: number },
): Promise<LiveSegmentRow[]> {
  const result = await db.execute(sql`
    select s.event_id as "eventId", s.seq, s.speaker, s.role, s.section, s.turn, s.text, e.asset_id as "assetId",
      e.symbol, e.event_date as date, e.period_year as "periodYear", e.period,
      exists (select 1 from files f where f.event_id = e.id and f.type = 'transcript') as "hasTranscript"
    from live_transcript_segments s join events e on e.id = s.event_id
    where s.event_id = ${params.eventId} and s.seq > ${params.afterSeq}
    order by s.seq`);
  return rowsOf<LiveSegmentRow & { date: string | Date }>(result).map((row) => ({
    ...row,
    date: new Date(row.date).toISOString(),
  }));
}

export async function lastLiveSeq(db: Database, params: { eventId: number }): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(seq), -1)::int as seq from call_passages where call_id = ${liveCallId(params.eventId)}`,
  );
  return rowsOf<{ seq: number }>(result)[0]?.seq ?? -1;
}
