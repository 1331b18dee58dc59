import { CALENDAR_COLUMNS } from '@eh/contracts';
import { weekWindow } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { insertAsset, insertEarnings, setPlan } from './earnings-seed.ts';

/**
 * The earnings calls over HTTP: what the route adds to the service (test/service/earnings.test.ts holds the rows,
 * their order, the gating and the counts): the calendar's cached bytes (encodings, ETag, 304, cleared when the
 * market changes), the shape parameter, a caller's token, validation naming the field, the sign-in the custom group
 * asks for, the OpenAPI document.
 */

let server: TestServer;
let pro: Awaited<ReturnType<typeof signedInUser>>;

/** A week far from any demo data. */
const WEEK = weekWindow('2090-01-18');

beforeAll(async () => {
  server = await startTestServer();
  pro = await signedInUser(server, 'pro-earnings@example.com');
  await server.api('/api/core/users/me', { headers: pro.headers });
  await setPlan(server.ctx, pro.sub, 'earningshub_pro');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};

describe('GET /api/pricing/assets/earnings/calendar', () => {
  it('sends compressed bytes to clients that accept them and 304 to one holding the same answer', async () => {
    const path = `/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`;
    const plain = await server.api(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(plain.headers.get('cache-control')).toBe('private, no-cache');
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Authorization');
    const text = await plain.text();
    expect(JSON.parse(text)).toMatchObject({ start: WEEK.start, end: WEEK.end });
    for (const encoding of ['gzip', 'br']) {
      const res = await server.api(path, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes the body: the same JSON arrives.
      expect(await res.text()).toBe(text);
    }
    const again = await server.api(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A pro caller's answer differs (no history cutoff): the token is read, so its ETag differs too.
    const proRes = await server.api(path, { headers: { ...pro.headers, 'if-none-match': etag } });
    expect(proRes.status).toBe(200);
    expect((await body(proRes)).historyStart).toBeNull();
  });

  it('answers by column with ?shape=columns, and refuses another shape', async () => {
    const { status, json } = await get(
      `/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}&shape=columns`,
    );
    expect(status).toBe(200);
    expect(Object.keys(json.columns)).toEqual(CALENDAR_COLUMNS);
    const refused = await get(`/api/pricing/assets/earnings/calendar?shape=objects`);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^query\.shape/);
  });

  it('refuses an invalid token instead of answering as anonymous', async () => {
    const res = await get(`/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`, {
      authorization: 'Bearer not-a-token',
    });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('UNAUTHORIZED');
  });

  it("clears the route's cached answers when ingestion says earnings changed", async () => {
    const day = WEEK.days[3] ?? '';
    const path = `/api/pricing/assets/earnings/calendar?start=${day}&end=${day}`;
    const symbols = async () => (await get(path)).json.earnings.map((row: { symbol: string }) => row.symbol);
    expect(await symbols()).toEqual([]);
    const id = await insertAsset(server.ctx.db, { symbol: 'ZQNEW', marketCap: 1e9 });
    await insertEarnings(server.ctx.db, id, [
      { periodYear: 2090, period: 'Q1', date: day, time: '08:00', session: 'before', dateStatus: 'confirmed' },
    ]);
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings'] });
    await expect.poll(symbols, { timeout: 10_000 }).toEqual(['ZQNEW']);
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
  it('takes a year but not more', async () => {
    expect((await get('/api/pricing/assets/earnings/calendar/daily?start=2090-01-01&end=2090-12-31')).status).toBe(200);
    const { status, json } = await get('/api/pricing/assets/earnings/calendar/daily?start=2090-01-01&end=2091-06-01');
    expect(status).toBe(400);
    expect(json.message).toMatch(/^query\.end/);
  });
});

describe('GET /api/pricing/assets/:symbol/earnings', () => {
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
  it.each(['limit=0', 'limit=100000', 'limit=two'])('rejects ?%s', async (query) => {
    const { status, json } = await get(`/api/pricing/assets/earnings/top-market?${query}`);
    expect(status).toBe(400);
    expect(json.message).toMatch(/^query\.limit/);
  });
});

describe('GET /api/earnings/filters/symbols', () => {
  it('reads the popular group when none is asked for', async () => {
    const { status, json } = await get('/api/earnings/filters/symbols');
    expect(status).toBe(200);
    expect(json).toMatchObject({ filter: 'popular', count: json.symbols.length });
  });

  it("asks for sign-in for the custom group, and reads a signed-in caller's", async () => {
    const anonymous = await get('/api/earnings/filters/symbols?filter=earningshub_custom');
    expect(anonymous).toEqual({
      status: 401,
      json: { message: 'Please sign in to use your custom filter.', code: 'UNAUTHORIZED' },
    });
    const mine = await get('/api/earnings/filters/symbols?filter=earningshub_alerts', pro.headers);
    expect(mine).toEqual({ status: 200, json: { filter: 'earningshub_custom', count: 0, symbols: [] } });
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
