/**
 * The live socket's web client, in one browser page: a visitor finds Bitcoin from the symbol search, and on its
 * quote page the header's price follows the demo simulator within 2 s of a tick (patched into the cache, never
 * refetched), the tab being hidden pauses the stream, and the socket comes back by itself after the server
 * restarts. BTC trades around the clock, so the simulator moves it at any hour. The page visits a server of this
 * file's own, which it stops and starts again (the suite's shared one is never stopped).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quoteKey } from '@eh/domain';
import type { Browser, BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { tradesAt } from '../../server/src/providers/demo/live-quotes.ts';
import { DEFAULT_DEMO_SEED } from '../../server/src/providers/demo/world.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { copySeededTemplate } from '../../server/test/seeded-template.ts';
import { freePort } from '../scripts/app-server.ts';
import { LIVE_WORDS } from '../src/features/live/live-words.ts';
import { fileBrowser, openPage, screenshot, showAs } from './browser.ts';
import { seriousViolations } from './support.ts';

const SYMBOL = 'BTC';
const KEY = quoteKey('crypto', SYMBOL);

/**
 * This file's own server, started from the seeded folder: the 2-second promise is about our socket path, and the
 * suite's shared server answers the other files' page loads meanwhile (a busy second there held a tick back in CI).
 */
let server: RunningServer | null = null;
let serverUrl = '';
let dataDir = '';
let config: ReturnType<typeof loadConfig>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** When each socket frame naming the symbol reached the page (epoch ms), for the messages of a late change. */
const framesAt: number[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-live-'));
  const starting = (async () => {
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
    serverUrl = server.url.replace('localhost', '127.0.0.1');
  })();
  browser = await fileBrowser();
  await starting;
  ({ context, page, errors } = await openPage(browser, serverUrl));
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes(`"${SYMBOL}"`)) framesAt.push(Date.now());
    }),
  );
}, 600_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const price = async () => (await page.getByTestId('quote-price').innerText()).trim();
const liveStatus = () => page.getByTestId('live-status').getAttribute('data-status');

/**
 * Waits until the quote page's header streams (the indicator says Live beside the price), and from then on the page
 * notes the time of every change of the price: a check reads those times, so a slow round trip to the page cannot
 * make it miss a change or take a change for the price before it.
 */
async function streaming() {
  await page.getByTestId('quote-price').waitFor({ timeout: 30_000 });
  await expect.poll(() => liveStatus(), { timeout: 30_000 }).toBe('open');
  expect((await page.getByTestId('live-status').innerText()).trim()).toBe(LIVE_WORDS.live);
  await page.evaluate(() => {
    const held = window as unknown as { __priceChanges?: number[] };
    if (held.__priceChanges) return;
    const changes: number[] = [];
    held.__priceChanges = changes;
    const text = () => document.querySelector('[data-testid="quote-price"]')?.textContent;
    let last = text();
    new MutationObserver(() => {
      const now = text();
      if (now !== last) changes.push(Date.now());
      last = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
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
 * The next second (epoch seconds) in which the simulator trades BTC after a second without a trade, at least 600 ms
 * ahead (the simulator is deterministic: tradesAt): the change the page notes from its start on is this trade's.
 */
function nextTick(): number {
  const trades = (second: number) => tradesAt(DEFAULT_DEMO_SEED, KEY, second);
  let second = Math.floor(Date.now() / 1000) + 1;
  while (!trades(second) || trades(second - 1) || second * 1000 - Date.now() < 600) second += 1;
  return second;
}

/** Milliseconds from `fromMs` (epoch) until the header's price changed, or null when it had not `limitMs` after. */
async function changedAfter(fromMs: number, limitMs: number): Promise<number | null> {
  return page.evaluate(
    ({ from, limit }) =>
      new Promise<number | null>((resolve) => {
        const changes = (window as unknown as { __priceChanges: number[] }).__priceChanges;
        const check = () => {
          const first = changes.find((at) => at >= from);
          if (first !== undefined && first - from <= limit) resolve(first - from);
          else if (Date.now() - from > limit) resolve(null);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { from: fromMs, limit: limitMs },
  );
}

/** Expects the header to change within 2 s of tick `second`, saying when the socket's frames came if it did not. */
async function followsTick(second: number, label: string) {
  const took = await changedAfter(second * 1000, 2000);
  const near = (times: number[]) =>
    times.filter((at) => Math.abs(at - second * 1000) < 5000).map((at) => at - second * 1000);
  const changes = await page.evaluate(() => (window as unknown as { __priceChanges: number[] }).__priceChanges);
  expect(
    took,
    `${label}: the header did not change within 2 s of the tick of ${second}; frames at ${near(framesAt)} ms, changes at ${near(changes)} ms`,
  ).not.toBeNull();
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
      for (let round = 0; round < 3; round += 1) await followsTick(nextTick(), `round ${round}`);
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
      const afterPause = nextTick();
      expect(await changedAfter(afterPause * 1000, 3000)).toBeNull();
      await tabHidden(false);
      expect(await changedAfter(Date.now(), 5000)).not.toBeNull();

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
  it('is ridden out: the socket says Reconnecting…, comes back by itself and the price moves again', async () => {
    const sockets: string[] = [];
    const closes: string[] = [];
    page.on('websocket', (socket) => {
      sockets.push(socket.url());
      socket.on('close', () => closes.push(`closed ${sockets.length} at ${new Date().toISOString()}`));
    });
    // The same page, at desktop width again, opens the quote afresh.
    await showAs(page, 'desktop', 'light');
    await page.goto(`/quote/${SYMBOL}`);
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
    await followsTick(nextTick(), 'after the restart');
    expect(await price()).not.toBe(before);
  }, 240_000);
});
