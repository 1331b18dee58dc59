/**
 * SPEC §7 Events over HTTP: the routes, their query and path validation naming the field, 404 for an unknown event,
 * and the caller's plan read from the token (figures withheld from anonymous callers, shown to plus). What the lists
 * hold and how they are gated is the service tier's (test/service/events.test.ts).
 */
import { events } from '@eh/db';
import { nyToUtc } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { insertAsset, setPlan } from './earnings-seed.ts';

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
  await setPlan(server.ctx, plus.sub, 'earningshub_plus');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};
const byTitle = (list: { title: string }[], title: string) => list.find((event) => event.title === title);

describe('GET /api/events', () => {
  it('reads the window and the types from the query, and the plan from the token', async () => {
    const path = `/api/events?start=${DAY1}&end=${DAY1}&type=economic,economic_fed`;
    const anonymous = await get(path);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.events.map((event: { id: number }) => event.id)).toEqual([ids.cpi, ids.fomc]);
    expect(byTitle(anonymous.json.events, 'CPI (MoM)')).toMatchObject({
      eventDate: nyToUtc(DAY1, '08:30').toISOString(),
      details: {},
      gated: { feature: 'economicCalendar', hidden: 1 },
    });
    expect((await get(path, free.headers)).json.gated).toEqual([
      { feature: 'economicCalendar', hidden: 1 },
      { feature: 'fedCalendar', hidden: 1 },
    ]);
    const { json } = await get(path, plus.headers);
    expect(byTitle(json.events, 'CPI (MoM)')).toMatchObject({ details: { forecast: 0.2 }, gated: null });
    expect(byTitle(json.events, 'FOMC rate decision')).toMatchObject({ details: { forecast: '4.25%' } });
    expect(json.gated).toEqual([]);
    expect(json.hasMore).toBe(false);
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
  it('gives one event, gated by the plan of the token', async () => {
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

describe('GET /api/events/symbols/:symbol and /api/events/youtube-stream', () => {
  it("routes a company's events and the live stream", async () => {
    const { status, json } = await get('/api/events/symbols/zqev?limit=1');
    expect(status).toBe(200);
    expect(json).toMatchObject({ symbol: 'ZQEV', events: [{ id: ids.call }], hasMore: true });
    const stream = await get('/api/events/youtube-stream');
    expect(stream.status).toBe(200);
    expect(stream.json.stream).toMatchObject({ eventId: ids.live, youtubeUrl: 'https://www.youtube.com/watch?v=zqev' });
  });
});
