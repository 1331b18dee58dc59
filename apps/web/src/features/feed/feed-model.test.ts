import { FEED_ITEM_KINDS } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { buildFeed, CONTENT_TYPE_KIND, type FeedCall, type FeedFile, type FeedNews } from './feed-model.ts';

const news = (id: number, newsType: string, createdDate: string): FeedNews => ({
  id,
  slug: `item-${id}`,
  title: `Item ${id}`,
  summary: null,
  newsType,
  symbols: ['AAPL'],
  createdDate,
});
const file = (id: string, date: string, hasAnalysis: boolean): FeedFile => ({
  id,
  symbol: 'MSFT',
  name: 'Microsoft',
  type: 'transcript',
  title: `MSFT call ${id}`,
  date,
  hasAnalysis,
});
const call = (id: number, eventStatus: string, audioUrl: string | null): FeedCall => ({
  id,
  symbol: 'NVDA',
  title: `NVDA call ${id}`,
  eventStatus,
  eventDate: `2026-11-2${id}T21:00:00.000Z`,
  audioUrl,
});

describe(buildFeed.name, () => {
  it('maps every content type to one of the seven SPEC kinds, and every kind is reachable', () => {
    expect(new Set(Object.values(CONTENT_TYPE_KIND))).toEqual(new Set(FEED_ITEM_KINDS));
  });

  it('keeps only the chosen types, newest first', () => {
    const feed = buildFeed(
      {
        news: [
          news(1, 'earnings_results', '2026-11-20T12:00:00.000Z'),
          news(2, 'story', '2026-11-21T12:00:00.000Z'),
          news(3, 'transcript_summary', '2026-11-22T12:00:00.000Z'),
          news(4, 'not_a_type', '2026-11-22T13:00:00.000Z'),
        ],
      },
      ['earnings_results', 'transcript_summary'],
    );
    expect(feed.map((item) => item.key)).toEqual(['news:3', 'news:1']);
    expect(feed.map((item) => item.kind)).toEqual(['transcriptSummary', 'earningsResults']);
    expect(feed[0]?.href).toBe('/news/3/item-3');
  });

  it('turns transcript files and calls into transcript, summary, live and recorded items', () => {
    const feed = buildFeed(
      {
        files: [file('f1', '2026-11-20T22:00:00.000Z', true), file('f2', '2026-11-19T22:00:00.000Z', false)],
        calls: [
          call(1, 'live', null),
          call(2, 'closed', 'https://audio'),
          call(3, 'closed', null),
          call(4, 'upcoming', null),
        ],
      },
      ['transcript', 'transcript_summary', 'live_call', 'recorded_call'],
    );
    expect(feed.map((item) => [item.key, item.kind])).toEqual([
      ['call:2', 'recordedCall'],
      ['call:1', 'liveCall'],
      ['file:f1', 'transcript'],
      ['summary:f1', 'transcriptSummary'],
      ['file:f2', 'transcript'],
    ]);
    expect(feed[0]?.href).toBe('/NVDA/events/2');
  });

  it('lists a transcript announced by the news once (the news item)', () => {
    const feed = buildFeed(
      {
        news: [{ ...news(7, 'transcript', '2026-11-20T23:00:00.000Z'), symbols: ['MSFT'] }],
        files: [file('f1', '2026-11-20T22:00:00.000Z', false), file('f0', '2026-11-13T22:00:00.000Z', false)],
      },
      ['transcript'],
    );
    expect(feed.map((item) => item.key)).toEqual(['news:7', 'file:f0']);
  });

  it('honours the limit and an empty choice', () => {
    const sources = {
      news: [news(1, 'headline', '2026-11-20T12:00:00.000Z'), news(2, 'headline', '2026-11-21T12:00:00.000Z')],
    };
    expect(buildFeed(sources, ['headline'], 1).map((item) => item.key)).toEqual(['news:2']);
    expect(buildFeed(sources, [])).toEqual([]);
  });
});
