import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGES, REDIRECTS, ROUTE_PATHS } from '../src/shared/routes.ts';
import { launchBrowser, navigateInApp, openPage, type ViewportName } from './browser.ts';
import { acquire, expectHealthyPage, LOCK_WAIT_MS, release } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Pages side by side: a page mostly waits (for the network to go quiet), so three tabs take the routes in about a
 * third of the time one does.
 */
const LANES = 3;

/**
 * The developer pages draw what the dev flag says, and other files turn it on and off meanwhile (locks.ts): they are
 * walked on their own while this file holds the flag still; a page reached inside the app would read the flags of
 * its first load, up to a poll (60 s) old.
 */
const DEVELOPER_PATHS: ReadonlySet<string> = new Set(
  PAGES.filter((page) => page.group === 'developer').map((page) => page.path),
);

/** How far the page is wider than the window (a page never scrolls sideways; rows that scroll do so inside). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(['desktop', 'phone'] as ViewportName[])('every route at %s width', (viewport) => {
  it('renders each route of SPEC §2 without an error and without console errors', async () => {
    const paths = ROUTE_PATHS.filter((path) => !DEVELOPER_PATHS.has(path));
    const lanes = Array.from({ length: LANES }, (_, lane) => paths.filter((_, i) => i % LANES === lane));
    const results = await Promise.allSettled(
      lanes.map(async (paths) => {
        const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
        try {
          // Each lane's first route is loaded from the address, the rest are reached inside the app, as a person
          // moves through it (deep links loaded from the address are walked by the files of their pages).
          for (const [index, path] of paths.entries()) {
            if (index === 0) await page.goto(path, { waitUntil: 'networkidle' });
            else await navigateInApp(page, path);
            await expectHealthyPage(page, path);
            expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }),
    );
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  });
});

describe('the developer pages, with the dev flag held still', () => {
  beforeAll(() => acquire('dev-flag'), LOCK_WAIT_MS);
  afterAll(() => release('dev-flag'));

  it.each(['desktop', 'phone'] as ViewportName[])('render at %s width without console errors', async (viewport) => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
    try {
      for (const path of DEVELOPER_PATHS) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectHealthyPage(page, path);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('redirects', () => {
  it('sends each legacy or alias path to its target', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      for (const [from, to] of Object.entries(REDIRECTS)) {
        await page.goto(from, { waitUntil: 'networkidle' });
        // The router redirects once its code has run, which the network going quiet does not wait for.
        await expect.poll(() => new URL(page.url()).pathname, { message: `${from} redirects` }).toBe(to);
      }
    } finally {
      await context.close();
    }
  });
});

describe('unknown paths', () => {
  it('shows a not-found page, not an error', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/this/page/does/not/exist', { waitUntil: 'networkidle' });
      // The not-found page is a lazy route: its code may still be on its way when the network goes quiet.
      await page
        .getByText(/page not found/i)
        .first()
        .waitFor({ state: 'visible' });
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('theme', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const isDark = (rgb: string) => {
    const [r = 255, g = 255, b = 255] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3 < 80;
  };

  it('follows ?theme=, then the stored choice, then the system preference', async () => {
    const { context, page } = await openPage(browser, baseUrl, { colorScheme: 'light' });
    try {
      await page.goto('/about', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(false);
      await page.goto('/about?theme=dark', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(true);
      await page
        .getByRole('button', { name: /toggle light\/dark theme/i })
        .first()
        .click();
      expect(isDark(await background(page))).toBe(false);
      await page.goto('/faq', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(false);
    } finally {
      await context.close();
    }
    const dark = await openPage(browser, baseUrl, { colorScheme: 'dark' });
    try {
      await dark.page.goto('/about', { waitUntil: 'networkidle' });
      expect(isDark(await background(dark.page))).toBe(true);
    } finally {
      await dark.context.close();
    }
  });
});

describe('feedback form', () => {
  it('posts valid feedback and shows the confirmation', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/feedback', { waitUntil: 'networkidle' });
      await page
        .getByLabel(/message/i)
        .first()
        .fill('The calendar should show the call time in my timezone.');
      await page.getByRole('button', { name: /send/i }).click();
      await page.getByText(/your feedback reached the team/i).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
