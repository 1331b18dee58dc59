import { currentWeek, nextWeek } from '@eh/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';
import { api, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Prices as the page writes them ($1,234.56). */
const dollars = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('home', () => {
  it('shows the market sections with the real rows and prices of the API', async () => {
    const gainers = await api<{ assets: { symbol: string; price: number }[] }>(
      '/pricing/assets/info/movers?type=gainers&limit=10',
    );
    const losers = await api<{ assets: { symbol: string; price: number }[] }>(
      '/pricing/assets/info/movers?type=losers&limit=10',
    );
    const top = await api<{ assets: { symbol: string }[] }>('/pricing/assets/info/top-market?limit=10');
    // The section keeps this calendar week and the next out of the top-market call's wider window.
    const week = currentWeek(new Date());
    const last = nextWeek(week).end;
    const candidates = await api<{ earnings: { symbol: string; date: string }[] }>(
      '/pricing/assets/earnings/top-market?limit=50',
    );
    const notable = candidates.earnings.filter((row) => row.date >= week.start && row.date <= last).slice(0, 10);
    expect(notable.length).toBeGreaterThan(0);
    expect(gainers.assets.length).toBeGreaterThan(0);
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      expect(await page.title()).toContain('Earnings this week');
      const gainerRows = page.getByTestId('gainers-rows').getByTestId('quote-row');
      await gainerRows.first().waitFor();
      expect(await gainerRows.count()).toBe(gainers.assets.length);
      const first = gainers.assets[0];
      const firstRow = await gainerRows.first().innerText();
      expect(firstRow).toContain(first?.symbol);
      expect(firstRow).toContain(dollars(first?.price ?? 0));
      expect(await page.getByTestId('losers-rows').getByTestId('quote-row').first().innerText()).toContain(
        losers.assets[0]?.symbol,
      );
      expect(await page.getByTestId('market-cap-rows').innerText()).toContain(top.assets[0]?.symbol);
      const calendar = await page.getByTestId('calendar-rows').innerText();
      for (const row of notable) expect(calendar).toContain(row.symbol);
      expect(await page.getByTestId('calendar-rows').getByTestId('date-status').count()).toBe(notable.length);
      for (const row of candidates.earnings.filter((report) => report.date < week.start))
        expect(calendar).not.toMatch(new RegExp(`^${row.symbol}$`, 'm'));
      await page.getByTestId('score-rows').waitFor();
      expect(await page.getByTestId('home-popular').getByTestId('quote-row').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violations', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByTestId('gainers-rows').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
