/**
 * Every route of SPEC §2 drawn in Chromium against the real server at desktop and phone width, without an error
 * page or a console error and without the page scrolling sideways: one page per width, the two side by side,
 * each loaded once and moved from route to route inside the app as its links do. The developer pages are walked while the dev flag is held
 * still. What the frame does on one screen is tested with the API answered by the test: app/shell.test.tsx
 * (redirects, the not-found page, the theme's order, the menu's pages), features/shell/account-menu.test.tsx,
 * features/feedback/feedback-page.test.tsx.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGES, ROUTE_PATHS } from '../src/shared/routes.ts';
import { fileBrowser, navigateInApp, openPage, type ViewportName } from './browser.ts';
import { acquire, expectHealthyPage, LOCK_WAIT_MS, release } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The developer pages draw what the dev flag says, and other files turn it on and off meanwhile (locks.ts): they
 * are walked while this file holds the flag still, from a load made under the lock (a page reached inside the app
 * reads the flags of its first load, up to a poll (60 s) old).
 */
const DEVELOPER_PATHS: readonly string[] = PAGES.filter((page) => page.group === 'developer').map((page) => page.path);

/** Every route but the developer pages. */
const PRODUCT_PATHS = ROUTE_PATHS.filter((path) => !DEVELOPER_PATHS.includes(path));

/** How far the page is wider than the window (a page never scrolls sideways; rows that scroll do so inside). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Walks `paths` in the open page: the first loaded from the address, the rest reached inside the app. */
async function walk({ page, errors }: Opened, paths: readonly string[]) {
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path, { waitUntil: 'networkidle' });
    else await navigateInApp(page, path);
    await expectHealthyPage(page, path);
    expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
  }
  expect(errors).toEqual([]);
}

type Opened = Awaited<ReturnType<typeof openPage>>;
const WIDTHS: ViewportName[] = ['desktop', 'phone'];

/**
 * Both widths side by side, one page each: a page mostly waits (for the network to go quiet), so the two walk in
 * about the time one does. The first failure is reported.
 */
async function atBothWidths(run: (opened: Opened) => Promise<void>) {
  const results = await Promise.allSettled(WIDTHS.map((viewport) => run(pages[viewport])));
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected') {
      const error = result.reason as Error;
      error.message = `at ${WIDTHS[i]} width: ${error.message}`;
      throw error;
    }
  }
}

const pages = {} as Record<ViewportName, Opened>;
beforeAll(async () => {
  for (const viewport of WIDTHS) pages[viewport] = await openPage(browser, baseUrl, { viewport });
});
afterAll(async () => {
  for (const viewport of WIDTHS) await pages[viewport]?.context.close();
});

describe('every route of SPEC §2', () => {
  it('renders at desktop and phone width without an error, without console errors and without scrolling sideways', async () => {
    // The first route is loaded from the address, the rest are reached inside the app, as a person moves through
    // it (deep links loaded from the address are walked by the files of their pages).
    await atBothWidths((opened) => walk(opened, PRODUCT_PATHS));
  }, 300_000);
});

describe('the developer pages, with the dev flag held still', () => {
  beforeAll(() => acquire('dev-flag'), LOCK_WAIT_MS);
  afterAll(() => release('dev-flag'));

  it('render at desktop and phone width without console errors', async () => {
    // Loaded afresh under the lock, so they read the flag as it is now.
    await atBothWidths((opened) => walk(opened, DEVELOPER_PATHS));
  });
});
