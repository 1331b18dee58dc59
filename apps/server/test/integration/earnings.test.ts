import {
  CALENDAR_COLUMNS,
  decodeEarningsColumns,
  type EarningsCalendarColumns,
  type EarningsRow,
  POPULAR_SYMBOLS_COUNT,
} from '@eh/contracts';
import { earningsDateChanges } from '@eh/db';
import { addDays, calendarHistoryStart, weekWindow } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { daysFromToday, insertAsset, insertEarnings, setPlan, today } from './earnings-seed.ts';

let server: TestServer;
let free: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;

/** A week far from any demo data, for the calendar's shape. */
const WEEK = weekWindow('2090-01-18');
const [MON, TUE, WED] = WEEK.days as [string, string, string];

/** ZQAA's reports, oldest first: five past quarters and the next one. */
// The last one is 85 days back: always after the first day of the previous calendar quarter (≥ 90 days back).
const ZQAA_OFFSETS = [-455, -364, -273, -182, -85, 10];
let zqaaIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  // Bigger and more followed than any demo company, so the top and popular lists hold them whatever else is stored.
  const zqaa = await insertAsset(db, {
    symbol: 'ZQAA',
    marketCap: 9e12,
    popularity: 2_000_000_000,
    sector: 'Technology',
  });
  const zqbb = await insertAsset(db, {
    symbol: 'ZQBB',
    marketCap: 5e10,
    popularity: 1_900_000_000,
    sector: 'Financials',
  });
  const zqcc = await insertAsset(db, { symbol: 'ZQCC', marketCap: 2e9, popularity: 1_800_000_000, exchange: 'NYSE' });
  await insertAsset(db, { symbol: 'ZQDD', marketCap: 5e8, popularity: 1_700_000_000, type: 'otc', exchange: 'OTC' });
  await insertAsset(db, { symbol: 'ZQEE', marketCap: 9e12, popularity: 1_600_000_000, type: 'crypto', exchange: null });
  zqaaIds = await insertEarnings(
    db,
    zqaa,
    ZQAA_OFFSETS.map((offset, index) => {
      const past = offset < 0;
      return {
        periodYear: 2020 + Math.floor(index / 4),
        period: (['Q1', 'Q2', 'Q3', 'Q4'] as const)[index % 4] ?? 'Q1',
        date: daysFromToday(offset),
        time: '16:05',
        session: 'after',
        dateStatus: past ? 'confirmed' : 'estimated',
        dateSource: past ? 'sec' : 'test',
        epsEstimate: 2 + index * 0.1,
        epsActual: past ? 2.1 + index * 0.1 : null,
        epsPriorYear: 1.6 + index * 0.1,
        revenueEstimate: 1e11,
        revenueActual: past ? 1.05e11 : null,
        revenuePriorYear: 9e10,
        priceMovePercent: past ? 2.5 : null,
        reportedAt: past ? new Date(`${daysFromToday(offset)}T20:05:00Z`) : null,
      };
    }),
  );
  const upcoming = zqaaIds.at(-1) ?? 0;
  await db.insert(earningsDateChanges).values([
    {
      earningsId: upcoming,
      oldDate: daysFromToday(14),
      newDate: daysFromToday(12),
      oldStatus: 'estimated',
      newStatus: 'estimated',
      source: 'test',
      changedAt: new Date('2026-01-01T00:00:00Z'),
    },
    {
      earningsId: upcoming,
      oldDate: daysFromToday(12),
      newDate: daysFromToday(10),
      oldTime: null,
      newTime: '16:05',
      oldStatus: 'estimated',
      newStatus: 'estimated',
      source: 'test',
      changedAt: new Date('2026-02-01T00:00:00Z'),
    },
  ]);
  // The far week: sessions out of order on purpose, one time without a session, one with nothing known.
  await insertEarnings(db, zqbb, [
    { periodYear: 2089, period: 'Q4', date: MON, time: '16:30', session: 'after', dateStatus: 'confirmed' },
    { periodYear: 2090, period: 'Q1', date: WED, time: null, session: null, dateStatus: 'estimated' },
  ]);
  await insertEarnings(db, zqcc, [
    {
      periodYear: 2089,
      period: 'Q4',
      date: MON,
      time: '07:00',
      session: null,
      dateStatus: 'confirmed',
      epsEstimate: -0.5,
      epsActual: -0.25,
      epsPriorYear: -1,
      revenueEstimate: 200,
      revenueActual: 180,
      revenuePriorYear: 150,
    },
    { periodYear: 2090, period: 'Q1', date: TUE, time: '12:00', session: 'market', dateStatus: 'estimated' },
  ]);
  free = await signedInUser(server, 'free-earnings@example.com');
  pro = await signedInUser(server, 'pro-earnings@example.com');
  for (const user of [free, pro]) await server.api('/api/core/users/me', { headers: user.headers });
  await setPlan(db, pro.sub, 'earningshub_pro');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};

describe('GET /api/pricing/assets/earnings/calendar', () => {
  it('lists a week by date, session and time, each row saying when, how sure and who said so', async () => {
    const { status, json } = await get(`/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ start: WEEK.start, end: WEEK.end, timeZone: 'America/New_York' });
    const mine = json.earnings.filter((row: { symbol: string }) => row.symbol.startsWith('ZQ'));
    expect(mine.map((row: { symbol: string; date: string }) => `${row.date} ${row.symbol}`)).toEqual([
      `${MON} ZQCC`,
      `${MON} ZQBB`,
      `${TUE} ZQCC`,
      `${WED} ZQBB`,
    ]);
    for (const row of json.earnings) {
      expect(row.timeZone).toBe('America/New_York');
      expect(['confirmed', 'estimated']).toContain(row.dateStatus);
      expect(typeof row.dateSource).toBe('string');
      expect(typeof row.source).toBe('string');
      expect(row.date >= WEEK.start && row.date <= WEEK.end).toBe(true);
    }
    const [zqccMon, zqbbMon, , zqbbWed] = mine;
    // The session comes from the time when only the time is stored.
    expect(zqccMon).toMatchObject({ time: '07:00', session: 'before', dateStatus: 'confirmed', exchange: 'NYSE' });
    expect(zqbbMon).toMatchObject({ time: '16:30', session: 'after', sector: 'Financials', marketCap: 5e10 });
    expect(zqbbWed).toMatchObject({ time: null, session: null, dateStatus: 'estimated' });
  });

  it('derives surprises and year-over-year changes (a smaller loss is growth)', async () => {
    const { json } = await get(`/api/pricing/assets/earnings/calendar?start=${MON}&end=${MON}`);
    const row = json.earnings.find((r: { symbol: string }) => r.symbol === 'ZQCC');
    expect(row.epsSurprise).toBeCloseTo(0.25);
    expect(row.epsSurprisePercent).toBeCloseTo(50);
    expect(row.yoyPercentChangeEPS).toBeCloseTo(75);
    expect(row.revenueSurprise).toBeCloseTo(-20);
    expect(row.revenueSurprisePercent).toBeCloseTo(-10);
    expect(row.yoyPercentChangeRevenue).toBeCloseTo(20);
  });

  it('withholds history and the price move from anonymous and free callers, not from pro', async () => {
    const past = daysFromToday(-273);
    const path = `/api/pricing/assets/earnings/calendar?start=${addDays(past, -3)}&end=${addDays(past, 3)}`;
    const expectedStart = calendarHistoryStart(today());
    for (const headers of [{}, free.headers]) {
      const { status, json } = await get(path, headers);
      expect(status).toBe(200);
      expect(json.historyStart).toBe(expectedStart);
      expect(json.earnings.some((row: { symbol: string }) => row.symbol === 'ZQAA')).toBe(false);
      expect(json.gated).toContainEqual({ feature: 'earningsHistory', hidden: expect.any(Number) });
    }
    const { json } = await get(path, pro.headers);
    expect(json.historyStart).toBeNull();
    expect(json.gated).toEqual([]);
    expect(json.earnings.find((row: { symbol: string }) => row.symbol === 'ZQAA')).toMatchObject({
      date: past,
      priceMovePercent: 2.5,
      dateStatus: 'confirmed',
      dateSource: 'sec',
    });
  });

  it('blanks the price move of a recent report for free callers and says so', async () => {
    const recent = daysFromToday(-85);
    const path = `/api/pricing/assets/earnings/calendar?start=${recent}&end=${recent}`;
    const anonymous = (await get(path)).json;
    const row = anonymous.earnings.find((r: { symbol: string }) => r.symbol === 'ZQAA');
    expect(row).toMatchObject({ date: recent, priceMovePercent: null });
    expect(anonymous.gated).toContainEqual({ feature: 'priceMove', hidden: expect.any(Number) });
    const proRow = (await get(path, pro.headers)).json.earnings.find((r: { symbol: string }) => r.symbol === 'ZQAA');
    expect(proRow.priceMovePercent).toBe(2.5);
  });

  it('sends compressed bytes to clients that accept them and 304 to one holding the same answer', async () => {
    const path = `/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`;
    const plain = await server.api(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(plain.headers.get('cache-control')).toBe('private, no-cache');
    const text = await plain.text();
    for (const encoding of ['gzip', 'br']) {
      const res = await server.api(path, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes the body: the same JSON arrives.
      expect(await res.text()).toBe(text);
    }
    const again = await server.api(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A pro caller's answer differs (no history cutoff), so its ETag does too.
    const proRes = await server.api(path, { headers: { ...pro.headers, 'if-none-match': etag } });
    expect(proRes.status).toBe(200);
  });

  it('sends the same reports by column with ?shape=columns, only the fields the calendar draws', async () => {
    const past = daysFromToday(-273);
    const windows = [`start=${WEEK.start}&end=${WEEK.end}`, `start=${addDays(past, -3)}&end=${addDays(past, 3)}`];
    // What the calendar holds of a report: its columns and the surprises derived from them.
    const drawn = (row: EarningsRow) => {
      const { epsSurprise, epsSurprisePercent, revenueSurprise, revenueSurprisePercent } = row;
      const columns = Object.fromEntries(CALENDAR_COLUMNS.map((name) => [name, row[name]]));
      return { ...columns, epsSurprise, epsSurprisePercent, revenueSurprise, revenueSurprisePercent };
    };
    for (const window of windows)
      for (const headers of [{}, pro.headers]) {
        const rows = (await get(`/api/pricing/assets/earnings/calendar?${window}`, headers)).json;
        const { status, json } = await get(`/api/pricing/assets/earnings/calendar?${window}&shape=columns`, headers);
        expect(status).toBe(200);
        const answer = json as EarningsCalendarColumns;
        expect(answer).toMatchObject({ start: rows.start, end: rows.end, historyStart: rows.historyStart });
        expect(Object.keys(answer.columns)).toEqual(CALENDAR_COLUMNS);
        expect(answer.count).toBe(rows.earnings.length);
        expect(decodeEarningsColumns(answer.columns, answer.count)).toEqual(rows.earnings.map(drawn));
        // The price move is not sent by column, so no plan withholds it there.
        expect(answer.gated).toEqual(
          rows.gated.filter((marker: { feature: string }) => marker.feature !== 'priceMove'),
        );
      }
    const { status } = await get(`/api/pricing/assets/earnings/calendar?shape=objects`);
    expect(status).toBe(400);
  });

  it('refuses an invalid token instead of answering as anonymous', async () => {
    const res = await get(`/api/pricing/assets/earnings/calendar?start=${MON}&end=${MON}`, {
      authorization: 'Bearer not-a-token',
    });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('UNAUTHORIZED');
  });

  it('defaults to the week shown today', async () => {
    const { json } = await get('/api/pricing/assets/earnings/calendar');
    expect({ start: json.start, end: json.end }).toEqual({
      start: weekWindow(today()).start,
      end: weekWindow(today()).end,
    });
  });

  it('serves a new report after ingestion says earnings changed', async () => {
    const day = WEEK.days[3] ?? '';
    const path = `/api/pricing/assets/earnings/calendar?start=${day}&end=${day}`;
    expect((await get(path)).json.earnings).toEqual([]);
    const id = await insertAsset(server.ctx.db, { symbol: 'ZQNEW', marketCap: 1e9 });
    await insertEarnings(server.ctx.db, id, [
      { periodYear: 2090, period: 'Q1', date: day, time: '08:00', session: 'before', dateStatus: 'confirmed' },
    ]);
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await get(path)).json.earnings.map((row: { symbol: string }) => row.symbol)).toEqual(['ZQNEW']);
  });

  it.each([
    ['start=2090-01-20&end=2090-01-10', 'query.end: must not be before start'],
    ['start=2090-01-01&end=2090-03-01', 'query.end: must be at most 45 days after start'],
    ['start=2090-02-30&end=2090-03-01', 'query.start'],
    ['start=yesterday', 'query.start'],
  ])('rejects ?%s naming the field', async (query, message) => {
    const { status, json } = await get(`/api/pricing/assets/earnings/calendar?${query}`);
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION_ERROR');
    expect(json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/assets/earnings/calendar/daily', () => {
  it('counts reports per day and session, confirmed vs estimated', async () => {
    const { status, json } = await get(
      `/api/pricing/assets/earnings/calendar/daily?start=${WEEK.start}&end=${WEEK.end}`,
    );
    expect(status).toBe(200);
    const monday = json.days.find((day: { date: string }) => day.date === MON);
    expect(monday).toMatchObject({ total: 2, confirmed: 2, estimated: 0 });
    expect(monday.sessions.before).toEqual({ total: 1, confirmed: 1, estimated: 0 });
    expect(monday.sessions.after).toEqual({ total: 1, confirmed: 1, estimated: 0 });
    const wednesday = json.days.find((day: { date: string }) => day.date === WED);
    expect(wednesday.sessions.unknown).toEqual({ total: 1, confirmed: 0, estimated: 1 });
    expect(json.days.some((day: { date: string }) => day.date === WEEK.end)).toBe(false);
  });

  it('takes a year but not more', async () => {
    expect((await get('/api/pricing/assets/earnings/calendar/daily?start=2090-01-01&end=2090-12-31')).status).toBe(200);
    const { status, json } = await get('/api/pricing/assets/earnings/calendar/daily?start=2090-01-01&end=2091-06-01');
    expect(status).toBe(400);
    expect(json.message).toMatch(/^query\.end/);
  });
});

describe('GET /api/pricing/assets/:symbol/earnings', () => {
  it('gives pro every quarter, newest first, with the date-change history', async () => {
    const { status, json } = await get('/api/pricing/assets/zqaa/earnings', pro.headers);
    expect(status).toBe(200);
    expect(json).toMatchObject({ symbol: 'ZQAA', type: 'stock', timeZone: 'America/New_York', gated: [] });
    expect(json.earnings.map((row: { date: string }) => row.date)).toEqual(
      [...ZQAA_OFFSETS].reverse().map((offset) => daysFromToday(offset)),
    );
    const [next] = json.earnings;
    expect(next.dateChanges.map((change: { newDate: string }) => change.newDate)).toEqual([
      daysFromToday(12),
      daysFromToday(10),
    ]);
    expect(next.dateChanges[1]).toMatchObject({ oldTime: null, newTime: '16:05', source: 'test' });
    expect(json.earnings[1].dateChanges).toEqual([]);
  });

  it('gives anonymous and free callers the next quarter and the last one, and says how many it hid', async () => {
    for (const headers of [{}, free.headers]) {
      const { json } = await get('/api/pricing/assets/ZQAA/earnings', headers);
      expect(json.earnings.map((row: { date: string }) => row.date)).toEqual([daysFromToday(10), daysFromToday(-85)]);
      expect(json.earnings[1].priceMovePercent).toBeNull();
      expect(json.gated).toEqual([
        { feature: 'earningsHistory', hidden: 4 },
        { feature: 'priceMove', hidden: 1 },
      ]);
    }
  });

  it('narrows to a fiscal year or one quarter; an old quarter is locked for free callers', async () => {
    const year = await get('/api/pricing/assets/ZQAA/earnings?periodYear=2020', pro.headers);
    expect(year.json.earnings).toHaveLength(4);
    const quarter = await get('/api/pricing/assets/ZQAA/earnings?periodYear=2020&period=Q3', pro.headers);
    expect(quarter.json.earnings.map((row: { period: string; id: number }) => [row.period, row.id])).toEqual([
      ['Q3', zqaaIds[2]],
    ]);
    const locked = await get('/api/pricing/assets/ZQAA/earnings?periodYear=2020&period=Q3');
    expect(locked.json).toMatchObject({ earnings: [], gated: [{ feature: 'earningsHistory', hidden: 1 }] });
  });

  it.each([
    ['/api/pricing/assets/NOPEZ/earnings', 404, 'Unknown symbol: NOPEZ'],
    ['/api/pricing/assets/ZQAA/earnings?period=Q1', 400, 'query.periodYear: is required with period'],
    ['/api/pricing/assets/ZQAA/earnings?periodYear=2020&period=Q5', 400, 'query.period'],
    ['/api/pricing/assets/ZQAA/earnings?periodYear=twenty', 400, 'query.periodYear'],
    ['/api/pricing/assets/Z$$/earnings', 400, 'path.symbol'],
  ])('%s answers %i', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.json.message.startsWith(message)).toBe(true);
  });
});

describe('GET /api/pricing/assets/earnings/top-market', () => {
  it('lists the biggest stocks reporting soon or recently, one report each', async () => {
    const { status, json } = await get('/api/pricing/assets/earnings/top-market');
    expect(status).toBe(200);
    expect(json.start).toBe(daysFromToday(-7));
    expect(json.end).toBe(daysFromToday(14));
    expect(json.earnings.length).toBeLessThanOrEqual(10);
    const caps = json.earnings.map((row: { marketCap: number | null }) => row.marketCap ?? -1);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const symbols = json.earnings.map((row: { symbol: string }) => row.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    // ZQAA (9 trillion, larger than any demo company) reports in 10 days: it leads.
    expect(symbols[0]).toBe('ZQAA');
    for (const row of json.earnings) expect(row.type).toBe('stock');
  });

  it.each(['limit=0', 'limit=100000', 'limit=two'])('rejects ?%s', async (query) => {
    const { status, json } = await get(`/api/pricing/assets/earnings/top-market?${query}`);
    expect(status).toBe(400);
    expect(json.message).toMatch(/^query\.limit/);
  });

  it('honours a limit', async () => {
    expect((await get('/api/pricing/assets/earnings/top-market?limit=1')).json.earnings).toHaveLength(1);
  });
});

describe('GET /api/earnings/filters/symbols', () => {
  it('gives each group its symbols, most popular first', async () => {
    const group = async (filter: string) => (await get(`/api/earnings/filters/symbols?filter=${filter}`)).json;
    const all = await group('all');
    expect(all.count).toBe(all.symbols.length);
    expect(all.symbols).toEqual(expect.arrayContaining(['ZQAA', 'ZQBB', 'ZQCC', 'ZQDD']));
    expect(all.symbols).not.toContain('ZQEE');
    const billion = (await group('one_billion')).symbols;
    expect(billion).toEqual(expect.arrayContaining(['ZQAA', 'ZQBB', 'ZQCC']));
    expect(billion).not.toContain('ZQDD');
    expect((await group('ten_billion')).symbols).not.toContain('ZQCC');
    const hundred = (await group('hundred_billion')).symbols;
    expect(hundred).toContain('ZQAA');
    expect(hundred).not.toContain('ZQBB');
    const popular = await group('popular');
    expect(popular.symbols.length).toBeLessThanOrEqual(POPULAR_SYMBOLS_COUNT);
    expect(popular.symbols.indexOf('ZQAA')).toBeLessThan(popular.symbols.indexOf('ZQBB'));
    expect((await get('/api/earnings/filters/symbols')).json.filter).toBe('popular');
  });

  it('asks for sign-in for the custom group; the legacy alerts value reads the custom filter (empty at first)', async () => {
    const anonymous = await get('/api/earnings/filters/symbols?filter=earningshub_custom');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('Please sign in to use your custom filter.');
    const legacy = await get('/api/earnings/filters/symbols?filter=earningshub_alerts', free.headers);
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual({ filter: 'earningshub_custom', count: 0, symbols: [] });
  });

  it('rejects an unknown group', async () => {
    const { status, json } = await get('/api/earnings/filters/symbols?filter=trillion');
    expect(status).toBe(400);
    expect(json.message).toMatch(/^query\.filter/);
  });
});

describe('OpenAPI', () => {
  it('documents the earnings calls', async () => {
    const doc = (await get('/api/docs/json')).json;
    for (const path of [
      '/api/pricing/assets/earnings/calendar',
      '/api/pricing/assets/earnings/calendar/daily',
      '/api/pricing/assets/{symbol}/earnings',
      '/api/pricing/assets/earnings/top-market',
      '/api/earnings/filters/symbols',
    ])
      expect(doc.paths[path]?.get, path).toBeDefined();
  });
});
