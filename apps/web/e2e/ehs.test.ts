/**
 * The EHS pages in a real browser: each shown at both widths in both themes, with nothing logged to the console.
 * What they show (the distribution and its tabs, the leaderboard, the EH500's table, its sorting and pages, the
 * rebalances, the published method, /all's pages and types, the score's weekly history and its plan gate) is
 * component tests beside them (features/ehs-pages, features/ehs).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { proToken } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('screenshots', () => {
  // Each page loads once and is shown at both widths in both themes (showAs: the app follows the width and the
  // system theme live), instead of loading again for each.
  it.each([
    ['/ehs', 'ehs', (page: Page) => page.getByTestId('ehs-distribution')],
    ['/eh500', 'eh500', (page: Page) => page.getByTestId('eh500-row').first()],
  ] as const)('%s at both widths in both themes', async (path, name, ready) => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(path, { waitUntil: 'networkidle' });
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await ready(page).waitFor();
        await screenshot(page, `${name}-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  });

  it("the EHS tab's weekly score: a visitor's upgrade prompt, and a pro member's history at both widths in both themes", async () => {
    const anonymous = await openPage(browser, baseUrl);
    try {
      await anonymous.page.goto('/quote/AAPL/ehs', { waitUntil: 'networkidle' });
      await anonymous.page.getByTestId('ehs-score-history').getByTestId('upgrade-prompt').waitFor();
      await screenshot(anonymous.page, 'ehs-tab-history-anonymous');
    } finally {
      await anonymous.context.close();
    }
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/quote/AAPL/ehs?token=${await proToken()}`, { waitUntil: 'networkidle' });
      const history = page.getByTestId('ehs-score-history');
      await history.getByTestId('ehs-history-latest').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await history.scrollIntoViewIfNeeded();
        await screenshot(page, `ehs-tab-history-${viewport}-${colorScheme}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
