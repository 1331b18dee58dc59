/**
 * Fills the call search index (decision 0044): every stored transcript cut into passages of a few sentences, and a
 * live call's segments as they are spoken. Ingestion runs {@link indexTranscriptsForIngest} after it stores files
 * , which queues the keyword alerts for what it indexed; the
 * live call's writer indexes and alerts at once (modules/call-search).
 */

import type { Database } from '@eh/db';
import { callSectionOf, callSpeakerRoleOf, indexableText, passageSpans, sentenceSpans } from '@eh/domain';
import { enqueue } from '../kernel/jobs/queue.ts';
import * as q from './call-passages-queries.ts';
import { anySavedSearch } from './search-sources-queries.ts';

/** The job that tries the saved searches on calls just indexed (payload: `callIds`), in the notifications lane. */
export const KEYWORD_ALERTS_JOB = 'keyword-alerts';
/** Calls one keyword-alerts job tries. */
export const KEYWORD_ALERTS_JOB_CALLS = 500;

/** Transcripts read per query of a run. */
export const INDEX_BATCH = 200;
/**
 * Passages one transaction writes at most (a document with more goes alone): a row costs its tsvector and its GIN
 * entries, about 0.1 ms of the embedded database, so a transaction holds it some 30 ms while pages read beside it.
 * A read's batch of 200 transcripts in one transaction held it 400-480 ms during a first start's fill.
 */
export const PASSAGES_PER_TRANSACTION = 300;

/** Documents with their passages in groups of about {@link PASSAGES_PER_TRANSACTION} rows, each written at once. */
export function passageGroups<T>(
  documents: readonly T[],
  cut: (document: T) => q.PassageRow[],
  max = PASSAGES_PER_TRANSACTION,
): { documents: T[]; rows: q.PassageRow[] }[] {
  const groups: { documents: T[]; rows: q.PassageRow[] }[] = [];
  let group: { documents: T[]; rows: q.PassageRow[] } | null = null;
  for (const document of documents) {
    const rows = cut(document);
    if (group === null || (group.rows.length > 0 && group.rows.length + rows.length > max)) {
      group = { documents: [], rows: [] };
      groups.push(group);
    }
    group.documents.push(document);
    for (const row of rows) group.rows.push(row);
  }
  return groups;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored transcript's passages (stored content is vendor-shaped JSON: anything missing reads as empty). */
export function passagesOfTranscript(file: q.StaleTranscript): q.PassageRow[] {
  const sections = Array.isArray(file.content?.sections) ? (file.content.sections as unknown[]) : [];
  const rows: q.PassageRow[] = [];
  sections.forEach((raw, section) => {
    const record = (raw ?? {}) as Record<string, unknown>;
    const part = callSectionOf(text(record.title));
    const paragraphs = Array.isArray(record.paragraphs) ? (record.paragraphs as unknown[]) : [];
    paragraphs.forEach((rawParagraph, paragraph) => {
      const item = (rawParagraph ?? {}) as Record<string, unknown>;
      const body = text(item.text);
      const speaker = text(item.speaker);
      const role = callSpeakerRoleOf(speaker, typeof item.role === 'string' ? item.role : null);
      for (const [start, end] of passageSpans(body, sentenceSpans(body))) {
        const passage = indexableText(body.slice(start, end));
        if (passage.trim() === '') continue;
        rows.push({
          callId: file.id,
          seq: rows.length,
          fileId: file.id,
          eventId: file.eventId,
          assetId: file.assetId,
          symbol: file.symbol,
          date: file.date,
          periodYear: file.periodYear,
          period: file.period,
          part: role === 'operator' && part === null ? null : part,
          role,
          speaker,
          section,
          paragraph,
          start,
          end,
          text: passage,
        });
      }
    });
  });
  return rows;
}

/**
 * Indexes every transcript not yet indexed or changed since; an unchanged transcript stored again is left alone
 * (its content hash is the same). Returns the calls indexed.
 */
export async function indexTranscripts(db: Database): Promise<string[]> {
  const indexed: string[] = [];
  for (;;) {
    const stale = await q.staleTranscripts(db, { limit: INDEX_BATCH });
    if (stale.length === 0) return indexed;
    for (const group of passageGroups(stale, passagesOfTranscript))
      await db.transaction(async (tx) =>
        q.replaceFilePassages(tx as unknown as Database, {
          files: group.documents.map((file) => ({ fileId: file.id, eventId: file.eventId, hash: file.hash })),
          rows: group.rows,
        }),
      );
    indexed.push(...stale.map((file) => file.id));
  }
}

/** Indexes a live call's segments spoken since the last run; none once its transcript is stored. */
export async function indexLiveCall(db: Database, eventId: number): Promise<string | null> {
  const after = await q.lastLiveSeq(db, { eventId });
  const segments = await q.liveSegmentsAfter(db, { eventId, afterSeq: after });
  const first = segments[0];
  if (!first || first.assetId === null || first.symbol === null || first.hasTranscript) return null;
  const sectionTitles: string[] = [];
  const rows = segments.flatMap((segment) => {
    const title = segment.section ?? '';
    if (!sectionTitles.includes(title)) sectionTitles.push(title);
    const body = indexableText(segment.text);
    if (body.trim() === '') return [];
    return [
      {
        callId: q.liveCallId(eventId),
        seq: segment.seq,
        fileId: null,
        eventId,
        assetId: first.assetId as number,
        symbol: first.symbol as string,
        date: segment.date,
        periodYear: segment.periodYear,
        period: segment.period,
        part: callSectionOf(title),
        role: callSpeakerRoleOf(segment.speaker, segment.role),
        speaker: segment.speaker,
        section: sectionTitles.indexOf(title),
        paragraph: segment.turn,
        start: 0,
        end: segment.text.length,
        text: body,
      },
    ];
  });
  await q.insertPassages(db, rows);
  return rows.length > 0 ? q.liveCallId(eventId) : null;
}

/** What ingestion runs after storing files: index, then queue the keyword alerts for the calls indexed. */
export async function indexTranscriptsForIngest(db: Database): Promise<string[]> {
  const calls = await indexTranscripts(db);
  if (calls.length === 0 || !(await anySavedSearch(db))) return calls;
  for (let at = 0; at < calls.length; at += KEYWORD_ALERTS_JOB_CALLS)
    await enqueue(db, {
      name: KEYWORD_ALERTS_JOB,
      payload: { callIds: calls.slice(at, at + KEYWORD_ALERTS_JOB_CALLS) },
    });
  return calls;
}
