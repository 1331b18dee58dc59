/**
 * News on the service tier: the newest items, by symbols (fewer by default across several), content types and
 * symbol filter groups (the custom one is the caller's own lists and alerts), by asset and by tag, and one item with
 * its body. First on the demo market, every expectation read back from its rows with Drizzle; then on hand-made
 * items, every expectation computed from them.
 */
import { CUSTOM_FILTER_SIGN_IN_MESSAGE, POPULAR_SYMBOLS_COUNT } from '@eh/contracts';
import { alerts, assetListItems, assetLists, assets, news } from '@eh/db';
import { CUSTOM_SYMBOL_FILTER, DEFAULT_LIMITS, SYMBOL_FILTER_MIN_MARKET_CAP } from '@eh/domain';
import { and, arrayContains, arrayOverlaps, desc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { customGroupSymbols, newsItemExists } from '../../src/modules/news/queries.ts';
import * as newsService from '../../src/modules/news/service.ts';
import { clearMarketData, popularSymbols } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

const HOUR = 3_600_000;
const BODY = '<p>Revenue <strong>rose</strong> 8% to $94.9B.</p>';

interface Item {
  externalId: string;
  title: string;
  newsType: string;
  symbols: string[];
  tags: string[];
  publishedAt: Date;
}

eachDatabase((service) => {
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;

  describe('the demo market', () => {
    /** The ids of the stored items matching `where`, newest first, as many as `limit`. */
    const newestStored = async (where: SQL | undefined, limit: number) =>
      (
        await db()
          .select({ id: news.id })
          .from(news)
          .where(where)
          .orderBy(desc(news.publishedAt), desc(news.id))
          .limit(limit)
      ).map((row) => row.id);
    const ids = (answer: { news: { id: number }[] }) => answer.news.map((item) => item.id);

    it(`gives the newest ${DEFAULT_LIMITS.news} by default, without bodies`, async () => {
      const answer = await newsService.list(ctx(), undefined, {});
      expect(ids(answer)).toEqual(await newestStored(undefined, DEFAULT_LIMITS.news));
      expect(answer.news).toHaveLength(DEFAULT_LIMITS.news);
      for (const item of answer.news) expect(item).not.toHaveProperty('body');
      // No symbol (an empty list, as a blank query leaves) is no symbol filter.
      expect(ids(await newsService.list(ctx(), undefined, { symbols: [] }))).toEqual(ids(answer));
    });

    it("gives a stock's news, the news of the biggest companies, and a tag's", async () => {
      const {
        stocks: [symbol],
      } = await popularSymbols(db());
      expect(ids(await newsService.forAsset(ctx(), symbol.toLowerCase(), { limit: 10 }))).toEqual(
        await newestStored(arrayOverlaps(news.symbols, [symbol]), 10),
      );
      const biggest = (
        await db()
          .select({ symbol: assets.symbol })
          .from(assets)
          .where(
            and(
              eq(assets.active, true),
              inArray(assets.type, ['stock', 'otc']),
              gte(assets.marketCap, SYMBOL_FILTER_MIN_MARKET_CAP.hundred_billion),
            ),
          )
      ).map((row) => row.symbol);
      expect(biggest.length).toBeGreaterThan(0);
      expect(ids(await newsService.list(ctx(), undefined, { filter: 'hundred_billion', limit: 20 }))).toEqual(
        await newestStored(arrayOverlaps(news.symbols, biggest), 20),
      );
      expect(ids(await newsService.forTag(ctx(), 'top_stories', { limit: DEFAULT_LIMITS.tagNews }))).toEqual(
        await newestStored(arrayContains(news.tags, ['top_stories']), DEFAULT_LIMITS.tagNews),
      );
    });

    it('gives one item with its body as stored', async () => {
      const [stored] = await db()
        .select()
        .from(news)
        .where(isNotNull(news.body))
        .orderBy(desc(news.publishedAt), desc(news.id))
        .limit(1);
      if (!stored) throw new Error('the demo market has no news body');
      expect(await newsService.one(ctx(), stored.id)).toEqual({
        id: stored.id,
        slug: stored.slug,
        title: stored.title,
        summary: stored.summary,
        url: stored.url,
        imageUrl: stored.imageUrl,
        author: stored.author,
        newsType: stored.newsType,
        tags: stored.tags,
        symbols: stored.symbols,
        createdDate: stored.publishedAt.toISOString(),
        source: stored.source,
        body: stored.body,
      });
      expect(await newsItemExists(db(), { id: stored.id })).toBe(true);
    });
  });

  describe('hand-made items', () => {
    const now = Date.now();
    const items: Item[] = [];
    const stored = new Map<string, number>();
    const item = (externalId: string, newsType: string, symbols: string[], tags: string[], hoursAgo: number) => ({
      externalId,
      title: `News ${externalId}`,
      newsType,
      symbols,
      tags,
      publishedAt: new Date(now - hoursAgo * HOUR),
    });
    const externalIds = (answer: { news: { id: number }[] }) =>
      answer.news.map((entry) => [...stored].find(([, id]) => id === entry.id)?.[0]);
    const newest = (filter: (it: Item) => boolean, limit: number) =>
      items
        .filter(filter)
        .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
        .slice(0, limit)
        .map((it) => it.externalId);

    beforeAll(async () => {
      await clearMarketData(db());
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
      await db()
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
      const rows = await db()
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
      for (const row of rows) stored.set(row.externalId, row.id);
    });

    describe('the newest news', () => {
      it(`gives the newest ${DEFAULT_LIMITS.news} by default, without bodies`, async () => {
        const answer = await newsService.list(ctx(), undefined, {});
        expect(externalIds(answer)).toEqual(newest(() => true, DEFAULT_LIMITS.news));
        expect(answer.news[0]).not.toHaveProperty('body');
        expect(answer.news[0]).toMatchObject({
          title: 'News a1',
          slug: 'a1',
          summary: 'Summary of a1',
          newsType: 'earnings_results',
          symbols: ['AAPL'],
          tags: ['top_stories'],
          createdDate: items[0]?.publishedAt.toISOString(),
          source: 'test',
        });
      });

      it(`gives ${DEFAULT_LIMITS.multiSymbolNews} across several symbols unless a limit is given`, async () => {
        const aboutBoth = (it: Item) => it.symbols.includes('AAPL') || it.symbols.includes('MSFT');
        expect(externalIds(await newsService.list(ctx(), undefined, { symbols: ['aapl', 'MSFT'] }))).toEqual(
          newest(aboutBoth, DEFAULT_LIMITS.multiSymbolNews),
        );
        expect(externalIds(await newsService.list(ctx(), undefined, { symbols: ['AAPL', 'MSFT'], limit: 20 }))).toEqual(
          newest(aboutBoth, 20),
        );
        const one = await newsService.list(ctx(), undefined, { symbols: ['AAPL'] });
        expect(externalIds(one)).toEqual(newest((it) => it.symbols.includes('AAPL'), DEFAULT_LIMITS.news));
        // One symbol keeps the full default; several share the shorter one.
        expect(newsService.defaultNewsLimit(['AAPL'])).toBe(DEFAULT_LIMITS.news);
        expect(newsService.defaultNewsLimit(undefined)).toBe(DEFAULT_LIMITS.news);
      });

      it('filters by content types and by symbol filter group', async () => {
        const list = (query: Parameters<typeof newsService.list>[2]) =>
          newsService.list(ctx(), undefined, query).then(externalIds);
        expect(await list({ types: ['earnings_results', 'wiim'] })).toEqual(['a1', 'macro']);
        expect(await list({ filter: 'hundred_billion', limit: 4 })).toEqual(['a1', 'a2', 'm1', 'old0']);
        expect(await list({ filter: 'one_billion', types: ['story'] })).toEqual(['a2']);
        expect(await list({ filter: 'popular', types: ['story'] })).toEqual(['a2']);
        expect(await list({ filter: 'all', types: ['story'] })).toEqual(['a2', 's1']);
      });
    });

    describe('the custom filter group', () => {
      let ann: Caller;
      let bob: Caller;

      beforeAll(async () => {
        [ann, bob] = await Promise.all([service().user(), service().user()]);
        const [list] = await db().insert(assetLists).values({ userId: ann.sub, name: 'Mine' }).returning();
        if (!list) throw new Error('the list was not stored');
        await db()
          .insert(assetListItems)
          .values([
            { listId: list.id, userId: ann.sub, symbol: 'msft', assetType: 'stock' },
            // Cash is no symbol of the group.
            { listId: list.id, userId: ann.sub, symbol: 'AAPL', assetType: 'cash' },
          ]);
        await db().insert(alerts).values({ userId: ann.sub, symbol: 'SMALL' });
      });

      it("is the news about the symbols of the user's own lists and alerts, with the other filters", async () => {
        const own = (it: Item) => it.symbols.includes('MSFT') || it.symbols.includes('SMALL');
        const read = async (caller: Caller, query: Parameters<typeof newsService.list>[2] = {}) =>
          externalIds(await newsService.list(ctx(), caller, { filter: CUSTOM_SYMBOL_FILTER, ...query }));
        expect(await read(ann)).toEqual(newest(own, DEFAULT_LIMITS.news));
        const stories = newest((it) => own(it) && it.newsType === 'story', DEFAULT_LIMITS.news);
        expect(await read(ann, { types: ['story'] })).toEqual(stories);
        // With symbols as well, only those of the group: AAPL is not the user's.
        const aboutMsft = newest((it) => it.symbols.includes('MSFT'), DEFAULT_LIMITS.multiSymbolNews);
        expect(await read(ann, { symbols: ['MSFT', 'AAPL'] })).toEqual(aboutMsft);
        expect(await read(bob)).toEqual([]);
      });

      it('needs a caller', async () => {
        await expect(newsService.list(ctx(), undefined, { filter: CUSTOM_SYMBOL_FILTER })).rejects.toMatchObject({
          statusCode: 401,
          message: CUSTOM_FILTER_SIGN_IN_MESSAGE,
        });
      });

      it("gives each user's group symbols upper-case, as the live socket matches news against them", async () => {
        const groups = await customGroupSymbols(db(), { userIds: [ann.sub, bob.sub] });
        expect([...groups.keys()]).toEqual([ann.sub, bob.sub]);
        expect(groups.get(ann.sub)?.sort()).toEqual(['MSFT', 'SMALL']);
        expect(groups.get(bob.sub)).toEqual([]);
        expect(await customGroupSymbols(db(), { userIds: [] })).toEqual(new Map());
      });
    });

    describe('news by asset, by tag, and one item', () => {
      it('gives the newest news of one asset; an unknown symbol is not found', async () => {
        expect(externalIds(await newsService.forAsset(ctx(), 'aapl', { limit: 3 }))).toEqual(['a1', 'a2', 'old0']);
        await expect(newsService.forAsset(ctx(), 'NOPE', { limit: 3 })).rejects.toMatchObject({
          statusCode: 404,
          message: "No asset with the symbol 'NOPE'",
        });
      });

      it(`gives ${DEFAULT_LIMITS.tagNews} tagged items by default (top_stories)`, async () => {
        const tagged = (tag: string) =>
          newsService.forTag(ctx(), tag, { limit: DEFAULT_LIMITS.tagNews }).then(externalIds);
        expect(await tagged('top_stories')).toEqual(
          newest((it) => it.tags.includes('top_stories'), DEFAULT_LIMITS.tagNews),
        );
        expect(await tagged('macro')).toEqual(['macro']);
        expect(await tagged('nothing-here')).toEqual([]);
      });

      it('gives one item with its body as stored; an unknown one is not found', async () => {
        const id = stored.get('a1') ?? 0;
        expect(await newsService.one(ctx(), id)).toMatchObject({
          id,
          title: 'News a1',
          body: BODY,
          summary: 'Summary of a1',
          source: 'test',
        });
        expect(await newsService.one(ctx(), stored.get('a2') ?? 0)).toMatchObject({ body: null });
        await expect(newsService.one(ctx(), 999_999)).rejects.toMatchObject({
          statusCode: 404,
          message: 'No news item 999999',
        });
      });

      it('tells whether an item is stored, for any number asked', async () => {
        expect(await newsItemExists(db(), { id: stored.get('macro') ?? 0 })).toBe(true);
        for (const id of [999_999, 0, -1, 1.5, 2_147_483_648, Number.NaN])
          expect(await newsItemExists(db(), { id }), String(id)).toBe(false);
      });
    });
  });
});
