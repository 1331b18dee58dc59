import { z } from 'zod';
import { KEYWORD_ALERTS_JOB, KEYWORD_ALERTS_JOB_CALLS } from '../../ingest/call-passages.ts';
import type { JobHandler } from '../../kernel/jobs/handler.ts';
import { alertSavedSearches } from './alerts.ts';

const Payload = z.object({ callIds: z.array(z.string()).max(KEYWORD_ALERTS_JOB_CALLS) });

/** Tries the saved searches on the calls ingestion indexed (each alerts once per saved search and call). */
export const runKeywordAlertsJob: JobHandler = async ({ ctx, job }) => {
  const payload = Payload.safeParse(job.payload);
  if (!payload.success) return;
  await alertSavedSearches(ctx.db, payload.data.callIds);
};

export const CALL_SEARCH_JOB_HANDLERS = { [KEYWORD_ALERTS_JOB]: runKeywordAlertsJob };
