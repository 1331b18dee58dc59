import { events } from '@eh/db';
import { nyToUtc } from '@eh/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { daysFromToday, insertAsset, setPlan } from './earnings-seed.ts';

let server: TestServer;
let free: Awaited<ReturnType<typeof signedInUser>>;
let plus: Awaited<ReturnType<typeof signedInUser>>;
const ids: Record<string, number> = {};

/** Days far from any demo data. */
const DAY1 = '2091-03-05';
const DAY2 = '2091-03-06';

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const zqev = await insertAsset(db, { symbol: 'ZQEV', name: 'ZQ Events Corp.', marketCap: 4e11, popularity: 50 });
  const rows: (Omit<typeof events.$inferInsert, 'source' | 'externalId'> & { key: string })[] = [
    {
      key: 'cpi',
      eventType: 'economic',
      eventStatus: 'upcoming',
      eventDate: nyToUtc(DAY1, '08:30'),
      title: 'CPI (MoM)',
      details: { country: 'US', importance: 'high', forecast: 0.2, previous: 0.3 },
    },
    {
      key: 'fomc',
      eventType: 'economic_fed',
      eventStatus: 'upcoming',
      eventDate: nyToUtc(DAY1, '14:00'),
      title: 'FOMC rate decision',
      details: { forecast: '4.25%' },
    },
    {
      key: 'call',
      eventType: 'call',
      eventStatus: 'upcoming',
      eventDate: nyToUtc(DAY1, '17:00'),
      assetId: zqev,
      symbol: 'ZQEV',
      title: 'ZQEV Q1 2091 earnings call',
      periodYear: 2091,
      period: 'Q1',
      details: { webcast: 'https://example.com/webcast' },
    },
    {
      key: 'ipo',
      eventType: 'ipo',
      eventStatus: 'upcoming',
      eventDate: nyToUtc(DAY2, '09:30'),
      title: 'ZQ New Co IPO',
      details: { priceLow: 18, priceHigh: 20 },
    },
    {
      key: 'exdiv',
      eventType: 'dividend_ex',
      eventStatus: 'upcoming',
      eventDate: nyToUtc(DAY2, '00:00'),
      assetId: zqev,
      symbol: 'ZQEV',
      title: 'ZQEV ex-dividend $0.25',
    },
    {
      key: 'recorded',
      eventType: 'call',
      eventStatus: 'closed',
      eventDate: new Date(`${daysFromToday(-30)}T21:00:00Z`),
      assetId: zqev,
      symbol: 'ZQEV',
      title: 'ZQEV Q4 earnings call',
      audioUrl: 'https://example.com/zqev-q4.mp3',
    },
    {
      key: 'live',
      eventType: 'call',
      eventStatus: 'live',
      eventDate: new Date(Date.now() - 60_000),
      assetId: zqev,
      symbol: 'ZQEV',
      title: 'ZQEV investor day',
      audioUrl: 'https://example.com/live.m3u8',
      youtubeUrl: 'https://www.youtube.com/watch?v=zqev',
    },
  ];
  for (const { key, ...row } of rows) {
    const [stored] = await db
      .insert(events)
      .values({ source: 'test', externalId: `test-${key}`, ...row })
      .returning({ id: events.id });
    ids[key] = stored?.id ?? 0;
  }
  free = await signedInUser(server, 'free-events@example.com');
  plus = await signedInUser(server, 'plus-events@example.com');
  for (const user of [free, plus]) await server.api('/api/core/users/me', { headers: user.headers });
  await setPlan(db, plus.sub, 'earningshub_plus');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};
const byTitle = (list: { title: string }[], title: string) => list.find((event) => event.title === title);

describe('GET /api/events', () => {
  it('lists a window oldest first, with economic and Fed figures withheld from free callers', async () => {
    for (const headers of [{}, free.headers]) {
      const { status, json } = await get(`/api/events/?start=${DAY1}&end=${DAY2}`, headers);
      expect(status).toBe(200);
      expect(json.events.map((event: { id: number }) => event.id)).toEqual(
        ['cpi', 'fomc', 'call', 'exdiv', 'ipo'].map((key) => ids[key]),
      );
      const cpi = byTitle(json.events, 'CPI (MoM)');
      expect(cpi).toMatchObject({
        eventType: 'economic',
        eventDate: nyToUtc(DAY1, '08:30').toISOString(),
        details: {},
        gated: { feature: 'economicCalendar', hidden: 1 },
      });
      expect(byTitle(json.events, 'FOMC rate decision')).toMatchObject({
        details: {},
        gated: { feature: 'fedCalendar' },
      });
      expect(byTitle(json.events, 'ZQ New Co IPO')).toMatchObject({ details: { priceLow: 18 }, gated: null });
      expect(byTitle(json.events, 'ZQEV Q1 2091 earnings call')).toMatchObject({
        symbol: 'ZQEV',
        name: 'ZQ Events Corp.',
        period: 'Q1',
        periodYear: 2091,
        gated: null,
      });
      expect(json.gated).toEqual([
        { feature: 'economicCalendar', hidden: 1 },
        { feature: 'fedCalendar', hidden: 1 },
      ]);
      expect(json.hasMore).toBe(false);
    }
  });

  it('gives plus the figures', async () => {
    const { json } = await get(`/api/events?start=${DAY1}&end=${DAY1}&type=economic,economic_fed`, plus.headers);
    expect(byTitle(json.events, 'CPI (MoM)')).toMatchObject({ details: { forecast: 0.2 }, gated: null });
    expect(byTitle(json.events, 'FOMC rate decision')).toMatchObject({ details: { forecast: '4.25%' } });
    expect(json.gated).toEqual([]);
  });

  it('filters by type and status, and says when the limit cut the list', async () => {
    const calls = await get(`/api/events?type=call&status=upcoming&start=${DAY1}`);
    expect(calls.json.events[0]).toMatchObject({ id: ids.call, eventType: 'call', eventStatus: 'upcoming' });
    for (const event of calls.json.events) expect(event).toMatchObject({ eventType: 'call', eventStatus: 'upcoming' });
    const cut = await get(`/api/events?start=${DAY1}&end=${DAY2}&limit=2`);
    expect(cut.json.events.map((event: { id: number }) => event.id)).toEqual([ids.cpi, ids.fomc]);
    expect(cut.json.hasMore).toBe(true);
  });

  it('lists recorded calls newest first and keeps their recording from free callers', async () => {
    // The day of our recorded call (the demo market has calls of its own around it).
    const day = daysFromToday(-30);
    const recordedPath = `/api/events?type=call&status=closed&start=${daysFromToday(-31)}&end=${day}&limit=500`;
    const anonymous = await get(recordedPath);
    const recorded = anonymous.json.events.find((event: { id: number }) => event.id === ids.recorded);
    expect(recorded).toMatchObject({ eventStatus: 'closed', audioUrl: null, gated: { feature: 'historicalAudio' } });
    const dates = anonymous.json.events.map((event: { eventDate: string }) => event.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const paid = await get(recordedPath, plus.headers);
    expect(paid.json.events.find((event: { id: number }) => event.id === ids.recorded)).toMatchObject({
      audioUrl: 'https://example.com/zqev-q4.mp3',
      gated: null,
    });
  });

  it('starts from today when no window is given, and a live call keeps its audio for everyone', async () => {
    const { json } = await get('/api/events?status=live,upcoming&limit=500');
    const live = json.events.find((event: { id: number }) => event.id === ids.live);
    expect(live).toMatchObject({ audioUrl: 'https://example.com/live.m3u8', gated: null });
    expect(json.events.some((event: { id: number }) => event.id === ids.recorded)).toBe(false);
  });

  it.each([
    ['type=webinar', 'query.type'],
    ['status=finished', 'query.status'],
    [`start=${DAY2}&end=${DAY1}`, 'query.end: must not be before start'],
    ['limit=501', 'query.limit'],
    ['order=sideways', 'query.order'],
  ])('rejects ?%s naming the field', async (query, field) => {
    const { status, json } = await get(`/api/events?${query}`);
    expect(status).toBe(400);
    expect(json.message.startsWith(field)).toBe(true);
  });
});

describe('GET /api/events/:id', () => {
  it('gives one event, gated as in lists', async () => {
    const { status, json } = await get(`/api/events/${ids.fomc}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: ids.fomc,
      title: 'FOMC rate decision',
      details: {},
      gated: { feature: 'fedCalendar' },
    });
    expect((await get(`/api/events/${ids.fomc}`, plus.headers)).json.details).toEqual({ forecast: '4.25%' });
  });

  it('answers 404 for an unknown event and 400 for an id that is not one', async () => {
    expect(await get('/api/events/999999999')).toMatchObject({
      status: 404,
      json: { message: 'Unknown event: 999999999', code: 'NOT_FOUND' },
    });
    for (const id of ['abc', '0', '1.5', '99999999999999']) {
      const bad = await get(`/api/events/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.json.message).toMatch(/^path\.id: must be an event id/);
    }
  });
});

describe('GET /api/events/symbols/:symbol', () => {
  it("lists a company's events newest first", async () => {
    const { status, json } = await get('/api/events/symbols/zqev');
    expect(status).toBe(200);
    expect(json.symbol).toBe('ZQEV');
    expect(json.events.map((event: { id: number }) => event.id)).toEqual(
      ['exdiv', 'call', 'live', 'recorded'].map((key) => ids[key]),
    );
    expect(json.gated).toEqual([{ feature: 'historicalAudio', hidden: 1 }]);
  });

  it('answers 404 for an unknown symbol', async () => {
    expect(await get('/api/events/symbols/NOPEZ')).toMatchObject({
      status: 404,
      json: { message: 'Unknown symbol: NOPEZ' },
    });
  });
});

describe('GET /api/events/youtube-stream', () => {
  it('gives the live stream', async () => {
    const { status, json } = await get('/api/events/youtube-stream');
    expect(status).toBe(200);
    expect(json.stream).toMatchObject({
      eventId: ids.live,
      symbol: 'ZQEV',
      youtubeUrl: 'https://www.youtube.com/watch?v=zqev',
      eventType: 'call',
    });
  });

  it('gives null once nothing is live', async () => {
    await server.ctx.db.update(events).set({ eventStatus: 'closed' }).where(eq(events.eventStatus, 'live'));
    expect((await get('/api/events/youtube-stream')).json).toEqual({ stream: null });
  });
});
