/**
 * The summaries' SQL: which transcripts need one, a transcript with the hash of its content, and the upsert of
 * an analysis. A transcript's content hash is md5 of its jsonb text, computed by PostgreSQL both when it is read
 * for summarising and when the queue looks for work, so the two always agree.
 */
import { type Database, fileAnalysis, files, rowsOf } from '@eh/db';
import { and, eq, sql } from 'drizzle-orm';

const contentHash = sql<string>`md5(${files.content}::text)`;

/** A transcript with some text in it (a stored one with empty paragraphs has nothing to summarise). */
const hasText = sql`jsonb_path_exists(${files.content}, '$.sections[*].paragraphs[*].text ? (@ != "")')`;

export interface PendingParams {
  limit: number;
  /** Ids this run already tried (left out, so one failing file cannot hold the queue). */
  skip?: readonly string[];
}

/**
 * Transcripts with text that have no analysis, or one we made from different content (its `meta` entry's hash);
 * newest first. An analysis without a `meta` entry was stored by something else and is left alone.
 */
export async function pendingTranscripts(db: Database, params: PendingParams): Promise<string[]> {
  const skip = params.skip?.length ? sql`and f.id <> all(${sql.param([...params.skip])}::text[])` : sql``;
  const result = await db.execute(sql`
    select f.id from ${files} f
    left join ${fileAnalysis} fa on fa.file_id = f.id
    where f.type = 'transcript' and f.content is not null
      and jsonb_path_exists(f.content, '$.sections[*].paragraphs[*].text ? (@ != "")')
      and (fa.file_id is null or (
        fa.highlights @> '[{"kind": "meta"}]'::jsonb
        and not fa.highlights @> jsonb_build_array(jsonb_build_object('kind', 'meta', 'transcriptHash', md5(f.content::text)))))
      ${skip}
    order by f.date desc, f.id
    limit ${params.limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export interface TranscriptRow {
  id: string;
  symbol: string;
  title: string;
  content: Record<string, unknown> | null;
  hash: string;
}

export async function transcriptOf(db: Database, params: { id: string }): Promise<TranscriptRow | undefined> {
  const rows = await db
    .select({ id: files.id, symbol: files.symbol, title: files.title, content: files.content, hash: contentHash })
    .from(files)
    .where(and(eq(files.id, params.id), eq(files.type, 'transcript'), hasText));
  return rows[0];
}

export interface StoreParams {
  fileId: string;
  summary: string;
  highlights: unknown[];
  sentiment: number | null;
  model: string;
  source: string;
}

/** Inserts or replaces the file's analysis; `created_at` is when this one was written. */
export async function storeAnalysis(db: Database, params: StoreParams): Promise<void> {
  const values = { ...params, createdAt: sql`now()` };
  await db
    .insert(fileAnalysis)
    .values(values)
    .onConflictDoUpdate({
      target: fileAnalysis.fileId,
      set: {
        summary: params.summary,
        highlights: params.highlights,
        sentiment: params.sentiment,
        model: params.model,
        source: params.source,
        createdAt: sql`now()`,
      },
    });
}
