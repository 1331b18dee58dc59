/**
 * What a newcomer meets in their first hour, for people to look at (`npm run screenshots`; CI takes none): a free
 * member's account menu at both widths in both themes, and a coin's page with the tabs that apply to crypto. What
 * they must do is asserted by features/shell/account-menu.test.tsx and features/quote/coin-page.test.tsx.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { FREE, idToken } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a newcomer’s first hour', () => {
  it('the account menu of a free member', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      // ?token= signs the free demo member in for this visit (SPEC §2).
      await page.goto(`/news?token=${await idToken(FREE)}`, { waitUntil: 'networkidle' });
      await page.getByTestId('account-button').click();
      await page.getByRole('menu').waitFor();
      await page.getByTestId('account-menu-plan').filter({ hasText: 'Free plan' }).waitFor();
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `account-menu-${viewport}-${scheme}`);
      }
    } finally {
      await context.close();
    }
  });

  it('a coin’s page', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/quote/BTC', { waitUntil: 'networkidle' });
      await page.getByTestId('tab-overview').waitFor();
      await screenshot(page, 'crypto-tabs-desktop-light');
    } finally {
      await context.close();
    }
  });
});
