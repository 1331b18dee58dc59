import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SYMBOL_TABS, symbolPath } from '../src/shared/routes.ts';
import { afterNetworkQuiet, fileBrowser, openPage, screenshot, type ViewportName } from './browser.ts';
import { layoutShifts, seriousViolations, watchLayoutShifts } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What a single tab shows, the header, the phone's short labels, the legacy addresses, an unknown symbol, the price
 * chart's settings and kept ranges, the symbol modal and the transcript view are component tests
 * (features/quote/*.test.tsx, app/router.test.tsx, features/symbol-modal, features/transcripts). Here: one walk
 * through the tabs in the browser, each a new address answered by the real server and four of them checked by axe on
 * the way, and the layout measured.
 */
/** The tabs axe checks on the way (one of each kind of content: summary, chart, tables, a document list). */
const AXE_TABS = new Set(['overview', 'price', 'earnings', 'secFilings']);

describe('the quote page', () => {
  it('walks every tab, each changing the address and drawing from the server without an error or an axe violation', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(symbolPath(SYMBOL), { waitUntil: 'networkidle' });
      await page.getByTestId('symbol-heading').waitFor();
      for (const tab of [...SYMBOL_TABS.slice(1), SYMBOL_TABS[0]]) {
        // Where axe looks, the tab's answers are in first.
        await afterNetworkQuiet(page, () => page.getByTestId(`symbol-tab-${tab.key}`).click(), {
          quietMs: AXE_TABS.has(tab.key) ? 500 : 0,
        });
        await page
          .waitForURL((url) => url.pathname === symbolPath(SYMBOL, tab), { timeout: 15_000 })
          .catch(() => {
            throw new Error(`${tab.key}: the tab did not navigate (at ${new URL(page.url()).pathname})`);
          });
        await page.getByTestId(`tab-${tab.key}`).waitFor();
        expect(await page.getByTestId(`symbol-tab-${tab.key}`).getAttribute('aria-selected')).toBe('true');
        if (tab.key === 'dividends') {
          await page.getByTestId('dividend-payment').waitFor();
          await screenshot(page, 'quote-dividends-desktop');
        }
        if (AXE_TABS.has(tab.key)) expect(await seriousViolations(page), tab.key).toEqual([]);
      }
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(['desktop', 'phone'] as ViewportName[])('the quote page at %s width', (viewport) => {
  it('keeps the tab bar on screen while scrolling on narrow screens', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport });
    try {
      await page.goto(
        symbolPath(
          SYMBOL,
          SYMBOL_TABS.find((t) => t.key === 'secFilings'),
        ),
        { waitUntil: 'networkidle' },
      );
      await page.getByTestId('sec-filings-list').waitFor();
      const bar = page.getByTestId('symbol-tabs');
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe(
        viewport === 'phone' ? 'sticky' : 'relative',
      );
      if (viewport === 'phone') {
        expect(await bar.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('blur(12px)');
        await page.mouse.wheel(0, 1500);
        // Once the page has scrolled under it, the bar stays at the top of the window.
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await expect
          .poll(async () => {
            const y = (await bar.boundingBox())?.y ?? -1;
            return y >= 0 && y < 80;
          })
          .toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('opens without moving: the header and the overview keep their place as the answers land', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport });
    try {
      // Every answer a little late, so the page draws its placeholders first and each answer lands into them.
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await watchLayoutShifts(page);
      await page.goto(`/quote/${SYMBOL}`);
      await page.getByTestId('key-stats').waitFor();
      await page.getByTestId('next-earnings').getByTestId('date-status').first().waitFor();
      await page.getByTestId('market-status').waitFor();
      await page.waitForLoadState('networkidle');
      const shifts = await layoutShifts(page);
      expect(shifts.total, shifts.moved.join('; ')).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });
});
