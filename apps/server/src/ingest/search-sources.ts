/**
 * Fills the further sources of call search (decision 0044): each call's AI summary (a statement a passage, located
 * at its first citation), news articles (headline, and summary with body as one passage) and SEC filings (what is stored of them: form, kind, description and 8-K items; no
 * filing text is stored). Ingestion runs {@link indexSearchSourcesForIngest} after storing news or filings, the AI
 * summaries job after writing summaries; both queue the keyword alerts for what they indexed. The
 * `search-sources` seed queues {@link SEARCH_SOURCES_INDEX_JOB} for what a database held before (it alerts no one:
 * no saved search could look in these sources yet).
 */
import type { Database } from '@eh/db';
import {
  type CallSearchSource,
  EIGHT_K_ITEMS,
  indexableText,
  passageSpans,
  SEC_FILING_KINDS,
  sentenceSpans,
} from '@eh/domain';
import { enqueue } from '../kernel/jobs/queue.ts';
import { KEYWORD_ALERTS_JOB, KEYWORD_ALERTS_JOB_CALLS, passageGroups } from './call-passages.ts';
import type { PassageRow } from './call-passages-queries.ts';
import { plainText } from './news-text.ts';
import * as q from './search-sources-queries.ts';

/**
 * The backfill's job (notifications lane, with the keyword alerts): indexes what a database held before search looked
 * in these sources, in the background rather than holding up a start (45 s on the demo market with its history).
 */
export const SEARCH_SOURCES_INDEX_JOB = 'search-sources-index';

/** Documents read per query of a run. */
export const SOURCE_INDEX_BATCH = 200;

/** What a passage of each kind of statement is called beside its snippet. */
const STATEMENT_LABELS: Readonly<Record<string, string>> = {
  summary: 'AI summary',
  keyNumber: 'Key number',
  highlight: 'Highlight',
  risk: 'Risk',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Offsets of the passages of a text: up to three sentences each, as a transcript's paragraph is cut. */
function spansOf(body: string): [number, number][] {
  return passageSpans(body, sentenceSpans(body));
}

interface Location {
  section: number;
  paragraph: number;
  start: number;
  end: number;
}

/** The first citation's place, or nowhere (an older analysis's statement has none): the link opens the summary. */
function firstCitation(value: unknown): Location {
  const citations = Array.isArray(value) ? value : [];
  const first = (citations[0] ?? {}) as Record<string, unknown>;
  const int = (key: string) =>
    Number.isInteger(first[key]) && (first[key] as number) >= 0 ? (first[key] as number) : 0;
  const at = { section: int('section'), paragraph: int('paragraph'), start: int('start'), end: int('end') };
  return at.end > at.start ? at : { section: 0, paragraph: 0, start: 0, end: 0 };
}

/**
 * A stored analysis's passages: one per statement (the paragraph's sentences, key numbers, highlights, risks), each
 * located at the passage of the transcript it cites; an older analysis (no statements) is its paragraph cut in
 * passages. Stored content is whatever wrote it: anything unreadable is left out.
 */
export function passagesOfSummary(row: q.StaleSummary): PassageRow[] {
  const base = {
    callId: q.summaryCallId(row.fileId),
    source: 'summary' as CallSearchSource,
    fileId: row.fileId,
    eventId: row.eventId,
    assetId: row.assetId,
    symbol: row.symbol,
    date: row.date,
    periodYear: row.periodYear,
    period: row.period,
    part: null,
    role: null,
  };
  const rows: PassageRow[] = [];
  const entries = Array.isArray(row.highlights) ? (row.highlights as unknown[]) : [];
  for (const raw of entries) {
    const entry = (typeof raw === 'string' ? { kind: 'highlight', text: raw } : (raw ?? {})) as Record<string, unknown>;
    const kind = text(entry.kind);
    const label = STATEMENT_LABELS[kind];
    const said = indexableText(text(entry.text)).trim();
    if (!label || said === '') continue;
    const named = kind === 'keyNumber' && text(entry.label) ? `${label}: ${text(entry.label)}` : label;
    rows.push({ ...base, seq: rows.length, speaker: named, ...firstCitation(entry.citations), text: said });
  }
  if (!rows.some((passage) => passage.speaker === STATEMENT_LABELS.summary)) {
    const paragraph = row.summary;
    for (const [start, end] of spansOf(paragraph)) {
      const said = indexableText(paragraph.slice(start, end));
      if (said.trim() === '') continue;
      rows.push({
        ...base,
        seq: rows.length,
        speaker: STATEMENT_LABELS.summary as string,
        section: 0,
        paragraph: 0,
        start: 0,
        end: 0,
        text: said,
      });
    }
  }
  return rows;
}

/** Blocks of sanitised news HTML (news-text.ts allows no other markup) that end a paragraph. */
const BLOCK_END = /<\/(?:p|li|h[2-4]|blockquote|pre|tr|figcaption|ul|ol|table)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The paragraphs of a stored (sanitised) news body, as plain text. */
export function newsParagraphs(html: string | null): string[] {
  if (!html) return [];
  return html
    .split(BLOCK_END)
    .map((block) => plainText(block))
    .filter((paragraph) => paragraph !== '');
}

/**
 * A news article's passages: its headline (section 0, weighed as a headline) and its text (section 1): the summary,
 * then each paragraph of the body that does not repeat it, one passage for the article. A hit opens the article's
 * page, not a place in it, and a row per three sentences cost the demo market's history 66,000 rows for 18,600
 * short articles.
 */
export function passagesOfNews(row: q.StaleNews): PassageRow[] {
  const rows: PassageRow[] = [];
  const add = (section: number, body: string, speaker: string) => {
    const said = indexableText(body);
    if (said.trim() === '') return;
    rows.push({
      callId: q.newsCallId(row.id),
      seq: rows.length,
      source: 'news',
      fileId: null,
      eventId: null,
      newsId: row.id,
      assetId: row.assetId,
      symbol: row.symbol,
      date: row.publishedAt,
      periodYear: null,
      period: null,
      part: null,
      role: null,
      speaker,
      section,
      paragraph: 0,
      start: 0,
      end: said.length,
      text: said,
    });
  };
  const title = plainText(row.title);
  add(0, title, 'Headline');
  const summary = row.summary ? plainText(row.summary) : '';
  const paragraphs = [summary, ...newsParagraphs(row.body)].filter(
    (paragraph) => paragraph !== '' && paragraph !== title,
  );
  add(1, [...new Set(paragraphs)].join('\n'), 'Article');
  return rows;
}

/** What is stored of a filing, as one passage: "8-K Current Report. Current report. Item 2.02 Results of …". */
export function filingText(row: Pick<q.StaleFiling, 'form' | 'kind' | 'description' | 'items'>): string {
  const kind = SEC_FILING_KINDS.find((known) => known.key === row.kind) ?? null;
  const parts = [kind ? `${row.form} ${kind.label}` : row.form];
  // A description that only names the kind ("Annual report") says nothing more.
  const said = (text: string) => text.trim().replace(/\.$/, '').toLowerCase();
  if (row.description && said(row.description) !== said(kind?.label ?? '')) parts.push(row.description);
  for (const item of row.items) parts.push(`Item ${item}${EIGHT_K_ITEMS[item] ? ` ${EIGHT_K_ITEMS[item]}` : ''}`);
  return indexableText(parts.map((part) => part.trim().replace(/\.$/, '')).join('. '));
}

export function passagesOfFiling(row: q.StaleFiling): PassageRow[] {
  const said = filingText(row);
  return [
    {
      callId: q.filingCallId(row.id),
      seq: 0,
      source: 'filing',
      fileId: null,
      eventId: null,
      filingId: row.id,
      assetId: row.assetId,
      symbol: row.symbol,
      date: row.date,
      periodYear: null,
      period: null,
      part: null,
      role: null,
      speaker: row.form,
      section: 0,
      paragraph: 0,
      start: 0,
      end: said.length,
      text: said,
    },
  ];
}

/** Which sources a run indexes. */
export type IndexedSource = Exclude<CallSearchSource, 'transcript'>;

/** Indexes every stale document of the sources (the summaries of the files given, when given); returns their ids. */
export async function indexSearchSources(
  db: Database,
  sources: readonly IndexedSource[],
  options: {
    summaryFileIds?: readonly string[];
    /** Only news and filings added after the last indexed one: an ingestion that changed no stored row. */
    addedOnly?: boolean;
    signal?: AbortSignal;
  } = {},
): Promise<string[]> {
  const indexed: string[] = [];
  const run = async <T extends { hash: string }>(
    stale: (afterId: number) => Promise<T[]>,
    idOf: (row: T) => string,
    cut: (row: T) => PassageRow[],
    cursorOf: (row: T) => number = () => 0,
    startAfter = 0,
  ) => {
    let after = startAfter;
    // Stopped between batches: what is left stays stale for the next run.
    while (!options.signal?.aborted) {
      const batch = await stale(after);
      if (batch.length === 0) return;
      after = Math.max(after, ...batch.map(cursorOf));
      for (const group of passageGroups(batch, cut))
        await db.transaction(async (tx) =>
          q.replaceSourcePassages(tx as unknown as Database, {
            documents: group.documents.map((row) => ({ callId: idOf(row), hash: row.hash })),
            rows: group.rows,
          }),
        );
      indexed.push(...batch.map(idOf));
    }
  };
  if (sources.includes('summary') && options.summaryFileIds?.length !== 0)
    await run(
      () => q.staleSummaries(db, { limit: SOURCE_INDEX_BATCH, fileIds: options.summaryFileIds }),
      (row) => q.summaryCallId(row.fileId),
      passagesOfSummary,
    );
  if (sources.includes('news'))
    await run(
      (afterId) => q.staleNews(db, { limit: SOURCE_INDEX_BATCH, afterId }),
      (row) => q.newsCallId(row.id),
      passagesOfNews,
      (row) => row.id,
      options.addedOnly ? await q.lastIndexedId(db, 'news') : 0,
    );
  if (sources.includes('filing'))
    await run(
      (afterId) => q.staleFilings(db, { limit: SOURCE_INDEX_BATCH, afterId }),
      (row) => q.filingCallId(row.id),
      passagesOfFiling,
      (row) => row.id,
      options.addedOnly ? await q.lastIndexedId(db, 'filing') : 0,
    );
  return indexed;
}

/** Indexes, then queues the keyword alerts for what was indexed (as transcripts' ingestion does). */
export async function indexSearchSourcesForIngest(
  db: Database,
  sources: readonly IndexedSource[],
  options: { summaryFileIds?: readonly string[]; addedOnly?: boolean } = {},
): Promise<string[]> {
  const calls = await indexSearchSources(db, sources, options);
  // A first start indexes five years of news with no saved search to try: no job per batch for nothing.
  if (calls.length === 0 || !(await q.anySavedSearch(db))) return calls;
  for (let at = 0; at < calls.length; at += KEYWORD_ALERTS_JOB_CALLS)
    await enqueue(db, {
      name: KEYWORD_ALERTS_JOB,
      payload: { callIds: calls.slice(at, at + KEYWORD_ALERTS_JOB_CALLS) },
    });
  return calls;
}
