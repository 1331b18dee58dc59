import { describe, expect, it } from 'vitest';
import {
  acceptanceInstant,
  cleanCompanyName,
  detectSplits,
  earningsReleasesOf,
  filingsOf,
  filingUrl,
  quarterlyResults,
  type SecCompanyFacts,
  type SecFact,
  type SecFilingColumns,
  type SecSubmissions,
  secEarnings,
  submissionsToAssets,
  tickerListToAssets,
} from './transform.ts';

// Small hand-made bodies shaped like EDGAR's (see the real-data suite for the recorded ones).

const tickerList = {
  fields: ['cik', 'name', 'ticker', 'exchange'],
  data: [
    [1045810, 'NVIDIA CORP', 'NVDA', 'Nasdaq'],
    [1067983, 'BERKSHIRE HATHAWAY INC', 'BRK-B', 'NYSE'],
    [70858, 'BANK OF AMERICA CORP /DE/', 'BAC-PE', 'NYSE'],
    [310522, 'FEDERAL NATIONAL MORTGAGE ASSOCIATION FANNIE MAE', 'FNMA', 'OTC'],
    [1362988, 'Aircastle LTD', 'AYR', null],
    [1427437, 'ENTERGY TEXAS, INC.', 'ETI-P', 'NYSE'],
  ],
};

/** Columns in EDGAR's order: newest first. */
function columns(rows: [string, string, string, string, string, string, string][]): SecFilingColumns {
  return {
    accessionNumber: rows.map((r) => r[0]),
    filingDate: rows.map((r) => r[1]),
    reportDate: rows.map((r) => r[2]),
    acceptanceDateTime: rows.map((r) => r[3]),
    form: rows.map((r) => r[4]),
    items: rows.map((r) => r[5]),
    primaryDocument: rows.map((r) => r[6]),
    primaryDocDescription: rows.map((r) => r[4]),
  };
}

const filings = columns([
  ['0001-25-000009', '2025-05-28', '2025-05-28', '2025-05-28T16:21:10.000Z', '8-K', '2.02,9.01', 'q1fy26.htm'],
  ['0001-25-000008', '2025-03-10', '2025-03-07', '2025-03-10T06:05:00.000Z', '8-K/A', '2.02', 'amend.htm'],
  ['0001-25-000007', '2025-02-26', '2025-01-26', '2025-02-26T16:40:00.000Z', '10-K', '', 'fy25.htm'],
  ['0001-25-000006', '2025-02-26', '2025-02-26', '2025-02-26T16:20:41.000Z', '8-K', '2.02,9.01', 'q4fy25.htm'],
  ['0001-25-000005', '2025-02-03', '2025-02-03', '2025-02-04T08:00:00.000Z', '8-K', '2.02', 'prelim.htm'],
  ['0001-25-000004', '2025-01-10', '2025-01-09', '2025-01-10T17:31:00.000Z', '8-K', '5.02', 'board.htm'],
  ['0001-24-000003', '2024-11-20', '2024-11-20', '2024-11-20T16:25:00.000Z', '8-K', '2.02,9.01', 'q3fy25.htm'],
  ['0001-24-000002', '2024-11-15', '', '2024-11-15T19:00:00.000Z', 'SC 13G/A', '', 'xslSCHEDULE.xml'],
  ['0001-24-000001', '2024-11-14', '', '2024-11-14T18:00:00.000Z', '4', '', ''],
]);

describe(tickerListToAssets.name, () => {
  const assets = tickerListToAssets(tickerList);
  const bySymbol = new Map(assets.map((a) => [a.symbol, a]));

  it('types OTC names otc and listed ones stock, in our symbol form', () => {
    expect(assets.map((a) => [a.symbol, a.type, a.exchange])).toEqual([
      ['NVDA', 'stock', 'NASDAQ'],
      ['BRK.B', 'stock', 'NYSE'],
      ['BAC-PE', 'stock', 'NYSE'],
      ['FNMA', 'otc', 'OTC'],
      ['AYR', 'stock', null],
      ['ETI-P', 'stock', 'NYSE'],
    ]);
  });

  it('keeps the CIK zero-padded, ranks by list order and drops EDGAR state tags from names', () => {
    expect(bySymbol.get('NVDA')).toMatchObject({ cik: '0001045810', popularity: 6, name: 'NVIDIA CORP' });
    expect(bySymbol.get('ETI-P')?.popularity).toBe(1);
    expect(bySymbol.get('BAC-PE')?.name).toBe('BANK OF AMERICA CORP');
    expect(cleanCompanyName('US BANCORP \\DE\\')).toBe('US BANCORP');
    expect(cleanCompanyName('WELLS FARGO & COMPANY/MN')).toBe('WELLS FARGO & COMPANY');
  });

  it('reads the columns by name, whatever their order', () => {
    const reordered = { fields: ['ticker', 'exchange', 'cik', 'name'], data: [['FNMA', 'OTC', 310522, 'Fannie']] };
    expect(tickerListToAssets(reordered)[0]).toMatchObject({ symbol: 'FNMA', type: 'otc', cik: '0000310522' });
  });
});

describe(submissionsToAssets.name, () => {
  it('gives every ticker of the company with its exchange, fiscal year-end month and industry', () => {
    const submissions: SecSubmissions = {
      cik: '0000310522',
      name: 'FEDERAL NATIONAL MORTGAGE ASSOCIATION FANNIE MAE',
      sicDescription: 'Federal & Federally-Sponsored Credit Agencies',
      tickers: ['FNMA', 'FNMAS'],
      exchanges: ['OTC', 'OTC'],
      fiscalYearEnd: '1231',
    };
    expect(submissionsToAssets(submissions)).toEqual([
      expect.objectContaining({ symbol: 'FNMA', type: 'otc', fiscalYearEndMonth: 12, cik: '0000310522' }),
      expect.objectContaining({ symbol: 'FNMAS', type: 'otc', industry: submissions.sicDescription }),
    ]);
    expect(submissionsToAssets({ ...submissions, fiscalYearEnd: '0131' })[0]?.fiscalYearEndMonth).toBe(1);
    expect(submissionsToAssets({ ...submissions, fiscalYearEnd: '0102' })[0]?.fiscalYearEndMonth).toBe(12);
  });
});

describe(filingsOf.name, () => {
  const records = filingsOf(filings, 1045810, { symbol: 'NVDA', type: 'stock' });

  it('maps each form to its stored kind and keeps 8-K items', () => {
    expect(records.map((r) => [r.form, r.kind])).toEqual([
      ['8-K', 'sec_8k'],
      ['8-K/A', 'sec_8k'],
      ['10-K', 'sec_10k'],
      ['8-K', 'sec_8k'],
      ['8-K', 'sec_8k'],
      ['8-K', 'sec_8k'],
      ['8-K', 'sec_8k'],
      ['SC 13G/A', 'sec_13g'],
      ['4', 'sec_4'],
    ]);
    expect(records[0]?.items).toEqual(['2.02', '9.01']);
    expect(records[7]?.items).toEqual([]);
  });

  it('links the EDGAR document, or the filing index without one', () => {
    expect(records[0]?.url).toBe('https://www.sec.gov/Archives/edgar/data/1045810/000125000009/q1fy26.htm');
    expect(records[8]?.url).toBe(
      'https://www.sec.gov/Archives/edgar/data/1045810/000124000001/0001-24-000001-index.htm',
    );
    expect(filingUrl('0000320193', '0000320193-25-000079', 'aapl-20250927.htm')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    );
  });

  it('reads the acceptance time as New York time and an empty report date as none', () => {
    expect(records[0]?.acceptedAt?.toISOString()).toBe('2025-05-28T20:21:10.000Z');
    expect(records[3]?.acceptedAt?.toISOString()).toBe('2025-02-26T21:20:41.000Z');
    expect(records[2]?.periodOfReport).toBe('2025-01-26');
    expect(records[7]?.periodOfReport).toBeNull();
    expect(records[0]).toMatchObject({ cik: '0001045810', asset: { symbol: 'NVDA', type: 'stock' } });
    expect(acceptanceInstant('')).toBeNull();
  });
});

describe(earningsReleasesOf.name, () => {
  it('keeps 8-Ks with Item 2.02 only (no amendments), oldest first, with the session of their acceptance', () => {
    expect(earningsReleasesOf(filings).map((r) => [r.date, r.session])).toEqual([
      ['2024-11-20', 'after'],
      // Accepted the next morning: the session of the release is unknown.
      ['2025-02-03', null],
      ['2025-02-26', 'after'],
      ['2025-05-28', 'after'],
    ]);
  });

  it('dates an 8-K that reports an earlier event too by the day it was filed', () => {
    const multi = columns([
      ['m1', '2025-10-29', '2025-10-28', '2025-10-29T20:07:42.000Z', '8-K', '2.02,7.01,9.01', 'm1.htm'],
      ['m0', '2025-07-31', '2025-07-30', '2025-07-31T08:05:00.000Z', '8-K', '2.02,9.01', 'm0.htm'],
    ]);
    expect(earningsReleasesOf(multi).map((r) => [r.date, r.session])).toEqual([
      ['2025-07-30', null],
      ['2025-10-29', 'after'],
    ]);
  });
});

// NVIDIA-like: fiscal year ends late January; quarters close in April, July, October and January.
const fact = (start: string, end: string, val: number, filed: string, form = '10-Q'): SecFact => ({
  start,
  end,
  val,
  filed,
  form,
  accn: `acc-${filed}`,
});

function companyFacts(eps: SecFact[], revenue: SecFact[] = []): SecCompanyFacts {
  return {
    cik: 1045810,
    facts: {
      'us-gaap': {
        EarningsPerShareDiluted: { units: { 'USD/shares': eps } },
        RevenueFromContractWithCustomerExcludingAssessedTax: { units: { USD: revenue } },
      },
    },
  };
}

const fy2025 = companyFacts(
  [
    fact('2024-01-29', '2024-04-28', 0.6, '2024-05-29'),
    fact('2024-04-29', '2024-07-28', 0.67, '2024-08-28'),
    fact('2024-07-29', '2024-10-27', 0.78, '2024-11-20'),
    fact('2024-01-29', '2024-10-27', 2.04, '2024-11-20'),
    fact('2024-01-29', '2025-01-26', 2.94, '2025-02-26', '10-K'),
    // The next year's 10-Q repeats Q1 as a comparative: the first report stands.
    fact('2024-01-29', '2024-04-28', 0.61, '2025-05-28'),
    fact('2025-01-27', '2025-04-27', 0.76, '2025-05-28'),
  ],
  [
    fact('2024-01-29', '2024-04-28', 26_044, '2024-05-29'),
    fact('2024-04-29', '2024-07-28', 30_040, '2024-08-28'),
    fact('2024-07-29', '2024-10-27', 35_082, '2024-11-20'),
    fact('2024-01-29', '2025-01-26', 130_497, '2025-02-26', '10-K'),
  ],
);

describe(quarterlyResults.name, () => {
  it('labels quarters of a January fiscal year and derives Q4 from the year and the nine months', () => {
    const results = quarterlyResults(fy2025, 1);
    expect(results.map((r) => [r.periodYear, r.period, r.periodEnd, r.eps?.value, r.revenue?.value])).toEqual([
      [2025, 'Q1', '2024-04-28', 0.6, 26_044],
      [2025, 'Q2', '2024-07-28', 0.67, 30_040],
      [2025, 'Q3', '2024-10-27', 0.78, 35_082],
      // EPS: 2.94 − 2.04 (nine months); revenue has no nine-month figure: 130,497 − (Q1 + Q2 + Q3).
      [2025, 'Q4', '2025-01-26', 0.9, 39_331],
      [2026, 'Q1', '2025-04-27', 0.76, undefined],
    ]);
    expect(results[3]?.eps).toMatchObject({ derived: true, filed: '2025-02-26', form: '10-K' });
    expect(results[3]?.reportFiled).toBe('2025-02-26');
  });

  it('reads the fiscal year-end month from the 10-K when not told', () => {
    expect(quarterlyResults(fy2025).map((r) => `${r.periodYear}${r.period}`)).toEqual([
      '2025Q1',
      '2025Q2',
      '2025Q3',
      '2025Q4',
      '2026Q1',
    ]);
  });

  it('falls back to basic EPS for a quarter without diluted', () => {
    const facts = companyFacts([fact('2024-01-29', '2024-04-28', 0.6, '2024-05-29')]);
    const gaap = facts.facts['us-gaap'] ?? {};
    gaap.EarningsPerShareBasic = { units: { 'USD/shares': [fact('2024-04-29', '2024-07-28', 0.68, '2024-08-28')] } };
    expect(quarterlyResults(facts, 1).map((r) => r.eps?.value)).toEqual([0.6, 0.68]);
  });

  it('expresses per-share values in today’s shares after a split seen in restatements', () => {
    const facts = companyFacts([
      fact('2023-01-30', '2023-04-30', 0.82, '2023-05-26'),
      fact('2023-05-01', '2023-07-30', 2.48, '2023-08-28'),
      fact('2023-05-01', '2023-07-30', 0.25, '2024-08-28'),
      fact('2024-01-29', '2024-04-28', 5.98, '2024-05-29'),
      fact('2024-01-29', '2024-04-28', 0.6, '2025-05-28'),
      fact('2024-04-29', '2024-07-28', 0.67, '2024-08-28'),
    ]);
    expect(quarterlyResults(facts, 1).map((r) => [`${r.periodYear}${r.period}`, r.eps?.value])).toEqual([
      ['2024Q1', 0.082],
      ['2024Q2', 0.248],
      ['2025Q1', 0.598],
      ['2025Q2', 0.67],
    ]);
  });
});

describe(detectSplits.name, () => {
  it('finds a split restated in several periods, between the last old and the first new filing', () => {
    const splits = detectSplits([
      fact('2023-05-01', '2023-07-30', 2.48, '2023-08-28'),
      fact('2023-05-01', '2023-07-30', 0.25, '2024-08-28'),
      fact('2024-01-29', '2024-04-28', 5.98, '2024-05-29'),
      fact('2024-01-29', '2024-04-28', 0.6, '2025-05-28'),
    ]);
    expect(splits).toEqual([{ after: '2024-05-29', before: '2024-08-28', ratio: 10 }]);
  });

  it('reads a reverse split and a 3-for-2', () => {
    const reverse = detectSplits([
      fact('2023-01-01', '2023-03-31', -0.05, '2023-05-01'),
      fact('2023-01-01', '2023-03-31', -0.5, '2024-05-01'),
      fact('2023-04-01', '2023-06-30', -0.04, '2023-08-01'),
      fact('2023-04-01', '2023-06-30', -0.4, '2024-08-01'),
    ]);
    expect(reverse).toEqual([{ after: '2023-08-01', before: '2024-05-01', ratio: 0.1 }]);
    const threeForTwo = detectSplits([
      fact('2023-01-01', '2023-03-31', 3, '2023-05-01'),
      fact('2023-01-01', '2023-03-31', 2, '2024-05-01'),
      fact('2023-04-01', '2023-06-30', 1.5, '2023-08-01'),
      fact('2023-04-01', '2023-06-30', 1, '2024-08-01'),
    ]);
    expect(threeForTwo[0]?.ratio).toBe(1.5);
  });

  it('ignores one period changing alone (a tagging error) and ordinary restatements', () => {
    expect(
      detectSplits([
        fact('2017-01-30', '2017-07-30', 1.71, '2017-08-23'),
        fact('2017-01-30', '2017-07-30', 0.92, '2018-02-28', '10-K'),
        fact('2017-01-30', '2017-07-30', 1.71, '2018-08-16'),
        fact('2017-05-01', '2017-07-30', 0.92, '2017-08-23'),
        fact('2017-05-01', '2017-07-30', 0.9, '2018-08-16'),
      ]),
    ).toEqual([]);
  });
});

describe(secEarnings.name, () => {
  const asset = { symbol: 'NVDA', type: 'stock' } as const;

  it('confirms each quarter by the last Item 2.02 8-K between its end and its 10-Q/10-K', () => {
    const records = secEarnings({ asset, companyFacts: fy2025, filings: [filings], fiscalYearEndMonth: 1 });
    const q = (period: string, year: number) => records.find((r) => r.period === period && r.periodYear === year);
    expect(q('Q3', 2025)).toMatchObject({
      date: '2024-11-20',
      dateStatus: 'confirmed',
      session: 'after',
      epsActual: 0.78,
      revenueActual: 35_082,
    });
    // The preliminary 8-K of 2025-02-03 is followed by the release on 2025-02-26, the 10-K's day.
    expect(q('Q4', 2025)).toMatchObject({ date: '2025-02-26', dateStatus: 'confirmed', epsActual: 0.9 });
    expect(q('Q4', 2025)?.reportedAt?.toISOString()).toBe('2025-02-26T21:20:41.000Z');
    expect(q('Q1', 2026)).toMatchObject({ date: '2025-05-28', dateStatus: 'confirmed', epsActual: 0.76 });
  });

  it('dates a quarter without a release 8-K by its 10-Q, estimated', () => {
    const records = secEarnings({ asset, companyFacts: fy2025, filings: [filings], fiscalYearEndMonth: 1 });
    expect(records.find((r) => r.period === 'Q1' && r.periodYear === 2025)).toMatchObject({
      date: '2024-05-29',
      dateStatus: 'estimated',
      session: null,
      reportedAt: null,
    });
  });

  it('confirms release dates from 8-Ks alone, one per quarter, and links the prior year', () => {
    const releasesOnly = columns([
      ['a4', '2025-11-19', '2025-11-19', '2025-11-19T16:20:00.000Z', '8-K', '2.02', 'a4.htm'],
      ['a3', '2024-11-20', '2024-11-20', '2024-11-20T16:25:00.000Z', '8-K', '2.02', 'a3.htm'],
      ['a2', '2024-02-21', '2024-02-21', '2024-02-21T16:25:00.000Z', '8-K', '2.02', 'a2.htm'],
      ['a1', '2024-01-08', '2024-01-08', '2024-01-08T08:00:00.000Z', '8-K', '2.02', 'a1.htm'],
    ]);
    const records = secEarnings({ asset, filings: [releasesOnly], fiscalYearEndMonth: 1 });
    expect(records.map((r) => [`${r.periodYear}${r.period}`, r.date, r.session, r.dateStatus])).toEqual([
      // A release reports the last quarter closed before its month: January → October's Q3, February → Q4.
      ['2024Q3', '2024-01-08', 'before', 'confirmed'],
      ['2024Q4', '2024-02-21', 'after', 'confirmed'],
      ['2025Q3', '2024-11-20', 'after', 'confirmed'],
      ['2026Q3', '2025-11-19', 'after', 'confirmed'],
    ]);
    const withFacts = secEarnings({ asset, companyFacts: fy2025, filings: [filings], fiscalYearEndMonth: 1 });
    const q1 = withFacts.find((r) => r.period === 'Q1' && r.periodYear === 2026);
    expect(q1?.epsPriorYear).toBe(0.6);
    expect(q1?.revenuePriorYear).toBe(26_044);
  });

  it('gives nothing without a fiscal year end to label quarters by', () => {
    expect(secEarnings({ asset, filings: [filings] })).toEqual([]);
  });
});
