/**
 * /demo, a stop of the tour with its bar and /welcome for people to look at (`npm run screenshots`; CI takes none),
 * at both widths in both themes, each loaded once; /welcome signed in (a new account with one alert) once. What they
 * do is tested in demo-tour.test.ts and features/demo, features/welcome.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { idToken, newAccount } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the tour and /welcome', () => {
  it('/demo, then the results stop with the bar over it', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/demo', { waitUntil: 'networkidle' });
      await page.getByTestId('tour-step').first().waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `demo-${viewport}-${colorScheme}`);
      }
      // The results stop (the calendar's phone view shows one day, which may be a holiday without reports).
      await showAs(page, 'desktop', 'light');
      await page.getByTestId('tour-show-results').click();
      await page.waitForURL('**/quote/NVDA/earnings');
      await page.getByTestId('tour-bar').waitFor();
      await page.getByTestId('earnings-table').locator('tbody tr').first().waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `demo-tour-step-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('/welcome signed out, and signed in', async () => {
    const visitor = await openPage(browser, baseUrl);
    try {
      await visitor.page.goto('/welcome', { waitUntil: 'networkidle' });
      await visitor.page.getByTestId('welcome-account').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(visitor.page, viewport, colorScheme);
        await screenshot(visitor.page, `welcome-${viewport}-${colorScheme}`);
      }
    } finally {
      await visitor.context.close();
    }

    const token = await idToken(await newAccount('welcome-screens'));
    const added = await fetch(`${baseUrl}/api/earnings/alerts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'KO' }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const member = await openPage(browser, baseUrl);
    try {
      await member.page.goto(`/welcome?token=${token}`, { waitUntil: 'networkidle' });
      await member.page.locator('[data-testid="welcome-step-alerts"][data-done="true"]').waitFor();
      await screenshot(member.page, 'welcome-signed-in-desktop-light');
    } finally {
      await member.context.close();
    }
  }, 60_000);
});
