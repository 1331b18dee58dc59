import { randomUUID } from 'node:crypto';
import { CUSTOM_FILTER_SIGN_IN_MESSAGE, POPULAR_SYMBOLS_COUNT } from '@eh/contracts';
import { alerts, assetListItems, assetLists, assets, news } from '@eh/db';
import { CUSTOM_SYMBOL_FILTER, DEFAULT_LIMITS } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list as listNews } from '../../src/modules/news/service.ts';
import { ensureUser } from '../../src/modules/users/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';
import { clearMarketData } from '../market-fixtures.ts';

/** The news API against a real database with hand-made items; expectations are computed from them. */

let server: TestServer;
const HOUR = 3_600_000;
const now = Date.now();
const BODY = '<p>Revenue <strong>rose</strong> 8% to $94.9B.</p>';

interface Item {
  externalId: string;
  title: string;
  newsType: string;
  symbols: string[];
  tags: string[];
  publishedAt: Date;
}
const items: Item[] = [];
const ids = new Map<string, number>();

function item(externalId: string, newsType: string, symbols: string[], tags: string[], hoursAgo: number): Item {
  return {
    externalId,
    title: `News ${externalId}`,
    newsType,
    symbols,
    tags,
    publishedAt: new Date(now - hoursAgo * HOUR),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  await clearMarketData(server.ctx.db);
  const db = server.ctx.db;
  const stock = (symbol: string, marketCap: number, popularity: number) => ({
    symbol,
    symbolUpper: symbol,
    name: `${symbol} Inc.`,
    type: 'stock' as const,
    marketCap,
    popularity,
    source: 'test',
  });
  // SMALL is followed by no one: more than POPULAR_SYMBOLS_COUNT names rank above it.
  await db
    .insert(assets)
    .values([
      stock('AAPL', 3e12, 10_000),
      stock('MSFT', 2.8e12, 9_000),
      stock('SMALL', 5e8, 0),
      ...Array.from({ length: POPULAR_SYMBOLS_COUNT }, (_, i) => stock(`F${i}`, 2e9, 100 + i)),
    ]);
  items.push(
    item('a1', 'earnings_results', ['AAPL'], ['top_stories'], 1),
    item('a2', 'story', ['AAPL'], [], 2),
    item('m1', 'headline', ['MSFT'], ['top_stories'], 3),
    item('s1', 'story', ['SMALL'], [], 4),
    item('macro', 'wiim', [], ['top_stories', 'macro'], 5),
    ...Array.from({ length: 60 }, (_, i) => item(`old${i}`, 'headline', ['AAPL'], [], 24 + i)),
  );
  const rows = await db
    .insert(news)
    .values(
      items.map((it) => ({
        ...it,
        slug: it.externalId,
        summary: `Summary of ${it.externalId}`,
        body: it.externalId === 'a1' ? BODY : null,
        source: 'test',
      })),
    )
    .returning({ id: news.id, externalId: news.externalId });
  for (const row of rows) ids.set(row.externalId, row.id);
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const res = await server.api(`/api${path}`);
  return { status: res.status, body: await body(res) };
};
const externalIds = (list: { id: number }[]) => list.map((entry) => [...ids].find(([, id]) => id === entry.id)?.[0]);
const newest = (filter: (it: Item) => boolean, limit: number) =>
  items
    .filter(filter)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, limit)
    .map((it) => it.externalId);

describe('GET /pricing/news', () => {
  it(`gives the newest ${DEFAULT_LIMITS.news} by default, without bodies`, async () => {
    const { status, body: list } = await get('/pricing/news');
    expect(status).toBe(200);
    expect(externalIds(list.news)).toEqual(newest(() => true, DEFAULT_LIMITS.news));
    expect(list.news[0]).not.toHaveProperty('body');
    expect(list.news[0]).toMatchObject({
      title: 'News a1',
      newsType: 'earnings_results',
      symbols: ['AAPL'],
      tags: ['top_stories'],
      createdDate: items[0]?.publishedAt.toISOString(),
    });
  });

  it('reads an empty symbol list (symbols=%20, symbols=,) as no symbol filter, never a 500', async () => {
    for (const query of ['symbols=%20', 'symbols=,', 'symbols=']) {
      const { status, body: list } = await get(`/pricing/news?${query}`);
      expect([query, status]).toEqual([query, 200]);
      expect(externalIds(list.news)).toEqual(newest(() => true, DEFAULT_LIMITS.news));
    }
  });

  it(`gives ${DEFAULT_LIMITS.multiSymbolNews} across several symbols unless a limit is given`, async () => {
    const aboutBoth = (it: Item) => it.symbols.includes('AAPL') || it.symbols.includes('MSFT');
    const several = await get('/pricing/news?symbols=aapl,MSFT');
    expect(externalIds(several.body.news)).toEqual(newest(aboutBoth, DEFAULT_LIMITS.multiSymbolNews));
    const limited = await get('/pricing/news?symbols=AAPL,MSFT&limit=20');
    expect(externalIds(limited.body.news)).toEqual(newest(aboutBoth, 20));
    const one = await get('/pricing/news?symbols=AAPL');
    expect(one.body.news).toHaveLength(DEFAULT_LIMITS.news);
  });

  it('filters by content types and by symbol filter group', async () => {
    const typed = await get('/pricing/news?types=earnings_results,wiim');
    expect(externalIds(typed.body.news)).toEqual(['a1', 'macro']);
    const big = await get('/pricing/news?filter=hundred_billion&limit=4');
    expect(externalIds(big.body.news)).toEqual(['a1', 'a2', 'm1', 'old0']);
    const popular = await get('/pricing/news?filter=popular&types=story');
    expect(externalIds(popular.body.news)).toEqual(['a2']);
    const all = await get('/pricing/news?filter=all&types=story');
    expect(externalIds(all.body.news)).toEqual(['a2', 's1']);
  });

  it('refuses bad parameters naming the field', async () => {
    const cases: [string, string][] = [
      ['types=gossip', 'query.types'],
      ['filter=trillion', 'query.filter'],
      ['limit=0', 'query.limit'],
      ['limit=501', 'query.limit'],
      ['symbols=%24%24%24', 'query.symbols'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/pricing/news?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message.startsWith(`${field}`), res.body.message).toBe(true);
    }
  });
});

describe('the custom filter group', () => {
  it('is the news about the symbols of the user’s own lists and alerts, with the other filters', async () => {
    const db = server.ctx.db;
    const [ann, bob] = [randomUUID(), randomUUID()];
    for (const id of [ann, bob]) await ensureUser(db, { id, email: `${id}@example.com` });
    const [list] = await db.insert(assetLists).values({ userId: ann, name: 'Mine' }).returning();
    if (!list) throw new Error('the list was not stored');
    await db.insert(assetListItems).values({ listId: list.id, userId: ann, symbol: 'MSFT', assetType: 'stock' });
    await db.insert(alerts).values({ userId: ann, symbol: 'SMALL' });
    const own = (it: Item) => it.symbols.includes('MSFT') || it.symbols.includes('SMALL');
    const read = async (userId: string, query: Parameters<typeof listNews>[2] = {}) =>
      externalIds(
        (await listNews(server.ctx, { sub: userId, email: null }, { filter: CUSTOM_SYMBOL_FILTER, ...query })).news,
      );

    expect(await read(ann)).toEqual(newest(own, DEFAULT_LIMITS.news));
    const stories = newest((it) => own(it) && it.newsType === 'story', DEFAULT_LIMITS.news);
    expect(await read(ann, { types: ['story'] })).toEqual(stories);
    // With symbols as well, only those of the group: AAPL is not the user's.
    const aboutMsft = newest((it) => it.symbols.includes('MSFT'), DEFAULT_LIMITS.multiSymbolNews);
    expect(await read(ann, { symbols: ['MSFT', 'AAPL'] })).toEqual(aboutMsft);
    expect(await read(bob)).toEqual([]);
  });

  it('answers 401 signed out, and a signed-in caller the news of their lists', async () => {
    const anonymous = await get(`/pricing/news?filter=${CUSTOM_SYMBOL_FILTER}`);
    expect(anonymous).toEqual({ status: 401, body: { message: CUSTOM_FILTER_SIGN_IN_MESSAGE, code: 'UNAUTHORIZED' } });
    const carol = await signedInUser(server, 'carol.news@example.com');
    const created = await server.api('/api/earnings/lists', json({ name: 'Watch' }, { headers: carol.headers }));
    const { id } = (await body(created)) as { id: string };
    const added = await server.api(
      `/api/earnings/lists/${id}/items`,
      json({ symbol: 'aapl' }, { headers: carol.headers }),
    );
    expect([created.status, added.status]).toEqual([201, 201]);
    const res = await server.api(`/api/pricing/news?filter=${CUSTOM_SYMBOL_FILTER}&limit=3`, {
      headers: carol.headers,
    });
    expect(res.status).toBe(200);
    expect(externalIds((await body(res)).news)).toEqual(newest((it) => it.symbols.includes('AAPL'), 3));
  });
});

describe('news by asset, by tag, and one item', () => {
  it('gives the newest news of one asset; an unknown symbol is a 404', async () => {
    const { body: list } = await get('/pricing/news/assets/aapl?limit=3');
    expect(externalIds(list.news)).toEqual(['a1', 'a2', 'old0']);
    const unknown = await get('/pricing/news/assets/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No asset with the symbol 'NOPE'");
  });

  it(`gives ${DEFAULT_LIMITS.tagNews} tagged items by default (top_stories)`, async () => {
    const { body: top } = await get('/pricing/news/tags/top_stories');
    expect(externalIds(top.news)).toEqual(newest((it) => it.tags.includes('top_stories'), DEFAULT_LIMITS.tagNews));
    expect(externalIds((await get('/pricing/news/tags/macro')).body.news)).toEqual(['macro']);
    expect((await get('/pricing/news/tags/nothing-here')).body.news).toEqual([]);
    expect((await get('/pricing/news/tags/Bad%20Tag')).status).toBe(400);
  });

  it('gives one item with its body as stored; unknown is a 404, a non-number a 400', async () => {
    const { status, body: article } = await get(`/pricing/news/${ids.get('a1')}`);
    expect(status).toBe(200);
    expect(article).toMatchObject({ title: 'News a1', body: BODY, summary: 'Summary of a1', source: 'test' });
    const unknown = await get('/pricing/news/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No news item 999999', code: 'NOT_FOUND' });
    const bad = await get('/pricing/news/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^path\.id: /);
  });
});
