import type { Database } from '@eh/db';
import { indexLiveCall, indexTranscripts } from '../../ingest/call-passages.ts';
import { type IndexedSource, indexSearchSources } from '../../ingest/search-sources.ts';
import { sourcesBehind } from '../../ingest/search-sources-queries.ts';
import type { ServerModule } from '../../kernel/module.ts';
import type { Seed } from '../../kernel/seed.ts';
import { alertSavedSearches } from './alerts.ts';
import { CALL_SEARCH_JOB_HANDLERS, enqueueSourcesIndex } from './jobs.ts';
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

const SEARCH_SOURCES_INDEXED: readonly IndexedSource[] = ['summary', 'news', 'filing'];

/** Indexes the summaries, news and filings stored since the last run and tries the saved searches on them. */
export async function indexStoredSources(db: Database, sources: readonly IndexedSource[] = SEARCH_SOURCES_INDEXED) {
  const calls = await indexSearchSources(db, sources);
  return { calls, alerts: await alertSavedSearches(db, calls) };
}

/**
 * The backfill: the AI summaries, news and filings a database holds when search first looks in them, indexed by a
 * job in the background. Nothing alerts: no saved search could look in them before.
 */
export const searchSourcesSeed: Seed = {
  name: 'search-sources',
  async run(db) {
    // A first start indexed what it stored as it went: a copy of its folder must not run the backfill again.
    if (await sourcesBehind(db)) await enqueueSourcesIndex(db);
  },
};

/** Search inside calls (decision 0044): the passages index, search and trends, saved searches and their alerts. */
export const callSearchModule: ServerModule = {
  name: 'call-search',
  routes: [callSearchRoutes],
  // Keyword alerts are notifications: they run in that lane.
  jobs: { lane: 'notifications', handlers: CALL_SEARCH_JOB_HANDLERS },
};
