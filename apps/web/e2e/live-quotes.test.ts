/**
 * The live socket's web client, in one browser page: a visitor finds Bitcoin from the symbol search, and on its
 * quote page the header's price follows the demo simulator within 2 s of a tick (patched into the cache, never
 * refetched), the tab being hidden pauses the stream, and the socket comes back by itself after the server
 * restarts. BTC trades around the clock, so the simulator moves it at any hour. The restart uses a server of this
 * file's own (the suite's shared one is never stopped), which the same page then visits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quoteKey } from '@eh/domain';
import type { Browser, BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { tradesAt } from '../../server/src/providers/demo/live-quotes.ts';
import { DEFAULT_DEMO_SEED } from '../../server/src/providers/demo/world.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { copySeededTemplate } from '../../server/test/seeded-template.ts';
import { freePort } from '../scripts/app-server.ts';
import { LIVE_WORDS } from '../src/features/live/live-words.ts';
import { launchBrowser, openPage, screenshot, showAs } from './browser.ts';
import { seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'BTC';
const KEY = quoteKey('crypto', SYMBOL);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const price = async () => (await page.getByTestId('quote-price').innerText()).trim();
const liveStatus = () => page.getByTestId('live-status').getAttribute('data-status');

/** Waits until the quote page's header streams: the indicator says Live beside the price. */
async function streaming() {
  await page.getByTestId('quote-price').waitFor({ timeout: 30_000 });
  await expect.poll(() => liveStatus(), { timeout: 30_000 }).toBe('open');
  expect((await page.getByTestId('live-status').innerText()).trim()).toBe(LIVE_WORDS.live);
}

/** Key stats whose value runs past the key-stats card (BTC's six-figure day range at phone width did). */
const overflowingStats = () =>
  page.getByTestId('key-stats').evaluate((card) => {
    const right = card.getBoundingClientRect().right;
    return [...card.querySelectorAll('dd')]
      .filter((value) => value.scrollWidth > value.clientWidth + 1 || value.getBoundingClientRect().right > right + 0.5)
      .map((value) => value.previousElementSibling?.textContent ?? '');
  });

/**
 * The next second (epoch seconds) in which the simulator trades BTC, found ahead of time (the simulator is
 * deterministic: tradesAt), waited for until 400 ms before it begins.
 */
async function nextTick(): Promise<number> {
  let second = Math.floor(Date.now() / 1000) + 1;
  while (!tradesAt(DEFAULT_DEMO_SEED, KEY, second) || second * 1000 - Date.now() < 600) second += 1;
  await new Promise((resolve) => setTimeout(resolve, second * 1000 - 400 - Date.now()));
  return second;
}

/**
 * Milliseconds from the start of tick `second` until the header's price changed, or null when it had not changed
 * `limitMs` after it. The price is read before the tick.
 */
async function shownAfter(second: number, limitMs: number): Promise<number | null> {
  return page.evaluate(
    ({ tick, limit }) =>
      new Promise<number | null>((resolve) => {
        const text = () => document.querySelector('[data-testid="quote-price"]')?.textContent;
        const before = text();
        const check = () => {
          const since = Date.now() - tick;
          if (text() !== before) resolve(Math.max(0, since));
          else if (since > limit) resolve(null);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { tick: second * 1000, limit: limitMs },
  );
}

/** The time the header's price takes to change, at most `limitMs` (null when it did not). */
async function changeWithin(limitMs: number): Promise<number | null> {
  return shownAfter(Date.now() / 1000, limitMs);
}

/** Sets whether the tab is hidden, as the browser tells the page when its tab is switched away from and back. */
async function tabHidden(hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('the quote header during the simulator', () => {
  it('is found from the search, changes within 2 s of a tick, patched from the socket (no refetch), and streams nothing while the tab is hidden', async () => {
    const sockets: WebSocket[] = [];
    const onSocket = (socket: WebSocket) => sockets.push(socket);
    page.on('websocket', onSocket);
    const quoteCalls: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes(`/api/pricing/quotes/crypto/${SYMBOL}`)) quoteCalls.push(request.url());
    };
    page.on('request', onRequest);
    try {
      // The visitor looks Bitcoin up by name on /search (its one axe pass, results shown) and opens it by keyboard.
      await page.goto('/search', { waitUntil: 'networkidle' });
      const box = page.getByRole('combobox', { name: 'Search symbols' });
      await box.fill('bitcoin');
      await page
        .getByRole('option', { name: /Bitcoin/ })
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole('option').first().innerText()).toContain(SYMBOL);
      expect(await seriousViolations(page)).toEqual([]);
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(`**/quote/${SYMBOL}`);
      await streaming();
      // One socket for the app, anonymous (SPEC §5), naming the app, kept across the move to the quote.
      expect(sockets).toHaveLength(1);
      expect(sockets[0]?.url()).toMatch(/\/sync\?app=earningshub&anonymousId=[0-9a-f-]{36}$/);

      const calls = quoteCalls.length;
      for (let round = 0; round < 3; round += 1) {
        const tick = await nextTick();
        const took = await shownAfter(tick, 2000);
        expect(took, `round ${round}: the header did not change within 2 s of the tick of ${tick}`).not.toBeNull();
      }
      // Patched in the cache: the quote was not fetched again.
      expect(quoteCalls.length).toBe(calls);

      // SPEC §4: hidden, the socket pauses and the price holds; shown again, it moves on.
      const socket = sockets[0];
      if (!socket) throw new Error('no socket');
      const paused = socket.waitForEvent('framesent', {
        predicate: (frame) => String(frame.payload).includes('"pause"'),
      });
      await tabHidden(true);
      await paused;
      // A quote sent before the pause reached the server lands before the simulator's next trade, at least 600 ms
      // later; from that trade on, nothing may change.
      const afterPause = await nextTick();
      expect(await shownAfter(afterPause, 3000)).toBeNull();
      await tabHidden(false);
      expect(await changeWithin(5000)).not.toBeNull();

      // The streamed six-figure figures fit the key stats at both widths.
      expect(await overflowingStats(), 'desktop: key stats past the card').toEqual([]);
      await showAs(page, 'phone', 'light');
      expect(await overflowingStats(), 'phone: key stats past the card').toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      page.off('websocket', onSocket);
      page.off('request', onRequest);
    }
  }, 120_000);
});

describe('a server restart', () => {
  let server: RunningServer | null = null;
  let dataDir = '';
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-live-'));
    await copySeededTemplate(dataDir);
    config = loadConfig({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    server = await startServer(config);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ridden out: the socket says Reconnecting…, comes back by itself and the price moves again', async () => {
    const url = server?.url.replace('localhost', '127.0.0.1') ?? '';
    const sockets: string[] = [];
    const closes: string[] = [];
    page.on('websocket', (socket) => {
      sockets.push(socket.url());
      socket.on('close', () => closes.push(`closed ${sockets.length} at ${new Date().toISOString()}`));
    });
    // The same page, at desktop width again, opens the quote on this file's server.
    await showAs(page, 'desktop', 'light');
    await page.goto(`${url}/quote/${SYMBOL}`);
    await streaming();
    const before = await price();
    // Every status the indicator goes through, for the messages below.
    await page.evaluate(() => {
      const node = document.querySelector('[data-testid="live-status"]');
      const seen: string[] = [];
      Object.assign(window, { __liveStatuses: seen });
      const header = node?.closest('[data-testid="quote"]') ?? document.body;
      new MutationObserver(() => {
        const status = document.querySelector('[data-testid="live-status"]')?.getAttribute('data-status') ?? 'none';
        if (seen.at(-1) !== status) seen.push(`${status} ${new Date().toISOString()}`);
      }).observe(header, { attributes: true, subtree: true, childList: true });
    });
    const history = async () =>
      `${JSON.stringify(await page.evaluate(() => (window as unknown as { __liveStatuses: string[] }).__liveStatuses))} ${JSON.stringify(closes)}`;

    // Only this file's server goes away: its clients are told 1001 and reconnect on SPEC §9's backoff.
    await server?.stop();
    server = null;
    const stoppedAt = new Date().toISOString();
    await expect
      .poll(async () => `${await liveStatus()}`, { timeout: 20_000 })
      .toBe('reconnecting')
      .catch(async (error: Error) => {
        throw new Error(`${error.message}; stopped at ${stoppedAt}; statuses ${await history()}`);
      });
    expect((await page.getByTestId('live-status').innerText()).trim()).toBe(LIVE_WORDS.reconnecting);
    expect(await seriousViolations(page, '[data-testid="quote"]')).toEqual([]);
    await screenshot(page, 'live-quote-reconnecting-desktop-light');

    server = await startServer(config);
    await expect
      .poll(() => liveStatus(), { timeout: 90_000, interval: 500 })
      .toBe('open')
      .catch(async (error: Error) => {
        throw new Error(`${error.message}; statuses ${await history()}`);
      });
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect((await page.getByTestId('live-status').innerText()).trim()).toBe(LIVE_WORDS.live);
    // Resubscribed on open: the header streams again.
    const tick = await nextTick();
    expect(await shownAfter(tick, 2000)).not.toBeNull();
    expect(await price()).not.toBe(before);
  }, 240_000);
});
