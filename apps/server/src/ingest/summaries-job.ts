/**
 * The job that gives new or changed transcripts their AI summary (decision 0024). Ingestion queues it when it stores
 * files; the AI summaries module runs it in a worker lane of its own, and queues it once per database (its seed)
 * for the transcripts stored before.
 */
import type { Database } from '@eh/db';
import { enqueue } from '../kernel/jobs/queue.ts';

export const SUMMARIES_JOB = 'transcript-summaries';

/** Queues a run unless one is already queued or running (the job's unique key). */
export function enqueueSummaries(db: Database): Promise<number | null> {
  return enqueue(db, { name: SUMMARIES_JOB, uniqueKey: SUMMARIES_JOB });
}
