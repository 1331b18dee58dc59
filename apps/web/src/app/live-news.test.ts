import type { FileMeta, NewsItem } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import { feedApi } from '../features/feed/feed-api.ts';
import { marketApi } from '../shared/market/market-api.ts';
import { createLiveCache } from './live-cache.ts';
import { placeNewest } from './live-news.ts';
import { makeStore } from './store.ts';

function news(id: number, over: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    slug: `item-${id}`,
    title: `Item ${id}`,
    summary: null,
    url: null,
    imageUrl: null,
    author: null,
    newsType: 'earnings_results',
    tags: ['earnings'],
    symbols: ['AAPL'],
    createdDate: `2026-11-2${id}T12:00:00.000Z`,
    source: 'demo',
    ...over,
  };
}

function file(id: string, over: Partial<FileMeta> = {}): FileMeta {
  return {
    id,
    symbol: 'AAPL',
    name: `${id}.json`,
    type: 'transcript',
    periodYear: 2026,
    period: 'Q4',
    title: 'Q4 2026 earnings call transcript',
    date: '2026-11-28T22:00:00.000Z',
    ...over,
  } as FileMeta;
}

describe(placeNewest.name, () => {
  const byDate = (row: { d: string }) => row.d;
  it('puts an item at its date, keeps a full page full, and replaces one it holds', () => {
    const list = [
      { id: 3, d: '3' },
      { id: 1, d: '1' },
    ];
    placeNewest(list, { id: 2, d: '2' }, byDate, 2);
    expect(list.map((row) => row.id)).toEqual([3, 2]);
    placeNewest(list, { id: 3, d: '3b' }, byDate, 2);
    expect(list).toEqual([
      { id: 3, d: '3b' },
      { id: 2, d: '2' },
    ]);
    // Older than a full page: stays out; a page with room takes it at the end.
    placeNewest(list, { id: 0, d: '0' }, byDate, 2);
    expect(list.map((row) => row.id)).toEqual([3, 2]);
    placeNewest(list, { id: 0, d: '0' }, byDate, 5);
    expect(list.map((row) => row.id)).toEqual([3, 2, 0]);
  });
});

describe('live news and files in the cache', () => {
  it('adds a news item to the lists that ask for it: its type, its symbol, its tag; not the others', async () => {
    const store = makeStore();
    const seed = (endpoint: 'getNews' | 'getAssetNews' | 'getTagNews', args: object) =>
      store.dispatch(marketApi.util.upsertQueryData(endpoint, args as never, { news: [news(1)] }));
    await seed('getNews', { types: ['earnings_results'], limit: 10 });
    await seed('getNews', { types: ['story'], limit: 10 });
    await seed('getAssetNews', { symbol: 'aapl', limit: 10 });
    await seed('getAssetNews', { symbol: 'MSFT', limit: 10 });
    await seed('getTagNews', { tag: 'top_stories', limit: 10 });
    const cache = createLiveCache(store);
    cache.receive({ type: 'marketNews', data: news(5, { tags: ['earnings', 'top_stories'] }) });
    const ids = (endpoint: 'getNews' | 'getAssetNews' | 'getTagNews', args: object) =>
      (marketApi.endpoints[endpoint].select(args as never)(store.getState() as never).data?.news ?? []).map(
        (n) => n.id,
      );
    expect(ids('getNews', { types: ['earnings_results'], limit: 10 })).toEqual([5, 1]);
    expect(ids('getNews', { types: ['story'], limit: 10 })).toEqual([1]);
    expect(ids('getAssetNews', { symbol: 'aapl', limit: 10 })).toEqual([5, 1]);
    expect(ids('getAssetNews', { symbol: 'MSFT', limit: 10 })).toEqual([1]);
    expect(ids('getTagNews', { tag: 'top_stories', limit: 10 })).toEqual([5, 1]);
    // The same item again (a correction) is shown once.
    cache.receive({ type: 'marketNews', data: news(5, { title: 'Corrected', tags: ['top_stories'] }) });
    expect(ids('getTagNews', { tag: 'top_stories', limit: 10 })).toEqual([5, 1]);
  });

  it("adds a file to its company's files of its type and to the feeds of its type", async () => {
    const store = makeStore();
    const older = file('f-old', { date: '2026-11-01T22:00:00.000Z' });
    const aapl = { symbol: 'AAPL', types: 'transcript,sec_10k' };
    const slides = { symbol: 'AAPL', types: 'slides' };
    await store.dispatch(
      marketApi.util.upsertQueryData('getAssetFiles', aapl, { symbol: 'AAPL', files: [older], filings: [] }),
    );
    await store.dispatch(
      marketApi.util.upsertQueryData('getAssetFiles', slides, { symbol: 'AAPL', files: [], filings: [] }),
    );
    for (const filter of ['transcripts', 'slides', 'latest'] as const)
      await store.dispatch(
        feedApi.util.upsertQueryData('getFilesByFilter', { filter, limit: 5 }, { filter, files: [older] }),
      );
    createLiveCache(store).receive({ type: 'marketDataAssetFile', data: file('f-new') });
    const files = (args: typeof aapl) =>
      marketApi.endpoints.getAssetFiles
        .select(args)(store.getState() as never)
        .data?.files.map((f) => f.id);
    const feed = (filter: 'transcripts' | 'slides' | 'latest') =>
      feedApi.endpoints.getFilesByFilter
        .select({ filter, limit: 5 })(store.getState() as never)
        .data?.files.map((f) => f.id);
    expect(files(aapl)).toEqual(['f-new', 'f-old']);
    expect(files(slides)).toEqual([]);
    expect(feed('transcripts')).toEqual(['f-new', 'f-old']);
    expect(feed('latest')).toEqual(['f-new', 'f-old']);
    expect(feed('slides')).toEqual(['f-old']);
  });
});
