import { nyDate } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from './browser.ts';

/** Issue 15: the 1D chart and the header name one price and one move; the Dividends tab never says "next" of a past date. */

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().innerText()).trim();
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
        const price = await text(page, 'quote-price');
        const change = await text(page, 'quote-change');
        const extended = page.getByTestId('quote-extended');
        // After the close the header also names the after-hours price: the chart, which draws after hours, ends there.
        const extendedPrice = (await extended.count())
          ? (await extended.innerText()).match(/\$[\d,]+\.\d+/)?.[0]
          : undefined;
        // The chart keeps the range it drew until the day's bars arrive (no flash): its legend then moves to them.
        await expect.poll(() => text(page, 'chart-legend-price'), { timeout: 15_000 }).toBe(extendedPrice ?? price);
        const rangeChange = await text(page, 'range-change');
        expect(rangeChange).toMatch(/^1D /);
        expect(percentOf(rangeChange), rangeChange).toBe(percentOf(change));
        await screenshot(page, `quote-price-1d-${viewport}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});

describe('the Dividends tab', () => {
  it('names a payment "next" only when it is today or ahead (New York date)', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/quote/AAPL/dividends', { waitUntil: 'networkidle' });
      const fact = page.getByTestId('dividend-payment');
      await fact.waitFor();
      const shown = await fact.innerText();
      const label = shown.match(/Next payment|Last payment/)?.[0];
      const date = shown.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)?.[0];
      const iso = nyDate(Date.parse(`${date} 12:00:00 GMT`));
      const today = nyDate(new Date());
      if (label === 'Next payment') expect(iso >= today, `${label} ${date}`).toBe(true);
      else {
        expect(label).toBe('Last payment');
        expect(iso < today, `${label} ${date}`).toBe(true);
      }
      await screenshot(page, 'quote-dividends-desktop');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
