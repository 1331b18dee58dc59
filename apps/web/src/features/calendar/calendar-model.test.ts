import type { CalendarEvent, EarningsRow } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildListRows,
  buildWeekGrid,
  callsByEarningsId,
  type DividendItem,
  editedCustomList,
  groupCalendar,
  groupExtras,
  groupKey,
  heldSymbols,
  matchesFilter,
  sessionKeyOf,
  sortEarnings,
  symbolSet,
  visibleEntries,
} from './calendar-model.ts';

let nextId = 1;
function row(symbol: string, fields: Partial<EarningsRow> = {}): EarningsRow {
  return {
    id: nextId++,
    symbol,
    name: `${symbol} Inc.`,
    type: 'stock',
    exchange: 'NASDAQ',
    sector: null,
    marketCap: 5e9,
    popularity: 10,
    periodYear: 2026,
    period: 'Q3',
    periodEnd: null,
    date: '2026-11-24',
    time: '07:00',
    timeZone: 'America/New_York',
    session: 'before',
    dateStatus: 'confirmed',
    dateSource: 'sec',
    epsEstimate: 1,
    epsActual: null,
    epsSurprise: null,
    epsSurprisePercent: null,
    epsPriorYear: null,
    yoyPercentChangeEPS: null,
    revenueEstimate: 1e9,
    revenueActual: null,
    revenueSurprise: null,
    revenueSurprisePercent: null,
    revenuePriorYear: null,
    yoyPercentChangeRevenue: null,
    estimateCount: 5,
    reportedAt: null,
    priceMovePercent: null,
    source: 'demo',
    ...fields,
  };
}

const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

describe(sessionKeyOf.name, () => {
  it('uses the stored session, else the New York time, else unknown', () => {
    expect(sessionKeyOf({ session: 'after', time: '07:00', date: '2026-11-24' })).toBe('after');
    expect(sessionKeyOf({ session: null, time: '07:00', date: '2026-11-24' })).toBe('before');
    expect(sessionKeyOf({ session: null, time: '12:15', date: '2026-11-24' })).toBe('market');
    // 13:30 on the day after Thanksgiving (an early close at 13:00) is after the close.
    expect(sessionKeyOf({ session: null, time: '13:30', date: '2026-11-27' })).toBe('after');
    expect(sessionKeyOf({ session: null, time: null, date: '2026-11-24' })).toBe('unknown');
  });
});

describe(matchesFilter.name, () => {
  const popular = new Set(['AAPL']);
  it('keeps every report for all, the popular list for popular, market-cap floors for the cap groups', () => {
    expect(matchesFilter({ symbol: 'ZZZ', marketCap: null }, 'all', popular)).toBe(true);
    expect(matchesFilter({ symbol: 'aapl', marketCap: null }, 'popular', popular)).toBe(true);
    expect(matchesFilter({ symbol: 'MSFT', marketCap: 3e12 }, 'popular', popular)).toBe(false);
    expect(matchesFilter({ symbol: 'A', marketCap: 1e9 }, 'one_billion', null)).toBe(true);
    expect(matchesFilter({ symbol: 'A', marketCap: 9.99e9 }, 'ten_billion', null)).toBe(false);
    expect(matchesFilter({ symbol: 'A', marketCap: 1e11 }, 'hundred_billion', null)).toBe(true);
    expect(matchesFilter({ symbol: 'A', marketCap: null }, 'one_billion', null)).toBe(false);
  });
  it('treats nothing as popular until the list loads, and the custom group as empty until lists arrive', () => {
    expect(matchesFilter({ symbol: 'AAPL', marketCap: 3e12 }, 'popular', null)).toBe(false);
    expect(matchesFilter({ symbol: 'AAPL', marketCap: 3e12 }, 'earningshub_custom', popular)).toBe(false);
    expect(matchesFilter({ symbol: 'aapl', marketCap: 3e12 }, 'earningshub_custom', null, new Set(['AAPL']))).toBe(
      true,
    );
    expect(matchesFilter({ symbol: 'MSFT', marketCap: 3e12 }, 'earningshub_custom', popular, new Set(['AAPL']))).toBe(
      false,
    );
  });
});

describe(sortEarnings.name, () => {
  const a = row('AAA', {
    popularity: 5,
    marketCap: 9e9,
    time: '16:05',
    yoyPercentChangeRevenue: 3,
    yoyPercentChangeEPS: null,
  });
  const b = row('BBB', {
    popularity: 50,
    marketCap: 1e9,
    time: null,
    yoyPercentChangeRevenue: null,
    yoyPercentChangeEPS: 40,
  });
  const c = row('CCC', {
    popularity: 20,
    marketCap: null,
    time: '06:30',
    yoyPercentChangeRevenue: 12,
    yoyPercentChangeEPS: -10,
  });
  const order = (key: Parameters<typeof sortEarnings>[1]) => sortEarnings([a, b, c], key).map((r) => r.symbol);

  it('orders by each SPEC sort key, missing values last', () => {
    expect(order('popularity')).toEqual(['BBB', 'CCC', 'AAA']);
    expect(order('time')).toEqual(['CCC', 'AAA', 'BBB']);
    expect(order('marketCap')).toEqual(['AAA', 'BBB', 'CCC']);
    expect(order('alphabetical')).toEqual(['AAA', 'BBB', 'CCC']);
    expect(order('yoyPercentChangeRevenue')).toEqual(['CCC', 'AAA', 'BBB']);
    expect(order('yoyPercentChangeEPS')).toEqual(['BBB', 'CCC', 'AAA']);
  });

  it('breaks ties by popularity and does not change its input', () => {
    const x = row('XXX', { marketCap: 1e9, popularity: 1 });
    const y = row('YYY', { marketCap: 1e9, popularity: 2 });
    const input = [x, y];
    expect(sortEarnings(input, 'marketCap').map((r) => r.symbol)).toEqual(['YYY', 'XXX']);
    expect(input.map((r) => r.symbol)).toEqual(['XXX', 'YYY']);
  });
});

describe(groupCalendar.name, () => {
  const rows = [
    row('AAPL', { date: '2026-11-24', session: 'after', time: '16:30', popularity: 99 }),
    row('TINY', { date: '2026-11-24', session: 'after', time: '16:05', popularity: 1 }),
    row('MIDD', { date: '2026-11-24', session: null, time: '12:00', popularity: 3 }),
    row('WMT', { date: '2026-11-25', session: 'before', popularity: 80, dateStatus: 'estimated', dateSource: 'demo' }),
    row('NOPE', { date: '2026-12-01', popularity: 80 }),
  ];
  const popular = new Set(['AAPL', 'WMT']);

  it('lists every day of the window, splits each into sessions in SPEC order and hides what the filter leaves out', () => {
    const days = groupCalendar(rows, WEEK, { filter: 'popular', popular, sort: 'popularity', showEstimated: true });
    expect(days.map((d) => d.date)).toEqual(WEEK);
    const tuesday = days[1];
    expect(tuesday?.sessions.map((s) => s.session)).toEqual(['market', 'after']);
    expect(tuesday?.sessions[1]?.shown.map((r) => r.symbol)).toEqual(['AAPL']);
    expect(tuesday?.sessions[1]?.hidden.map((r) => r.symbol)).toEqual(['TINY']);
    expect(tuesday).toMatchObject({ total: 3, shownCount: 1 });
    expect(days[2]?.sessions[0]?.shown.map((r) => r.symbol)).toEqual(['WMT']);
    expect(days[0]).toMatchObject({ total: 0, sessions: [] });
  });

  it('sorts within a session and drops estimated dates when that toggle is off', () => {
    const days = groupCalendar(rows, WEEK, { filter: 'all', popular, sort: 'time', showEstimated: false });
    expect(days[1]?.sessions[1]?.shown.map((r) => r.symbol)).toEqual(['TINY', 'AAPL']);
    expect(days[2]?.total).toBe(0);
  });

  it('shows the custom list’s symbols and, with My Stocks overview, leaves out every other report', () => {
    const custom = new Set(['TINY']);
    const mine = groupCalendar(rows, WEEK, {
      filter: 'earningshub_custom',
      popular,
      custom,
      sort: 'time',
      showEstimated: true,
    });
    expect(mine[1]?.sessions[1]?.shown.map((r) => r.symbol)).toEqual(['TINY']);
    expect(mine[1]?.sessions[1]?.hidden.map((r) => r.symbol)).toEqual(['AAPL']);
    const only = groupCalendar(rows, WEEK, {
      filter: 'all',
      popular,
      only: new Set(['AAPL', 'WMT']),
      sort: 'time',
      showEstimated: true,
    });
    expect(only.flatMap((d) => d.sessions.flatMap((s) => [...s.shown, ...s.hidden])).map((r) => r.symbol)).toEqual([
      'AAPL',
      'WMT',
    ]);
    expect(only[1]).toMatchObject({ total: 1, shownCount: 1 });
  });
});

describe('custom list helpers', () => {
  it('upper-cases symbol sets and keeps null for a list not loaded', () => {
    expect(symbolSet(['aapl', 'MSFT'])).toEqual(new Set(['AAPL', 'MSFT']));
    expect(symbolSet(undefined)).toBeNull();
  });
  it('collects the symbols of every list', () => {
    expect(
      heldSymbols([{ items: [{ symbol: 'AAPL' }] }, {}, { items: [{ symbol: 'NVDA' }, { symbol: 'AAPL' }] }]),
    ).toEqual(['AAPL', 'NVDA', 'AAPL']);
  });
  it('adds a symbol once, upper case, at the end, and removes it whatever its case', () => {
    expect(editedCustomList(['AAPL', 'MSFT'], ' aapl ', 'add')).toEqual(['MSFT', 'AAPL']);
    expect(editedCustomList(['AAPL'], 'nvda', 'add')).toEqual(['AAPL', 'NVDA']);
    expect(editedCustomList(['AAPL', 'MSFT'], 'msft', 'remove')).toEqual(['AAPL']);
    expect(editedCustomList(['AAPL'], '  ', 'add')).toEqual(['AAPL']);
  });
});

describe(visibleEntries.name, () => {
  const group = { session: 'before' as const, shown: [row('A')], hidden: [row('B'), row('C')] };
  it('shows the filter’s symbols and counts the hidden ones', () => {
    expect(visibleEntries(group, '2026-11-24', new Set(), false)).toMatchObject({ hiddenCount: 2, expanded: false });
  });
  it('expands one group by hand, or every group with the auto-expand setting', () => {
    const byHand = visibleEntries(group, '2026-11-24', new Set([groupKey('2026-11-24', 'before')]), false);
    expect(byHand.entries.map((r) => r.symbol)).toEqual(['A', 'B', 'C']);
    expect(byHand).toMatchObject({ hiddenCount: 0, expanded: true });
    expect(visibleEntries(group, '2026-11-25', new Set([groupKey('2026-11-24', 'before')]), false).expanded).toBe(
      false,
    );
    expect(visibleEntries(group, '2026-11-25', new Set(), true).entries).toHaveLength(3);
  });
  it('never calls a group without hidden symbols expanded', () => {
    expect(visibleEntries({ ...group, hidden: [] }, '2026-11-24', new Set(), true).expanded).toBe(false);
  });
});

function event(id: number, eventType: CalendarEvent['eventType'], eventDate: string, earningsId: number | null = null) {
  return {
    id,
    eventType,
    eventStatus: 'upcoming',
    eventDate,
    symbol: null,
    name: null,
    title: `${eventType} ${id}`,
    description: null,
    earningsId,
    periodYear: null,
    period: null,
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
  } satisfies CalendarEvent;
}

describe(groupExtras.name, () => {
  it('puts events on their New York day, Fed first, and leaves out calls shown on their report', () => {
    const events = [
      event(1, 'ipo', '2026-11-24T14:30:00Z'),
      event(2, 'economic_fed', '2026-11-24T19:00:00Z'),
      event(3, 'call', '2026-11-24T22:00:00Z', 77),
      // 01:00 UTC on the 25th is still the 24th in New York.
      event(4, 'economic', '2026-11-25T01:00:00Z'),
    ];
    const dividend: DividendItem = {
      symbol: 'KO',
      name: 'Coca-Cola',
      marketCap: 3e11,
      amount: 0.51,
      kind: 'ex',
      date: '2026-11-24',
      exDate: '2026-11-24',
      paymentDate: '2026-12-15',
    };
    const extras = groupExtras(
      events,
      [dividend],
      WEEK,
      new Set([...callsByEarningsId(events).values()].map((e) => e.id)),
    );
    const tuesday = extras.get('2026-11-24') ?? [];
    expect(tuesday.map((item) => (item.kind === 'event' ? item.event.id : item.dividend.symbol))).toEqual([
      2,
      4,
      1,
      'KO',
    ]);
    expect(extras.get('2026-11-23')).toEqual([]);
  });
});

describe(buildWeekGrid.name, () => {
  const rows = [
    row('AAPL', { date: '2026-11-23', session: 'after', popularity: 99 }),
    row('MSFT', { date: '2026-11-23', session: 'after', popularity: 98 }),
    row('SMOL', { date: '2026-11-23', session: 'after', popularity: 1 }),
    row('NVDA', { date: '2026-11-25', session: 'after', popularity: 97 }),
  ];
  const days = groupCalendar(rows, WEEK, {
    filter: 'popular',
    popular: new Set(['AAPL', 'MSFT', 'NVDA']),
    sort: 'popularity',
    showEstimated: true,
  });

  it('aligns the i-th report of every day in one row and adds the "+N more" buttons', () => {
    const grid = buildWeekGrid(days, new Map(), new Set(), false);
    expect(grid.map((r) => r.kind)).toEqual(['band', 'entries', 'entries', 'more']);
    const first = grid[1];
    if (first?.kind !== 'entries') throw new Error('entries expected');
    expect(first.cells.map((cell) => cell?.symbol ?? null)).toEqual(['AAPL', null, 'NVDA', null, null]);
    const more = grid[3];
    if (more?.kind !== 'more') throw new Error('more expected');
    expect(more.cells[0]).toEqual({ date: '2026-11-23', session: 'after', hiddenCount: 1, expanded: false });
    expect(more.cells[2]).toBeNull();
  });

  it('grows by the hidden symbols once expanded and keeps the button to collapse them', () => {
    const grid = buildWeekGrid(days, new Map(), new Set([groupKey('2026-11-23', 'after')]), false);
    expect(grid.filter((r) => r.kind === 'entries')).toHaveLength(3);
    const more = grid.at(-1);
    if (more?.kind !== 'more') throw new Error('more expected');
    expect(more.cells[0]).toMatchObject({ hiddenCount: 0, expanded: true });
  });

  it('puts events before the reports and dividend dates after them', () => {
    const dividend: DividendItem = {
      symbol: 'KO',
      name: 'Coca-Cola',
      marketCap: 3e11,
      amount: 0.51,
      kind: 'payment',
      date: '2026-11-23',
      exDate: '2026-11-13',
      paymentDate: '2026-11-23',
    };
    const extras = new Map([
      [
        '2026-11-23',
        [
          { kind: 'event' as const, event: event(9, 'economic_fed', '2026-11-23T19:00:00Z'), date: '2026-11-23' },
          { kind: 'dividend' as const, dividend },
        ],
      ],
    ]);
    const grid = buildWeekGrid(days, extras, new Set(), false);
    expect(grid.filter((r) => r.kind === 'band').map((r) => r.kind === 'band' && r.band)).toEqual([
      'events',
      'after',
      'dividends',
    ]);
    const list = buildListRows(days.slice(0, 1), extras, new Set(), false);
    expect(list.map((r) => r.kind)).toEqual(['day', 'extra', 'session', 'entry', 'entry', 'more', 'extra']);
  });

  it('draws an events band first when a day has events', () => {
    const extras = new Map([
      ['2026-11-24', [{ kind: 'event' as const, event: event(9, 'ipo', '2026-11-24T15:00:00Z'), date: '2026-11-24' }]],
    ]);
    const grid = buildWeekGrid(days, extras, new Set(), false);
    expect(grid[0]).toMatchObject({ kind: 'band', band: 'events', counts: [0, 1, 0, 0, 0] });
    expect(grid[1]?.kind).toBe('extras');
  });
});

describe(buildListRows.name, () => {
  it('lists each day, its sessions, reports and "+N more", with a row for empty days', () => {
    const days = groupCalendar(
      [row('AAPL', { date: '2026-11-23', session: 'after' }), row('SMOL', { date: '2026-11-23', session: 'after' })],
      WEEK.slice(0, 2),
      { filter: 'popular', popular: new Set(['AAPL']), sort: 'alphabetical', showEstimated: true },
    );
    const rows = buildListRows(days, new Map(), new Set(), false);
    expect(rows.map((r) => r.kind)).toEqual(['day', 'session', 'entry', 'more', 'day', 'empty']);
    const expanded = buildListRows(days, new Map(), new Set(), true);
    expect(expanded.filter((r) => r.kind === 'entry').map((r) => r.kind === 'entry' && r.hiddenByFilter)).toEqual([
      false,
      true,
    ]);
  });
});
