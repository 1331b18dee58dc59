import { describe, expect, it } from 'vitest';
import {
  analysisGate,
  calendarHistoryStart,
  eventGate,
  fileContentGate,
  mergeMarkers,
  symbolHistoryStart,
  trimEarnings,
  trimWhole,
} from './gating.ts';
import { accountFeaturesFor, FREE_ACCOUNT_FEATURES } from './plans.ts';

const plus = accountFeaturesFor({ plan: 'earningshub_plus', subscriptionType: 'paid', status: 'active' });
const pro = accountFeaturesFor({ plan: 'earningshub_pro', subscriptionType: 'paid', status: 'active' });
const free = FREE_ACCOUNT_FEATURES;

describe(calendarHistoryStart.name, () => {
  it.each([
    ['2026-11-23', '2026-07-01'],
    ['2026-10-01', '2026-07-01'],
    ['2026-09-30', '2026-04-01'],
    ['2026-04-15', '2026-01-01'],
    ['2026-03-31', '2025-10-01'],
    ['2026-01-01', '2025-10-01'],
  ])('on %s free callers see reports from %s', (today, start) => {
    expect(calendarHistoryStart(today)).toBe(start);
  });

  it('refuses a date that is not one', () => {
    expect(() => calendarHistoryStart('2026-02-30')).toThrow(RangeError);
  });
});

describe(symbolHistoryStart.name, () => {
  const dates = ['2025-04-30', '2025-07-30', '2025-10-29', '2026-01-28', '2026-04-29', '2026-07-29'];

  it('keeps the next report and the one before it when a report is scheduled', () => {
    expect(symbolHistoryStart(dates, '2026-03-02')).toBe('2026-01-28');
    // On the report day itself the report is the current one.
    expect(symbolHistoryStart(dates, '2026-04-29')).toBe('2026-01-28');
  });

  it('keeps the latest two reports when nothing is scheduled, in any input order', () => {
    expect(symbolHistoryStart([...dates].reverse(), '2026-09-01')).toBe('2026-04-29');
  });

  it('hides nothing with a single report or none', () => {
    expect(symbolHistoryStart(['2026-07-29'], '2026-09-01')).toBe('2026-07-29');
    expect(symbolHistoryStart([], '2026-09-01')).toBeNull();
  });
});

describe(trimEarnings.name, () => {
  const rows = [
    { date: '2026-07-29', priceMovePercent: null },
    { date: '2026-04-29', priceMovePercent: 3.2 },
    { date: '2026-01-28', priceMovePercent: -1.5 },
    { date: '2025-10-29', priceMovePercent: 0.4 },
  ];

  it('withholds history and blanks the price move for a free caller, counting both', () => {
    const result = trimEarnings(rows, free, '2026-04-29');
    expect(result.items).toEqual([
      { date: '2026-07-29', priceMovePercent: null },
      { date: '2026-04-29', priceMovePercent: null },
    ]);
    expect(result.gated).toEqual([
      { feature: 'earningsHistory', hidden: 2 },
      { feature: 'priceMove', hidden: 1 },
    ]);
  });

  it('gives plus the history but not the pro-only price move', () => {
    const result = trimEarnings(rows, plus, '2026-04-29');
    expect(result.items.map((row) => row.date)).toEqual(rows.map((row) => row.date));
    expect(result.items.every((row) => row.priceMovePercent === null)).toBe(true);
    expect(result.gated).toEqual([{ feature: 'priceMove', hidden: 3 }]);
  });

  it('gives pro everything and hides nothing when there is no history', () => {
    expect(trimEarnings(rows, pro, '2026-04-29')).toEqual({ items: rows, gated: [] });
    const upcoming = [{ date: '2026-07-29', priceMovePercent: null }];
    expect(trimEarnings(upcoming, free, null)).toEqual({ items: upcoming, gated: [] });
  });
});

describe(`${trimEarnings.name} with typical moves`, () => {
  const rows = [
    { date: '2026-07-29', priceMovePercent: null, typicalMovePercent: 6.1 },
    { date: '2026-04-29', priceMovePercent: 3.2, typicalMovePercent: 6.1 },
    { date: '2026-04-30', priceMovePercent: null, typicalMovePercent: null },
  ];

  it('blanks the typical move with the price move, counting each row that lost either once', () => {
    const result = trimEarnings(rows, plus, null);
    expect(result.items).toEqual(rows.map((row) => ({ ...row, priceMovePercent: null, typicalMovePercent: null })));
    expect(result.gated).toEqual([{ feature: 'priceMove', hidden: 2 }]);
    expect(trimEarnings(rows, pro, null)).toEqual({ items: rows, gated: [] });
  });
});

describe(trimWhole.name, () => {
  it('withholds a premium list whole and says how long it was', () => {
    expect(trimWhole([1, 2, 3], free, 'analystRatings')).toEqual({
      items: [],
      gated: { feature: 'analystRatings', hidden: 3 },
    });
    expect(trimWhole([1, 2], plus, 'guidance')).toEqual({ items: [], gated: { feature: 'guidance', hidden: 2 } });
    expect(trimWhole([1, 2], pro, 'guidance')).toEqual({ items: [1, 2], gated: null });
    expect(trimWhole([], free, 'guidance')).toEqual({ items: [], gated: null });
  });
});

describe(fileContentGate.name, () => {
  it.each([
    ['transcript', 'transcript'],
    ['slides', 'slides'],
    ['report', 'report'],
    ['audio', 'historicalAudio'],
  ] as const)('locks %s content for a free caller behind %s and opens it for plus', (type, feature) => {
    expect(fileContentGate(type, free)).toEqual({ feature, hidden: 1 });
    expect(fileContentGate(type, plus)).toBeNull();
  });

  it('locks AI analysis without eventTranscriptsAi', () => {
    expect(analysisGate(free)).toEqual({ feature: 'aiSummary', hidden: 1 });
    expect(analysisGate(plus)).toBeNull();
  });
});

describe(eventGate.name, () => {
  const event = (eventType: 'call' | 'economic' | 'economic_fed' | 'ipo', eventStatus = 'upcoming' as const) => ({
    eventType,
    eventStatus,
    hasAudio: true,
  });

  it('locks economic and Fed figures behind their calendars', () => {
    expect(eventGate(event('economic'), free)).toEqual({ feature: 'economicCalendar', hidden: 1 });
    expect(eventGate(event('economic_fed'), free)).toEqual({ feature: 'fedCalendar', hidden: 1 });
    expect(eventGate(event('economic'), plus)).toBeNull();
    expect(eventGate(event('economic_fed'), plus)).toBeNull();
  });

  it('locks only a finished call recording, never a live or upcoming call or an IPO', () => {
    expect(eventGate({ eventType: 'call', eventStatus: 'closed', hasAudio: true }, free)).toEqual({
      feature: 'historicalAudio',
      hidden: 1,
    });
    expect(eventGate({ eventType: 'call', eventStatus: 'closed', hasAudio: false }, free)).toBeNull();
    expect(eventGate({ eventType: 'call', eventStatus: 'live', hasAudio: true }, free)).toBeNull();
    expect(eventGate(event('ipo'), free)).toBeNull();
    expect(eventGate({ eventType: 'call', eventStatus: 'closed', hasAudio: true }, plus)).toBeNull();
  });
});

describe(mergeMarkers.name, () => {
  it('sums markers per feature in first-seen order and drops empty ones', () => {
    expect(
      mergeMarkers([
        { feature: 'fedCalendar', hidden: 1 },
        null,
        { feature: 'historicalAudio', hidden: 2 },
        { feature: 'fedCalendar', hidden: 3 },
        { feature: 'transcript', hidden: 0 },
      ]),
    ).toEqual([
      { feature: 'fedCalendar', hidden: 4 },
      { feature: 'historicalAudio', hidden: 2 },
    ]);
  });
});
