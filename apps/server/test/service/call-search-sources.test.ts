/**
 * The further sources of search inside calls on the service tier: AI summaries, news articles and SEC filings cut
 * into passages beside the transcripts', looked in only when a search names them (transcripts alone otherwise), each
 * hit saying its source and linking to its page; an unchanged document left alone when stored again; trends and
 * keyword alerts following the sources (an article alerts a saved search once, like a call). The rows are this
 * file's own ('ZQT…' companies, words nothing else says).
 */

import { fileAnalysis, files, news, notificationEvents, secFilings } from '@eh/db';
import { PLUS_PLAN, searchHitPath } from '@eh/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexSearchSourcesForIngest } from '../../src/ingest/search-sources.ts';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import { indexStoredSources, indexStoredTranscripts } from '../../src/modules/call-search/index.ts';
import { runSourcesIndexJob } from '../../src/modules/call-search/jobs.ts';
import * as service from '../../src/modules/call-search/service.ts';
import { insertAsset } from '../integration/earnings-seed.ts';
import { eachDatabase, silentLog } from './context.ts';

type SearchArgs = Parameters<typeof service.search>[1];
const search = (ctx: Parameters<typeof service.search>[0], q: string, extra: Partial<SearchArgs> = {}) =>
  service.search(ctx, { q, sort: 'relevance', ...extra } as SearchArgs, undefined);

const TRANSCRIPT = {
  sections: [
    {
      title: 'Prepared Remarks',
      paragraphs: [
        { speaker: 'Chief Executive Officer', role: 'Trellium Corp', text: 'Trellium demand rose in every region.' },
        { speaker: 'Chief Financial Officer', role: 'Trellium Corp', text: 'Margins held at forty percent.' },
      ],
    },
  ],
};

const ANALYSIS = {
  summary: 'Demand for vortigen rose. Margins held.',
  highlights: [
    {
      kind: 'summary',
      text: 'Demand for vortigen rose in every region.',
      citations: [{ section: 0, paragraph: 0, start: 0, end: 37, quote: 'Trellium demand rose in every region.' }],
    },
    {
      kind: 'keyNumber',
      metric: 'grossMargin',
      label: 'Gross margin',
      figure: 'forty percent',
      text: 'Margins held at forty percent, quelvar said.',
      citations: [{ section: 0, paragraph: 1, start: 0, end: 30, quote: 'Margins held at forty percent.' }],
    },
    { kind: 'risk', text: 'Vortigen supply is tight.', citations: [] },
    { kind: 'meta', transcriptHash: 'x', fallback: null },
  ],
};

eachDatabase((service_) => {
  const ctx = () => service_().ctx;
  const db = () => service_().ctx.db;
  const ids: Record<string, number> = {};
  let articleId = 0;
  let filingId = 0;

  async function storeArticle(externalId: string, values: Partial<typeof news.$inferInsert>) {
    const [row] = await db()
      .insert(news)
      .values({
        externalId,
        slug: `${externalId}-slug`,
        title: 'A headline',
        newsType: 'article',
        publishedAt: new Date('2089-03-02T12:00:00Z'),
        source: 'test',
        ...values,
      })
      .onConflictDoUpdate({ target: [news.source, news.externalId], set: values })
      .returning({ id: news.id });
    return row?.id as number;
  }

  beforeAll(async () => {
    ids.ZQTA = await insertAsset(db(), { symbol: 'ZQTA', name: 'Trellium Corp', sector: 'Materials', marketCap: 5e10 });
    ids.ZQTB = await insertAsset(db(), { symbol: 'ZQTB', name: 'Quonset Mills', sector: 'Materials', marketCap: 3e9 });
    await db()
      .insert(files)
      .values({
        id: 'zqt-a-1',
        assetId: ids.ZQTA,
        symbol: 'ZQTA',
        type: 'transcript',
        periodYear: 2089,
        period: 'Q1',
        title: 'ZQTA Q1 call',
        date: new Date('2089-03-01T21:00:00Z'),
        content: TRANSCRIPT,
        source: 'test',
      });
    await indexStoredTranscripts(db());
    await db()
      .insert(fileAnalysis)
      .values({ fileId: 'zqt-a-1', ...ANALYSIS, sentiment: 0.4, model: 'test', source: 'test' });
    articleId = await storeArticle('zqt-news-1', {
      title: 'Quonset Mills buys a glarvex plant',
      summary: 'The deal adds glarvex capacity.',
      body: '<p>The deal adds glarvex capacity.</p><p>Trellium Corp supplies the plant. Glarvex prices rose.</p><ul><li>Closing is due in May.</li></ul>',
      // The article is about both; the first listed company is the one it is filed under.
      symbols: ['ZQTB', 'ZQTA'],
    });
    const [filing] = await db()
      .insert(secFilings)
      .values({
        assetId: ids.ZQTA,
        cik: '0009999001',
        accessionNumber: '0009999001-89-000001',
        form: '8-K',
        kind: 'sec_8k',
        filedDate: '2089-03-01',
        items: ['2.02', '9.01'],
        description: 'Current report on zindle results',
        url: 'https://www.sec.gov/Archives/edgar/data/9999001/000999900189000001/',
        source: 'test',
      })
      .returning({ id: secFilings.id });
    filingId = filing?.id as number;
    const indexed = await indexStoredSources(db());
    expect(indexed.calls.sort()).toEqual([`filing:${filingId}`, `news:${articleId}`, 'summary:zqt-a-1']);
  });

  it('looks in transcripts only unless the search names other sources', async () => {
    expect((await search(ctx(), 'vortigen')).calls).toEqual([]);
    expect((await search(ctx(), 'glarvex')).calls).toEqual([]);
    expect((await search(ctx(), 'zindle')).calls).toEqual([]);
    const both = await search(ctx(), 'trellium', { sources: ['transcript', 'news'] });
    expect(both.calls.map((hit) => [hit.source, hit.callId]).sort()).toEqual([
      ['news', `news:${articleId}`],
      ['transcript', 'zqt-a-1'],
    ]);
  });

  it('finds an AI summary’s statements, each linking to the summary at the passage it cites', async () => {
    const result = await search(ctx(), 'vortigen OR quelvar', { sources: ['summary'] });
    expect(result.total).toBe(1);
    const [hit] = result.calls;
    expect(hit).toMatchObject({
      callId: 'summary:zqt-a-1',
      source: 'summary',
      fileId: 'zqt-a-1',
      symbol: 'ZQTA',
      name: 'Trellium Corp',
      periodYear: 2089,
      period: 'Q1',
      live: false,
      mentions: 3,
    });
    const places = hit?.snippets.map((snippet) => [
      snippet.speaker,
      snippet.role,
      snippet.part,
      searchHitPath(hit, snippet),
    ]);
    expect(places?.sort()).toEqual([
      ['AI summary', null, null, '/transcripts/zqt-a-1?summary=0.0.0.37'],
      ['Key number: Gross margin', null, null, '/transcripts/zqt-a-1?summary=0.1.0.30'],
      // A statement citing nothing opens the summary itself.
      ['Risk', null, null, '/transcripts/zqt-a-1?summary=0.0.0.0'],
    ]);
  });

  it('finds a news article in its headline, summary and body, filed under every company it is about', async () => {
    const result = await search(ctx(), 'glarvex', { sources: ['news'] });
    const [hit] = result.calls;
    expect(hit).toMatchObject({
      source: 'news',
      newsId: articleId,
      slug: 'zqt-news-1-slug',
      title: 'Quonset Mills buys a glarvex plant',
      symbol: 'ZQTB',
      periodYear: null,
      // The headline, and the summary with the body as one passage.
      mentions: 2,
    });
    expect(searchHitPath(hit as NonNullable<typeof hit>, hit?.snippets[0] as never)).toBe(
      `/news/${articleId}/zqt-news-1-slug`,
    );
    const byOther = await search(ctx(), 'glarvex', { sources: ['news'], symbols: ['ZQTA'] });
    expect(byOther.calls.map((call) => call.callId)).toEqual([`news:${articleId}`]);
    expect((await search(ctx(), 'glarvex', { sources: ['news'], sector: 'Energy' })).calls).toEqual([]);
    // A speaker or part of a call narrows to what was said on calls.
    expect((await search(ctx(), 'glarvex', { sources: ['news'], role: 'executive' })).calls).toEqual([]);
  });

  it('finds a filing by what is stored of it, linking to the company’s filings', async () => {
    const result = await search(ctx(), 'zindle "results of operations"', { sources: ['filing'] });
    const [hit] = result.calls;
    expect(hit).toMatchObject({
      source: 'filing',
      filingId,
      title: '8-K Current Report',
      url: 'https://www.sec.gov/Archives/edgar/data/9999001/000999900189000001/',
      symbol: 'ZQTA',
    });
    expect(hit?.snippets[0]?.speaker).toBe('8-K');
    expect(searchHitPath(hit as NonNullable<typeof hit>, hit?.snippets[0] as never)).toBe('/quote/ZQTA/sec-filings');
  });

  it('leaves an unchanged document alone, and cuts a changed one anew', async () => {
    expect((await indexStoredSources(db())).calls).toEqual([]);
    await storeArticle('zqt-news-1', { body: '<p>Glarvex output doubled.</p>' });
    expect((await indexStoredSources(db())).calls).toEqual([`news:${articleId}`]);
    expect((await search(ctx(), 'glarvex', { sources: ['news'] })).calls[0]?.mentions).toBe(2);
    expect((await search(ctx(), 'closing', { sources: ['news'], symbols: ['ZQTA', 'ZQTB'] })).calls).toEqual([]);
  });

  it('counts trends in the sources asked for', async () => {
    const trends = (sources?: SearchArgs['sources']) =>
      service.trends(
        ctx(),
        { q: 'trellium OR vortigen OR glarvex', sources },
        undefined,
        new Date('2089-03-10T00:00:00Z'),
      );
    const calls = await trends();
    expect(calls.quarters).toEqual([{ periodYear: 2089, period: 'Q1', mentions: 1, calls: 1 }]);
    expect(calls.companies).toEqual([{ symbol: 'ZQTA', name: 'Trellium Corp', mentions: 1, quarters: [1] }]);
    const wide = await trends(['transcript', 'summary', 'news']);
    // News has no fiscal quarter: it counts for the company it is filed under, not per quarter (nor in its trend).
    expect(wide.quarters).toEqual([{ periodYear: 2089, period: 'Q1', mentions: 3, calls: 2 }]);
    expect(wide.companies).toEqual([
      { symbol: 'ZQTA', name: 'Trellium Corp', mentions: 3, quarters: [3] },
      { symbol: 'ZQTB', name: 'Quonset Mills', mentions: 2, quarters: [0] },
    ]);
  });

  describe('keyword alerts', () => {
    const alertsFor = (userId: string) =>
      db()
        .select({ title: notificationEvents.title, body: notificationEvents.body, path: notificationEvents.path })
        .from(notificationEvents)
        .where(and(eq(notificationEvents.kind, 'keywordMention'), eq(notificationEvents.userId, userId)));

    it('alert once on a news article for a search that looks in the news, never for one that does not', async () => {
      const plus = await service_().user({ plan: PLUS_PLAN });
      const features = await featuresOf(ctx(), plus);
      await service.saveSearch(ctx(), plus, { query: 'plimbus', filters: { sources: ['news'] } }, features);
      const other = await service_().user({ plan: PLUS_PLAN });
      await service.saveSearch(ctx(), other, { query: 'plimbus', filters: {} }, await featuresOf(ctx(), other));
      expect((await service.savedSearches(ctx(), plus)).searches[0]?.filters).toEqual({ sources: ['news'] });

      const id = await storeArticle('zqt-news-2', { title: 'Plimbus orders jump', symbols: ['ZQTA'] });
      const first = await indexStoredSources(db(), ['news']);
      expect(first.calls).toEqual([`news:${id}`]);
      expect(first.alerts.map((alert) => [alert.userId, alert.callId])).toEqual([[plus.sub, `news:${id}`]]);
      // Corrected and indexed again: never a second alert.
      await storeArticle('zqt-news-2', { title: 'Plimbus orders jump again' });
      const again = await indexStoredSources(db(), ['news']);
      expect(again.calls).toEqual([`news:${id}`]);
      expect(again.alerts).toEqual([]);
      expect(await alertsFor(plus.sub)).toEqual([
        {
          title: '“plimbus” in the news: Plimbus orders jump',
          body: 'Headline: “Plimbus orders jump”',
          path: `/news/${id}/zqt-news-2-slug`,
        },
      ]);
      expect(await alertsFor(other.sub)).toEqual([]);
    });

    it('never come from the backfill of what was stored before', async () => {
      const plus = await service_().user({ plan: PLUS_PLAN });
      await service.saveSearch(
        ctx(),
        plus,
        { query: 'frobnix', filters: { sources: ['news'] } },
        await featuresOf(ctx(), plus),
      );
      const id = await storeArticle('zqt-news-4', { title: 'Frobnix before the index', symbols: ['ZQTA'] });
      await runSourcesIndexJob({ ctx: ctx(), job: {} as never, signal: new AbortController().signal, log: silentLog });
      expect((await search(ctx(), 'frobnix', { sources: ['news'] })).calls.map((hit) => hit.callId)).toEqual([
        `news:${id}`,
      ]);
      expect(await alertsFor(plus.sub)).toEqual([]);
    });

    it('queue the alerts for what ingestion and the summaries job index', async () => {
      await storeArticle('zqt-news-3', { title: 'Snorkel news', symbols: [] });
      const calls = await indexSearchSourcesForIngest(db(), ['news', 'filing']);
      expect(calls).toHaveLength(1);
      const [hit] = (await search(ctx(), 'snorkel', { sources: ['news'] })).calls;
      // An article about no company we list.
      expect([hit?.symbol, hit?.name]).toEqual([null, null]);
    });
  });

  it('drops an article’s passages with it', async () => {
    await db().delete(news).where(eq(news.externalId, 'zqt-news-1'));
    expect((await search(ctx(), 'glarvex', { sources: ['news'] })).calls).toEqual([]);
  });
});
