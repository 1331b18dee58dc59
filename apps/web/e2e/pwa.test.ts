/**
 * The installable web app (docs/decisions/0029-installable-web-app.md) in real Chromium. A server of its
 * own serves a copy of the built app (WEB_DIST, or apps/web/dist), because the last test deploys a "new build"
 * into it: a sw.js whose build version differs, written into the copy the way a deploy replaces the file (the
 * server reads the files per request). Every other file of the suite's shared server stays as built, so no other
 * file's page sees an update.
 * Chromium's install criteria are checked through the browser itself (CDP Page.getInstallabilityErrors: the
 * manifest's fields and icons, a service worker), since Lighthouse no longer audits PWAs.
 * One context (service workers allowed, the costly kind) carries the whole journey: the worker installs, controls the
 * next load, opens the page offline, then a deploy is offered and taken. The menu's "Install app" (the browser's
 * offer kept for it) is features/pwa/install-offer.test.tsx; what an offline page says, features/pwa/offline.test.tsx.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { fileBrowser, openPage, SAVING_SCREENSHOTS, SCREENS, screenshot, showAs } from './browser.ts';

const BUILT = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'dist');

let server: RunningServer;
let dataDir: string;
let dist: string;
let baseUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-pwa-data-'));
  dist = mkdtempSync(join(tmpdir(), 'eh-e2e-pwa-dist-'));
  cpSync(BUILT, dist, { recursive: true });
  server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      WEB_DIST: dist,
    }),
  );
  // The browser resolves no host names but 127.0.0.1 (browser.ts).
  baseUrl = server.url.replace('localhost', '127.0.0.1');
  browser = await fileBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl, { serviceWorkers: 'allow' }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const dir of [dataDir, dist]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The build's version the worker carries (scripts/pwa.ts fills it in). */
const buildVersion = (sw: string) => /^const BUILD = \{"version":"([^"]+)"/m.exec(sw)?.[1];

/** A PNG's width and height from its header. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const mainNav = () => page.getByRole('navigation', { name: 'Main' });

describe('installable web app', () => {
  it('serves a valid manifest, linked from every page, with fetchable PNG icons', async () => {
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'EarningsHub',
      short_name: 'EarningsHub',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1b7f4b',
      background_color: '#f6f8f7',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const answer = await fetch(new URL(icon.src, baseUrl));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      const size = Number(icon.sizes.split('x')[0]);
      expect(pngSize(Buffer.from(await answer.arrayBuffer()))).toEqual([size, size]);
    }
    const sw = await fetch(`${baseUrl}/sw.js`);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    // Revalidated on every check, so a deploy is seen at the next page load.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(buildVersion(await sw.text())).toMatch(/^[0-9a-f]{12}$/);

    await page.goto('/earnings-calendar/this-week');
    await mainNav().waitFor();
    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.href,
      themeColor: [...document.querySelectorAll('meta[name=theme-color]')].map((meta) => meta.getAttribute('content')),
    }));
    expect(head).toEqual({ manifest: `${baseUrl}/manifest.webmanifest`, themeColor: ['#151b18', '#1b7f4b'] });
  });

  it('registers the worker for every visitor after the first paint; it controls the next page load', async () => {
    const active = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(active).toBe(`${baseUrl}/sw.js`);
    // Nothing asked: registering the worker is not turning on notifications.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.reload();
    await mainNav().waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toBe(`${baseUrl}/sw.js`);
    // Chromium's own verdict on installability: the manifest, its icons, the worker. Playwright's contexts are off
    // the record, where Chromium never installs anything ('in-incognito'): every other criterion must hold.
    const cdp = await context.newCDPSession(page);
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(manifestErrors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await cdp.detach();
  });

  it('opens offline from the cached shell and says the data cannot be reached', async () => {
    // The page's files are cached (precached, or handed over by the page once the worker was ready).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const loaded = performance
              .getEntriesByType('resource')
              .map((entry) => new URL(entry.name).pathname)
              .filter((path) => path.startsWith('/assets/'));
            const cached = await Promise.all(loaded.map((path) => caches.match(path)));
            return cached.every(Boolean);
          }),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await mainNav().waitFor();
      await page.getByText('Could not reach the server').first().waitFor();
      await screenshot(page, 'pwa-offline-desktop-light');
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows "Update available" when a new build is deployed, and Reload switches to it', async () => {
    const swPath = join(dist, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const oldVersion = buildVersion(sw) as string;
    const newVersion = `${oldVersion}-next`;
    const cacheNames = () => page.evaluate(() => caches.keys());
    // Read before the deploy: once it is written, an update check the browser had pending (the offline reload's)
    // may install the new build at any moment (a CI run at load 17 found its cache already made here).
    expect(await cacheNames()).toEqual([`eh-${oldVersion}`]);
    // The deploy: the same files with a new build version, as a rebuild writes it.
    writeFileSync(swPath, sw.replace(`"version":"${oldVersion}"`, `"version":"${newVersion}"`));
    // Loading a page is when the browser looks for a new worker.
    await page.reload();
    const banner = page.getByTestId('update-available');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain('Update available');
    // Each width and theme only for people to look at: re-laying the page out costs seconds otherwise spent for nothing.
    if (SAVING_SCREENSHOTS) {
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `pwa-update-available-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
    }
    // The running page stays on its build until the reader chooses.
    expect(await cacheNames()).toContain(`eh-${oldVersion}`);
    const navigated = page.waitForEvent('framenavigated');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await navigated;
    await mainNav().waitFor();
    await expect.poll(cacheNames).toEqual([`eh-${newVersion}`]);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      }),
    ).toEqual({ waiting: null, controlled: true });
    expect(await page.getByTestId('update-available').count()).toBe(0);
  });

  it('logs no errors beyond the offline page load', () => {
    const online = errors.filter(
      (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(error),
    );
    expect(online).toEqual([]);
  });
});
