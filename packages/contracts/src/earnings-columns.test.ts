import { MARKET_TIME_ZONE } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { EarningsCalendarColumns, type EarningsRow } from './earnings.ts';
import { CALENDAR_COLUMNS, decodeEarningsColumns, encodeEarningsColumns } from './earnings-columns.ts';

const row = (symbol: string, fields: Partial<EarningsRow> = {}): EarningsRow => ({
  id: symbol.length * 100,
  symbol,
  name: `${symbol} Inc.`,
  type: 'stock',
  exchange: 'NASDAQ',
  sector: 'Technology',
  marketCap: 3e12,
  popularity: 90,
  periodYear: 2026,
  period: 'Q3',
  periodEnd: '2026-09-30',
  date: '2026-10-29',
  time: '16:30',
  timeZone: MARKET_TIME_ZONE,
  session: 'after',
  dateStatus: 'confirmed',
  dateSource: 'sec',
  epsEstimate: 1.2,
  epsActual: null,
  epsSurprise: null,
  epsSurprisePercent: null,
  epsPriorYear: 1,
  yoyPercentChangeEPS: 20,
  revenueEstimate: 9.4e10,
  revenueActual: null,
  revenueSurprise: null,
  revenueSurprisePercent: null,
  revenuePriorYear: 8.5e10,
  yoyPercentChangeRevenue: 10.5882,
  estimateCount: 30,
  reportedAt: null,
  priceMovePercent: null,
  typicalMovePercent: null,
  source: 'demo',
  ...fields,
});

const ROWS = [
  row('AAPL'),
  // Reported: the surprises come back from actual and estimate.
  row('ZQCC', {
    time: null,
    session: null,
    dateStatus: 'estimated',
    dateSource: 'yahoo',
    marketCap: null,
    epsEstimate: -0.5,
    epsActual: -0.25,
    epsSurprise: 0.25,
    epsSurprisePercent: 50,
    revenueEstimate: 200,
    revenueActual: 180,
    revenueSurprise: -20,
    revenueSurprisePercent: -10,
    reportedAt: '2026-10-29T20:31:00.000Z',
    typicalMovePercent: 6.1,
    priceMovePercent: -3.2,
  }),
];

const calendarFields = (full: EarningsRow) => ({
  ...Object.fromEntries(CALENDAR_COLUMNS.map((name) => [name, full[name]])),
  epsSurprise: full.epsSurprise,
  epsSurprisePercent: full.epsSurprisePercent,
  revenueSurprise: full.revenueSurprise,
  revenueSurprisePercent: full.revenueSurprisePercent,
});

describe(encodeEarningsColumns.name, () => {
  it('sends each of the calendar fields once, as an array as long as the rows, in their order', () => {
    const columns = encodeEarningsColumns(ROWS);
    expect(Object.keys(columns)).toEqual(CALENDAR_COLUMNS);
    expect(columns.symbol).toEqual(['AAPL', 'ZQCC']);
    expect(columns.session).toEqual(['after', null]);
    const answer = {
      start: '2026-10-26',
      end: '2026-10-30',
      timeZone: MARKET_TIME_ZONE,
      historyStart: null,
      gated: [],
    };
    expect(EarningsCalendarColumns.safeParse({ ...answer, count: 2, columns }).success).toBe(true);
    // A column of the wrong length is refused.
    const short = { ...columns, name: ['AAPL Inc.'] };
    expect(EarningsCalendarColumns.safeParse({ ...answer, count: 2, columns: short }).error?.issues[0]?.path).toEqual([
      'columns',
      'name',
    ]);
  });

  it('leaves out the fields the calendar does not draw', () => {
    const columns = encodeEarningsColumns(ROWS) as Record<string, unknown>;
    for (const name of ['type', 'exchange', 'sector', 'estimateCount', 'source', 'epsSurprise'])
      expect(columns[name], name).toBeUndefined();
  });
});

describe(decodeEarningsColumns.name, () => {
  it('gives back every calendar field of every row, with the surprises the server derives', () => {
    const decoded = decodeEarningsColumns(encodeEarningsColumns(ROWS), ROWS.length);
    expect(decoded).toEqual(ROWS.map(calendarFields));
  });

  it('reads an empty window', () => {
    expect(decodeEarningsColumns(encodeEarningsColumns([]), 0)).toEqual([]);
  });
});
