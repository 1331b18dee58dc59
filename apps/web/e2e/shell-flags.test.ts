/**
 * The operator flags that change every page (maintenance mode, the banner) in Chromium against the real server.
 * Moved out of shell.test.ts: this file runs alone (runFileAlone), as no other file's pages may show them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, screenshot } from './browser.ts';
import { expectHealthyPage, flag, runFileAlone } from './support.ts';

const baseUrl = inject('baseUrl');

const MAINTENANCE_DEFAULT = 'We are upgrading our services and will be back shortly';

runFileAlone();

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('maintenance mode', () => {
  it('replaces the whole app while the web flag is on, with the default or the server message', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('ehMaintenanceModeWeb', true);
      await page.goto('/earnings-calendar/this-week', { waitUntil: 'networkidle' });
      const screen = page.getByTestId('maintenance-page');
      await screen.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await screen.innerText()).toContain(MAINTENANCE_DEFAULT);
      expect(await page.locator('nav').count()).toBe(0);
      await screenshot(page, 'maintenance-desktop-light');

      await flag('ehMaintenanceModeWeb', true, 'Back at noon ET with faster charts');
      await page.reload({ waitUntil: 'networkidle' });
      await screen.waitFor({ state: 'visible' });
      expect(await screen.innerText()).toContain('Back at noon ET with faster charts');

      await flag('ehMaintenanceModeWeb', false);
      await page.reload({ waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/earnings-calendar/this-week');
      expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    } finally {
      await flag('ehMaintenanceModeWeb', false);
      await context.close();
    }
  });

  it('ignores the mobile flag on the web', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('ehMaintenanceModeMobile', true);
      await page.goto('/about', { waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/about');
      expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    } finally {
      await flag('ehMaintenanceModeMobile', false);
      await context.close();
    }
  });
});

describe('banner message', () => {
  it('shows the banner while the flag is on', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('bannerMessage', true, 'Earnings season starts Monday');
      await page.goto('/about', { waitUntil: 'networkidle' });
      const banner = page.getByTestId('banner-message');
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await banner.innerText()).toContain('Earnings season starts Monday');
    } finally {
      await flag('bannerMessage', false);
      await context.close();
    }
  });
});
