import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, screenshot, type ViewportName } from './browser.ts';

/**
 * The 1D chart and the header name one price and one move, read together from the real server and its live socket.
 * The Dividends tab's "next" or "last" payment is a component test (features/quote/dividends-tab.test.tsx).
 */

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The "(−1.43%)" of a change line. */
const percentOf = (line: string) => line.match(/\([^)]*%\)/)?.[0];

describe('the 1D chart and the header', () => {
  it.each(['desktop', 'phone'] as ViewportName[])(
    'show the same last price and the same change (%s)',
    async (viewport) => {
      const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
      try {
        await page.goto('/quote/AAPL/price', { waitUntil: 'networkidle' });
        await page.getByTestId('chart-ranges').getByRole('button', { name: '1D', exact: true }).click();
        await page.getByTestId('price-chart').locator('canvas').first().waitFor();
        await page.getByTestId('chart-legend-price').waitFor();
        await page.getByTestId('range-change').waitFor();
        // Read together: during market hours the live socket moves the header and the chart's last bar every second.
        const shown = () =>
          page.evaluate(() => {
            const read = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim();
            return {
              price: read('quote-price'),
              change: read('quote-change'),
              // After the close the header also names the after-hours price: the chart, which draws after hours, ends there.
              extended: read('quote-extended')?.match(/\$[\d,]+\.\d+/)?.[0],
              legend: read('chart-legend-price'),
              range: read('range-change'),
            };
          });
        // The chart keeps the range it drew until the day's bars arrive (no flash): its legend then moves to them.
        await expect
          .poll(
            async () => {
              const now = await shown();
              const header = now.extended ?? now.price;
              return now.legend === header && percentOf(now.range ?? '') === percentOf(now.change ?? '')
                ? 'the same'
                : `legend ${now.legend} against ${header}; ${now.range} against ${now.change}`;
            },
            { timeout: 15_000 },
          )
          .toBe('the same');
        const { range: rangeChange = '' } = await shown();
        expect(rangeChange).toMatch(/^1D /);
        await screenshot(page, `quote-price-1d-${viewport}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
