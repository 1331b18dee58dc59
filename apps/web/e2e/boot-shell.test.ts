import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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
