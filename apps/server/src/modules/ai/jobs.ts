/**
 * How the summaries job (ingest/summaries-job.ts) first comes to a database: the `transcript-summaries` seed queues
 * one run for the transcripts stored before summaries existed. Its lane of the worker runs it (summaries.ts).
 */
import { enqueueSummaries } from '../../ingest/summaries-job.ts';
import type { Seed } from '../../kernel/seed.ts';

/** The backfill: the transcripts a database holds when summaries first come to it. */
export const transcriptSummariesSeed: Seed = {
  name: 'transcript-summaries',
  async run(db) {
    await enqueueSummaries(db);
  },
};
