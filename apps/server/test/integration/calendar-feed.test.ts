/**
 * The personal calendar feed against the real server: its secret address on the profile (on, rotate, off), and
 * the RFC 5545 feed itself read back with a real parser (ical.js): one event per report of the symbols the user
 * follows, stable UIDs, statuses, times, folding; a moved date; other users' secrets; hostile secrets; 1,000 symbols.
 */
import { alerts, earnings, earningsDateChanges } from '@eh/db';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { daysFromToday, insertAsset, insertEarnings } from './earnings-seed.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let server: TestServer;
let owner: User;
let other: User;
let host: string;
/** Report ids by name, for the UIDs the feed must carry. */
const ids: Record<string, number | undefined> = {};

const LONG_NAME = 'Zürich Fête, Crème; Brûlée \\ Holdings — Ünïcödé “Extra” Long Name 😀 for Folding Tests';

async function call(method: string, path: string, who?: { headers: Record<string, string> }) {
  const res = await server.api(`/api${path}`, { method, headers: { ...who?.headers } });
  return { status: res.status, json: await body(res) };
}

async function post(path: string, who: User, payload: unknown) {
  const res = await server.api(`/api${path}`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return body(res);
}

/** GET of a feed URL as the server's own path (the URL carries PUBLIC_URL, which is this server). */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const res = await server.api(new URL(url).pathname, { headers });
  return { res, text: await res.text() };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
  };
}

const uid = (name: string) => `earnings-${ids[name]}@${host}`;
const byUid = (events: ICAL.Event[], name: string) => {
  const event = events.find((e) => e.uid === uid(name));
  if (!event) throw new Error(`no event ${name} (${uid(name)})`);
  return event;
};

beforeAll(async () => {
  server = await startTestServer();
  host = new URL(server.config.PUBLIC_URL).host;
  const { db } = server.ctx;
  [owner, other] = await Promise.all([
    signedInUser(server, 'owner.feed@example.com'),
    signedInUser(server, 'other.feed@example.com'),
  ]);
  for (const who of [owner, other]) await call('GET', '/core/users/me', who);
  const zfaa = await insertAsset(db, { symbol: 'ZFAA', name: 'ZFAA Instruments' });
  const zfbb = await insertAsset(db, { symbol: 'ZFBB', name: 'ZFBB Foods' });
  const zfcc = await insertAsset(db, { symbol: 'ZFCC', name: 'ZFCC Secret Holdings' });
  const zfdd = await insertAsset(db, { symbol: 'ZFDD', name: 'ZFDD Far Away' });
  const zfee = await insertAsset(db, { symbol: 'ZFEE', name: LONG_NAME });
  [ids.aaPast, ids.aaNext, ids.aaLater] = await insertEarnings(db, zfaa, [
    {
      periodYear: 2025,
      period: 'Q4',
      date: daysFromToday(-10),
      time: '16:05',
      session: 'after',
      dateStatus: 'confirmed',
    },
    { periodYear: 2026, period: 'Q1', date: daysFromToday(5), time: null, session: 'after', dateStatus: 'confirmed' },
    { periodYear: 2026, period: 'Q2', date: daysFromToday(95), time: null, session: null, dateStatus: 'estimated' },
  ]);
  [ids.bbNext] = await insertEarnings(db, zfbb, [
    {
      periodYear: 2026,
      period: 'Q1',
      date: daysFromToday(3),
      time: '08:00',
      session: 'before',
      dateStatus: 'estimated',
    },
  ]);
  [ids.ccNext] = await insertEarnings(db, zfcc, [
    { periodYear: 2026, period: 'Q1', date: daysFromToday(4), time: null, session: 'before', dateStatus: 'confirmed' },
  ]);
  [ids.ddOld, ids.ddFar] = await insertEarnings(db, zfdd, [
    { periodYear: 2025, period: 'Q3', date: daysFromToday(-60), time: null, session: 'after', dateStatus: 'confirmed' },
    { periodYear: 2027, period: 'Q3', date: daysFromToday(400), time: null, session: 'after', dateStatus: 'estimated' },
  ]);
  [ids.eeNext] = await insertEarnings(db, zfee, [
    {
      periodYear: 2026,
      period: 'Q1',
      date: daysFromToday(6),
      time: '17:00',
      session: 'after',
      dateStatus: 'confirmed',
    },
  ]);
  // The owner follows ZFAA and ZFDD by alerts and ZFBB and ZFEE in a list; the other user follows ZFCC only.
  await post('/earnings/alerts', owner, { symbol: 'ZFAA' });
  await post('/earnings/alerts', owner, { symbol: 'zfdd' });
  const list = await post('/earnings/lists', owner, { name: 'Feed list' });
  await post(`/earnings/lists/${list.id}/items`, owner, { symbol: 'ZFBB' });
  await post(`/earnings/lists/${list.id}/items`, owner, { symbol: 'ZFEE' });
  // A symbol in both a list and an alert is one event, not two.
  await post(`/earnings/lists/${list.id}/items`, owner, { symbol: 'ZFAA' });
  await post('/earnings/alerts', other, { symbol: 'ZFCC' });
});
afterAll(async () => server?.close());

describe('the feed settings', () => {
  it('are documented, with the feed itself, in the OpenAPI document', async () => {
    const paths = Object.keys((await body(await server.api('/api/docs/json'))).paths);
    expect(paths).toContain('/api/core/users/me/calendar-feed');
    expect(paths.filter((path) => path.startsWith('/api/calendar/'))).toHaveLength(1);
  });

  it.each([
    ['GET', '/core/users/me/calendar-feed'],
    ['POST', '/core/users/me/calendar-feed'],
    ['DELETE', '/core/users/me/calendar-feed'],
  ])('%s %s answers 401 without a session', async (method, path) => {
    expect(await call(method, path)).toEqual({
      status: 401,
      json: { message: 'Sign in required', code: 'UNAUTHORIZED' },
    });
  });

  it('is off until turned on, then gives a secret https address of at least 128 bits', async () => {
    expect(await call('GET', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: { feed: null } });
    const on = await call('POST', '/core/users/me/calendar-feed', owner);
    expect(on.status).toBe(200);
    const base = server.config.PUBLIC_URL.replace(/\/$/, '');
    const secret = new RegExp(
      `^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/calendar/([A-Za-z0-9_-]{43})\\.ics$`,
    );
    expect(on.json.feed.url).toMatch(secret);
    // 43 base64url characters carry 258 bits: the address cannot be guessed.
    expect(Date.parse(on.json.feed.createdAt)).not.toBeNaN();
    expect(await call('GET', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: on.json });
  });
});

describe('the feed', () => {
  let url: string;
  let text: string;
  let res: Response;

  beforeAll(async () => {
    url = (await call('GET', '/core/users/me/calendar-feed', owner)).json.feed.url;
    ({ res, text } = await fetchFeed(url));
  });

  it('answers text/calendar with a cache policy and an ETag', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('is CRLF-terminated and folded: no physical line passes 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // The long, multi-byte company name did need folding.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('has the calendar header and refresh hints', () => {
    const { calendar } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/^-\/\/.+\/\/Earnings calendar feed\/\/EN$/);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${server.config.APP_NAME} earnings`);
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
  });

  it("holds one event per report of the user's symbols in the window, and nothing else", () => {
    const { events } = parse(text);
    expect(events.map((e) => e.uid).sort()).toEqual(
      ['aaPast', 'aaNext', 'aaLater', 'bbNext', 'eeNext'].map(uid).sort(),
    );
  });

  it('writes a known day as an all-day event, a known time as a timed one in New York time', () => {
    const { events } = parse(text);
    const allDay = byUid(events, 'aaNext');
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe(daysFromToday(5));
    expect(allDay.endDate.toString()).toBe(daysFromToday(6));
    expect(allDay.summary).toBe('ZFAA earnings (after market close)');
    const timed = byUid(events, 'bbNext');
    expect(timed.startDate.isDate).toBe(false);
    expect(timed.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(timed.startDate.toString()).toBe(`${daysFromToday(3)}T08:00:00`);
    const utcHour = timed.startDate.toJSDate().getUTCHours();
    // 08:00 in New York is 12:00 or 13:00 UTC, as daylight saving has it.
    expect([12, 13]).toContain(utcHour);
    expect(timed.summary).toBe('ZFBB earnings (before market open)');
    expect(byUid(events, 'aaLater').summary).toBe('ZFAA earnings');
  });

  it('marks confirmed dates CONFIRMED and estimated ones TENTATIVE, and says so in the description', () => {
    const { events } = parse(text);
    const status = (name: string) => byUid(events, name).component.getFirstPropertyValue('status');
    expect(status('aaNext')).toBe('CONFIRMED');
    expect(status('aaPast')).toBe('CONFIRMED');
    expect(status('bbNext')).toBe('TENTATIVE');
    expect(status('aaLater')).toBe('TENTATIVE');
    expect(byUid(events, 'bbNext').description).toContain('Date: estimated');
    expect(byUid(events, 'aaNext').description).toContain('Session: after market close');
  });

  it('links each event to the symbol’s earnings page, and reads escaped text back as it was', () => {
    const { events } = parse(text);
    const base = server.config.PUBLIC_URL.replace(/\/$/, '');
    expect(byUid(events, 'aaNext').component.getFirstPropertyValue('url')).toBe(`${base}/quote/ZFAA/earnings`);
    expect(byUid(events, 'eeNext').description).toContain(`${LONG_NAME} (ZFEE) Q1 2026 earnings.`);
    expect(byUid(events, 'aaNext').sequence).toBe(0);
  });

  it('answers 304 to a client that holds the same version', async () => {
    const etag = res.headers.get('etag') ?? '';
    const again = await server.api(new URL(url).pathname, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('follows a moved date: same UID, the new start, a higher SEQUENCE, a new ETag', async () => {
    const { db } = server.ctx;
    const before = byUid(parse(text).events, 'aaNext');
    await db.insert(earningsDateChanges).values({
      earningsId: ids.aaNext ?? 0,
      oldDate: daysFromToday(5),
      newDate: daysFromToday(7),
      oldTime: null,
      newTime: '16:30',
      oldStatus: 'confirmed',
      newStatus: 'confirmed',
      source: 'test',
    });
    await db
      .update(earnings)
      .set({ date: daysFromToday(7), time: '16:30', updatedAt: new Date() })
      .where(eq(earnings.id, ids.aaNext ?? 0));
    const moved = await fetchFeed(url);
    const after = byUid(parse(moved.text).events, 'aaNext');
    expect(after.uid).toBe(before.uid);
    expect(before.startDate.toString()).toBe(daysFromToday(5));
    expect(after.startDate.toString()).toBe(`${daysFromToday(7)}T16:30:00`);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.sequence).toBe(1);
    expect(moved.res.headers.get('etag')).not.toBe(res.headers.get('etag'));
  });
});

describe('secrets', () => {
  const NOT_FOUND = { message: 'No such calendar feed', code: 'NOT_FOUND' };

  it("never shows one user's symbols in another's feed", async () => {
    const mine = (await call('GET', '/core/users/me/calendar-feed', owner)).json.feed.url;
    const theirs = (await call('POST', '/core/users/me/calendar-feed', other)).json.feed.url;
    expect(theirs).not.toBe(mine);
    const { events } = parse((await fetchFeed(theirs)).text);
    expect(events.map((e) => e.uid)).toEqual([uid('ccNext')]);
    const { events: own } = parse((await fetchFeed(mine)).text);
    expect(own.map((e) => e.uid)).not.toContain(uid('ccNext'));
    // The settings call answers each caller's own address only.
    expect((await call('GET', '/core/users/me/calendar-feed', other)).json.feed.url).toBe(theirs);
  });

  it('rotates: a new address works, the old one answers 404 as if it never was', async () => {
    const old = (await call('GET', '/core/users/me/calendar-feed', owner)).json.feed.url;
    const rotated = (await call('POST', '/core/users/me/calendar-feed', owner)).json.feed.url;
    expect(rotated).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.res.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual(NOT_FOUND);
    expect((await fetchFeed(rotated)).res.status).toBe(200);
    expect((await call('GET', '/core/users/me/calendar-feed', owner)).json.feed.url).toBe(rotated);
  });

  it('revokes: the address answers 404 and the settings say off', async () => {
    const url = (await call('GET', '/core/users/me/calendar-feed', owner)).json.feed.url;
    expect(await call('DELETE', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: { feed: null } });
    expect((await fetchFeed(url)).res.status).toBe(404);
    expect(await call('GET', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: { feed: null } });
    // Turning it off again is no error.
    expect((await call('DELETE', '/core/users/me/calendar-feed', owner)).status).toBe(200);
  });

  it.each([
    ['an unknown secret of the right shape', `${'A'.repeat(43)}.ics`],
    ['10 KB', `${'A'.repeat(10_240)}.ics`],
    ['the wrong characters', `${'A'.repeat(40)}$%20!.ics`],
    ['an encoded lone surrogate', `${'A'.repeat(40)}\uD800.ics`],
    ['non-ASCII', `${'é'.repeat(43)}.ics`],
    ['a path in the name', '..%2F..%2Fetc%2Fpasswd.ics'],
    ['a sub-path', `a/${'A'.repeat(43)}.ics`],
    ['no .ics', 'A'.repeat(43)],
    ['another extension', `${'A'.repeat(43)}.json`],
    ['nothing', '.ics'],
  ])('answers 404 to %s, never a 400 or 500', async (_, file) => {
    const res = await server.api(`/api/calendar/${file}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('refuses a NUL byte in the address like every other input: 400 naming the path parameter, no feed named', async () => {
    const res = await server.api(`/api/calendar/${'A'.repeat(20)}%00${'A'.repeat(22)}.ics`);
    expect(res.status).toBe(400);
    expect((await body(res)).message).toMatch(/^path\.\*: must not contain/);
  });

  it('leaves an address that is not valid percent-encoding to the product-wide 400, which names no feed', async () => {
    // The router cannot decode it, so no route sees it (apps/server/src/kernel/http/errors.ts frameworkErrors).
    const res = await server.api(`/api/calendar/${'A'.repeat(40)}%ED%A0%80.ics`);
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe('The address is not valid: it has a malformed percent-encoding');
  });
});

describe('a user with 1,000 symbols', () => {
  it('gets their feed fast', async () => {
    const { db } = server.ctx;
    const heavy = await signedInUser(server, 'heavy.feed@example.com');
    await call('GET', '/core/users/me', heavy);
    const symbols = Array.from({ length: 1000 }, (_, i) => `ZH${String(i).padStart(4, '0')}`);
    for (const symbol of symbols) {
      const asset = await insertAsset(db, { symbol, name: `${symbol} Heavy Industries, Inc.` });
      await insertEarnings(db, asset, [
        {
          periodYear: 2025,
          period: 'Q4',
          date: daysFromToday(-20),
          time: '16:05',
          session: 'after',
          dateStatus: 'confirmed',
        },
        {
          periodYear: 2026,
          period: 'Q1',
          date: daysFromToday(70),
          time: null,
          session: 'before',
          dateStatus: 'confirmed',
        },
        {
          periodYear: 2026,
          period: 'Q2',
          date: daysFromToday(160),
          time: null,
          session: null,
          dateStatus: 'estimated',
        },
        {
          periodYear: 2026,
          period: 'Q3',
          date: daysFromToday(250),
          time: null,
          session: null,
          dateStatus: 'estimated',
        },
      ]);
    }
    await db.insert(alerts).values(symbols.map((symbol) => ({ userId: heavy.sub, symbol })));
    const url = (await call('POST', '/core/users/me/calendar-feed', heavy)).json.feed.url;
    await fetchFeed(url); // warm: the first query plans
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      ({ text } = await fetchFeed(url));
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[2] ?? Number.POSITIVE_INFINITY;
    console.info(
      `calendar feed, 1,000 symbols / 4,000 events / ${(text.length / 1e6).toFixed(2)} MB: median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`,
    );
    expect(parse(text).events).toHaveLength(4000);
    // Generous for a shared 2-core machine; the measured figure is printed above.
    expect(median).toBeLessThan(2000);
  }, 120_000);
});
