/**
 * Search inside calls for people to look at (`npm run screenshots`; CI takes none): "guidance cut" across the demo
 * market's calls with the mention trends, the market's and then the top mentioner's own, at both widths in both
 * themes. What they must show is asserted by call-search.test.ts and src/features/call-search/call-search-page.test.tsx.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('search inside calls', () => {
  it('hits, the trend of the whole market and of one company', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/search/calls?q=guidance+cut', { waitUntil: 'networkidle' });
      await page.getByTestId('call-hit').first().waitFor();
      await page.getByTestId('call-search-trends').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `call-search-${viewport}-${colorScheme}`);
        const top = page.getByTestId('call-search-top').getByRole('button').first();
        await top.click();
        await page.getByTestId('call-search-trends').scrollIntoViewIfNeeded();
        await screenshot(page, `call-search-company-${viewport}-${colorScheme}`);
        await top.click();
      }
    } finally {
      await context.close();
    }
  });
});
