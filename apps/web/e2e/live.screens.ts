/**
 * The live pages for people to look at (`npm run screenshots`; CI takes none), in one page shown at both widths in
 * both themes: a quote streaming (BTC, which the demo simulator moves at any hour) and a live call's page with its
 * transcript under way. What they must do is asserted by live-quotes.test.ts, live-call.test.ts and the component
 * tests of the quote header and the live transcript.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { liveReplay, segmentCount } from './live-call-data.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the live pages', () => {
  it('a quote streaming', async () => {
    await page.goto('/quote/BTC');
    await expect
      .poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('open');
    for (const [viewport, colorScheme] of SCREENS) {
      await showAs(page, viewport, colorScheme);
      await screenshot(page, `live-quote-${viewport}-${colorScheme}`);
    }
  });

  it('a live call', async () => {
    const call = await liveReplay();
    await showAs(page, 'desktop', 'light');
    await navigateInApp(page, `/${call.symbol}/events/${call.id}`);
    await expect.poll(() => segmentCount(page), { timeout: 30_000 }).toBeGreaterThan(2);
    for (const [viewport, colorScheme] of SCREENS) {
      await showAs(page, viewport, colorScheme);
      if (viewport === 'phone') await page.getByTestId('live-tab-liveTranscript').waitFor();
      await page.getByTestId('live-call').scrollIntoViewIfNeeded();
      await screenshot(page, `live-call-${viewport}-${colorScheme}`);
    }
  });
});
