/**
 * Ingestion on the service tier: what `ingest` writes from a provider's recorded answers (the vendors are outside
 * our walls, so each provider here is a scripted stand-in): counting added, changed and skipped rows, text stored
 * exactly, a failing vendor or a refused batch never corrupting what is stored, earnings dates users can trust (an
 * estimate never overwrites a confirmed date, 8-K Item 2.02 confirmations, the date's history), sanitised news,
 * calls and transcripts linked by key, the options; and the market seeds: one ingests the earlier calendar view,
 * then today's, fails whole, and the demo market's seed filled this database.
 */
import {
  assets,
  earnings,
  earningsDateChanges,
  events,
  files,
  ingestionRuns,
  news,
  ohlcDaily,
  quotes,
  rowsOf,
  secFilings,
  seedRuns,
} from '@eh/db';
import { addDays, EH500_INDEX_ID, nyDate } from '@eh/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/index.ts';
import { EARLIER_VIEW_DAYS, marketSeed } from '../../src/modules/market-history/demo-market.ts';
import { HISTORY_STEPS, historyStatus } from '../../src/modules/market-history/history.ts';
import type {
  AssetRecord,
  DailyBarRecord,
  EarningsRecord,
  FilingRecord,
  ProviderFactory,
  QuoteRecord,
} from '../../src/providers/index.ts';
import { runSeeds } from '../../src/seed/index.ts';
import { fakeProvider } from '../fake-provider.ts';
import { eachDatabase } from './context.ts';

/**
 * A market whose next report was estimated three weeks ago and has been confirmed, a day later, since: what the
 * demo provider does for the companies that announced their date in between.
 */
const market =
  (symbol: string, fail = false): ProviderFactory =>
  ({ now = new Date() }) => {
    const today = nyDate(now);
    const early = Date.now() - now.getTime() > (EARLIER_VIEW_DAYS - 1) * 86_400_000;
    const next: EarningsRecord = {
      symbol,
      type: 'stock',
      periodYear: 2026,
      period: 'Q2',
      date: early ? addDays(today, 30) : addDays(today, 10),
      time: early ? null : '16:05',
      session: 'after',
      dateStatus: early ? 'estimated' : 'confirmed',
    };
    return fakeProvider('seeded', {
      assets: [[{ symbol, type: 'stock', name: `${symbol} Industries`, marketCap: 5e9 }]],
      earnings: [[next]],
      ...(fail && !early ? { quotes: [new Error('the feed is down')] } : {}),
    });
  };

// Tickers no real market (and so no demo market) uses.
const asset = (symbol: string, extra: Partial<AssetRecord> = {}): AssetRecord => ({
  symbol,
  type: 'stock',
  name: `${symbol} Holdings`,
  exchange: 'NASDAQ',
  marketCap: 1e9,
  ...extra,
});
const bar = (symbol: string, date: string, close: number): DailyBarRecord => ({
  symbol,
  type: 'stock',
  date,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 1000,
});
const quote = (symbol: string, price: number): QuoteRecord => ({
  symbol,
  type: 'stock',
  price,
  prevClose: price - 1,
  quotedAt: new Date('2026-03-02T21:00:00Z'),
});

eachDatabase((service) => {
  const db = () => service().ctx.db;
  const seedEnv = () => ({ config: service().ctx.config, embedded: service().kind === 'pglite' });

  async function assetId(symbol: string): Promise<number> {
    const [row] = await db().select({ id: assets.id }).from(assets).where(eq(assets.symbolUpper, symbol.toUpperCase()));
    if (!row) throw new Error(`no asset ${symbol}`);
    return row.id;
  }

  describe('ingest: counting', () => {
    const data = {
      assets: [[asset('zqa.b'), asset('ZQB')]],
      quotes: [[quote('ZQA.B', 10), quote('ZQB', 20)]],
      dailyBars: [
        [bar('ZQA.B', '2026-03-02', 10), bar('ZQA.B', '2026-02-27', 9)],
        [bar('ZQB', '2026-03-02', 20), bar('ZQB', '2026-02-27', 19)],
      ],
    };

    it('adds everything the first time, with the uppercase symbol copy and the provider as source', async () => {
      const report = await ingest(db(), fakeProvider('fake-count', data));
      expect(report.datasets.map((d) => [d.dataset, d.status, d.added, d.changed, d.skipped, d.errors])).toEqual([
        ['assets', 'succeeded', 2, 0, 0, 0],
        ['quotes', 'succeeded', 2, 0, 0, 0],
        ['dailyBars', 'succeeded', 4, 0, 0, 0],
      ]);
      const [stored] = await db().select().from(assets).where(eq(assets.symbolUpper, 'ZQA.B'));
      expect(stored).toMatchObject({ symbol: 'zqa.b', symbolUpper: 'ZQA.B', source: 'fake-count', type: 'stock' });
    });

    it('skips every row when the same data comes again', async () => {
      const report = await ingest(db(), fakeProvider('fake-count', data));
      for (const dataset of report.datasets) {
        expect(dataset).toMatchObject({ added: 0, changed: 0, errors: 0, status: 'succeeded' });
      }
      expect(report.datasets.map((d) => d.skipped)).toEqual([2, 2, 4]);
    });

    it('tells which datasets changed, and nothing when nothing did', async () => {
      const told: string[][] = [];
      const onChanged = (datasets: string[]) => {
        told.push(datasets);
      };
      await ingest(db(), fakeProvider('fake-count', data), { onChanged });
      expect(told).toEqual([]);
      await ingest(db(), fakeProvider('fake-count', { ...data, quotes: [[quote('ZQB', 20.5)]] }), { onChanged });
      expect(told).toEqual([['quotes']]);
      await ingest(db(), fakeProvider('fake-count', { quotes: data.quotes }));
    });

    it('counts a changed value as changed and stores it', async () => {
      const report = await ingest(
        db(),
        fakeProvider('fake-count', {
          quotes: [[quote('ZQA.B', 10), quote('ZQB', 21.5)]],
          dailyBars: [[bar('ZQB', '2026-03-02', 20.25), bar('ZQB', '2026-03-03', 21)]],
        }),
      );
      expect(report.datasets.map((d) => [d.dataset, d.added, d.changed, d.skipped])).toEqual([
        ['quotes', 0, 1, 1],
        ['dailyBars', 1, 1, 0],
      ]);
      const zqb = await assetId('ZQB');
      const [q] = await db().select().from(quotes).where(eq(quotes.assetId, zqb));
      expect(q?.price).toBe(21.5);
      const bars = await db().select().from(ohlcDaily).where(eq(ohlcDaily.assetId, zqb)).orderBy(asc(ohlcDaily.date));
      expect(bars.map((b) => [b.date, b.close])).toEqual([
        ['2026-02-27', 19],
        ['2026-03-02', 20.25],
        ['2026-03-03', 21],
      ]);
    });

    it('leaves a column the provider does not send as it was, and merges provider ids', async () => {
      await ingest(
        db(),
        fakeProvider('fake-ids', {
          assets: [[{ symbol: 'ZQB', type: 'stock', name: 'ZQB Holdings', externalIds: { fake: 'zqb-1' } }]],
        }),
      );
      const [stored] = await db().select().from(assets).where(eq(assets.symbolUpper, 'ZQB'));
      expect(stored).toMatchObject({ marketCap: 1e9, exchange: 'NASDAQ', externalIds: { fake: 'zqb-1' } });
    });

    it('stores text exactly, whatever its quotes, braces, backslashes or NULL-like words', async () => {
      const awkward = 'He said "hi", {x} \\ NULL \u00e9\u00e8 \u{1F4C8}';
      await ingest(
        db(),
        fakeProvider('fake-text', {
          assets: [
            [
              asset('ZQT', {
                name: awkward,
                description: 'NULL',
                website: null,
                externalIds: { 'we"ird': 'va,l}ue' },
              }),
            ],
          ],
        }),
      );
      const [stored] = await db().select().from(assets).where(eq(assets.symbolUpper, 'ZQT'));
      expect(stored).toMatchObject({
        name: awkward,
        description: 'NULL',
        website: null,
        externalIds: { 'we"ird': 'va,l}ue' },
      });
    });

    it('counts records of unknown assets and invalid records as errors, and writes the rest', async () => {
      const report = await ingest(
        db(),
        fakeProvider('fake-errors', {
          dailyBars: [
            [
              bar('ZQB', '2026-03-04', 22),
              bar('NOPE1', '2026-03-04', 1),
              { ...bar('ZQB', '2026-03-05', 1), close: Number.NaN },
            ],
          ],
        }),
      );
      expect(report.datasets[0]).toMatchObject({ status: 'partial', added: 1, errors: 2 });
      expect(report.datasets[0]?.message).toContain('NOPE1 (stock)');
      const [run] = await db()
        .select()
        .from(ingestionRuns)
        .where(eq(ingestionRuns.id, report.datasets[0]?.runId ?? 0));
      expect(run).toMatchObject({
        provider: 'fake-errors',
        dataset: 'dailyBars',
        status: 'partial',
        added: 1,
        errors: 2,
      });
      expect(run?.finishedAt).toBeInstanceOf(Date);
    });
  });

  describe('ingest: a failing provider never corrupts stored data', () => {
    const bars = (n: number, close: number) => [bar('ZQF', `2026-01-0${n}`, close)];

    beforeAll(async () => {
      await ingest(db(), fakeProvider('fake-fail', { assets: [[asset('ZQF')]] }));
    });

    it('keeps batches 1–2 when the vendor throws while fetching batch 3, and records the run as partial', async () => {
      const report = await ingest(
        db(),
        fakeProvider('fake-fail', {
          dailyBars: [bars(5, 10), bars(6, 11), new Error('vendor timed out'), bars(8, 13)],
        }),
      );
      expect(report.datasets[0]).toMatchObject({ status: 'partial', added: 2, batches: 2 });
      expect(report.datasets[0]?.message).toContain('vendor timed out');
      const stored = await db()
        .select()
        .from(ohlcDaily)
        .where(eq(ohlcDaily.assetId, await assetId('ZQF')));
      expect(stored.map((b) => b.date).sort()).toEqual(['2026-01-05', '2026-01-06']);
    });

    it('rolls a batch the database refuses back whole, and goes on with the next', async () => {
      // estimate_count is a smallint: 99,999 makes the database refuse the statement of batch 3.
      const earning = (period: 'Q1' | 'Q2' | 'Q3' | 'Q4', estimateCount: number): EarningsRecord => ({
        symbol: 'ZQF',
        type: 'stock',
        periodYear: 2025,
        period,
        date: '2025-05-01',
        dateStatus: 'estimated',
        estimateCount,
      });
      const report = await ingest(
        db(),
        fakeProvider('fake-fail', {
          earnings: [
            [earning('Q1', 3)],
            [earning('Q2', 4)],
            [earning('Q3', 5), earning('Q4', 99_999)],
            [earning('Q4', 6)],
          ],
        }),
      );
      expect(report.datasets[0]).toMatchObject({
        status: 'partial',
        added: 3,
        errors: 2,
        failedBatches: 1,
        batches: 4,
      });
      expect(report.datasets[0]?.message).toMatch(/batch 3 failed/);
      const stored = await db()
        .select()
        .from(earnings)
        .where(eq(earnings.assetId, await assetId('ZQF')));
      expect(stored.map((e) => [e.period, e.estimateCount]).sort()).toEqual([
        ['Q1', 3],
        ['Q2', 4],
        ['Q4', 6],
      ]);
    });

    it('records a run that wrote nothing as failed', async () => {
      const report = await ingest(db(), fakeProvider('fake-fail', { quotes: [new Error('403 Forbidden')] }));
      expect(report.datasets[0]).toMatchObject({ status: 'failed', added: 0, batches: 0 });
      const [run] = await db()
        .select()
        .from(ingestionRuns)
        .where(eq(ingestionRuns.id, report.datasets[0]?.runId ?? 0));
      expect(run).toMatchObject({ status: 'failed', message: expect.stringContaining('403 Forbidden') });
    });
  });

  describe('ingest: earnings dates users can trust', () => {
    const report = (extra: Partial<EarningsRecord>): EarningsRecord => ({
      symbol: 'ZQE',
      type: 'stock',
      periodYear: 2026,
      period: 'Q1',
      date: '2026-04-28',
      session: 'after',
      dateStatus: 'estimated',
      epsEstimate: 1.1,
      ...extra,
    });
    const stored = async () => {
      const [row] = await db()
        .select()
        .from(earnings)
        .where(eq(earnings.assetId, await assetId('ZQE')));
      if (!row) throw new Error('no earnings row');
      return row;
    };
    const history = async () =>
      db()
        .select()
        .from(earningsDateChanges)
        .where(eq(earningsDateChanges.earningsId, (await stored()).id))
        .orderBy(asc(earningsDateChanges.id));

    beforeAll(async () => {
      await ingest(db(), fakeProvider('fake-setup', { assets: [[asset('ZQE'), asset('ZQS')]] }));
    });

    it('stores an estimate, then a moved estimate with its history row', async () => {
      await ingest(db(), fakeProvider('estimator', { earnings: [[report({})]] }));
      expect(await history()).toEqual([]);
      await ingest(db(), fakeProvider('estimator', { earnings: [[report({ date: '2026-04-30' })]] }));
      expect(await stored()).toMatchObject({ date: '2026-04-30', dateStatus: 'estimated', dateSource: 'estimator' });
      expect(await history()).toMatchObject([
        {
          oldDate: '2026-04-28',
          newDate: '2026-04-30',
          oldStatus: 'estimated',
          newStatus: 'estimated',
          source: 'estimator',
        },
      ]);
    });

    it('confirms the date with its exact time, and never lets a later estimate overwrite it', async () => {
      await ingest(
        db(),
        fakeProvider('company', {
          earnings: [[report({ date: '2026-04-29', time: '16:30', dateStatus: 'confirmed' })]],
        }),
      );
      const estimate = await ingest(
        db(),
        fakeProvider('estimator', { earnings: [[report({ date: '2026-05-06', epsEstimate: 1.25 })]] }),
      );
      // The estimate's numbers still update; its date does not.
      expect(estimate.datasets[0]).toMatchObject({ changed: 1 });
      expect(await stored()).toMatchObject({
        date: '2026-04-29',
        time: '16:30',
        session: 'after',
        dateStatus: 'confirmed',
        dateSource: 'company',
        epsEstimate: 1.25,
      });
      expect((await history()).map((h) => [h.oldDate, h.newDate, h.oldTime, h.newTime, h.newStatus, h.source])).toEqual(
        [
          ['2026-04-28', '2026-04-30', null, null, 'estimated', 'estimator'],
          ['2026-04-30', '2026-04-29', null, '16:30', 'confirmed', 'company'],
        ],
      );
    });

    it('confirms a past estimated date from an 8-K Item 2.02 filed the next day after an after-market report', async () => {
      const zqs = (period: 'Q3' | 'Q4', date: string, session: 'after' | 'before'): EarningsRecord => ({
        symbol: 'ZQS',
        type: 'stock',
        periodYear: 2025,
        period,
        date,
        session,
        dateStatus: 'estimated',
      });
      const filing = (accession: string, filedDate: string, items: string[]): FilingRecord => ({
        asset: { symbol: 'ZQS', type: 'stock' },
        cik: '0000999001',
        accessionNumber: accession,
        form: '8-K',
        kind: 'sec_8k',
        filedDate,
        items,
        url: `https://www.sec.gov/Archives/${accession}`,
      });
      const result = await ingest(
        db(),
        fakeProvider('fake-sec', {
          earnings: [[zqs('Q3', '2025-10-30', 'after'), zqs('Q4', '2026-01-29', 'before')]],
          filings: [
            [
              // Q3: released after the close, filed the next morning: confirms.
              filing('0000999001-25-000101', '2025-10-31', ['Item 2.02', '9.01']),
              // Q4: a before-the-open report with only a director change filed that day: does not.
              filing('0000999001-26-000007', '2026-01-29', ['5.02']),
            ],
          ],
        }),
        { now: new Date('2026-02-10T15:00:00Z') },
      );
      expect(result.confirmedFromFilings).toBe(1);
      const rows = await db()
        .select()
        .from(earnings)
        .where(eq(earnings.assetId, await assetId('ZQS')))
        .orderBy(asc(earnings.period));
      expect(rows.map((r) => [r.period, r.date, r.dateStatus, r.dateSource])).toEqual([
        ['Q3', '2025-10-30', 'confirmed', 'sec'],
        ['Q4', '2026-01-29', 'estimated', 'fake-sec'],
      ]);
      const changes = await db()
        .select()
        .from(earningsDateChanges)
        .where(eq(earningsDateChanges.earningsId, rows[0]?.id ?? 0));
      expect(changes).toMatchObject([
        { oldStatus: 'estimated', newStatus: 'confirmed', newDate: '2025-10-30', source: 'sec' },
      ]);
      const [stored] = await db()
        .select()
        .from(secFilings)
        .where(eq(secFilings.accessionNumber, '0000999001-25-000101'));
      expect(stored).toMatchObject({ cik: '999001', items: ['2.02', '9.01'], assetId: await assetId('ZQS') });
    });
  });

  describe('ingest: news, events and files', () => {
    beforeAll(async () => {
      await ingest(db(), fakeProvider('fake-news', { assets: [[asset('ZQN')]] }));
    });

    it('sanitises news bodies (no scripts, handlers or javascript: links) and gives each item a stable slug', async () => {
      const item = {
        externalId: 'n-1',
        title: 'ZQN beats <b>estimates</b> & raises guidance',
        body:
          '<p onclick="steal()">Results <strong>beat</strong>.</p><script>alert(1)</script>' +
          '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
          '<a href="https://example.com/ir" target="_self">release</a><iframe src="https://evil.example"></iframe>',
        newsType: 'earnings_results',
        tags: ['earnings', 'earnings'],
        symbols: ['zqn'],
        publishedAt: new Date('2026-03-01T12:00:00Z'),
      };
      const first = await ingest(db(), fakeProvider('fake-news', { news: [[item]] }));
      expect(first.datasets[0]).toMatchObject({ added: 1 });
      const [row] = await db()
        .select()
        .from(news)
        .where(and(eq(news.source, 'fake-news'), eq(news.externalId, 'n-1')));
      expect(row?.body).toBe(
        '<p>Results <strong>beat</strong>.</p><a>click</a>' +
          '<a href="https://example.com/ir" target="_blank" rel="noopener noreferrer nofollow">release</a>',
      );
      expect(row?.body).not.toMatch(/script|onerror|onclick|javascript|iframe/i);
      expect(row?.title).toBe('ZQN beats estimates & raises guidance');
      expect(row?.slug).toMatch(/^zqn-beats-estimates-and-raises-guidance-[0-9a-f]{8}$/);
      expect(row).toMatchObject({ symbols: ['ZQN'], tags: ['earnings'] });
      const again = await ingest(db(), fakeProvider('fake-news', { news: [[item]] }));
      expect(again.datasets[0]).toMatchObject({ added: 0, changed: 0, skipped: 1 });
    });

    it('links a call to its quarter and a transcript to its call by key', async () => {
      const result = await ingest(
        db(),
        fakeProvider('fake-news', {
          earnings: [
            [
              {
                symbol: 'ZQN',
                type: 'stock',
                periodYear: 2026,
                period: 'Q1',
                date: '2026-04-22',
                dateStatus: 'confirmed',
              },
            ],
          ],
          events: [
            [
              {
                externalId: 'call-zqn-2026q1',
                eventType: 'call',
                eventStatus: 'upcoming',
                eventDate: new Date('2026-04-22T21:00:00Z'),
                asset: { symbol: 'ZQN', type: 'stock' },
                title: 'ZQN Q1 2026 earnings call',
                periodYear: 2026,
                period: 'Q1',
              },
              {
                externalId: 'ipo-zqnew',
                eventType: 'ipo',
                eventStatus: 'upcoming',
                eventDate: new Date('2026-04-23T13:30:00Z'),
                asset: { symbol: 'ZQNEW', type: 'stock' },
                title: 'ZQNew IPO',
                details: { priceRange: [18, 20] },
              },
            ],
          ],
          files: [
            [
              {
                id: 'fake-news-zqn-2026q1-transcript',
                symbol: 'ZQN',
                type: 'stock',
                fileType: 'transcript',
                periodYear: 2026,
                period: 'Q1',
                title: 'ZQN Q1 2026 transcript',
                date: new Date('2026-04-22T22:30:00Z'),
                content: {
                  sections: [{ title: 'Prepared remarks', paragraphs: [{ speaker: 'CEO', text: 'Thank you.' }] }],
                },
                eventExternalId: 'call-zqn-2026q1',
              },
            ],
          ],
        }),
      );
      expect(result.datasets.map((d) => [d.dataset, d.added, d.errors])).toEqual([
        ['earnings', 1, 0],
        ['events', 2, 0],
        ['files', 1, 0],
      ]);
      const zqn = await assetId('ZQN');
      const [quarter] = await db().select().from(earnings).where(eq(earnings.assetId, zqn));
      const stored = await db()
        .select()
        .from(events)
        .where(inArray(events.externalId, ['call-zqn-2026q1', 'ipo-zqnew']))
        .orderBy(asc(events.externalId));
      expect(stored.map((e) => [e.externalId, e.assetId, e.symbol, e.earningsId])).toEqual([
        ['call-zqn-2026q1', zqn, 'ZQN', quarter?.id],
        ['ipo-zqnew', null, 'ZQNEW', null],
      ]);
      const [file] = await db().select().from(files).where(eq(files.id, 'fake-news-zqn-2026q1-transcript'));
      expect(file).toMatchObject({ assetId: zqn, eventId: stored[0]?.id, type: 'transcript', source: 'fake-news' });
      expect(file?.content).toMatchObject({ sections: [{ title: 'Prepared remarks' }] });
    });
  });

  describe('ingest: options', () => {
    it('refuses a dataset the provider does not serve, naming it', async () => {
      await expect(ingest(db(), fakeProvider('fake-opt', { quotes: [] }), { datasets: ['news'] })).rejects.toThrow(
        /does not serve news/,
      );
    });

    it('passes only the assets the provider can handle, and the window', async () => {
      const provider = fakeProvider('fake-opt', { quotes: [] }, { canHandle: (a) => a.type === 'crypto' });
      await ingest(db(), provider, {
        assets: [
          { symbol: 'ZQA.B', type: 'stock' },
          { symbol: 'ZQCOIN', type: 'crypto' },
        ],
        from: '2026-01-01',
        to: '2026-01-31',
      });
      expect(provider.calls).toEqual([
        {
          dataset: 'quotes',
          params: { assets: [{ symbol: 'ZQCOIN', type: 'crypto' }], from: '2026-01-01', to: '2026-01-31' },
        },
      ]);
    });
  });

  describe('market seed', () => {
    it('ingests the earlier calendar view, then today’s, leaving the date’s history', async () => {
      const applied = await runSeeds(db(), seedEnv(), [marketSeed('test-market', 'seeded', () => market('ZQSEED'))]);
      expect(applied).toEqual(['test-market']);
      const [asset] = await db().select().from(assets).where(eq(assets.symbolUpper, 'ZQSEED'));
      const [row] = await db()
        .select()
        .from(earnings)
        .where(eq(earnings.assetId, asset?.id ?? 0));
      expect(row).toMatchObject({ dateStatus: 'confirmed', time: '16:05', source: 'seeded' });
      const changes = await db()
        .select()
        .from(earningsDateChanges)
        .where(eq(earningsDateChanges.earningsId, row?.id ?? 0));
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ oldStatus: 'estimated', newStatus: 'confirmed', newDate: row?.date });
      expect(changes[0]?.oldDate).not.toBe(row?.date);
    });

    it('fails whole when the provider fails, stores nothing of it, and stays unrecorded for the next start', async () => {
      const seed = marketSeed('broken-market', 'seeded', () => market('ZQBROKE', true));
      await expect(runSeeds(db(), seedEnv(), [seed])).rejects.toThrow(
        /quotes failed \(fetching batch 1 failed: the feed is down\)/,
      );
      expect(await db().select().from(assets).where(eq(assets.symbolUpper, 'ZQBROKE'))).toEqual([]);
      expect(await db().select().from(seedRuns).where(eq(seedRuns.name, 'broken-market'))).toEqual([]);
    });

    it('does not apply without SEED_DEMO or without the provider', () => {
      const seed = marketSeed('x', 'seeded', () => market('ZQX'));
      expect(seed.applies?.({ ...seedEnv(), config: { ...service().ctx.config, SEED_DEMO: false } })).toBe(false);
      expect(marketSeed('y', 'missing', () => undefined).applies?.(seedEnv())).toBe(false);
      expect(seed.applies?.(seedEnv())).toBe(true);
    });
  });

  describe('the demo market seed', () => {
    it('filled this database on its first start: the universe, the earlier calendar view’s history, metrics and EH500', async () => {
      const counts = async (query: SQL) => rowsOf<Record<string, number>>(await db().execute(query))[0] ?? {};
      const universe = await counts(sql`
        select count(*) filter (where type = 'stock')::int as stocks, count(*) filter (where type = 'crypto')::int as crypto,
          count(*) filter (where type = 'otc')::int as otc, count(*) filter (where source <> 'demo')::int as foreign
        from ${assets} where source = 'demo' or symbol_upper not like 'ZQ%'`);
      expect(universe.stocks).toBeGreaterThanOrEqual(500);
      expect(universe.crypto).toBeGreaterThanOrEqual(50);
      expect(universe.otc).toBeGreaterThanOrEqual(50);
      expect(universe.foreign).toBe(0);
      const facts = await counts(sql`
        select (select count(*) from ${earningsDateChanges} c where c.source = 'demo')::int as changes,
          (select count(*) from ${ingestionRuns} r where r.provider = 'demo' and r.status <> 'succeeded')::int as bad_runs,
          (select count(*) from ${ingestionRuns} r where r.provider = 'demo')::int as runs,
          (select count(*) from index_constituents where index_id = ${EH500_INDEX_ID})::int as eh500,
          (select count(*) from metrics)::int as metrics`);
      // Dates estimated three weeks ago and confirmed or moved since carry their history.
      expect(facts.changes).toBeGreaterThan(0);
      expect(facts.bad_runs).toBe(0);
      // The first pages (7 datasets) and the earlier view's earnings, then each history step's datasets.
      expect(facts.runs).toBe(7 + 1 + HISTORY_STEPS.reduce((sum, step) => sum + (step.datasets?.length ?? 0), 0));
      expect(await historyStatus(db(), 'demo-market')).toMatchObject({ state: 'done', percent: 100 });
      expect(facts.eh500).toBe(500);
      expect(facts.metrics).toBeGreaterThan(0);
    });
  });
});
