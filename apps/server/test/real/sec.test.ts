import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createSecProvider } from '../../src/providers/sec/sec-provider.ts';
import {
  detectSplits,
  filingsOf,
  quarterlyResults,
  type SecCompanyFacts,
  type SecSubmissions,
  type SecTickerList,
  secEarnings,
  submissionsToAssets,
  tickerListToAssets,
} from '../../src/providers/sec/transform.ts';
import type { Dataset, DatasetRecords, FetchParams } from '../../src/providers/types.ts';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const SEC = resolve(REAL, 'sec-edgar');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(SEC, path), 'utf8'));
const submissions = (cik: string) => readJson(`submissions/CIK${cik}.json`) as SecSubmissions;
const facts = (cik: string) => readJson(`companyfacts/CIK${cik}.json`) as SecCompanyFacts;
const recentFilings = (cik: string) => {
  const body = submissions(cik);
  const recent = body.filings?.recent;
  if (!recent) throw new Error(`no filings for ${cik}`);
  return filingsOf(recent, body.cik, null);
};

const NVIDIA = '0001045810';
const APPLE = '0000320193';
const MICROSOFT = '0000789019';
const FANNIE_MAE = '0000310522';
const LEARN_CW = '0001847577';
const BUFFETT = '0000315090';

describe('SEC ticker and exchange list', () => {
  const list = readJson('company_tickers_exchange.json') as SecTickerList;
  const assets = tickerListToAssets(list);
  const bySymbol = new Map(assets.map((a) => [a.symbol, a]));

  it('gives the whole universe, OTC names typed otc', () => {
    expect(assets).toHaveLength(10_069);
    const count = (predicate: (a: (typeof assets)[number]) => boolean) => assets.filter(predicate).length;
    expect(count((a) => a.type === 'otc')).toBe(2517);
    expect(count((a) => a.exchange === 'NASDAQ')).toBe(4093);
    expect(count((a) => a.exchange === 'NYSE')).toBe(3267);
    expect(count((a) => a.type === 'stock' && a.exchange === null)).toBe(166);
  });

  it('names classes and preferreds in our symbol form, ranked by market value', () => {
    expect(bySymbol.get('BRK.B')).toMatchObject({ name: 'BERKSHIRE HATHAWAY INC', cik: '0001067983', type: 'stock' });
    expect(bySymbol.has('BRK-B')).toBe(false);
    expect(bySymbol.get('BAC-PE')?.name).toBe('BANK OF AMERICA CORP');
    expect(assets[0]).toMatchObject({ symbol: 'NVDA', popularity: 10_069 });
    expect(bySymbol.get('FNMA')).toMatchObject({ type: 'otc', exchange: 'OTC', cik: FANNIE_MAE });
  });
});

describe('SEC submissions', () => {
  it("gives Fannie Mae's sixteen OTC tickers", () => {
    const assets = submissionsToAssets(submissions(FANNIE_MAE));
    expect(assets).toHaveLength(16);
    expect(assets.every((a) => a.type === 'otc' && a.exchange === 'OTC' && a.cik === FANNIE_MAE)).toBe(true);
    expect(assets.map((a) => a.symbol)).toEqual(expect.arrayContaining(['FNMA', 'FNMAS', 'FNMAJ', 'FNMFN', 'FNMAP']));
    expect(assets[0]).toMatchObject({ symbol: 'FNMA', fiscalYearEndMonth: 12 });
  });

  it("keeps Fannie Mae's asset-backed filings as other", () => {
    const filings = recentFilings(FANNIE_MAE);
    expect(filings.filter((f) => f.form === 'ABS-15G/A').every((f) => f.kind === 'other')).toBe(true);
    expect(filings.filter((f) => f.form === '10-Q').every((f) => f.kind === 'sec_10q')).toBe(true);
  });

  it("files the SPAC Learn CW's business-combination communications as 425", () => {
    const filings = recentFilings(LEARN_CW);
    const of = (form: string) => filings.filter((f) => f.form === form);
    expect(of('425')).toHaveLength(9);
    expect(of('425').every((f) => f.kind === 'sec_425')).toBe(true);
    expect(of('NT 10-Q').every((f) => f.kind === 'other')).toBe(true);
    expect(of('SC 13D/A').every((f) => f.kind === 'sec_13d')).toBe(true);
    expect(of('425').map((f) => f.filedDate)).toContain('2024-09-26');
  });

  it("files an insider's forms under 4, 13D and 13G, old and new schedule names alike", () => {
    const filings = recentFilings(BUFFETT);
    const kinds = (form: string) => new Set(filings.filter((f) => f.form === form).map((f) => f.kind));
    expect(kinds('4')).toEqual(new Set(['sec_4']));
    expect(kinds('4/A')).toEqual(new Set(['sec_4']));
    expect(kinds('SC 13D/A')).toEqual(new Set(['sec_13d']));
    expect(kinds('SCHEDULE 13D/A')).toEqual(new Set(['sec_13d']));
    expect(kinds('SC 13G')).toEqual(new Set(['sec_13g']));
    expect(kinds('SCHEDULE 13G/A')).toEqual(new Set(['sec_13g']));
    expect(kinds('13F-HR')).toEqual(new Set(['other']));
  });

  it("links Apple's 10-K to its EDGAR document", () => {
    const tenK = recentFilings(APPLE).find((f) => f.form === '10-K' && f.filedDate === '2025-10-31');
    expect(tenK).toMatchObject({
      kind: 'sec_10k',
      periodOfReport: '2025-09-27',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    });
  });
});

describe('SEC companyfacts → quarterly reported EPS', () => {
  const quarter = (results: ReturnType<typeof quarterlyResults>, year: number, period: string) =>
    results.find((r) => r.periodYear === year && r.period === period);

  describe('NVIDIA (fiscal year ends late January)', () => {
    const results = quarterlyResults(facts(NVIDIA));

    it('labels quarters by fiscal year: fiscal 2025 Q4 ended 2025-01-26', () => {
      expect(quarter(results, 2025, 'Q4')?.periodEnd).toBe('2025-01-26');
      expect(quarter(results, 2026, 'Q1')).toMatchObject({ periodEnd: '2025-04-27', eps: { value: 0.76 } });
      expect(quarter(results, 2026, 'Q2')).toMatchObject({ periodEnd: '2025-07-27', eps: { value: 1.08 } });
      expect(quarter(results, 2026, 'Q3')).toMatchObject({ periodEnd: '2025-10-26', eps: { value: 1.3 } });
      // Quarters close in January, April, July and October only.
      const months = new Set(
        results.map((r) => Number(r.periodEnd.slice(5, 7)) + (r.periodEnd.slice(8) < '16' ? -1 : 0)),
      );
      expect([...months].sort((a, b) => a - b)).toEqual([1, 4, 7, 10]);
    });

    it('derives Q4 from the 10-K: fiscal 2026 is 4.90 − 3.14 for the nine months', () => {
      expect(quarter(results, 2026, 'Q4')).toMatchObject({
        periodEnd: '2026-01-25',
        eps: { value: 1.76, derived: true, form: '10-K', filed: '2026-02-25' },
        revenue: { derived: true },
      });
    });

    it('restates pre-split EPS in today’s shares (4-for-1 in 2021, 10-for-1 in 2024)', () => {
      const eps = facts(NVIDIA).facts['us-gaap']?.EarningsPerShareDiluted?.units['USD/shares'] ?? [];
      expect(detectSplits(eps).map((s) => s.ratio)).toEqual([4, 10]);
      // Reported 0.82 for the quarter ended 2023-04-30, before the 2024 split, and never restated.
      expect(quarter(results, 2024, 'Q1')).toMatchObject({ periodEnd: '2023-04-30', eps: { value: 0.082 } });
      // Reported 2.48, restated 0.25 a year later: the first report, in today's shares.
      expect(quarter(results, 2024, 'Q2')?.eps?.value).toBe(0.248);
    });

    it('reads revenue from RevenueFromContractWithCustomer… or Revenues', () => {
      expect(quarter(results, 2026, 'Q1')?.revenue?.value).toBe(44_062_000_000);
    });
  });

  describe('Apple (fiscal year ends late September)', () => {
    const results = quarterlyResults(facts(APPLE));

    it('labels the December quarter Q1 of the next fiscal year', () => {
      expect(quarter(results, 2026, 'Q1')).toMatchObject({ periodEnd: '2025-12-27', eps: { value: 2.84 } });
      expect(quarter(results, 2025, 'Q1')).toMatchObject({ periodEnd: '2024-12-28', eps: { value: 2.4 } });
    });

    it('derives fiscal 2025 Q4 as 7.46 − 5.62', () => {
      expect(quarter(results, 2025, 'Q4')).toMatchObject({ periodEnd: '2025-09-27', eps: { value: 1.84 } });
    });

    it('restates fiscal 2020 Q1 (4.99 before the 2020 4-for-1 split) as 1.2475', () => {
      expect(quarter(results, 2020, 'Q1')?.eps?.value).toBe(1.2475);
    });

    it('takes revenue under SalesRevenueNet before 2018 and RevenueFromContractWithCustomer… after', () => {
      expect(quarter(results, 2025, 'Q1')?.revenue?.value).toBe(124_300_000_000);
      expect(quarter(results, 2015, 'Q1')?.revenue?.value).toBe(74_599_000_000);
    });
  });
});

describe('SEC 8-K Item 2.02 → confirmed earnings dates', () => {
  it("confirms Apple's release dates, after the close", () => {
    const body = submissions(APPLE);
    const records = secEarnings({
      asset: { symbol: 'AAPL', type: 'stock' },
      companyFacts: facts(APPLE),
      filings: body.filings ? [body.filings.recent] : [],
      fiscalYearEndMonth: 9,
    });
    const at = (year: number, period: string) => records.find((r) => r.periodYear === year && r.period === period);
    expect(at(2025, 'Q1')).toMatchObject({
      date: '2025-01-30',
      dateStatus: 'confirmed',
      session: 'after',
      epsActual: 2.4,
    });
    expect(at(2025, 'Q1')?.reportedAt?.toISOString()).toBe('2025-01-30T21:30:23.000Z');
    expect(at(2026, 'Q1')).toMatchObject({ date: '2026-01-29', dateStatus: 'confirmed', epsPriorYear: 2.4 });
    // The 2019-01-02 revenue warning was an Item 2.02 8-K too; the release came on 2019-01-29.
    expect(at(2019, 'Q1')?.date).toBe('2019-01-29');
    expect(records.filter((r) => r.dateStatus === 'confirmed').length).toBeGreaterThanOrEqual(40);
  });

  it("confirms Microsoft's from its 8-Ks alone (no companyfacts)", () => {
    const body = submissions(MICROSOFT);
    const records = secEarnings({
      asset: { symbol: 'MSFT', type: 'stock' },
      filings: body.filings ? [body.filings.recent] : [],
      fiscalYearEndMonth: 6,
    });
    const at = (year: number, period: string) => records.find((r) => r.periodYear === year && r.period === period);
    expect(at(2025, 'Q4')).toMatchObject({ date: '2025-07-30', session: 'after', dateStatus: 'confirmed' });
    expect(at(2026, 'Q2')).toMatchObject({ date: '2026-01-28', session: 'after' });
    // Filed with an Item 7.01 event dated the day before: the release is the filing day.
    expect(at(2026, 'Q1')?.date).toBe('2025-10-29');
    expect(records.every((r) => r.dateStatus === 'confirmed' && r.epsActual === null)).toBe(true);
    expect(new Set(records.map((r) => `${r.periodYear}${r.period}`)).size).toBe(records.length);
  });
});

describe('SEC provider from the recorded folder', () => {
  const provider = createSecProvider({ config: loadConfig({}), fromFile: SEC });
  async function all<D extends Dataset>(dataset: D, params: FetchParams = {}): Promise<DatasetRecords[D][]> {
    const rows: DatasetRecords[D][] = [];
    for await (const batch of provider.fetch(dataset, params)) rows.push(...batch);
    return rows;
  }

  it('serves assets, filings and earnings for stocks and OTC names', () => {
    expect(provider.datasets).toEqual(['assets', 'earnings', 'filings']);
    expect(provider.rateLimitPerSecond).toBe(10);
    expect(provider.canHandle({ symbol: 'FNMA', type: 'otc' })).toBe(true);
    expect(provider.canHandle({ symbol: 'BTC', type: 'crypto' })).toBe(false);
  });

  it('gives the universe with fiscal year ends from submissions', async () => {
    const assets = await all('assets');
    expect(assets.length).toBeGreaterThanOrEqual(10_069);
    expect(assets.find((a) => a.symbol === 'NVDA')).toMatchObject({ fiscalYearEndMonth: 1, exchange: 'NASDAQ' });
    expect(assets.find((a) => a.symbol === 'AAPL')?.fiscalYearEndMonth).toBe(9);
  });

  it("reads Tesla's paged older filings too", async () => {
    const filings = await all('filings', { assets: [{ symbol: 'TSLA', type: 'stock' }] });
    expect(filings).toHaveLength(1002 + 720);
    expect(filings.map((f) => f.filedDate).sort()[0]).toBe('2005-02-17');
    expect(filings.every((f) => f.asset?.symbol === 'TSLA')).toBe(true);
  });

  it('limits filings to the date window', async () => {
    const filings = await all('filings', {
      assets: [{ symbol: 'NVDA', type: 'stock' }],
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(filings.length).toBeGreaterThan(0);
    expect(filings.every((f) => f.filedDate >= '2025-01-01' && f.filedDate <= '2025-12-31')).toBe(true);
  });

  it("gives NVIDIA's earnings with confirmed dates and reported EPS", async () => {
    const earnings = await all('earnings', { assets: [{ symbol: 'NVDA', type: 'stock' }] });
    expect(earnings.find((e) => e.periodYear === 2026 && e.period === 'Q2')).toMatchObject({
      symbol: 'NVDA',
      date: '2025-08-27',
      dateStatus: 'confirmed',
      session: 'after',
      epsActual: 1.08,
      epsPriorYear: 0.67,
    });
  });
});
