import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestServer, type TestServer } from '../harness.ts';

/**
 * How the server answers addresses: pages the app has are 200, addresses it has no page for are 404 with the
 * app's shell (the app draws its not-found page), odd slashes go to the tidy address.
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
