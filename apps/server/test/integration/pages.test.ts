import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

/**
 * How the server answers addresses: pages the app has are 200, addresses it has no page for are 404 with the
 * app's shell (the app draws its not-found page), odd slashes go to the tidy address; and what the rate limit
 * counts: API calls per signed-in user or per address, never pages or the app's files.
 */

/** A stand-in build folder: these tests are about serving rules, not the app's content. */
function webDist(): string {
  const dist = join(process.env.TMPDIR ?? '/tmp', `eh-pages-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>shell</title><meta name="description" content="generic" /><div id="root"><div class="boot-bar"><span>App</span></div></div>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/** A GET with the path exactly as given (fetch would tidy `\` and dot segments before sending). */
function rawGet(base: string, path: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const LONG_PATH = `/${'a'.repeat(2000)}`;

describe('page statuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist() });
  });
  afterAll(async () => server?.close());

  it.each([
    '/',
    '/earnings-calendar/this-week',
    '/earnings-calendar/week-of/2026-11-23',
    '/quote/AAPL/price',
    '/QUOTE/aapl/earnings/',
    '/quote/BRK.B',
    '/AAPL/events/456',
    '/embed/calendar',
    // Redirects the app makes once loaded.
    '/ehs/AAPL',
    '/earnings',
  ])('answers 200 with the shell for the page %s', async (path) => {
    const res = await server.api(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it.each([
    '/no-such-page',
    '/no/such/page',
    '/quote/AAPL/nonsense-tab',
    '/AAPL/events/not-a-number',
    '/earnings-calendar/week-of/2026-13-40',
    '/embed/nothing',
    '/index.html',
    LONG_PATH,
  ])('answers 404 with the shell for %s, where the app draws its not-found page', async (path) => {
    const res = await server.api(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
    expect((await server.api(path, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers 404 for a symbol, article or transcript the market does not hold, 200 for those it holds', async () => {
    const [article] = (await body(await server.api('/api/pricing/news?limit=1'))).news;
    const [file] = (await body(await server.api('/api/pricing/assets/AAPL/files?type=transcript&limit=1'))).files;
    expect(article.id).toBeGreaterThan(0);
    expect(file.type).toBe('transcript');
    // What the paths below name is unknown to the API too.
    for (const missing of [
      '/api/pricing/assets/ZZZZZZ/files',
      '/api/pricing/news/999999',
      '/api/pricing/files/no-such-file/file',
    ])
      expect((await server.api(missing)).status, missing).toBe(404);
    expect((await body(await server.api('/api/pricing/files/contents/AAPL/1999/Q1'))).files).toEqual([]);
    const unknown = [
      '/quote/ZZZZZZ',
      '/quote/zzzzzz/earnings',
      '/news/999999/anything',
      '/news/99999999999/anything',
      '/transcripts/no-such-file',
      `/AAPL/${file.period}/${file.periodYear}/no-such-file`,
      '/quote/AAPL/1999/Q1',
      `/quote/ZZZZZZ/${file.periodYear}/${file.period}`,
    ];
    for (const path of unknown) {
      const res = await server.api(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<div id="root">');
    }
    const known = [
      '/quote/AAPL',
      '/quote/aapl/earnings',
      `/news/${article.id}/${article.slug}`,
      `/news/${article.id}/an-old-slug`,
      `/transcripts/${file.id}`,
      `/AAPL/${file.period}/${file.periodYear}/${file.id}`,
      `/quote/AAPL/${file.periodYear}/${file.period}`,
    ];
    for (const path of known) expect([path, (await server.api(path)).status]).toEqual([path, 200]);
  });

  it.each([
    ['//', '/'],
    ['///', '/'],
    ['//x', '/x'],
    ['//quote//AAPL?theme=dark', '/quote/AAPL?theme=dark'],
    ['//evil.example/path', '/evil.example/path'],
    ['//\\evil.example', '/%5Cevil.example'],
    ['//assets/app-abc123.js', '/assets/app-abc123.js'],
  ])('sends %s to %s, on this site', async (path, location) => {
    const res = await rawGet(server.url, path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('serves the files with long lifetimes and answers a missing file with the JSON 404', async () => {
    const asset = await server.api('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await server.api('/logo.svg')).headers.get('cache-control')).toBe('no-cache');
    const missing = await server.api('/assets/missing-abc123.js');
    expect(missing.status).toBe(404);
    expect((await body(missing)).code).toBe('NOT_FOUND');
    expect((await server.api(`/assets/${'a'.repeat(2000)}.js`)).status).toBe(404);
    const api = await server.api('/api/no-such-route');
    expect(api.status).toBe(404);
    expect((await body(api)).code).toBe('NOT_FOUND');
  });
});

describe('rate limits', () => {
  const MAX = 5;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist(), RATE_LIMIT_MAX: String(MAX) });
  });
  afterAll(async () => server?.close());

  const statuses = async (count: number, path: string, headers: Record<string, string> = {}) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await server.api(path, { headers })).status);
    return out;
  };

  it('never limits pages and the static files: 2,000 from one address', async () => {
    const paths = ['/', '/quote/AAPL', '/assets/app-abc123.js', '/logo.svg', '/no-such-page', '/earnings'];
    const seen = new Map<number, number>();
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => server.api(paths[(batch * 20 + i) % paths.length] ?? '/')),
      );
      for (const res of answers) {
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
      }
    }
    expect(Object.fromEntries(seen)).toEqual({ 200: expect.any(Number), 404: expect.any(Number) });
    expect([...seen.values()].reduce((a, b) => a + b)).toBe(2000);
  }, 180_000);

  it('counts API calls per signed-in user: two people behind one address each get their own', async () => {
    const ann = await signedInUser(server, `ann-${randomBytes(3).toString('hex')}@example.com`);
    const bob = await signedInUser(server, `bob-${randomBytes(3).toString('hex')}@example.com`);
    expect(await statuses(MAX, '/api/core/users/me', ann.headers)).toEqual(Array(MAX).fill(200));
    expect(await statuses(MAX, '/api/core/users/me', bob.headers)).toEqual(Array(MAX).fill(200));
    expect(await statuses(1, '/api/core/users/me', ann.headers)).toEqual([429]);
    // The address's own count (people not signed in) is untouched by theirs.
    expect(await statuses(MAX, '/api/core/release-notes')).toEqual(Array(MAX).fill(200));
  });

  it('limits an anonymous flood with Retry-After, and made-up tokens open no fresh count', async () => {
    const res = await server.api('/api/core/release-notes');
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const data = await body(res);
    expect(data.code).toBe('RATE_LIMITED');
    expect(data.message).toMatch(/^Too many requests; try again in \d+ (seconds?|minutes?)$/);
    for (let i = 0; i < 3; i++) {
      const forged = await server.api('/api/core/release-notes', {
        headers: { authorization: `Bearer ${randomBytes(24).toString('base64url')}.e30.${i}` },
      });
      expect(forged.status).toBe(429);
    }
    // Pages still load for the same address.
    expect((await server.api('/quote/AAPL')).status).toBe(200);
  });
});

describe('identity throttle', () => {
  it('still counts per address, whatever bearer a call carries, and pages do not spend it', async () => {
    const limited = await startTestServer({ WEB_DIST: webDist(), IDP_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '2' });
    try {
      const call = (bearer: string) =>
        limited.api('/idp', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            authorization: `Bearer ${bearer}`,
          },
          body: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: limited.config.IDP_CLIENT_ID,
            AuthParameters: { USERNAME: 'guess@example.com', PASSWORD: 'Guess-1234!' },
          }),
        });
      for (let i = 0; i < 10; i++) await (await limited.api('/signin')).arrayBuffer();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await call(`token-${i}`)).status);
      expect(answers).toEqual([400, 400, 400, 429]);
      expect(await body(await call('another'))).toEqual({
        __type: 'TooManyRequestsException',
        message: 'Too many requests',
      });
    } finally {
      await limited.close();
    }
  }, 180_000);
});
