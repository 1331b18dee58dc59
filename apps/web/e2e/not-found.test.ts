import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';

/** The not-found page's heading, drawn once the app has loaded (slow on a busy machine). */
const notFoundHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 60_000 });

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LONG_PATH = `/${'a'.repeat(2000)}`;

describe('addresses without a page', () => {
  it.each(['/no-such-page', '/quote/AAPL/nonsense-tab', '/AAPL/events/not-a-number'])(
    'answers %s with 404 and the not-found page',
    async (path) => {
      const { context, page, errors } = await openPage(browser, baseUrl);
      try {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await notFoundHeading(page);
        expect(await page.title()).toContain('Page not found');
        expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
        expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('sends // to the home page and //x to the not-found page of /x', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}//`);
      expect(new URL(page.url()).pathname).toBe('/');
      const response = await page.goto(`${baseUrl}//x`);
      expect(new URL(page.url()).pathname).toBe('/x');
      expect(response?.status()).toBe(404);
      await notFoundHeading(page);
    } finally {
      await context.close();
    }
  });

  it('keeps a 2,000-character address inside the page at both widths, in both themes', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const response = await page.goto(LONG_PATH);
      expect(response?.status()).toBe(404);
      await notFoundHeading(page);
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${viewport} ${colorScheme}`).toBeLessThanOrEqual(clientWidth);
        await screenshot(page, `not-found-long-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  });
});
