import { CALL_SEARCH_DEFAULT_SOURCES, type CallSearchSource, searchSourcesOf } from '@eh/domain';

/** What each source is called on its toggle and in a saved search. */
export const SOURCE_LABELS: Record<CallSearchSource, string> = {
  transcript: 'Transcripts',
  summary: 'AI summaries',
  news: 'News',
  filing: 'SEC filings',
};

/** What a hit from each source is labelled. */
export const HIT_LABELS: Record<CallSearchSource, string> = {
  transcript: 'Transcript',
  summary: 'AI summary',
  news: 'News',
  filing: 'SEC filing',
};

/** The `sources` parameter after a toggle: absent for transcripts alone (the links made before sources existed). */
export function toggledSources(current: string | undefined, source: CallSearchSource): string {
  const chosen = searchSourcesOf(current?.split(','));
  const next = chosen.includes(source) ? chosen.filter((one) => one !== source) : [...chosen, source];
  const kept = searchSourcesOf(next);
  return kept.join(',') === CALL_SEARCH_DEFAULT_SOURCES.join(',') ? '' : kept.join(',');
}
