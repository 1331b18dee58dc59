import type { Database } from '@eh/db';
import { indexLiveCall, indexTranscripts } from '../../ingest/call-passages.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { alertSavedSearches } from './alerts.ts';
import { CALL_SEARCH_JOB_HANDLERS } from './jobs.ts';
import { callSearchRoutes } from './routes.ts';

/** Indexes the transcripts stored since the last run and tries the saved searches on them. */
export async function indexStoredTranscripts(db: Database) {
  const calls = await indexTranscripts(db);
  return { calls, alerts: await alertSavedSearches(db, calls) };
}

/** Indexes what a live call said since the last run and tries the saved searches on it. */
export async function indexSpokenSegments(db: Database, eventId: number) {
  const call = await indexLiveCall(db, eventId);
  return { call, alerts: call ? await alertSavedSearches(db, [call]) : [] };
}

/** Search inside calls (decision 0044): the passages index, search and trends, saved searches and their alerts. */
export const callSearchModule: ServerModule = {
  name: 'call-search',
  routes: [callSearchRoutes],
  // Keyword alerts are notifications: they run in that lane.
  jobs: { lane: 'notifications', handlers: CALL_SEARCH_JOB_HANDLERS },
};
