import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';

/**
 * The native apps' link files (docs/native.md) through the whole server, beside a web build whose file server and
 * page fallback answer every other address: Apple and Android fetch them at the site's root and accept JSON only.
 */
const FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':');
let webDist: string;
let configured: TestServer;
let bare: TestServer;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'eh-app-links-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  // A stray file where the route answers: the route wins, the build's copy is never sent.
  mkdirSync(join(webDist, '.well-known'));
  writeFileSync(join(webDist, '.well-known', 'assetlinks.json'), '"stale"');
  [configured, bare] = await Promise.all([
    startTestServer({
      WEB_DIST: webDist,
      APP_LINKS_IOS_APP_IDS: 'ABCDE12345.com.earningshub.app,FGHIJ67890.com.earningshub.app',
      APP_LINKS_ANDROID_SHA256: FINGERPRINT,
    }),
    startTestServer({ WEB_DIST: webDist }),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), bare?.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

describe('/.well-known app link files', () => {
  it('tell iOS which apps open which paths', async () => {
    const res = await configured.api('/.well-known/apple-app-site-association');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.redirected).toBe(false);
    const body = (await res.json()) as { applinks: { details: { appIDs: string[]; components: object[] }[] } };
    expect(body.applinks.details[0]?.appIDs).toEqual([
      'ABCDE12345.com.earningshub.app',
      'FGHIJ67890.com.earningshub.app',
    ]);
    expect(body.applinks.details[0]?.components).toContainEqual({ '/': '/quote/*' });
  });

  it('tell Android which signed app handles the links', async () => {
    const res = await configured.api('/.well-known/assetlinks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'com.earningshub.app',
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
    expect((await configured.api('/.well-known/assetlinks.json', { method: 'HEAD' })).status).toBe(200);
  });

  it('are a JSON 404 on a server without the apps configured, never the web page', async () => {
    for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const res = await bare.api(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    // The web app is served beside them.
    const page = await bare.api('/quote/AAPL');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('take no input: hostile query strings change nothing', async () => {
    for (const query of ['?__proto__=1', `?x=${'a'.repeat(8_000)}`, '?x=%00', '?x=%ED%A0%80']) {
      const res = await configured.api(`/.well-known/apple-app-site-association${query}`);
      expect(res.status, query.slice(0, 20)).toBe(200);
    }
  });
});
