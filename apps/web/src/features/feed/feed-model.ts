/**
 * The earnings feed (SPEC §3 feed item kinds, §5 "the feed keeps only news types chosen locally"): news items,
 * transcript files and calls merged into one list, newest first, each as one of the seven kinds. Pure TypeScript.
 */
import type { ContentType, FeedItemKind } from '@eh/domain';

/** Which kind of feed item each content type makes. */
export const CONTENT_TYPE_KIND: Readonly<Record<ContentType, FeedItemKind>> = {
  earnings_results: 'earningsResults',
  story: 'article',
  wiim: 'article',
  headline: 'headline',
  transcript: 'transcript',
  transcript_summary: 'transcriptSummary',
  live_call: 'liveCall',
  recorded_call: 'recordedCall',
};

export const FEED_KIND_LABELS: Readonly<Record<FeedItemKind, string>> = {
  earningsResults: 'Earnings results',
  article: 'Article',
  headline: 'Headline',
  transcript: 'Transcript',
  transcriptSummary: 'Call summary',
  liveCall: 'Live call',
  recordedCall: 'Recorded call',
};

export interface FeedNews {
  id: number;
  slug: string;
  title: string;
  summary: string | null;
  newsType: string;
  symbols: readonly string[];
  createdDate: string;
}
export interface FeedFile {
  id: string;
  symbol: string;
  name: string;
  type: string;
  title: string;
  date: string;
  hasAnalysis: boolean;
}
export interface FeedCall {
  id: number;
  symbol: string | null;
  title: string;
  eventStatus: string;
  eventDate: string;
  audioUrl: string | null;
}

export interface FeedItem {
  key: string;
  kind: FeedItemKind;
  /** The content type the reader's choice filters on. */
  contentType: ContentType;
  title: string;
  summary: string | null;
  symbols: readonly string[];
  at: string;
  /** Where the item opens: an article, a transcript or a symbol's events. */
  href: string;
  newsId?: number;
  /** A transcript file's id: a plain click reads it in the transcript modal, over the feed. */
  fileId?: string;
}

const isContentType = (value: string): value is ContentType => value in CONTENT_TYPE_KIND;

export function feedItemsFromNews(news: readonly FeedNews[]): FeedItem[] {
  return news.flatMap((item): FeedItem[] => {
    if (!isContentType(item.newsType)) return [];
    return [
      {
        key: `news:${item.id}`,
        kind: CONTENT_TYPE_KIND[item.newsType],
        contentType: item.newsType,
        title: item.title,
        summary: item.summary,
        symbols: item.symbols,
        at: item.createdDate,
        href: `/news/${item.id}/${item.slug}`,
        newsId: item.id,
      },
    ];
  });
}

/** Transcript files become transcript items; an analysed one is also its call summary. */
export function feedItemsFromFiles(files: readonly FeedFile[]): FeedItem[] {
  return files.flatMap((file): FeedItem[] => {
    if (file.type !== 'transcript') return [];
    const base = {
      symbols: [file.symbol],
      at: file.date,
      href: `/transcripts/${encodeURIComponent(file.id)}`,
      fileId: file.id,
    };
    const items: FeedItem[] = [
      {
        ...base,
        key: `file:${file.id}`,
        kind: 'transcript',
        contentType: 'transcript',
        title: file.title,
        summary: null,
      },
    ];
    if (file.hasAnalysis)
      items.push({
        ...base,
        key: `summary:${file.id}`,
        kind: 'transcriptSummary',
        contentType: 'transcript_summary',
        title: `${file.name}: call summary`,
        summary: null,
      });
    return items;
  });
}

/** Calls on now are live-call items; finished calls with a recording are recorded-call items. */
export function feedItemsFromCalls(calls: readonly FeedCall[]): FeedItem[] {
  return calls.flatMap((call): FeedItem[] => {
    const live = call.eventStatus === 'live';
    if (!live && !(call.eventStatus === 'closed' && call.audioUrl)) return [];
    const symbol = call.symbol ?? '';
    return [
      {
        key: `call:${call.id}`,
        kind: live ? 'liveCall' : 'recordedCall',
        contentType: live ? 'live_call' : 'recorded_call',
        title: call.title,
        summary: null,
        symbols: symbol ? [symbol] : [],
        at: call.eventDate,
        href: symbol ? `/${encodeURIComponent(symbol)}/events/${call.id}` : '/calls',
      },
    ];
  });
}

/**
 * What makes two items the same story: news already announces transcripts, summaries and calls, so a file or a
 * call of the same kind, company and day is the same item (the news one, listed first, is kept).
 */
function sameStoryKey(item: FeedItem): string {
  if (item.kind === 'article' || item.kind === 'headline' || item.kind === 'earningsResults') return item.key;
  return `${item.kind}:${item.symbols[0] ?? ''}:${item.at.slice(0, 10)}`;
}

/** One feed: items of the chosen content types only, newest first, each story once. */
export function buildFeed(
  sources: { news?: readonly FeedNews[]; files?: readonly FeedFile[]; calls?: readonly FeedCall[] },
  chosen: readonly ContentType[],
  limit = Number.POSITIVE_INFINITY,
): FeedItem[] {
  const allowed = new Set(chosen);
  const seen = new Set<string>();
  return [
    ...feedItemsFromNews(sources.news ?? []),
    ...feedItemsFromFiles(sources.files ?? []),
    ...feedItemsFromCalls(sources.calls ?? []),
  ]
    .filter((item) => {
      const key = sameStoryKey(item);
      if (!allowed.has(item.contentType) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, limit);
}
