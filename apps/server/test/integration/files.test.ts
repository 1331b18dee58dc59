import { POPULAR_SYMBOLS_COUNT, RATINGS_TREND_MONTHS } from '@eh/contracts';
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
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { insertAsset, setPlan } from './earnings-seed.ts';

let server: TestServer;
let free: Awaited<ReturnType<typeof signedInUser>>;
let plus: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;
const statAssets: number[] = [];

const SECTIONS = [
  {
    title: 'Prepared remarks',
    paragraphs: [{ speaker: 'Jane Doe', role: 'CEO', text: 'Revenue grew 12%.', startMs: 1200 }],
  },
  { title: 'Q&A', paragraphs: [{ speaker: 'Analyst', text: 'What about margins?' }] },
];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const zqfl = await insertAsset(db, { symbol: 'ZQFL', name: 'ZQ Files Inc.', popularity: 2_000_000_000 });
  const zqfm = await insertAsset(db, { symbol: 'ZQFM', name: 'ZQ More Inc.', popularity: 1 });
  await insertAsset(db, { symbol: 'ZQFN', name: 'ZQ Nothing Inc.' });
  // The popular set's size of companies more followed than ZQFM, so it falls outside the 'popular' feed whatever
  // else is stored.
  await db.insert(assets).values(
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
  await db.insert(files).values([
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
  await db.insert(fileAnalysis).values([
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
  await db.insert(secFilings).values([
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
  await db.insert(analystRatings).values([
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
  await db.insert(analystTrends).values([
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
  await db.insert(guidance).values([
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
    const id = await insertAsset(server.ctx.db, { symbol: `ZQS${i}` });
    statAssets.push(id);
    await db.insert(metrics).values([
      { assetId: id, date: '2091-01-01', pe: 100 * i, overallScore: 100 - i },
      { assetId: id, date: '2091-01-05', pe: 5 * i, overallScore: 10 * i },
    ]);
  }
  free = await signedInUser(server, 'free-files@example.com');
  plus = await signedInUser(server, 'plus-files@example.com');
  pro = await signedInUser(server, 'pro-files@example.com');
  for (const user of [free, plus, pro]) await server.api('/api/core/users/me', { headers: user.headers });
  await setPlan(db, plus.sub, 'earningshub_plus');
  await setPlan(db, pro.sub, 'earningshub_pro');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};

describe('files', () => {
  it('shows metadata to everyone, the link only with the plan feature of the type', async () => {
    const anonymous = await get('/api/pricing/files/zqfl-2090q1-slides');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toMatchObject({
      id: 'zqfl-2090q1-slides',
      symbol: 'ZQFL',
      name: 'ZQ Files Inc.',
      type: 'slides',
      periodYear: 2090,
      period: 'Q1',
      url: null,
      hasContent: false,
      gated: { feature: 'slides', hidden: 1 },
    });
    const paid = await get('/api/pricing/files/zqfl-2090q1-slides', plus.headers);
    expect(paid.json).toMatchObject({ url: 'https://example.com/slides.pdf', gated: null });
    const audio = await get('/api/pricing/files/zqfl-2090q1-audio', free.headers);
    expect(audio.json).toMatchObject({ url: null, gated: { feature: 'historicalAudio' } });
  });

  it("serves a transcript's sections with eventTranscripts and withholds them otherwise", async () => {
    const locked = await get('/api/pricing/files/zqfl-2090q1-transcript/file', free.headers);
    expect(locked.json).toMatchObject({
      hasContent: true,
      hasAnalysis: true,
      content: null,
      gated: { feature: 'transcript' },
    });
    const open = await get('/api/pricing/files/zqfl-2090q1-transcript/file', plus.headers);
    expect(open.json.gated).toBeNull();
    expect(open.json.content.sections).toEqual([
      {
        title: 'Prepared remarks',
        paragraphs: [{ speaker: 'Jane Doe', role: 'CEO', text: 'Revenue grew 12%.', startMs: 1200 }],
      },
      { title: 'Q&A', paragraphs: [{ speaker: 'Analyst', role: null, text: 'What about margins?', startMs: null }] },
    ]);
  });

  it('gives the AI analysis with eventTranscriptsAi, and the analyzer state to everyone', async () => {
    const locked = await get('/api/pricing/files/zqfl-2090q1-transcript/analysis');
    expect(locked.json).toMatchObject({ analysis: null, gated: { feature: 'aiSummary', hidden: 1 } });
    const open = await get('/api/pricing/files/zqfl-2090q1-transcript/analysis', plus.headers);
    expect(open.json.analysis).toMatchObject({
      summary: 'Strong quarter.',
      highlights: ['Revenue +12%'],
      sentiment: 0.6,
    });
    expect(open.json.gated).toBeNull();
    expect((await get('/api/ai/analyzers/files/zqfl-2090q1-transcript', plus.headers)).json).toMatchObject({
      fileId: 'zqfl-2090q1-transcript',
      status: 'ready',
      analysis: { model: 'test-model' },
    });
    expect((await get('/api/ai/analyzers/files/zqfl-2090q1-transcript')).json).toMatchObject({
      status: 'ready',
      analysis: null,
      gated: { feature: 'aiSummary' },
    });
    expect((await get('/api/ai/analyzers/files/zqfl-2089q4-transcript')).json).toMatchObject({
      status: 'pending',
      gated: null,
    });
    expect((await get('/api/ai/analyzers/files/zqfl-2090q1-slides')).json.status).toBe('unsupported');
  });

  it.each([
    '/api/pricing/files/nope-file',
    '/api/pricing/files/nope-file/file',
    '/api/pricing/files/nope-file/analysis',
    '/api/ai/analyzers/files/nope-file',
  ])('%s answers 404', async (path) => {
    expect(await get(path)).toMatchObject({ status: 404, json: { message: 'Unknown file: nope-file' } });
  });

  it('rejects a file id that cannot be one', async () => {
    const { status, json } = await get(`/api/pricing/files/${'x'.repeat(200)}`);
    expect(status).toBe(400);
    expect(json.message).toMatch(/^path\.id/);
  });
});

describe('GET /api/pricing/files/filter/:filter', () => {
  it('gives the newest files of a feed, 5 by default', async () => {
    const latest = await get('/api/pricing/files/filter/latest');
    expect(latest.status).toBe(200);
    expect(latest.json.files.length).toBeLessThanOrEqual(5);
    const dates = latest.json.files.map((file: { date: string }) => file.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const transcripts = await get('/api/pricing/files/filter/transcripts?limit=50');
    expect(transcripts.json.files.every((file: { type: string }) => file.type === 'transcript')).toBe(true);
    expect(transcripts.json.files.map((file: { id: string }) => file.id)).toEqual(
      expect.arrayContaining(['zqfm-2090q1-transcript', 'zqfl-2090q1-transcript', 'zqfl-2089q4-transcript']),
    );
    const popular = await get('/api/pricing/files/filter/popular?limit=50');
    const ids = popular.json.files.map((file: { id: string }) => file.id);
    expect(ids).toContain('zqfl-2090q1-audio');
    expect(ids).not.toContain('zqfm-2090q1-transcript');
  });

  it.each([
    ['/api/pricing/files/filter/trending', 'path.filter'],
    ['/api/pricing/files/filter/latest?limit=0', 'query.limit'],
    ['/api/pricing/files/filter/latest?limit=9999', 'query.limit'],
  ])('%s answers 400', async (path, field) => {
    const { status, json } = await get(path);
    expect(status).toBe(400);
    expect(json.message.startsWith(field)).toBe(true);
  });
});

describe('GET /api/pricing/files/analysis/latest', () => {
  it("gives each symbol's newest analysed file and lists the others as missing", async () => {
    const { status, json } = await get('/api/pricing/files/analysis/latest?symbols=zqfl,ZQFM,ZQFN,NOPEZ', plus.headers);
    expect(status).toBe(200);
    expect(json.items.map((item: { symbol: string; file: { id: string } }) => [item.symbol, item.file.id])).toEqual([
      ['ZQFL', 'zqfl-2090q1-transcript'],
      ['ZQFM', 'zqfm-2090q1-transcript'],
    ]);
    expect(json.items[1].analysis.summary).toBe('Mixed.');
    expect(json.missing).toEqual(['ZQFN', 'NOPEZ']);
    const locked = await get('/api/pricing/files/analysis/latest?symbols=ZQFL,ZQFM');
    expect(locked.json.items.every((item: { analysis: unknown }) => item.analysis === null)).toBe(true);
    expect(locked.json.gated).toEqual({ feature: 'aiSummary', hidden: 2 });
  });

  it('needs symbols', async () => {
    for (const query of ['', '?symbols=', `?symbols=${Array.from({ length: 51 }, (_, i) => `S${i}`).join(',')}`]) {
      const { status, json } = await get(`/api/pricing/files/analysis/latest${query}`);
      expect(status).toBe(400);
      expect(json.message).toMatch(/^query\.symbols/);
    }
  });
});

describe('GET /api/pricing/assets/:symbol/files', () => {
  it('gives files and SEC filings (key, label, colour), newest first', async () => {
    const { status, json } = await get('/api/pricing/assets/ZQFL/files');
    expect(status).toBe(200);
    expect(json.files).toHaveLength(5);
    expect(
      json.filings.map((filing: { type: string; label: string; color: string }) => [
        filing.type,
        filing.label,
        filing.color,
      ]),
    ).toEqual([
      ['sec_8k', '8-K Current Report', 'error'],
      ['other', 'SC TO-T', 'default'],
      ['sec_10k', '10-K Annual Report', 'info'],
    ]);
    expect(json.filings[0]).toMatchObject({
      items: ['2.02', '9.01'],
      filedDate: '2090-04-30',
      url: 'https://www.sec.gov/zqfl-8k',
    });
  });

  it('picks types across files and filings, one type, or one vendor file', async () => {
    const mixed = await get('/api/pricing/assets/ZQFL/files?types=transcript,sec_10k');
    expect(mixed.json.files.map((file: { id: string }) => file.id)).toEqual([
      'zqfl-2090q1-transcript',
      'zqfl-2089q4-transcript',
    ]);
    expect(mixed.json.filings.map((filing: { type: string }) => filing.type)).toEqual(['sec_10k']);
    const filingsOnly = await get('/api/pricing/assets/ZQFL/files?type=sec_8k');
    expect(filingsOnly.json.files).toEqual([]);
    expect(filingsOnly.json.filings).toHaveLength(1);
    const vendor = await get('/api/pricing/assets/ZQFL/files?externalFileId=vendor-77');
    expect(vendor.json.files.map((file: { id: string }) => file.id)).toEqual(['zqfl-2090q1-transcript']);
    expect(vendor.json.filings).toEqual([]);
  });

  it.each([
    ['/api/pricing/assets/NOPEZ/files', 404, 'Unknown symbol: NOPEZ'],
    ['/api/pricing/assets/ZQFL/files?types=sec_99x', 400, 'query.types'],
    ['/api/pricing/assets/ZQFL/files?limit=501', 400, 'query.limit'],
  ])('%s answers %i', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/files/contents/:symbol/:periodYear/:period', () => {
  it("gives a quarter's files, each with what the plan opens", async () => {
    const open = await get('/api/pricing/files/contents/ZQFL/2090/Q1', plus.headers);
    expect(open.status).toBe(200);
    expect(open.json.files.map((file: { type: string }) => file.type)).toEqual([
      'audio',
      'report',
      'slides',
      'transcript',
    ]);
    expect(open.json.files.find((file: { type: string }) => file.type === 'transcript').content.sections).toHaveLength(
      2,
    );
    expect(open.json.gated).toEqual([]);
    const locked = await get('/api/pricing/files/contents/ZQFL/2090/Q1');
    expect(
      locked.json.files.every((file: { content: unknown; url: unknown }) => file.content === null && file.url === null),
    ).toBe(true);
    expect(locked.json.gated).toEqual([
      { feature: 'historicalAudio', hidden: 1 },
      { feature: 'report', hidden: 1 },
      { feature: 'slides', hidden: 1 },
      { feature: 'transcript', hidden: 1 },
    ]);
    expect((await get('/api/pricing/files/contents/ZQFL/2091/Q1')).json.files).toEqual([]);
  });

  it.each([
    ['/api/pricing/files/contents/ZQFL/2090/Q7', 400, 'path.period'],
    ['/api/pricing/files/contents/ZQFL/year/Q1', 400, 'path.periodYear'],
    ['/api/pricing/files/contents/NOPEZ/2090/Q1', 404, 'Unknown symbol: NOPEZ'],
  ])('%s answers %i', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/assets/:symbol/ratings', () => {
  it('gives plus the ratings newest first with the latest consensus', async () => {
    const { json } = await get('/api/pricing/assets/ZQFL/ratings', plus.headers);
    expect(json.ratings.map((rating: { firm: string; date: string }) => `${rating.date} ${rating.firm}`)).toEqual([
      '2090-03-10 Alpha',
      '2090-02-10 Beta',
      '2090-01-10 Alpha',
    ]);
    expect(json.consensus).toEqual({ month: '2090-03-01', strongBuy: 2, buy: 3, hold: 1, sell: 1, strongSell: 0 });
    expect(json.gated).toBeNull();
  });

  it('gives plus the consensus trend of the newest months, oldest first, ending on the consensus', async () => {
    const { json } = await get('/api/pricing/assets/ZQFL/ratings', plus.headers);
    expect(RATINGS_TREND_MONTHS).toBe(6);
    expect(json.trend.map((row: { month: string }) => row.month)).toEqual([
      '2089-10-01',
      '2089-11-01',
      '2089-12-01',
      '2090-01-01',
      '2090-02-01',
      '2090-03-01',
    ]);
    expect(json.trend[0]).toEqual({ month: '2089-10-01', strongBuy: 0, buy: 3, hold: 2, sell: 0, strongSell: 0 });
    expect(json.trend.at(-1)).toEqual(json.consensus);
    // An asset without monthly counts has an empty trend and no consensus.
    const none = await get('/api/pricing/assets/ZQFM/ratings', plus.headers);
    expect(none.json).toMatchObject({ consensus: null, trend: [] });
  });

  it("keeps each firm's newest with latest=true, and narrows with start", async () => {
    const latest = await get('/api/pricing/assets/ZQFL/ratings?latest=true', plus.headers);
    expect(
      latest.json.ratings.map((rating: { firm: string; toGrade: string }) => [rating.firm, rating.toGrade]),
    ).toEqual([
      ['Alpha', 'Strong Buy'],
      ['Beta', 'Hold'],
    ]);
    const since = await get('/api/pricing/assets/ZQFL/ratings?start=2090-02-01', plus.headers);
    expect(since.json.ratings).toHaveLength(2);
  });

  it('withholds ratings from anonymous and free callers and says how many', async () => {
    for (const headers of [{}, free.headers]) {
      const { json } = await get('/api/pricing/assets/ZQFL/ratings', headers);
      expect(json).toMatchObject({
        ratings: [],
        consensus: null,
        trend: [],
        gated: { feature: 'analystRatings', hidden: 3 },
      });
      // No rating from `start` on hides nothing, and still the monthly consensus stays closed.
      const later = await get('/api/pricing/assets/ZQFL/ratings?start=2091-01-01', headers);
      expect(later.json).toMatchObject({ ratings: [], consensus: null, trend: [], gated: null });
    }
  });

  it.each([
    ['/api/pricing/assets/ZQFL/ratings?latest=maybe', 400, 'query.latest'],
    ['/api/pricing/assets/ZQFL/ratings?start=2090-13-01', 400, 'query.start'],
    ['/api/pricing/assets/NOPEZ/ratings', 404, 'Unknown symbol: NOPEZ'],
  ])('%s answers %i', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/assets/:symbol/guidance', () => {
  it('gives pro the guidance by date range or period; plus and free get the lock', async () => {
    const all = await get('/api/pricing/assets/ZQFL/guidance', pro.headers);
    expect(all.json.guidance.map((item: { period: string }) => item.period)).toEqual(['Q2', 'FY']);
    const range = await get('/api/pricing/assets/ZQFL/guidance?start=2090-01-01&end=2090-02-01', pro.headers);
    expect(range.json.guidance).toEqual([
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
    const quarter = await get('/api/pricing/assets/ZQFL/guidance?periodYear=2090&period=Q2', pro.headers);
    expect(quarter.json.guidance).toHaveLength(1);
    expect(quarter.json.guidance[0]).toMatchObject({ metric: 'eps', low: 1.1, high: 1.2 });
    for (const headers of [{}, plus.headers]) {
      const { json } = await get('/api/pricing/assets/ZQFL/guidance', headers);
      expect(json).toMatchObject({ guidance: [], gated: { feature: 'guidance', hidden: 2 } });
    }
  });

  it.each([
    ['?start=2090-05-01&end=2090-01-01', 'query.end'],
    ['?period=Q2', 'query.periodYear: is required with period'],
    ['?periodYear=2090&start=2090-01-01', 'query.periodYear: cannot be combined'],
    ['?periodYear=2090&period=H1', 'query.period'],
  ])('rejects %s naming the field', async (query, message) => {
    const res = await get(`/api/pricing/assets/ZQFL/guidance${query}`);
    expect(res.status).toBe(400);
    expect(res.json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/stats', () => {
  it('describes a metric over the top500 ranking on the latest metrics date on or before the date asked', async () => {
    // Without an index following top500, the ranking is the best scores of the day: our five assets.
    await server.ctx.db.delete(marketIndexes).where(eq(marketIndexes.ranking, 'top500'));
    const fallback = await get('/api/pricing/stats?date=2091-01-06&target=top500&type=pe');
    expect(fallback.status).toBe(200);
    expect(fallback.json).toMatchObject({
      date: '2091-01-05',
      target: 'top500',
      type: 'pe',
      count: 5,
      min: 5,
      max: 25,
      median: 15,
    });
    expect(fallback.json.p25).toBeCloseTo(10);
    expect(fallback.json.histogram.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(5);
    const earlier = await get('/api/pricing/stats?date=2091-01-03&type=pe');
    expect(earlier.json).toMatchObject({ date: '2091-01-01', count: 5, min: 100, max: 500 });
    // With the index, its constituents.
    await server.ctx.db.insert(marketIndexes).values({ id: 'zq500', name: 'ZQ500', ranking: 'top500' });
    await server.ctx.db
      .insert(indexConstituents)
      .values(
        statAssets
          .slice(0, 3)
          .map((assetId, index) => ({ indexId: 'zq500', assetId, rank: index + 1, addedDate: '2091-01-01' })),
      );
    const members = await get('/api/pricing/stats?date=2091-01-05&type=overallScore');
    expect(members.json).toMatchObject({ count: 3, min: 10, max: 30, mean: 20 });
  });

  it('answers with no figures before any metrics exist', async () => {
    expect((await get('/api/pricing/stats?date=1990-01-01')).json).toMatchObject({
      date: null,
      count: 0,
      median: null,
      histogram: [],
    });
  });

  it.each([
    ['type=beta', 'query.type'],
    ['target=top100', 'query.target'],
    ['date=2091-02-30', 'query.date'],
  ])('rejects ?%s', async (query, field) => {
    const res = await get(`/api/pricing/stats?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.message.startsWith(field)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the events and files calls', async () => {
    const doc = (await get('/api/docs/json')).json;
    for (const path of [
      '/api/events',
      '/api/events/{id}',
      '/api/events/symbols/{symbol}',
      '/api/events/youtube-stream',
      '/api/ai/analyzers/files/{id}',
      '/api/pricing/files/{id}/analysis',
      '/api/pricing/files/{id}',
      '/api/pricing/files/{id}/file',
      '/api/pricing/files/filter/{filter}',
      '/api/pricing/files/analysis/latest',
      '/api/pricing/assets/{symbol}/files',
      '/api/pricing/files/contents/{symbol}/{periodYear}/{period}',
      '/api/pricing/assets/{symbol}/ratings',
      '/api/pricing/assets/{symbol}/guidance',
      '/api/pricing/stats',
    ])
      expect(doc.paths[path]?.get, path).toBeDefined();
  });
});

describe('malformed input', () => {
  const odd = ['', '%E2%82%AC', 'x'.repeat(600), '-1', '1e309', 'null', '[]', '%00', '2090-01-01T00:00:00Z'];
  const templates = [
    '/api/pricing/assets/earnings/calendar?start=@&end=@',
    '/api/pricing/assets/earnings/calendar/daily?start=@',
    '/api/pricing/assets/@/earnings?periodYear=@&period=@',
    '/api/pricing/assets/earnings/top-market?limit=@',
    '/api/earnings/filters/symbols?filter=@',
    '/api/events?start=@&type=@&status=@&limit=@&order=@',
    '/api/events/@',
    '/api/events/symbols/@?limit=@',
    '/api/ai/analyzers/files/@',
    '/api/pricing/files/@/analysis',
    '/api/pricing/files/@/file',
    '/api/pricing/files/filter/@?limit=@',
    '/api/pricing/files/analysis/latest?symbols=@',
    '/api/pricing/assets/@/files?types=@&externalFileId=@&limit=@',
    '/api/pricing/files/contents/@/@/@',
    '/api/pricing/assets/@/ratings?latest=@&start=@&limit=@',
    '/api/pricing/assets/@/guidance?start=@&periodYear=@&period=@',
    '/api/pricing/stats?date=@&target=@&type=@',
  ];

  it('never answers 500, and every failure has the error shape', async () => {
    for (const template of templates) {
      for (const value of odd) {
        const path = template.replaceAll('@', value);
        const res = await server.api(path);
        expect(res.status, path).toBeLessThan(500);
        if (res.status >= 400)
          expect(Object.keys(await body(res)).sort(), path).toEqual(expect.arrayContaining(['code', 'message']));
        else await res.arrayBuffer();
      }
      const repeated = await server.api(
        template.replaceAll('@', 'a').replace('?', '?start=1&start=2&limit=1&limit=2&'),
      );
      expect(repeated.status, template).toBeLessThan(500);
      await repeated.arrayBuffer();
    }
  });
});
