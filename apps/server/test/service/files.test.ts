/**
 * Files on the service tier: a file's metadata for everyone and its content (transcript sections, links) and AI
 * analysis by plan, the named feeds, each symbol's latest analysis, a company's files with its SEC filings (label
 * and colour of each kind) and their filters, a quarter's files, analyst ratings with the monthly consensus,
 * guidance, and a metric's distribution over the top500 ranking. The demo market's filings, feeds and metrics are
 * read back with Drizzle; the rest runs on rows this file adds ('ZQ…' companies, dates in 2089-2091).
 */
import {
  getAssetFiles,
  getAssetGuidance,
  getAssetRatings,
  getMetricStats,
  POPULAR_SYMBOLS_COUNT,
  RATINGS_TREND_MONTHS,
  type RouteContract,
} from '@eh/contracts';
import {
  analystRatings,
  analystTrends,
  assets,
  fileAnalysis,
  files,
  guidance,
  indexConstituents,
  marketIndexes,
  metrics,
  secFilings,
} from '@eh/db';
import { type AccountFeatures, DEFAULT_LIMITS, distributionOf, SEC_FILING_KINDS } from '@eh/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import { quarterHasFiles } from '../../src/modules/files/queries.ts';
import * as filesService from '../../src/modules/files/service.ts';
import { insertAsset, today } from '../integration/earnings-seed.ts';
import { eachDatabase } from './context.ts';

const SECTIONS = [
  {
    title: 'Prepared remarks',
    paragraphs: [{ speaker: 'Jane Doe', role: 'CEO', text: 'Revenue grew 12%.', startMs: 1200 }],
  },
  { title: 'Q&A', paragraphs: [{ speaker: 'Analyst', text: 'What about margins?' }] },
];

/** A call's query as its route hands it over: the raw query string values parsed, defaults applied. */
const queryOf = <C extends RouteContract & { query: z.ZodType }>(contract: C, raw: Record<string, string> = {}) =>
  contract.query.parse(raw) as z.output<C['query']>;

eachDatabase((service) => {
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;
  let anonymous: AccountFeatures;
  let freeFeatures: AccountFeatures;
  let plusFeatures: AccountFeatures;
  let proFeatures: AccountFeatures;
  const statAssets: number[] = [];

  beforeAll(async () => {
    const zqfl = await insertAsset(db(), { symbol: 'ZQFL', name: 'ZQ Files Inc.', popularity: 2_000_000_000 });
    const zqfm = await insertAsset(db(), { symbol: 'ZQFM', name: 'ZQ More Inc.', popularity: 1 });
    await insertAsset(db(), { symbol: 'ZQFN', name: 'ZQ Nothing Inc.' });
    // The popular set's size of companies more followed than ZQFM, so it falls outside the 'popular' feed whatever
    // else is stored.
    await db()
      .insert(assets)
      .values(
        Array.from({ length: POPULAR_SYMBOLS_COUNT }, (_, i) => ({
          symbol: `ZQP${i}`,
          symbolUpper: `ZQP${i}`,
          name: `ZQ Popular ${i}`,
          type: 'stock' as const,
          popularity: 1_000_000,
          source: 'test',
        })),
      );
    const file = (id: string, assetId: number, symbol: string, type: 'transcript' | 'slides' | 'report' | 'audio') => ({
      id,
      assetId,
      symbol,
      type,
      title: `${symbol} ${id}`,
      source: 'test',
    });
    await db()
      .insert(files)
      .values([
        {
          ...file('zqfl-2090q1-transcript', zqfl, 'ZQFL', 'transcript'),
          periodYear: 2090,
          period: 'Q1',
          date: new Date('2090-04-30T21:00:00Z'),
          content: { sections: SECTIONS },
          externalFileId: 'vendor-77',
        },
        {
          ...file('zqfl-2090q1-slides', zqfl, 'ZQFL', 'slides'),
          periodYear: 2090,
          period: 'Q1',
          date: new Date('2090-04-30T20:30:00Z'),
          url: 'https://example.com/slides.pdf',
          mimeType: 'application/pdf',
        },
        {
          ...file('zqfl-2090q1-report', zqfl, 'ZQFL', 'report'),
          periodYear: 2090,
          period: 'Q1',
          date: new Date('2090-04-30T20:05:00Z'),
          url: 'https://example.com/report.pdf',
        },
        {
          ...file('zqfl-2090q1-audio', zqfl, 'ZQFL', 'audio'),
          periodYear: 2090,
          period: 'Q1',
          date: new Date('2090-04-30T22:00:00Z'),
          url: 'https://example.com/call.mp3',
        },
        {
          ...file('zqfl-2089q4-transcript', zqfl, 'ZQFL', 'transcript'),
          periodYear: 2089,
          period: 'Q4',
          date: new Date('2090-01-30T21:00:00Z'),
          content: { sections: SECTIONS.slice(0, 1) },
        },
        {
          ...file('zqfm-2090q1-transcript', zqfm, 'ZQFM', 'transcript'),
          periodYear: 2090,
          period: 'Q1',
          date: new Date('2090-05-02T21:00:00Z'),
          content: { sections: SECTIONS },
        },
      ]);
    await db()
      .insert(fileAnalysis)
      .values([
        {
          fileId: 'zqfl-2090q1-transcript',
          summary: 'Strong quarter.',
          highlights: ['Revenue +12%'],
          sentiment: 0.6,
          model: 'test-model',
          source: 'test',
        },
        { fileId: 'zqfm-2090q1-transcript', summary: 'Mixed.', sentiment: 0, model: 'test-model', source: 'test' },
      ]);
    await db()
      .insert(secFilings)
      .values([
        {
          assetId: zqfl,
          cik: '0009990001',
          accessionNumber: '0009990001-90-000001',
          form: '10-K',
          kind: 'sec_10k',
          filedDate: '2090-02-15',
          periodOfReport: '2089-12-31',
          url: 'https://www.sec.gov/zqfl-10k',
          source: 'test',
        },
        {
          assetId: zqfl,
          cik: '0009990001',
          accessionNumber: '0009990001-90-000002',
          form: '8-K',
          kind: 'sec_8k',
          filedDate: '2090-04-30',
          items: ['2.02', '9.01'],
          url: 'https://www.sec.gov/zqfl-8k',
          source: 'test',
        },
        {
          assetId: zqfl,
          cik: '0009990001',
          accessionNumber: '0009990001-90-000003',
          form: 'SC TO-T',
          kind: 'other',
          filedDate: '2090-03-01',
          url: 'https://www.sec.gov/zqfl-other',
          source: 'test',
        },
      ]);
    await db()
      .insert(analystRatings)
      .values([
        {
          assetId: zqfl,
          date: '2090-01-10',
          firm: 'Alpha',
          action: 'initiate',
          toGrade: 'Buy',
          priceTarget: 100,
          source: 'test',
        },
        {
          assetId: zqfl,
          date: '2090-03-10',
          firm: 'Alpha',
          action: 'upgrade',
          fromGrade: 'Buy',
          toGrade: 'Strong Buy',
          priceTarget: 120,
          priorPriceTarget: 100,
          source: 'test',
        },
        { assetId: zqfl, date: '2090-02-10', firm: 'Beta', action: 'maintain', toGrade: 'Hold', source: 'test' },
      ]);
    await db()
      .insert(analystTrends)
      .values([
        // Eight months: the trend keeps the newest RATINGS_TREND_MONTHS of them.
        ...['2089-08-01', '2089-09-01', '2089-10-01', '2089-11-01', '2089-12-01', '2090-01-01'].map((month, i) => ({
          assetId: zqfl,
          month,
          buy: i + 1,
          hold: 2,
          source: 'test',
        })),
        { assetId: zqfl, month: '2090-02-01', strongBuy: 1, buy: 2, hold: 3, source: 'test' },
        { assetId: zqfl, month: '2090-03-01', strongBuy: 2, buy: 3, hold: 1, sell: 1, source: 'test' },
      ]);
    await db()
      .insert(guidance)
      .values([
        {
          assetId: zqfl,
          periodYear: 2090,
          period: 'Q2',
          metric: 'eps',
          low: 1.1,
          high: 1.2,
          issuedDate: '2090-04-30',
          source: 'test',
        },
        {
          assetId: zqfl,
          periodYear: 2090,
          period: 'FY',
          metric: 'revenue',
          low: 4e9,
          high: 4.2e9,
          consensus: 4.1e9,
          issuedDate: '2090-01-30',
          source: 'test',
        },
      ]);
    for (let i = 1; i <= 5; i += 1) {
      const id = await insertAsset(db(), { symbol: `ZQS${i}` });
      statAssets.push(id);
      await db()
        .insert(metrics)
        .values([
          { assetId: id, date: '2091-01-01', pe: 100 * i, overallScore: 100 - i },
          { assetId: id, date: '2091-01-05', pe: 5 * i, overallScore: 10 * i },
        ]);
    }
    const [free, plus, pro] = await Promise.all([
      service().user(),
      service().user({ plan: 'earningshub_plus' }),
      service().user({ plan: 'earningshub_pro' }),
    ]);
    [anonymous, freeFeatures, plusFeatures, proFeatures] = await Promise.all([
      featuresOf(ctx(), undefined),
      featuresOf(ctx(), free),
      featuresOf(ctx(), plus),
      featuresOf(ctx(), pro),
    ]);
  });

  describe('the demo market', () => {
    it("gives a company's SEC filings newest first, each kind with its label and colour", async () => {
      const [busiest] = await db()
        .select({ assetId: secFilings.assetId, filings: count() })
        .from(secFilings)
        .groupBy(secFilings.assetId)
        .orderBy(desc(count()), asc(secFilings.assetId))
        .limit(1);
      const [asset] = await db()
        .select({ symbol: assets.symbol })
        .from(assets)
        .where(eq(assets.id, busiest?.assetId ?? 0));
      if (!asset) throw new Error('the demo market has no SEC filings');
      const { limit } = queryOf(getAssetFiles);
      const stored = await db()
        .select({ id: secFilings.id, kind: secFilings.kind, form: secFilings.form })
        .from(secFilings)
        .where(eq(secFilings.assetId, busiest?.assetId ?? 0))
        .orderBy(desc(secFilings.filedDate), desc(secFilings.id))
        .limit(limit);
      const storedFiles = await db()
        .select({ id: files.id })
        .from(files)
        .where(eq(files.assetId, busiest?.assetId ?? 0))
        .orderBy(desc(files.date), asc(files.id))
        .limit(limit);
      const answer = await filesService.assetFiles(ctx(), anonymous, asset.symbol, queryOf(getAssetFiles));
      expect(answer.symbol).toBe(asset.symbol);
      expect(answer.files.map((row) => row.id)).toEqual(storedFiles.map((row) => row.id));
      expect(answer.filings.map((row) => row.id)).toEqual(stored.map((row) => row.id));
      for (const [index, filing] of answer.filings.entries()) {
        const kind = SEC_FILING_KINDS.find((known) => known.key === stored[index]?.kind);
        expect(filing).toMatchObject({
          type: stored[index]?.kind,
          label: kind ? `${kind.form} ${kind.label}` : stored[index]?.form,
          color: kind?.color ?? 'default',
        });
      }
      const kinds = [...new Set(stored.map((row) => row.kind))].slice(0, 2);
      const picked = await filesService.assetFiles(
        ctx(),
        anonymous,
        asset.symbol,
        queryOf(getAssetFiles, { types: kinds.join(',') }),
      );
      expect(picked.files).toEqual([]);
      const pickedStored = await db()
        .select({ id: secFilings.id })
        .from(secFilings)
        .where(and(eq(secFilings.assetId, busiest?.assetId ?? 0), inArray(secFilings.kind, kinds)))
        .orderBy(desc(secFilings.filedDate), desc(secFilings.id))
        .limit(limit);
      expect(picked.filings.map((row) => row.id)).toEqual(pickedStored.map((row) => row.id));
    });

    it('describes a metric over the EH500 constituents on the latest metrics date up to today', async () => {
      const [latest] = await db()
        .select({ date: max(metrics.date) })
        .from(metrics)
        .where(lte(metrics.date, today()));
      const [index] = await db().select().from(marketIndexes).where(eq(marketIndexes.ranking, 'top500'));
      if (!latest?.date || !index) throw new Error('the demo market has no metrics or no top500 index');
      const members = db()
        .select({ id: indexConstituents.assetId })
        .from(indexConstituents)
        .where(eq(indexConstituents.indexId, index.id));
      const values = await db()
        .select({ value: metrics.pe })
        .from(metrics)
        .where(and(eq(metrics.date, latest.date), inArray(metrics.assetId, members), isNotNull(metrics.pe)));
      const answer = await filesService.stats(ctx(), queryOf(getMetricStats, { date: today(), type: 'pe' }));
      expect(values.length).toBeGreaterThan(0);
      expect(answer).toMatchObject({ date: latest.date, target: 'top500', type: 'pe', count: values.length });
      const sorted = values.map((row) => row.value ?? 0).sort((a, b) => a - b);
      expect(answer.min).toBe(sorted[0]);
      expect(answer.max).toBe(sorted.at(-1));
      expect(answer).toEqual({ date: latest.date, target: 'top500', type: 'pe', ...distributionOf(sorted) });
    });
  });

  describe('one file', () => {
    it('shows metadata to everyone, the link only with the plan feature of the type', async () => {
      expect(await filesService.file(ctx(), anonymous, 'zqfl-2090q1-slides')).toMatchObject({
        id: 'zqfl-2090q1-slides',
        symbol: 'ZQFL',
        name: 'ZQ Files Inc.',
        type: 'slides',
        periodYear: 2090,
        period: 'Q1',
        title: 'ZQFL zqfl-2090q1-slides',
        date: '2090-04-30T20:30:00.000Z',
        url: null,
        mimeType: 'application/pdf',
        hasContent: false,
        hasAnalysis: false,
        gated: { feature: 'slides', hidden: 1 },
      });
      expect(await filesService.file(ctx(), plusFeatures, 'zqfl-2090q1-slides')).toMatchObject({
        url: 'https://example.com/slides.pdf',
        gated: null,
      });
      expect(await filesService.file(ctx(), freeFeatures, 'zqfl-2090q1-audio')).toMatchObject({
        url: null,
        gated: { feature: 'historicalAudio', hidden: 1 },
      });
    });

    it("serves a transcript's sections with eventTranscripts and withholds them otherwise", async () => {
      expect(await filesService.fileContent(ctx(), freeFeatures, 'zqfl-2090q1-transcript')).toMatchObject({
        hasContent: true,
        hasAnalysis: true,
        externalFileId: 'vendor-77',
        content: null,
        gated: { feature: 'transcript', hidden: 1 },
      });
      const open = await filesService.fileContent(ctx(), plusFeatures, 'zqfl-2090q1-transcript');
      expect(open.gated).toBeNull();
      // Stored sections come back in the contract's shape: a missing role or start is null.
      expect(open.content?.sections).toEqual([
        SECTIONS[0],
        { title: 'Q&A', paragraphs: [{ speaker: 'Analyst', role: null, text: 'What about margins?', startMs: null }] },
      ]);
      // A file without sections has no content to open.
      expect(await filesService.fileContent(ctx(), plusFeatures, 'zqfl-2090q1-slides')).toMatchObject({
        content: null,
        gated: null,
      });
    });

    it('gives the AI analysis with eventTranscriptsAi, and the analyzer state to everyone', async () => {
      expect(await filesService.fileAnalysis(ctx(), anonymous, 'zqfl-2090q1-transcript')).toMatchObject({
        file: { id: 'zqfl-2090q1-transcript', hasAnalysis: true },
        analysis: null,
        gated: { feature: 'aiSummary', hidden: 1 },
      });
      const open = await filesService.fileAnalysis(ctx(), plusFeatures, 'zqfl-2090q1-transcript');
      expect(open.analysis).toMatchObject({
        fileId: 'zqfl-2090q1-transcript',
        summary: 'Strong quarter.',
        highlights: ['Revenue +12%'],
        sentiment: 0.6,
        model: 'test-model',
      });
      expect(open.gated).toBeNull();
      expect(await filesService.analyzerFile(ctx(), plusFeatures, 'zqfl-2090q1-transcript')).toMatchObject({
        fileId: 'zqfl-2090q1-transcript',
        status: 'ready',
        analysis: { model: 'test-model' },
        gated: null,
      });
      expect(await filesService.analyzerFile(ctx(), anonymous, 'zqfl-2090q1-transcript')).toMatchObject({
        status: 'ready',
        analysis: null,
        gated: { feature: 'aiSummary' },
      });
      expect(await filesService.analyzerFile(ctx(), anonymous, 'zqfl-2089q4-transcript')).toMatchObject({
        status: 'pending',
        analysis: null,
        gated: null,
      });
      expect((await filesService.analyzerFile(ctx(), anonymous, 'zqfl-2090q1-slides')).status).toBe('unsupported');
    });

    it('names an unknown file in every call', async () => {
      // Each call made when it is awaited: a refusal nothing awaits yet would be an unhandled rejection.
      for (const call of [
        () => filesService.file(ctx(), anonymous, 'nope-file'),
        () => filesService.fileContent(ctx(), anonymous, 'nope-file'),
        () => filesService.fileAnalysis(ctx(), anonymous, 'nope-file'),
        () => filesService.analyzerFile(ctx(), anonymous, 'nope-file'),
      ])
        await expect(call()).rejects.toMatchObject({ statusCode: 404, message: 'Unknown file: nope-file' });
    });
  });

  describe('feeds and latest analyses', () => {
    it('gives the newest files of a feed, by type or of the popular companies', async () => {
      const newest = async (where?: ReturnType<typeof eq>, limit: number = DEFAULT_LIMITS.filesByFilter) =>
        (
          await db()
            .select({ id: files.id })
            .from(files)
            .where(where)
            .orderBy(desc(files.date), asc(files.id))
            .limit(limit)
        ).map((row) => row.id);
      const ids = (answer: { files: { id: string }[] }) => answer.files.map((row) => row.id);
      const latest = await filesService.filesByFilter(ctx(), anonymous, 'latest', DEFAULT_LIMITS.filesByFilter);
      expect(latest.filter).toBe('latest');
      expect(ids(latest)).toEqual(await newest());
      const transcripts = await filesService.filesByFilter(ctx(), anonymous, 'transcripts', 50);
      expect(ids(transcripts)).toEqual(await newest(eq(files.type, 'transcript'), 50));
      expect(ids(transcripts).slice(0, 3)).toEqual([
        'zqfm-2090q1-transcript',
        'zqfl-2090q1-transcript',
        'zqfl-2089q4-transcript',
      ]);
      for (const [filter, type] of [
        ['slides', 'slides'],
        ['reports', 'report'],
        ['audio', 'audio'],
      ] as const)
        expect(ids(await filesService.filesByFilter(ctx(), anonymous, filter, 3)), filter).toEqual(
          await newest(eq(files.type, type), 3),
        );
      const popular = ids(await filesService.filesByFilter(ctx(), anonymous, 'popular', 50));
      expect(popular.slice(0, 5)).toEqual([
        'zqfl-2090q1-audio',
        'zqfl-2090q1-transcript',
        'zqfl-2090q1-slides',
        'zqfl-2090q1-report',
        'zqfl-2089q4-transcript',
      ]);
      expect(popular).not.toContain('zqfm-2090q1-transcript');
    });

    it("gives each symbol's newest analysed file and lists the others as missing", async () => {
      const open = await filesService.latestAnalyses(ctx(), plusFeatures, ['zqfl', 'ZQFM', 'ZQFN', 'NOPEZ', 'ZQFL']);
      expect(open.items.map((item) => [item.symbol, item.file.id])).toEqual([
        ['ZQFL', 'zqfl-2090q1-transcript'],
        ['ZQFM', 'zqfm-2090q1-transcript'],
      ]);
      expect(open.items[1]?.analysis?.summary).toBe('Mixed.');
      expect(open.missing).toEqual(['ZQFN', 'NOPEZ']);
      expect(open.gated).toBeNull();
      const locked = await filesService.latestAnalyses(ctx(), anonymous, ['ZQFL', 'ZQFM']);
      expect(locked.items.every((item) => item.analysis === null)).toBe(true);
      expect(locked.gated).toEqual({ feature: 'aiSummary', hidden: 2 });
      expect(await filesService.latestAnalyses(ctx(), anonymous, ['ZQFN'])).toEqual({
        items: [],
        missing: ['ZQFN'],
        gated: null,
      });
    });
  });

  describe("a company's files", () => {
    it('gives files and SEC filings (key, label, colour), newest first', async () => {
      const answer = await filesService.assetFiles(ctx(), anonymous, 'zqfl', queryOf(getAssetFiles));
      expect(answer.files.map((row) => row.id)).toEqual([
        'zqfl-2090q1-audio',
        'zqfl-2090q1-transcript',
        'zqfl-2090q1-slides',
        'zqfl-2090q1-report',
        'zqfl-2089q4-transcript',
      ]);
      expect(answer.filings.map((filing) => [filing.type, filing.label, filing.color])).toEqual([
        ['sec_8k', '8-K Current Report', 'error'],
        ['other', 'SC TO-T', 'default'],
        ['sec_10k', '10-K Annual Report', 'info'],
      ]);
      expect(answer.filings[0]).toMatchObject({
        form: '8-K',
        accessionNumber: '0009990001-90-000002',
        items: ['2.02', '9.01'],
        filedDate: '2090-04-30',
        url: 'https://www.sec.gov/zqfl-8k',
      });
    });

    it('picks types across files and filings, one type, or one vendor file', async () => {
      const pick = (raw: Record<string, string>) =>
        filesService.assetFiles(ctx(), anonymous, 'ZQFL', queryOf(getAssetFiles, raw));
      const mixed = await pick({ types: 'transcript,sec_10k' });
      expect(mixed.files.map((row) => row.id)).toEqual(['zqfl-2090q1-transcript', 'zqfl-2089q4-transcript']);
      expect(mixed.filings.map((filing) => filing.type)).toEqual(['sec_10k']);
      const filingsOnly = await pick({ type: 'sec_8k' });
      expect(filingsOnly.files).toEqual([]);
      expect(filingsOnly.filings.map((filing) => filing.type)).toEqual(['sec_8k']);
      const vendor = await pick({ externalFileId: 'vendor-77' });
      expect(vendor.files.map((row) => row.id)).toEqual(['zqfl-2090q1-transcript']);
      expect(vendor.filings).toEqual([]);
      const one = await pick({ limit: '1' });
      expect([one.files.map((row) => row.id), one.filings.map((filing) => filing.type)]).toEqual([
        ['zqfl-2090q1-audio'],
        ['sec_8k'],
      ]);
      await expect(filesService.assetFiles(ctx(), anonymous, 'nopez', queryOf(getAssetFiles))).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbol: NOPEZ',
      });
    });

    it("gives a quarter's files, each with what the plan opens", async () => {
      const open = await filesService.quarterContents(ctx(), plusFeatures, {
        symbol: 'ZQFL',
        periodYear: 2090,
        period: 'Q1',
      });
      expect(open.files.map((row) => row.type)).toEqual(['audio', 'report', 'slides', 'transcript']);
      expect(open.files.find((row) => row.type === 'transcript')?.content?.sections).toHaveLength(2);
      expect(open.gated).toEqual([]);
      const locked = await filesService.quarterContents(ctx(), anonymous, {
        symbol: 'ZQFL',
        periodYear: 2090,
        period: 'Q1',
      });
      expect(locked.files.every((row) => row.content === null && row.url === null)).toBe(true);
      expect(locked.gated).toEqual([
        { feature: 'historicalAudio', hidden: 1 },
        { feature: 'report', hidden: 1 },
        { feature: 'slides', hidden: 1 },
        { feature: 'transcript', hidden: 1 },
      ]);
      const empty = await filesService.quarterContents(ctx(), anonymous, {
        symbol: 'ZQFL',
        periodYear: 2091,
        period: 'Q1',
      });
      expect(empty).toEqual({ symbol: 'ZQFL', periodYear: 2091, period: 'Q1', files: [], gated: [] });
      await expect(
        filesService.quarterContents(ctx(), anonymous, { symbol: 'NOPEZ', periodYear: 2090, period: 'Q1' }),
      ).rejects.toMatchObject({ statusCode: 404, message: 'Unknown symbol: NOPEZ' });
    });

    it('tells whether a quarter has a file, however the symbol is written', async () => {
      expect(await quarterHasFiles(db(), { symbol: 'zqfl', periodYear: 2090, period: 'Q1' })).toBe(true);
      expect(await quarterHasFiles(db(), { symbol: 'ZQFL', periodYear: 2089, period: 'Q4' })).toBe(true);
      expect(await quarterHasFiles(db(), { symbol: 'ZQFL', periodYear: 2091, period: 'Q1' })).toBe(false);
      expect(await quarterHasFiles(db(), { symbol: 'ZQFN', periodYear: 2090, period: 'Q1' })).toBe(false);
      expect(await quarterHasFiles(db(), { symbol: 'NOPEZ', periodYear: 2090, period: 'Q1' })).toBe(false);
    });
  });

  describe('analyst ratings', () => {
    const ratings = (features: AccountFeatures, raw: Record<string, string> = {}, symbol = 'ZQFL') =>
      filesService.ratings(ctx(), features, symbol, queryOf(getAssetRatings, raw));

    it('gives plus the ratings newest first with the latest consensus', async () => {
      const answer = await ratings(plusFeatures);
      expect(answer.ratings.map((rating) => `${rating.date} ${rating.firm}`)).toEqual([
        '2090-03-10 Alpha',
        '2090-02-10 Beta',
        '2090-01-10 Alpha',
      ]);
      expect(answer.ratings[0]).toMatchObject({
        action: 'upgrade',
        fromGrade: 'Buy',
        toGrade: 'Strong Buy',
        priceTarget: 120,
        priorPriceTarget: 100,
      });
      expect(answer.consensus).toEqual({ month: '2090-03-01', strongBuy: 2, buy: 3, hold: 1, sell: 1, strongSell: 0 });
      expect(answer.gated).toBeNull();
    });

    it('gives plus the consensus trend of the newest months, oldest first, ending on the consensus', async () => {
      const answer = await ratings(plusFeatures);
      expect(RATINGS_TREND_MONTHS).toBe(6);
      expect(answer.trend.map((row) => row.month)).toEqual([
        '2089-10-01',
        '2089-11-01',
        '2089-12-01',
        '2090-01-01',
        '2090-02-01',
        '2090-03-01',
      ]);
      expect(answer.trend[0]).toEqual({ month: '2089-10-01', strongBuy: 0, buy: 3, hold: 2, sell: 0, strongSell: 0 });
      expect(answer.trend.at(-1)).toEqual(answer.consensus);
      // An asset without monthly counts has an empty trend and no consensus.
      expect(await ratings(plusFeatures, {}, 'ZQFM')).toMatchObject({ ratings: [], consensus: null, trend: [] });
    });

    it("keeps each firm's newest with latest=true, and narrows with start", async () => {
      const latest = await ratings(plusFeatures, { latest: 'true' });
      expect(latest.ratings.map((rating) => [rating.firm, rating.toGrade])).toEqual([
        ['Alpha', 'Strong Buy'],
        ['Beta', 'Hold'],
      ]);
      const since = await ratings(plusFeatures, { start: '2090-02-01' });
      expect(since.ratings.map((rating) => rating.date)).toEqual(['2090-03-10', '2090-02-10']);
      expect((await ratings(plusFeatures, { limit: '1' })).ratings.map((rating) => rating.date)).toEqual([
        '2090-03-10',
      ]);
    });

    it('withholds ratings from anonymous and free callers and says how many', async () => {
      for (const features of [anonymous, freeFeatures]) {
        expect(await ratings(features)).toEqual({
          symbol: 'ZQFL',
          ratings: [],
          consensus: null,
          trend: [],
          gated: { feature: 'analystRatings', hidden: 3 },
        });
        // No rating from `start` on hides nothing, and still the monthly consensus stays closed.
        expect(await ratings(features, { start: '2091-01-01' })).toMatchObject({
          ratings: [],
          consensus: null,
          trend: [],
          gated: null,
        });
      }
      await expect(ratings(plusFeatures, {}, 'NOPEZ')).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbol: NOPEZ',
      });
    });
  });

  describe('guidance', () => {
    const guidanceOf = (features: AccountFeatures, raw: Record<string, string> = {}) =>
      filesService.guidance(ctx(), features, 'ZQFL', queryOf(getAssetGuidance, raw));

    it('gives pro the guidance by date range or period; plus and free get the lock', async () => {
      const all = await guidanceOf(proFeatures);
      expect(all.guidance.map((item) => item.period)).toEqual(['Q2', 'FY']);
      expect(all.gated).toBeNull();
      expect((await guidanceOf(proFeatures, { start: '2090-01-01', end: '2090-02-01' })).guidance).toEqual([
        {
          periodYear: 2090,
          period: 'FY',
          metric: 'revenue',
          low: 4e9,
          high: 4.2e9,
          consensus: 4.1e9,
          issuedDate: '2090-01-30',
          source: 'test',
        },
      ]);
      const quarter = await guidanceOf(proFeatures, { periodYear: '2090', period: 'Q2' });
      expect(quarter.guidance).toHaveLength(1);
      expect(quarter.guidance[0]).toMatchObject({ metric: 'eps', low: 1.1, high: 1.2, consensus: null });
      expect((await guidanceOf(proFeatures, { periodYear: '2089' })).guidance).toEqual([]);
      for (const features of [anonymous, plusFeatures])
        expect(await guidanceOf(features)).toEqual({
          symbol: 'ZQFL',
          guidance: [],
          gated: { feature: 'guidance', hidden: 2 },
        });
    });
  });

  describe("a metric's distribution", () => {
    it('describes a metric over the top500 ranking on the latest metrics date on or before the date asked', async () => {
      // Without an index following top500, the ranking is the best scores of the day: our five assets.
      await db().delete(marketIndexes).where(eq(marketIndexes.ranking, 'top500'));
      const fallback = await filesService.stats(ctx(), queryOf(getMetricStats, { date: '2091-01-06', type: 'pe' }));
      // On 2091-01-05 the five P/Es are 5, 10, 15, 20, 25.
      expect(fallback).toMatchObject({
        date: '2091-01-05',
        target: 'top500',
        type: 'pe',
        count: 5,
        min: 5,
        max: 25,
        median: 15,
      });
      expect(fallback.p25).toBeCloseTo(10);
      expect(fallback.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(5);
      const earlier = await filesService.stats(ctx(), queryOf(getMetricStats, { date: '2091-01-03', type: 'pe' }));
      expect(earlier).toMatchObject({ date: '2091-01-01', count: 5, min: 100, max: 500 });
      // With the index, its constituents: the first three, scored 10, 20 and 30 on 2091-01-05.
      await db().insert(marketIndexes).values({ id: 'zq500', name: 'ZQ500', ranking: 'top500' });
      await db()
        .insert(indexConstituents)
        .values(
          statAssets
            .slice(0, 3)
            .map((assetId, index) => ({ indexId: 'zq500', assetId, rank: index + 1, addedDate: '2091-01-01' })),
        );
      const members = await filesService.stats(ctx(), queryOf(getMetricStats, { date: '2091-01-05' }));
      expect(members).toMatchObject({ type: 'overallScore', count: 3, min: 10, max: 30, mean: 20 });
    });

    it('answers with no figures before any metrics exist', async () => {
      expect(await filesService.stats(ctx(), queryOf(getMetricStats, { date: '1990-01-01' }))).toMatchObject({
        date: null,
        count: 0,
        median: null,
        histogram: [],
      });
    });
  });
});
