/**
 * The summaries job's name and how it is queued (its lane of the worker runs it: jobs/index.ts, summaries.ts): by
 * ingestion when it stores new or changed files, and once per database by the `transcript-summaries` seed, for the
 * transcripts stored before.
 */
import type { Database } from '@eh/db';
import { enqueue } from '../../jobs/queue.ts';
import type { Seed } from '../../seed/types.ts';

export const SUMMARIES_JOB = 'transcript-summaries';

/** Queues a run unless one is already queued or running (the job's unique key). */
export function enqueueSummaries(db: Database): Promise<number | null> {
  return enqueue(db, { name: SUMMARIES_JOB, uniqueKey: SUMMARIES_JOB });
}

/** The backfill: the transcripts a database holds when summaries first come to it. */
export const transcriptSummariesSeed: Seed = {
  name: 'transcript-summaries',
  async run(db) {
    await enqueueSummaries(db);
  },
};
