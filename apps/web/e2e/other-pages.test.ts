import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';

/** The sample article on "All pages" opens the story its label names (a fixed id opened another one). */

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('All pages', () => {
  it('links the sample article under its own title, and the link opens that story', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/other-pages');
      const link = page.getByTestId('page-link-newsArticle');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="page-link-newsArticle"]')?.textContent?.startsWith('News article: '),
        undefined,
        { timeout: 15_000 },
      );
      const title = (await link.innerText()).replace(/^News article: /, '');
      await link.click();
      await page.waitForURL(/\/news\/\d+\//);
      // The address changes before the article's lazily loaded page replaces this one: its heading is read until then.
      await expect.poll(async () => (await page.locator('main h1').first().innerText()).trim()).toBe(title);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
