/**
 * Keyword alerts (decision 0044): each saved search is tried on the calls (and summaries, news articles, filings)
 * just indexed, in the sources it looks in; a match is recorded once per saved search and document
 * (`call_search_hits`) and published through the notifications engine to its one user, with the best matching
 * passage. A re-ingested transcript or article is indexed again but never alerts twice.
 */
import type { Database } from '@eh/db';
import { parseCallSearch, searchHitPath, snippetParts, toTsQueryText } from '@eh/domain';
import { publishEvent } from '../notifications/index.ts';
import * as q from './queries.ts';
import * as saved from './saved-queries.ts';

export interface KeywordAlert {
  savedSearchId: string;
  userId: string;
  callId: string;
}

/** Where the words were found, as an alert's title says it: 'in the AAPL Q3 2026 call', 'in the news: …'. */
export function whereSaid(call: q.CallIdentity): string {
  const quarter = call.period && call.periodYear ? ` ${call.period} ${call.periodYear}` : '';
  if (call.source === 'summary') return `in the AI summary of the ${call.symbol}${quarter} call`;
  if (call.source === 'news') return `in the news: ${call.newsTitle ?? 'an article'}`;
  if (call.source === 'filing') return `in ${call.symbol}’s ${call.form ?? 'SEC'} filing`;
  return `in the ${call.symbol}${quarter} call`;
}

/** Tries every saved search on the calls; returns the alerts published. */
export async function alertSavedSearches(db: Database, callIds: readonly string[]): Promise<KeywordAlert[]> {
  if (callIds.length === 0) return [];
  const searches = await saved.allSaved(db);
  const published: KeywordAlert[] = [];
  for (const search of searches) {
    const parsed = parseCallSearch(search.query);
    if (parsed.kind !== 'query') continue;
    const tsquery = toTsQueryText(parsed.query);
    const { listId: _list, symbols, ...rest } = search.filters;
    const filters: q.PassageFilters = { ...rest, symbols: symbols?.map((symbol) => symbol.toUpperCase()) };
    const best = await q.snippetsOf(db, { tsquery, callIds, filters, perCall: 1 });
    for (const hit of best) {
      if (!(await saved.recordHit(db, { savedSearchId: search.id, callId: hit.callId }))) continue;
      const call = await q.callOf(db, { callId: hit.callId });
      if (!call) continue;
      const quote = snippetParts(hit.marked)
        .map((part) => part.text)
        .join('');
      await publishEvent(
        db,
        {
          kind: 'keywordMention',
          eventKey: `keyword:${search.id}:${hit.callId}`,
          symbol: call.symbol,
          userId: search.userId,
          title: `“${search.query}” ${whereSaid(call)}`,
          body: `${hit.speaker}: “${quote}”`,
          path: searchHitPath(call, hit),
          data: {
            savedSearchId: search.id,
            callId: hit.callId,
            source: call.source,
            live: call.source === 'transcript' && call.fileId === null,
          },
        },
        { audience: 'searcher' },
      );
      published.push({ savedSearchId: search.id, userId: search.userId, callId: hit.callId });
    }
  }
  return published;
}
