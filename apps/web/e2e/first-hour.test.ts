/**
 * "A newcomer's first hour", in Chromium against the real server, in one browser page: a visitor meets the upgrade
 * prompt on /eh500 and signs in there as a pro member, EHS unlocks without a reload; a fresh load restores the
 * session, and every page of the product then sends the member every answer whole, each call signed in, with no
 * upgrade prompt, and every table's last column within reach at phone and desktop width (a report's figures, an
 * alert's switches too); the account menu in the phone header signs them out.
 *
 * What one screen does on its own is tested with the API answered by the test: features/shell/account-menu.test.tsx
 * (who is signed in, items per plan, the keyboard), app/shell.test.tsx (the menu's pages),
 * features/quote/coin-page.test.tsx (a coin's tabs), components/table-scroll.test.tsx (what keeps a table's first
 * column in place). Screenshots of the account menu and a coin's page: first-hour.screens.ts.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, screenshot, showAs, type ViewportName } from './browser.ts';
import { apiAs, holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');

// The demo members sign in and the pro member's alerts change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

/** Generous waits: the machine this runs on may be shared by several suites at once. */
const SLOW_MS = 90_000;
/** Per step: the walk opens two dozen pages. */
const WALK_MS = 900_000;

/** The stock whose alert the member opens on My Stocks. */
const ALERT_SYMBOL = 'MSFT';

let browser: Awaited<ReturnType<typeof fileBrowser>>;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  page.setDefaultTimeout(SLOW_MS);
  page.setDefaultNavigationTimeout(SLOW_MS);
  // The alert My Stocks shows, made before the page first asks for the member's alerts.
  token = await idToken(PRO);
  await apiAs(token, `/earnings/alerts/${ALERT_SYMBOL}`, { method: 'DELETE' });
  const added = await apiAs(token, '/earnings/alerts', { method: 'POST', body: { symbol: ALERT_SYMBOL } });
  expect(added.status).toBe(200);
}, SLOW_MS);
afterAll(async () => {
  if (token) await apiAs(token, `/earnings/alerts/${ALERT_SYMBOL}`, { method: 'DELETE' });
  await context?.close();
  await browser?.close();
});

/** Waits until the open page's data is in: its heading, and no loading placeholder. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('main .MuiSkeleton-root').length === 0);
}

/** Every `gated` marker in an answer that says something was withheld (null and [] say nothing was). */
function gatedMarkers(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => gatedMarkers(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (key === 'gated' && item !== null && !(Array.isArray(item) && item.length === 0))
      return [`${path}.gated=${JSON.stringify(item)}`];
    return gatedMarkers(item, `${path}.${key}`);
  });
}

/** Records what the API withheld from this page's requests, and any API request sent without the sign-in. */
function watchApi(page: Page) {
  const gated: string[] = [];
  const anonymous: string[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const where = `${url.pathname}${url.search}`;
    // The symbol list for search is a static public file, fetched without the API client.
    if (!url.pathname.startsWith('/api/static/') && !response.request().headers().authorization) anonymous.push(where);
    pending.push(
      response
        .json()
        .then((body: unknown) => {
          for (const marker of gatedMarkers(body)) gated.push(`${where} ${marker}`);
        })
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  return {
    gated,
    anonymous,
    settle: async () => {
      await Promise.all(pending);
      page.off('response', onResponse);
    },
  };
}

/** The first EH500 row's score, once it reads as one. */
async function expectEh500Scored(page: Page) {
  const score = page.getByTestId('eh500-row').first().locator('td').nth(4);
  await expect.poll(async () => (await score.innerText()).trim(), { timeout: SLOW_MS }).toMatch(/^\d+(\.\d)?$/);
}

/** Each drawn table: whether its last column can be brought into view and its first column stays put. */
async function tableReach(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-table-scroll]')]
      .filter((box) => box.offsetParent !== null)
      .map((box) => {
        const label = box.getAttribute('aria-label') ?? '?';
        const row = box.querySelector('tr');
        const cells = row ? [...row.children].filter((cell) => (cell as HTMLElement).offsetParent !== null) : [];
        const first = cells[0] as HTMLElement | undefined;
        const last = cells[cells.length - 1] as HTMLElement | undefined;
        if (!first || !last) return { label, ok: false, why: 'no cells' };
        const second = cells[1] as HTMLElement | undefined;
        const firstLeft = first.getBoundingClientRect().left;
        const secondLeft = second?.getBoundingClientRect().left ?? 0;
        box.scrollLeft = box.scrollWidth;
        const scrolled = box.scrollLeft > 1;
        const frame = box.getBoundingClientRect();
        const lastRect = last.getBoundingClientRect();
        const firstAfter = first.getBoundingClientRect().left;
        // The table's own frame must sit inside the window: a box wider than the screen is cut, not scrolled.
        const inWindow = frame.left >= -1 && frame.right <= window.innerWidth + 1;
        const lastShown = lastRect.right <= frame.right + 1 && lastRect.left >= frame.left - 1;
        const firstStays = Math.abs(firstAfter - firstLeft) <= 1;
        // Only the first column stays: the rest slide under it (two sticky cells would cover each other).
        const restSlides = !scrolled || !second || second.getBoundingClientRect().left < secondLeft - 1;
        box.scrollLeft = 0;
        return {
          label,
          ok: inWindow && lastShown && firstStays && restSlides,
          why: `inWindow=${inWindow} lastShown=${lastShown} firstStays=${firstStays} restSlides=${restSlides}`,
        };
      }),
  );
}

/**
 * The open page's tables, checked at phone and desktop width (the page is shown at each without a reload), and
 * saved as `shot`-<width>-light when screenshots are being saved.
 */
async function expectTablesReachable(page: Page, where: string, expected: number, shot?: string) {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    await showAs(page, viewport, 'light');
    await expect
      .poll(async () => (await tableReach(page)).length, { message: `${where} at ${viewport}: tables drawn` })
      .toBeGreaterThanOrEqual(expected);
    const reach = await tableReach(page);
    expect(
      reach.filter((table) => !table.ok).map((table) => `${where} at ${viewport}, ${table.label}: ${table.why}`),
    ).toEqual([]);
    if (shot) await screenshot(page, `${shot}-${viewport}-light`);
  }
}

/** Every page of the product a pro member opens in their first hour; the number is how many tables it draws. */
const WALK: [string, number][] = [
  ['/', 0],
  ['/earnings-calendar/this-week', 0],
  ['/earnings-list/this-week', 0],
  ['/eh500', 1],
  ['/ehs', 0],
  ['/ehs/learn-more', 2],
  ['/all', 1],
  ['/news', 0],
  ['/calls', 0],
  ['/earnings-feed', 0],
  ['/my-stocks', 0],
  ['/quote/AAPL', 0],
  ['/quote/AAPL/earnings', 1],
  ['/quote/AAPL/ehs', 1],
  ['/quote/AAPL/analysts', 1],
  ['/quote/AAPL/news', 0],
  ['/quote/AAPL/short', 1],
  ['/quote/AAPL/price', 0],
  ['/quote/AAPL/dividends', 1],
  ['/quote/AAPL/sec-filings', 0],
  ['/quote/AAPL/events', 0],
  ['/quote/AAPL/trades', 0],
];

/**
 * Pages of the walk loaded afresh: a load restores the stored session while its first calls start, and each call
 * must wait for it (api.ts), or it goes out anonymous and comes back gated (on /eh500, EHS locked for a pro member).
 * The home page makes the most calls on a load. The other pages are reached inside the app, as its links do.
 */
const LOADED_AFRESH: ReadonlySet<string> = new Set(['/', '/eh500']);

describe('a newcomer’s first hour as a pro member', () => {
  it(
    'meets the upgrade prompt on /eh500 as a visitor, signs in there, and sees EHS unlock without a reload',
    async () => {
      await page.goto('/eh500', { waitUntil: 'networkidle' });
      await settled(page);
      await page.getByTestId('upgrade-prompt').waitFor();
      await page.getByRole('button', { name: 'Sign in' }).first().click();
      const modal = page.getByTestId('modal-signIn');
      await modal.getByLabel('Email').fill(PRO.email);
      await modal.getByLabel('Password').fill(PRO.password);
      await modal.locator('form').getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('account-button').waitFor();
      await page.getByTestId('upgrade-prompt').waitFor({ state: 'detached' });
      await expectEh500Scored(page);
    },
    WALK_MS,
  );

  it(
    'is sent every answer whole on every page, each call signed in, with no upgrade prompt; every table reaches its last column at both widths',
    async () => {
      const problems: string[] = [];
      for (const [path, tables] of WALK) {
        const api = watchApi(page);
        if (LOADED_AFRESH.has(path)) await page.goto(path, { waitUntil: 'networkidle' });
        else await navigateInApp(page, path);
        await settled(page);
        await api.settle();
        for (const marker of api.gated) problems.push(`${path}: ${marker}`);
        for (const request of api.anonymous) problems.push(`${path}: sent without the sign-in: ${request}`);
        if ((await page.getByTestId('upgrade-prompt').count()) > 0) problems.push(`${path}: shows an upgrade prompt`);
        if (path === '/eh500') await expectEh500Scored(page);
        if (tables > 0) await expectTablesReachable(page, path, tables);
      }
      expect(problems).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'opens a report from the earnings list: estimates against actuals, the last column within reach at both widths',
    async () => {
      await navigateInApp(page, '/earnings-list/this-week');
      const entry = page.getByTestId('calendar-entry').first();
      const symbol = await entry.getAttribute('data-symbol');
      await entry.getByRole('button', { name: new RegExp(`^${symbol}, `) }).click();
      const modal = page.getByTestId('modal-earnings');
      await modal.getByRole('region', { name: 'Estimates and actuals' }).waitFor();
      await expectTablesReachable(page, 'report modal', 1, 'report-modal');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    },
    WALK_MS,
  );

  it(
    'opens an alert on My Stocks to its switches, the last of them on screen at both widths with nothing to scroll',
    async () => {
      await navigateInApp(page, '/my-stocks');
      const alert = page.locator(`[data-testid="alert-row"][data-symbol="${ALERT_SYMBOL}"]`);
      await alert.getByRole('button', { name: `Change alerts for ${ALERT_SYMBOL}` }).click();
      const push = alert.getByRole('checkbox', { name: `Push for ${ALERT_SYMBOL}` });
      for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
        await showAs(page, viewport, 'light');
        await push.scrollIntoViewIfNeeded();
        const box = await push.boundingBox();
        const width = page.viewportSize()?.width ?? 0;
        expect(box, viewport).not.toBeNull();
        expect(
          (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
          `${viewport}: ${JSON.stringify(box)}`,
        ).toBe(true);
        await screenshot(page, `alerts-opened-${viewport}-light`);
      }
    },
    WALK_MS,
  );

  it(
    'finds the account menu in the phone header, on the Pro plan with Plans in place of Upgrade, and signs out',
    async () => {
      await showAs(page, 'phone', 'light');
      await page.getByTestId('account-button').click();
      await expect.poll(() => page.getByTestId('account-menu-plan').innerText()).toBe('Pro plan');
      expect(await page.getByRole('menuitem', { name: 'Plans' }).count()).toBe(1);
      await page.getByTestId('account-menu-sign-out').click();
      await page.getByTestId('account-button').waitFor({ state: 'detached' });
    },
    WALK_MS,
  );
});
