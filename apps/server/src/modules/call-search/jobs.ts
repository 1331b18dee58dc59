import type { Database } from '@eh/db';
import { z } from 'zod';
import { KEYWORD_ALERTS_JOB, KEYWORD_ALERTS_JOB_CALLS } from '../../ingest/call-passages.ts';
import { indexSearchSources, SEARCH_SOURCES_INDEX_JOB } from '../../ingest/search-sources.ts';
import type { JobHandler } from '../../kernel/jobs/handler.ts';
import { enqueue } from '../../kernel/jobs/queue.ts';
import { alertSavedSearches } from './alerts.ts';

const Payload = z.object({ callIds: z.array(z.string()).max(KEYWORD_ALERTS_JOB_CALLS) });

/** Tries the saved searches on the calls ingestion indexed (each alerts once per saved search and call). */
export const runKeywordAlertsJob: JobHandler = async ({ ctx, job }) => {
  const payload = Payload.safeParse(job.payload);
  if (!payload.success) return;
  await alertSavedSearches(ctx.db, payload.data.callIds);
};

/** Queues the backfill of the further sources unless one is queued or running. */
export const enqueueSourcesIndex = (db: Database) =>
  enqueue(db, { name: SEARCH_SOURCES_INDEX_JOB, uniqueKey: SEARCH_SOURCES_INDEX_JOB });

/** The backfill: every summary, article and filing not indexed yet; a stopped run leaves the rest to a new job. */
export const runSourcesIndexJob: JobHandler = async ({ ctx, signal, log }) => {
  const started = performance.now();
  const indexed = await indexSearchSources(ctx.db, ['summary', 'news', 'filing'], { signal });
  if (signal.aborted)
    await enqueue(ctx.db, { name: SEARCH_SOURCES_INDEX_JOB, uniqueKey: `${SEARCH_SOURCES_INDEX_JOB}:more` });
  if (indexed.length > 0)
    log.info({ indexed: indexed.length, ms: Math.round(performance.now() - started) }, 'search sources indexed');
};

export const CALL_SEARCH_JOB_HANDLERS = {
  [KEYWORD_ALERTS_JOB]: runKeywordAlertsJob,
  [SEARCH_SOURCES_INDEX_JOB]: runSourcesIndexJob,
};
