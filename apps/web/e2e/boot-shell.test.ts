import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The lazy page chunks of the calendar (held back below to stand in for a phone's slow connection). */
const PAGE_CHUNKS = /\/assets\/(page-loaders|calendar-page)-/;

describe('boot shell', () => {
  it('keeps the navigation frame on screen until the first page has loaded, then shows the page', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let heldBack = false;
      await page.route(PAGE_CHUNKS, async (route) => {
        heldBack = true;
        await held;
        await route.continue();
      });
      await page.goto('/earnings-calendar/this-week', { waitUntil: 'commit' });
      // React has mounted (its loading bar is up) while the page's code is still on its way.
      await page.getByTestId('loading-bar').first().waitFor();
      expect(heldBack).toBe(true);
      await expect.poll(() => page.locator('.boot-bar').isVisible()).toBe(true);
      release();
      await page.getByTestId('calendar-heading').waitFor();
      expect(await page.locator('.boot-bar').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** Each page's head as the server writes it (.boot-page) and as the app draws it. */
  const HEADS = [
    { path: '/', boot: ['.boot-h1', '.boot-lead'], app: ['main h1', 'main .MuiContainer-root > p'] },
    { path: '/earnings-calendar/this-week', boot: ['.boot-h1'], app: ['[data-testid=calendar-heading]'] },
    {
      path: '/quote/AAPL',
      boot: ['.boot-h1 > span:first-child', '.boot-symbol-name', '.boot-facts'],
      app: [
        '[data-testid=symbol-heading] > span:first-child',
        '[data-testid=symbol-heading] > span:nth-child(2)',
        '[data-testid=symbol-facts]',
      ],
    },
  ];
  /** Where an element's text is painted (what Largest Contentful Paint measures), not the box around it. */
  const boxOf = (page: import('playwright-core').Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { text: element.textContent, box: [x, y, width, height].map((n) => Math.round(n)) };
      });

  it.each(HEADS.flatMap((head) => (['phone', 'desktop'] as ViewportName[]).map((viewport) => ({ ...head, viewport }))))(
    'paints the head of $path ($viewport) with the HTML, where and as large as the app draws it',
    async ({ path, boot, app, viewport }) => {
      const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
      try {
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/assets\/.*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        // The HTML arrives whole while the app's code is held back (the boot script too, so no DOMContentLoaded).
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator('.boot-page').waitFor({ state: 'attached' });
        const title = await page.title();
        const painted = [];
        for (const selector of boot) painted.push(await boxOf(page, selector));
        release();
        await page.locator('.boot-page').waitFor({ state: 'detached' });
        await page
          .locator(app[0] as string)
          .first()
          .waitFor();
        // The facts line and the lead come with the page's data.
        await expect.poll(async () => (await boxOf(page, app.at(-1) as string)).text).toBe(painted.at(-1)?.text);
        for (const [index, selector] of app.entries()) expect(await boxOf(page, selector)).toEqual(painted[index]);
        // The server's title is the one the app sets.
        expect(await page.title()).toBe(title);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('sends the calendar embed without the site frame', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      const response = await page.goto('/embed/calendar', { waitUntil: 'commit' });
      expect(await response?.text()).not.toContain('<div class="boot-bar"');
      await page.getByTestId('calendar').waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
