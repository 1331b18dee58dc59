import { describe, expect, it } from 'vitest';
import {
  correlation,
  type DailyBar,
  dailyVolatility,
  describeReactionStats,
  EARNINGS_DAY_VOLATILITY_MULTIPLE,
  expectedMove,
  LONG_VOLATILITY_SESSIONS,
  REACTION_MAX_GAP_DAYS,
  RECENT_VOLATILITY_SESSIONS,
  type ReactionRecord,
  reactionStats,
  reactionTo,
  VOLATILITY_SCALE_LIMIT,
} from './reactions.ts';
import { addDays } from './time.ts';

type Row = readonly [date: string, open: number, high: number, low: number, close: number];
const bars = (rows: readonly Row[]): DailyBar[] =>
  rows.map(([date, open, high, low, close]) => ({ date, open, high, low, close }));

// Mon 2 Nov 2026 … Tue 10 Nov 2026: six sessions and the weekend of the 7th/8th between.
const week = bars([
  ['2026-11-02', 99, 101, 98, 100],
  ['2026-11-03', 104, 110, 103, 108],
  ['2026-11-04', 102.6, 120, 100, 118.8],
  ['2026-11-05', 117, 119, 115, 116],
  ['2026-11-06', 114, 115, 110, 112],
  ['2026-11-09', 100, 101, 94, 95],
  ['2026-11-10', 96, 99, 95, 97],
]);
const stock = { assetType: 'stock' as const, bars: week, today: '2026-11-11' };

describe(reactionTo.name, () => {
  it('before the open: the previous close to that day open and close, and five sessions on', () => {
    const { reaction, reason } = reactionTo({ ...stock, reportDate: '2026-11-03', session: 'before' });
    expect(reason).toBeNull();
    expect(reaction?.baseDate).toBe('2026-11-02');
    expect(reaction?.reactionDate).toBe('2026-11-03');
    // 104 / 100 − 1 = 4 %; 108 / 100 − 1 = 8 %; (110 − 103) / 100 = 7 %.
    expect(reaction?.gapPercent).toBeCloseTo(4, 10);
    expect(reaction?.oneDayPercent).toBeCloseTo(8, 10);
    expect(reaction?.intradayRangePercent).toBeCloseTo(7, 10);
    // The fifth session counting the 3rd is Mon the 9th (3, 4, 5, 6, 9): 95 / 100 − 1 = −5 %.
    expect(reaction?.longEndDate).toBe('2026-11-09');
    expect(reaction?.fiveDayPercent).toBeCloseTo(-5, 10);
    expect(reaction?.splitAdjusted).toBe(false);
  });

  it('during market hours reads like before the open: the day of the report is the reaction', () => {
    const during = reactionTo({ ...stock, reportDate: '2026-11-03', session: 'market' });
    const before = reactionTo({ ...stock, reportDate: '2026-11-03', session: 'before' });
    expect(during).toEqual(before);
  });

  it("after the close: that day's close to the next day's open and close", () => {
    const { reaction } = reactionTo({ ...stock, reportDate: '2026-11-03', session: 'after' });
    expect(reaction?.baseDate).toBe('2026-11-03');
    expect(reaction?.reactionDate).toBe('2026-11-04');
    // 102.6 / 108 − 1 = −5 %; 118.8 / 108 − 1 = +10 %; (120 − 100) / 108 = 18.518… %.
    expect(reaction?.gapPercent).toBeCloseTo(-5, 10);
    expect(reaction?.oneDayPercent).toBeCloseTo(10, 10);
    expect(reaction?.intradayRangePercent).toBeCloseTo((20 / 108) * 100, 10);
    // Sessions 4, 5, 6, 9, 10: 97 / 108 − 1.
    expect(reaction?.longEndDate).toBe('2026-11-10');
    expect(reaction?.fiveDayPercent).toBeCloseTo((97 / 108 - 1) * 100, 10);
  });

  it('leaves the multi-day move null until its fifth session has traded', () => {
    const { reaction } = reactionTo({ ...stock, bars: week.slice(0, 5), reportDate: '2026-11-03', session: 'after' });
    expect(reaction?.oneDayPercent).toBeCloseTo(10, 10);
    expect(reaction?.fiveDayPercent).toBeNull();
    expect(reaction?.longEndDate).toBeNull();
  });

  it('refuses an unknown session and a market with no session', () => {
    expect(reactionTo({ ...stock, reportDate: '2026-11-03', session: null })).toEqual({
      reaction: null,
      reason: 'unknown_session',
    });
    expect(reactionTo({ ...stock, assetType: 'crypto', reportDate: '2026-11-03', session: 'after' })).toEqual({
      reaction: null,
      reason: 'no_session',
    });
  });

  it('has no prices without bars, before a listing, or across a halt longer than the gap allowed', () => {
    expect(reactionTo({ ...stock, bars: [], reportDate: '2026-11-03', session: 'before' }).reason).toBe('no_prices');
    // Listed on the day of its first report (before the open): no close before it.
    expect(reactionTo({ ...stock, bars: week.slice(1), reportDate: '2026-11-03', session: 'before' }).reason).toBe(
      'no_prices',
    );
    // Halted after the report: the next bar is 8 days later.
    const halted = bars([
      ['2026-11-02', 99, 101, 98, 100],
      [addDays('2026-11-02', REACTION_MAX_GAP_DAYS + 1), 60, 62, 55, 58],
    ]);
    expect(reactionTo({ ...stock, bars: halted, reportDate: '2026-11-02', session: 'after' }).reason).toBe('no_prices');
    // Bars that stop before a report well in the past (delisted, or a data gap) are missing, not pending.
    expect(reactionTo({ ...stock, reportDate: '2026-12-01', session: 'before', today: '2027-01-04' }).reason).toBe(
      'no_prices',
    );
  });

  it('is pending until the reacting session trades', () => {
    expect(reactionTo({ ...stock, reportDate: '2026-11-10', session: 'after' }).reason).toBe('pending');
    expect(reactionTo({ ...stock, reportDate: '2026-11-11', session: 'before' }).reason).toBe('pending');
    // A report weeks ahead, and one whose session was a week ago with no bar since (the gap allowed, not more).
    expect(reactionTo({ ...stock, reportDate: '2027-02-01', session: 'before' }).reason).toBe('pending');
    expect(
      reactionTo({
        ...stock,
        reportDate: '2026-11-10',
        session: 'after',
        today: addDays('2026-11-10', REACTION_MAX_GAP_DAYS),
      }).reason,
    ).toBe('pending');
    expect(
      reactionTo({
        ...stock,
        reportDate: '2026-11-10',
        session: 'after',
        today: addDays('2026-11-10', REACTION_MAX_GAP_DAYS + 1),
      }).reason,
    ).toBe('no_prices');
  });

  it('takes the next bar present after a holiday, and a half day as any session', () => {
    // Thanksgiving (Thu 26 Nov 2026) is closed, Fri the 27th closes at 1 pm: a report dated the holiday
    // before the open reacts on the half day, from Wednesday's close.
    const thanksgiving = bars([
      ['2026-11-25', 49, 50.5, 48.5, 50],
      ['2026-11-27', 51, 53, 50.5, 52.5],
      ['2026-11-30', 52, 53, 51, 52],
    ]);
    const { reaction } = reactionTo({ ...stock, bars: thanksgiving, reportDate: '2026-11-26', session: 'before' });
    expect(reaction?.baseDate).toBe('2026-11-25');
    expect(reaction?.reactionDate).toBe('2026-11-27');
    // 52.5 / 50 − 1 = 5 %; 51 / 50 − 1 = 2 %.
    expect(reaction?.oneDayPercent).toBeCloseTo(5, 10);
    expect(reaction?.gapPercent).toBeCloseTo(2, 10);
    // After the close on Fri 16 Jan 2026: Monday the 19th is Martin Luther King Day, so Tuesday reacts.
    const mlk = bars([
      ['2026-01-16', 20, 20, 20, 20],
      ['2026-01-20', 19, 19.5, 17.5, 18],
    ]);
    const after = reactionTo({ ...stock, bars: mlk, reportDate: '2026-01-16', session: 'after' }).reaction;
    expect(after?.reactionDate).toBe('2026-01-20');
    expect(after?.oneDayPercent).toBeCloseTo(-10, 10);
  });

  // A 4-for-1 split on Thu 5 Nov, inside the five sessions of a report before the open on Wed the 4th.
  const split = { date: '2026-11-05', numerator: 4, denominator: 1 };
  const asTraded = bars([
    ['2026-11-03', 396, 401, 395, 400],
    ['2026-11-04', 404, 410, 402, 408],
    ['2026-11-05', 103, 105, 102, 104],
    ['2026-11-06', 104, 106, 103, 105],
    ['2026-11-09', 105, 107, 104, 106],
    ['2026-11-10', 107, 111, 106, 110],
  ]);

  it('takes a split inside the window out of bars stored as traded', () => {
    const { reaction } = reactionTo({
      ...stock,
      bars: asTraded,
      splits: [split],
      reportDate: '2026-11-04',
      session: 'before',
    });
    expect(reaction?.splitAdjusted).toBe(true);
    // One day: 408 / 400 − 1 = 2 %, before the split. Five sessions (4, 5, 6, 9, 10): 110 × 4 / 400 − 1 = 10 %.
    expect(reaction?.oneDayPercent).toBeCloseTo(2, 10);
    expect(reaction?.fiveDayPercent).toBeCloseTo(10, 10);
  });

  it('adjusts the reaction day itself when the split falls on it', () => {
    const { reaction } = reactionTo({
      ...stock,
      bars: asTraded,
      splits: [split],
      reportDate: '2026-11-04',
      session: 'after',
    });
    // 104 × 4 / 408 − 1; open 103 × 4 / 408 − 1; range (105 − 102) × 4 / 408.
    expect(reaction?.oneDayPercent).toBeCloseTo((416 / 408 - 1) * 100, 10);
    expect(reaction?.gapPercent).toBeCloseTo((412 / 408 - 1) * 100, 10);
    expect(reaction?.intradayRangePercent).toBeCloseTo((12 / 408) * 100, 10);
  });

  it('leaves bars that are split-adjusted already as they are', () => {
    const adjusted = asTraded.map((bar) =>
      bar.date < split.date
        ? { ...bar, open: bar.open / 4, high: bar.high / 4, low: bar.low / 4, close: bar.close / 4 }
        : bar,
    );
    const { reaction } = reactionTo({
      ...stock,
      bars: adjusted,
      splits: [split],
      reportDate: '2026-11-04',
      session: 'before',
    });
    expect(reaction?.splitAdjusted).toBe(false);
    // 102 / 100 − 1 and 110 / 100 − 1.
    expect(reaction?.oneDayPercent).toBeCloseTo(2, 10);
    expect(reaction?.fiveDayPercent).toBeCloseTo(10, 10);
  });

  it('sets the move against the benchmark over the same two closes', () => {
    const benchmark = bars([
      ['2026-11-02', 6000, 6000, 6000, 6000],
      ['2026-11-03', 6060, 6060, 6060, 6060],
    ]);
    const { reaction } = reactionTo({ ...stock, benchmark, reportDate: '2026-11-03', session: 'before' });
    // Stock +8 %, S&P 500 6060 / 6000 − 1 = +1 %: 7 points better.
    expect(reaction?.benchmarkPercent).toBeCloseTo(1, 10);
    expect(reaction?.relativePercent).toBeCloseTo(7, 10);
    // The benchmark has no bar on the reaction day: no relative move.
    const missing = reactionTo({
      ...stock,
      benchmark: benchmark.slice(0, 1),
      reportDate: '2026-11-03',
      session: 'before',
    });
    expect(missing.reaction?.relativePercent).toBeNull();
    expect(missing.reaction?.benchmarkPercent).toBeNull();
  });
});

// Newest first: one-day moves +10, −8, +6, −2, +12, +2, −9, +5.
const MOVES = [10, -8, 6, -2, 12, 2, -9, 5];
const records: ReactionRecord[] = MOVES.map((oneDayPercent, i) => ({
  date: addDays('2026-10-20', -91 * i),
  oneDayPercent,
  epsSurprisePercent: null,
  revenueSurprisePercent: null,
}));

describe(reactionStats.name, () => {
  it('averages the absolute moves over each window it has, and counts ups and downs', () => {
    const stats = reactionStats(records);
    expect(stats.count).toBe(8);
    // Last 4: (10 + 8 + 6 + 2) / 4 = 6.5; last 8: 54 / 8 = 6.75; twelve are not there.
    expect(stats.windows).toEqual([
      { reports: 4, meanAbsPercent: 6.5, up: 2, down: 2 },
      { reports: 8, meanAbsPercent: 6.75, up: 5, down: 3 },
      { reports: 12, meanAbsPercent: null, up: 5, down: 3 },
    ]);
    expect(stats.typicalMovePercent).toBe(6.75);
    expect(stats.typicalWindow).toBe(8);
    expect(stats.largest).toEqual({ date: addDays('2026-10-20', -91 * 4), oneDayPercent: 12 });
    expect(describeReactionStats('NVDA', stats)).toBe(
      'NVDA has moved 6.8% on average after its last 8 reports, up 5 times',
    );
  });

  it('falls back to the last 4 reports, and says nothing with fewer', () => {
    const five = reactionStats(records.slice(0, 5));
    expect(five.typicalWindow).toBe(4);
    expect(five.typicalMovePercent).toBe(6.5);
    expect(describeReactionStats('X', five)).toBe('X has moved 6.5% on average after its last 4 reports, up 2 times');
    const three = reactionStats(records.slice(0, 3));
    expect(three.typicalMovePercent).toBeNull();
    expect(describeReactionStats('X', three)).toBeNull();
    expect(reactionStats([]).largest).toBeNull();
  });

  it('counts beats that fell and misses that rose, and ignores a report without estimates', () => {
    const surprises = [5, 3, -4, 2, -1, null, 8, -6];
    const stats = reactionStats(records.map((r, i) => ({ ...r, epsSurprisePercent: surprises[i] ?? null })));
    // Beat & fell: (+3, −8), (+2, −2) and (+8, −9); missed & rose: (−4, +6), (−1, +12), (−6, +5).
    expect(stats.beatAndFell).toBe(3);
    expect(stats.missedAndRose).toBe(3);
  });

  it('correlates the move with each surprise, over the reports that have one', () => {
    // Revenue surprise = move / 2: a perfect line; EPS surprise = −move: a perfect inverse.
    const stats = reactionStats(
      records.map((r) => ({ ...r, revenueSurprisePercent: r.oneDayPercent / 2, epsSurprisePercent: -r.oneDayPercent })),
    );
    expect(stats.revenueCorrelation).toBeCloseTo(1, 12);
    expect(stats.epsCorrelation).toBeCloseTo(-1, 12);
  });
});

describe(correlation.name, () => {
  it('is null below four pairs or when a side does not vary', () => {
    expect(
      correlation([
        [1, 2],
        [2, 4],
        [3, 6],
      ]),
    ).toBeNull();
    expect(
      correlation([
        [1, 2],
        [1, 4],
        [1, 6],
        [1, 8],
      ]),
    ).toBeNull();
  });

  it("is Pearson's r", () => {
    // x = 1..4, y = 2, 1, 4, 3: means 2.5 and 2.5; Σdxdy = 3; Σdx² = Σdy² = 5; r = 3 / 5.
    expect(
      correlation([
        [1, 2],
        [2, 1],
        [3, 4],
        [4, 3],
      ]),
    ).toBeCloseTo(0.6, 12);
  });
});

/** Closes alternating 100, 101, 100 … : every log return is ±ln 1.01, the mean 0 over an even count. */
function zigzag(count: number, start = '2026-01-01'): DailyBar[] {
  return Array.from({ length: count }, (_, i) => {
    const close = i % 2 === 0 ? 100 : 101;
    return { date: addDays(start, i), open: close, high: close, low: close, close };
  });
}

describe(expectedMove.name, () => {
  it('takes the implied move when a provider gives one', () => {
    expect(expectedMove({ impliedPercent: 6.2, typicalMovePercent: 4, bars: [] })).toEqual({
      percent: 6.2,
      source: 'implied',
    });
  });

  it('scales the typical move by recent against longer volatility', () => {
    const bars = zigzag(LONG_VOLATILITY_SESSIONS + 1);
    // Both windows hold ±ln 1.01 with mean 0: σ² = n·a² / (n − 1), so the ratio is √((20/19) / (120/119)).
    const ratio = Math.sqrt(
      RECENT_VOLATILITY_SESSIONS /
        (RECENT_VOLATILITY_SESSIONS - 1) /
        (LONG_VOLATILITY_SESSIONS / (LONG_VOLATILITY_SESSIONS - 1)),
    );
    const move = expectedMove({ typicalMovePercent: 5, bars });
    expect(move?.source).toBe('history');
    expect(move?.percent).toBeCloseTo(5 * ratio, 10);
  });

  it('bounds the volatility scaling, and uses history alone without enough bars', () => {
    // Calm for the long run, then the last 20 sessions swing 30 % a day: the ratio is capped.
    const calm = Array.from({ length: LONG_VOLATILITY_SESSIONS + 1 - RECENT_VOLATILITY_SESSIONS }, (_, i) => ({
      date: addDays('2026-01-01', i),
      open: 100,
      high: 100,
      low: 100,
      close: 100 + (i % 2) * 0.01,
    }));
    const wild = zigzag(RECENT_VOLATILITY_SESSIONS, addDays('2026-01-01', calm.length)).map((bar) => ({
      ...bar,
      close: bar.close === 100 ? 100 : 130,
    }));
    expect(expectedMove({ typicalMovePercent: 5, bars: [...calm, ...wild] })?.percent).toBeCloseTo(
      5 * VOLATILITY_SCALE_LIMIT,
      10,
    );
    expect(expectedMove({ typicalMovePercent: 5, bars: [] })).toEqual({ percent: 5, source: 'history' });
  });

  it('without a history: an ordinary day times the earnings-day multiple; nothing without bars', () => {
    const bars = zigzag(RECENT_VOLATILITY_SESSIONS + 1);
    const sigma = Math.log(1.01) * Math.sqrt(RECENT_VOLATILITY_SESSIONS / (RECENT_VOLATILITY_SESSIONS - 1)) * 100;
    expect(dailyVolatility(bars, RECENT_VOLATILITY_SESSIONS)).toBeCloseTo(sigma, 10);
    const move = expectedMove({ typicalMovePercent: null, bars });
    expect(move?.source).toBe('volatility');
    expect(move?.percent).toBeCloseTo(sigma * Math.sqrt(2 / Math.PI) * EARNINGS_DAY_VOLATILITY_MULTIPLE, 10);
    expect(expectedMove({ typicalMovePercent: null, bars: bars.slice(0, 5) })).toBeNull();
  });
});
