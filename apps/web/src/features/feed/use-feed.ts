import type { ContentType } from '@eh/domain';
import { useMemo } from 'react';
import { useGetNewsQuery } from '../../shared/market/market-api.ts';
import { useLiveTargets } from '../live/index.ts';
import { useGetEventsQuery, useGetFilesByFilterQuery } from './feed-api.ts';
import { buildFeed, type FeedItem } from './feed-model.ts';

const FILE_TYPES: readonly ContentType[] = ['transcript', 'transcript_summary'];
const CALL_TYPES: readonly ContentType[] = ['live_call', 'recorded_call'];
/** Files and calls fetched per feed: enough to fill a page of the feed. */
const SOURCE_LIMIT = 25;

/** The feed of the chosen content types from news, transcript files and calls (each fetched only when chosen). */
export function useFeed(chosen: readonly ContentType[], limit: number) {
  const wantsFiles = chosen.some((type) => FILE_TYPES.includes(type));
  const wantsCalls = chosen.some((type) => CALL_TYPES.includes(type));
  const news = useGetNewsQuery({ types: [...chosen], limit }, { skip: chosen.length === 0 });
  const files = useGetFilesByFilterQuery({ filter: 'transcripts', limit: SOURCE_LIMIT }, { skip: !wantsFiles });
  // New news of the chosen types and new transcripts join the feed as they are published (SPEC §5).
  useLiveTargets({
    ...(chosen.length > 0 ? { news: [...chosen] } : {}),
    ...(wantsFiles ? { filesFilter: ['transcripts' as const] } : {}),
  });
  const calls = useGetEventsQuery(
    { type: ['call'], status: ['live', 'closed'], limit: SOURCE_LIMIT },
    { skip: !wantsCalls },
  );
  const items = useMemo(
    (): FeedItem[] =>
      buildFeed({ news: news.data?.news, files: files.data?.files, calls: calls.data?.events }, chosen, limit),
    [news.data, files.data, calls.data, chosen, limit],
  );
  return {
    items,
    isLoading: news.isLoading || files.isLoading || calls.isLoading,
    error: news.error ?? files.error ?? calls.error,
    refetch: () => {
      if (chosen.length > 0) news.refetch();
      if (wantsFiles) files.refetch();
      if (wantsCalls) calls.refetch();
    },
  };
}
