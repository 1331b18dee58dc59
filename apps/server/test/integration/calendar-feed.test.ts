/**
 * The personal calendar feed over HTTP: what the routes add to the service (test/service/calendar-feed.test.ts
 * holds the address's life and the RFC 5545 text): the settings behind a session, the feed's content type, cache
 * policy, ETag and 304, the headers that keep its address private, and the answers to addresses that open no feed,
 * whatever the router makes of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let server: TestServer;
let owner: User;

const NOT_FOUND = { message: 'No such calendar feed', code: 'NOT_FOUND' };

async function call(method: string, path: string, who?: { headers: Record<string, string> }) {
  const res = await server.api(`/api${path}`, { method, headers: { ...who?.headers } });
  return { status: res.status, json: await body(res) };
}

/** GET of a feed URL as the server's own path (the URL carries PUBLIC_URL, which is this server). */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const res = await server.api(new URL(url).pathname, { headers });
  return { res, text: await res.text() };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server, 'owner.feed@example.com');
  await call('GET', '/core/users/me', owner);
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

  it("answer the signed-in caller's own address: off, on, the same read back", async () => {
    expect(await call('GET', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: { feed: null } });
    const on = await call('POST', '/core/users/me/calendar-feed', owner);
    expect(on.status).toBe(200);
    expect(on.json.feed.url.startsWith(`${server.config.PUBLIC_URL.replace(/\/$/, '')}/api/calendar/`)).toBe(true);
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

  it('answers text/calendar with a cache policy, an ETag, and its address kept private', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('answers 304 to a client that holds the same version', async () => {
    const etag = res.headers.get('etag') ?? '';
    const again = await server.api(new URL(url).pathname, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('answers a rotated address 404 as if it never was, the new one 200', async () => {
    const rotated = (await call('POST', '/core/users/me/calendar-feed', owner)).json.feed.url;
    const gone = await fetchFeed(url);
    expect(gone.res.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual(NOT_FOUND);
    expect((await fetchFeed(rotated)).res.status).toBe(200);
    expect(await call('DELETE', '/core/users/me/calendar-feed', owner)).toEqual({ status: 200, json: { feed: null } });
    expect((await fetchFeed(rotated)).res.status).toBe(404);
  });
});

describe('addresses that open no feed', () => {
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
