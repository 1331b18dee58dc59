import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type DailyBar, nyDate, reactionStats, reactionTo, type SplitEvent } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { type SecSubmissions, secEarnings } from '../../src/providers/sec/transform.ts';
import { chartOf } from '../../src/providers/yahoo/transform.ts';

/**
 * Reactions worked out from real recorded data: Yahoo's daily bars (split-adjusted, as Yahoo serves them) and the
 * release dates and sessions the SEC's 8-K Item 2.02 filings give. Each move is checked against the arithmetic
 * written beside it, done by hand from the recorded closes (rounded here to four places; the test compares to two
 * decimals of a percent).
 */

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const chart = (file: string) => {
  const body = JSON.parse(readFileSync(resolve(REAL, 'yahoo-finance2', file), 'utf8')) as {
    response: { bodyJson: unknown };
  };
  return chartOf(body.response.bodyJson);
};
const releases = (cik: string, symbol: string, fiscalYearEndMonth: number) => {
  const body = JSON.parse(
    readFileSync(resolve(REAL, 'sec-edgar', 'submissions', `CIK${cik}.json`), 'utf8'),
  ) as SecSubmissions;
  return secEarnings({
    asset: { symbol, type: 'stock' },
    filings: body.filings ? [body.filings.recent] : [],
    fiscalYearEndMonth,
  });
};

const MSFT = chart('historical-via-chart-MSFT-dividends-2021-02-01-to-2022-01-31.csv.json');
const NVDA = chart('historical-via-chart-NVDA-split-2021-02-01-to-2022-01-31.csv.json');
const AAPL = chart('chart-AAPL-2020-08-31-to-2020-11-07.json');
// Long after every window: a reaction not found is missing, never pending.
const TODAY = nyDate(new Date('2026-11-30T12:00:00Z'));

function reactionOf(
  bars: readonly DailyBar[],
  splits: readonly SplitEvent[],
  report: { date: string; session: 'after' | 'before' | 'market' | null },
) {
  return reactionTo({
    reportDate: report.date,
    session: report.session,
    assetType: 'stock',
    today: TODAY,
    bars,
    splits,
  });
}

describe('reactions from recorded Yahoo bars and SEC release dates', () => {
  const msft = releases('0000789019', 'MSFT', 6);
  const nvda = releases('0001045810', 'NVDA', 1);
  const aapl = releases('0000320193', 'AAPL', 9);
  const release = (records: typeof msft, date: string) => {
    const found = records.find((r) => r.date === date);
    if (!found) throw new Error(`no SEC release on ${date}`);
    return { date: found.date, session: found.session ?? null };
  };

  it('Microsoft, 27 Apr 2021 after the close: down 2.83 % the next day', () => {
    const report = release(msft, '2021-04-27');
    expect(report.session).toBe('after');
    const { reaction } = reactionOf(MSFT.dailyBars, MSFT.splits, report);
    expect(reaction).toMatchObject({ baseDate: '2021-04-27', reactionDate: '2021-04-28', longEndDate: '2021-05-04' });
    // 27 Apr close 261.9700; 28 Apr open 256.0800, high 256.5400, low 252.9500, close 254.5600; 4 May close 247.7900.
    // gap 256.0800 / 261.9700 − 1 = −2.2484 %; day 254.5600 / 261.9700 − 1 = −2.8286 %;
    // range (256.5400 − 252.9500) / 261.9700 = 1.3704 %; five sessions 247.7900 / 261.9700 − 1 = −5.4128 %.
    expect(reaction?.gapPercent).toBeCloseTo(-2.2484, 2);
    expect(reaction?.oneDayPercent).toBeCloseTo(-2.8286, 2);
    expect(reaction?.intradayRangePercent).toBeCloseTo(1.3704, 2);
    expect(reaction?.fiveDayPercent).toBeCloseTo(-5.4128, 2);
    // No S&P 500 bars recorded for 2021: no relative move, rather than a wrong one.
    expect(reaction?.relativePercent).toBeNull();
  });

  it('Microsoft, 26 Oct 2021 after the close: up 4.21 %, 7.42 % over five sessions', () => {
    const { reaction } = reactionOf(MSFT.dailyBars, MSFT.splits, release(msft, '2021-10-26'));
    // 26 Oct close 310.1100; 27 Oct open 316.0000, close 323.1700; 2 Nov close 333.1300.
    // gap 316 / 310.11 − 1 = 1.8993 %; day 323.17 / 310.11 − 1 = 4.2114 %; five 333.13 / 310.11 − 1 = 7.4232 %.
    expect(reaction?.reactionDate).toBe('2021-10-27');
    expect(reaction?.gapPercent).toBeCloseTo(1.8993, 2);
    expect(reaction?.oneDayPercent).toBeCloseTo(4.2114, 2);
    expect(reaction?.fiveDayPercent).toBeCloseTo(7.4232, 2);
  });

  it('NVIDIA, 26 May 2021 after the close: the five sessions skip Memorial Day', () => {
    const { reaction } = reactionOf(NVDA.dailyBars, NVDA.splits, release(nvda, '2021-05-26'));
    // 26 May close 15.7000; 27 May close 15.4880; sessions 27, 28 May, 1, 2, 3 Jun (31 May closed): 3 Jun 16.9697.
    // day 15.4880 / 15.7000 − 1 = −1.3503 %; five 16.9697 / 15.7000 − 1 = 8.0876 %.
    expect(reaction?.longEndDate).toBe('2021-06-03');
    expect(reaction?.oneDayPercent).toBeCloseTo(-1.3503, 2);
    expect(reaction?.fiveDayPercent).toBeCloseTo(8.0876, 2);
  });

  it('NVIDIA, 17 Nov 2021 after the close: a 10.6 % gap', () => {
    const { reaction } = reactionOf(NVDA.dailyBars, NVDA.splits, release(nvda, '2021-11-17'));
    // 17 Nov close 29.2610; 18 Nov open 32.3670, high 32.7600, low 31.3210, close 31.6750.
    // gap 32.367 / 29.261 − 1 = 10.6148 %; day 31.675 / 29.261 − 1 = 8.2499 %; range 1.439 / 29.261 = 4.9178 %.
    expect(reaction?.gapPercent).toBeCloseTo(10.6148, 2);
    expect(reaction?.oneDayPercent).toBeCloseTo(8.2499, 2);
    expect(reaction?.intradayRangePercent).toBeCloseTo(4.9178, 2);
  });

  it('NVIDIA, 18 Aug 2021 after the close: up 3.98 %', () => {
    const { reaction } = reactionOf(NVDA.dailyBars, NVDA.splits, release(nvda, '2021-08-18'));
    // 18 Aug close 19.0400; 19 Aug close 19.7980: 19.798 / 19.04 − 1 = 3.9811 %.
    expect(reaction?.oneDayPercent).toBeCloseTo(3.9811, 2);
  });

  it('Apple, 29 Oct 2020 after the close: down 5.60 %', () => {
    const { reaction } = reactionOf(AAPL.dailyBars, AAPL.splits, release(aapl, '2020-10-29'));
    // 29 Oct close 115.3200; 30 Oct open 111.0600, close 108.8600; 5 Nov (fifth session) close 119.0300.
    // gap 111.06 / 115.32 − 1 = −3.6941 %; day 108.86 / 115.32 − 1 = −5.6018 %; five 119.03 / 115.32 − 1 = 3.2171 %.
    expect(reaction?.gapPercent).toBeCloseTo(-3.6941, 2);
    expect(reaction?.oneDayPercent).toBeCloseTo(-5.6018, 2);
    expect(reaction?.fiveDayPercent).toBeCloseTo(3.2171, 2);
  });

  it("reads Yahoo's split-adjusted bars as adjusted across NVIDIA's 4-for-1 split of 20 Jul 2021", () => {
    expect(NVDA.splits).toEqual([expect.objectContaining({ date: '2021-07-20', numerator: 4, denominator: 1 })]);
    // A report taken as released on 19 Jul after the close: the split falls on the reaction day. Yahoo's closes run
    // on smoothly (19 Jul 18.7798, 20 Jul 18.6120), so nothing is multiplied: 18.612 / 18.7798 − 1 = −0.8933 %,
    // where multiplying by 4 would read +297 %.
    const { reaction } = reactionOf(NVDA.dailyBars, NVDA.splits, { date: '2021-07-19', session: 'after' });
    expect(reaction?.splitAdjusted).toBe(false);
    expect(reaction?.oneDayPercent).toBeCloseTo(-0.8933, 2);
  });

  it("tells Microsoft's record over its four 2021 reports", () => {
    const records = ['2021-04-27', '2021-07-27', '2021-10-26', '2022-01-25'].map((date) => {
      const { reaction } = reactionOf(MSFT.dailyBars, MSFT.splits, release(msft, date));
      return {
        date,
        oneDayPercent: reaction?.oneDayPercent as number,
        epsSurprisePercent: null,
        revenueSurprisePercent: null,
      };
    });
    // Days: −2.8286 %, 286.22 / 286.54 − 1 = −0.1117 %, +4.2114 %, 296.71 / 288.49 − 1 = +2.8493 %.
    // Mean of the absolute moves (2.8286 + 0.1117 + 4.2114 + 2.8493) / 4 = 2.5002 %; two up, two down.
    const stats = reactionStats(records);
    expect(stats.typicalMovePercent).toBeCloseTo(2.5002, 2);
    expect(stats.windows[0]).toMatchObject({ reports: 4, up: 2, down: 2 });
    expect(stats.largest?.date).toBe('2021-10-26');
  });
});
