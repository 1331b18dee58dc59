import { describe, expect, it } from 'vitest';
import {
  type ChartPoint,
  chartChange,
  chartMarkers,
  DEFAULT_CHART_SETTINGS,
  dailyPoints,
  eventLineTimes,
  intradayPoints,
  rangeChange,
  rangeRequest,
  snapToDay,
  wallClockSeconds,
} from './chart-data.ts';

const bar = (date: string, close: number) => ({
  date,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 100,
});

describe('DEFAULT_CHART_SETTINGS', () => {
  it('is SPEC §9: everything on but volume, a line chart', () => {
    expect(DEFAULT_CHART_SETTINGS).toEqual({
      chartType: 'line',
      buys: true,
      sells: true,
      comments: true,
      earnings: true,
      eventLines: true,
      horizontalCrosshair: true,
      verticalCrosshair: true,
      pricePerShare: true,
      navigator: true,
      volume: false,
    });
  });
});

describe(rangeRequest.name, () => {
  const today = '2026-03-31';
  it('asks for intraday bars for a day and a week', () => {
    expect(rangeRequest('1d', today)).toEqual({ kind: 'intraday', days: 1, interval: 5 });
    expect(rangeRequest('1w', today)).toEqual({ kind: 'intraday', days: 5, interval: 30 });
  });
  it('asks for daily bars from the first day of longer ranges, clamping month ends', () => {
    expect(rangeRequest('1m', today)).toEqual({ kind: 'daily', start: '2026-02-28', end: today });
    expect(rangeRequest('6m', today)).toEqual({ kind: 'daily', start: '2025-09-30', end: today });
    expect(rangeRequest('ytd', today)).toEqual({ kind: 'daily', start: '2026-01-01', end: today });
    expect(rangeRequest('1y', today)).toEqual({ kind: 'daily', start: '2025-03-31', end: today });
    expect(rangeRequest('5y', '2024-02-29')).toEqual({ kind: 'daily', start: '2019-02-28', end: '2024-02-29' });
  });
  it('reaches as far back as one request may for all', () => {
    const all = rangeRequest('all', today);
    expect(all.kind).toBe('daily');
    if (all.kind === 'daily') expect(all.start).toBe('2016-02-12');
  });
});

describe(dailyPoints.name, () => {
  it('sorts by date and drops duplicate days', () => {
    const points = dailyPoints([bar('2026-01-06', 2), bar('2026-01-05', 1), bar('2026-01-06', 3)]);
    expect(points.map((p) => p.time)).toEqual(['2026-01-05', '2026-01-06']);
  });
});

describe(wallClockSeconds.name, () => {
  it('shifts an instant to the wall clock of the zone', () => {
    const instant = Date.parse('2026-11-24T14:30:00Z');
    expect(wallClockSeconds(instant, 'America/New_York')).toBe(Date.parse('2026-11-24T09:30:00Z') / 1000);
    expect(wallClockSeconds(instant, 'UTC')).toBe(instant / 1000);
  });
});

describe(intradayPoints.name, () => {
  it('orders bars and marks extended-hours ones', () => {
    const points = intradayPoints(
      [
        { ts: '2026-11-24T14:35:00Z', session: 'regular', open: 1, high: 2, low: 0, close: 1.5, volume: 10 },
        { ts: '2026-11-24T13:00:00Z', session: 'pre', open: 1, high: 2, low: 0, close: 1.2, volume: 5 },
      ],
      'UTC',
    );
    expect(points.map((p) => [p.time, p.extended])).toEqual([
      [Date.parse('2026-11-24T13:00:00Z') / 1000, true],
      [Date.parse('2026-11-24T14:35:00Z') / 1000, false],
    ]);
  });
});

describe(rangeChange.name, () => {
  it('measures the last close against the first', () => {
    const change = rangeChange(dailyPoints([bar('2026-01-05', 100), bar('2026-01-06', 110)]));
    expect(change).toEqual({ first: 100, last: 110, change: 10, changePercent: 10 });
    expect(rangeChange([])).toBeNull();
  });
});

describe(chartChange.name, () => {
  // AAPL on 2026-11-25: pre-market from 238.62, closed at 234.29 against 237.70, after hours ended at 234.53.
  const day = intradayPoints(
    [
      { ts: '2026-11-25T09:00:00Z', open: 238.94, high: 239.08, low: 238.54, close: 238.62, volume: 1, session: 'pre' },
      { ts: '2026-11-25T20:55:00Z', open: 234.53, high: 234.57, low: 234.02, close: 234.29, volume: 1 },
      {
        ts: '2026-11-26T00:30:00Z',
        open: 234.26,
        high: 234.68,
        low: 233.88,
        close: 234.53,
        volume: 1,
        session: 'after',
      },
    ],
    'America/New_York',
  );
  const quote = { price: 234.29, prevClose: 237.7, change: -3.41, changePercent: -1.4346 };

  it("gives the day's move as the header's quote does, not from the pre-market's first bar (-1.71 %)", () => {
    expect(chartChange('1d', day, quote)).toEqual({
      first: 237.7,
      last: 234.29,
      change: -3.41,
      changePercent: -1.4346,
    });
  });

  it('measures the longer ranges over their points, and the day over its points without a quote', () => {
    expect(chartChange('1w', day, quote)?.first).toBe(238.62);
    expect(chartChange('1d', day, null)?.last).toBe(234.53);
    expect(chartChange('1d', day, { ...quote, prevClose: null, change: null, changePercent: null })?.first).toBe(
      238.62,
    );
  });
});

describe(snapToDay.name, () => {
  const points: ChartPoint[] = dailyPoints([bar('2026-01-02', 1), bar('2026-01-05', 2), bar('2026-01-06', 3)]);
  it('moves a weekend date to the next trading day and ignores dates outside', () => {
    expect(snapToDay(points, '2026-01-03')).toBe('2026-01-05');
    expect(snapToDay(points, '2026-01-02')).toBe('2026-01-02');
    expect(snapToDay(points, '2026-01-07')).toBeUndefined();
    expect(snapToDay(points, '2025-12-31')).toBeUndefined();
  });
});

describe(chartMarkers.name, () => {
  const points = dailyPoints([bar('2026-01-05', 1), bar('2026-01-06', 2), bar('2026-01-07', 3)]);
  const inputs = {
    earnings: [{ date: '2026-01-06', period: 'Q4', periodYear: 2025, epsActual: 1.234 }],
    dividends: [{ exDate: '2026-01-05', amount: 0.25 }],
    trades: [
      { type: 'buy', executedAt: '2026-01-07T15:00:00Z', quantity: 3, price: 10 },
      { type: 'sell', executedAt: '2026-01-06T15:00:00Z', quantity: 1, price: 11 },
      { type: 'comment', executedAt: '2026-01-07T16:00:00Z', quantity: null, price: null },
    ],
  };

  it('places every kind in time order', () => {
    const markers = chartMarkers(points, inputs, DEFAULT_CHART_SETTINGS);
    expect(markers.map((m) => [m.time, m.kind])).toEqual([
      ['2026-01-05', 'dividend'],
      ['2026-01-06', 'earnings'],
      ['2026-01-06', 'sell'],
      ['2026-01-07', 'buy'],
      ['2026-01-07', 'comment'],
    ]);
    expect(markers[1]?.title).toBe('Q4 2025 earnings: EPS $1.23');
  });

  it('leaves out what the settings turn off', () => {
    const markers = chartMarkers(points, inputs, { earnings: false, buys: false, sells: true, comments: false });
    expect(markers.map((m) => m.kind)).toEqual(['dividend', 'sell']);
  });
});

describe(eventLineTimes.name, () => {
  it('gives one line per day that has events', () => {
    const points = dailyPoints([bar('2026-01-05', 1), bar('2026-01-06', 2)]);
    expect(
      eventLineTimes(points, [
        { eventDate: '2026-01-06T21:00:00Z', eventType: 'call' },
        { eventDate: '2026-01-06T12:00:00Z', eventType: 'dividend_ex' },
        { eventDate: '2027-01-06T12:00:00Z', eventType: 'call' },
      ]),
    ).toEqual(['2026-01-06']);
  });
});
