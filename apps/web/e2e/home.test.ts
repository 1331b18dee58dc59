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

  it('keeps the chosen home tab across visits (the homepageTab preference)', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/home', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'News' }).click();
      await page.getByTestId('home-news').getByTestId('news-items').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('earningshub.homepageTab'))).toBe('"news"');
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await page.getByTestId('home-panel-news').waitFor();
      expect(await page.getByRole('tab', { name: 'News', selected: true }).count()).toBe(1);
      await page.getByTestId('home-feed').getByTestId('feed-list').waitFor();
    } finally {
      await context.close();
    }
  });

  it('moves between the home tabs with the keyboard (arrows, Home, End; Enter chooses)', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      const selected = page.getByRole('tab', { selected: true });
      expect(await selected.innerText()).toBe('Markets');
      // Only the chosen tab is in the page's Tab order; arrows move within the bar.
      expect(await page.getByRole('tab', { name: 'Earnings' }).getAttribute('tabindex')).toBe('-1');
      await selected.focus();
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      await page.keyboard.press('ArrowRight');
      expect(await focused()).toBe('Earnings');
      await page.keyboard.press('End');
      expect(await focused()).toBe('News');
      await page.keyboard.press('ArrowRight');
      expect(await focused()).toBe('Markets');
      await page.keyboard.press('ArrowLeft');
      expect(await focused()).toBe('News');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await selected.innerText()).toBe('Markets');
      await page.keyboard.press('Enter');
      await page.getByTestId('home-panel-earnings').waitFor();
      expect(await selected.innerText()).toBe('Earnings');
    } finally {
      await context.close();
    }
  });

  it('shows the partner branding on /CNBC and /wolf', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      for (const [path, partner] of [
        ['/CNBC', 'CNBC'],
        ['/wolf', 'Wolf'],
      ] as const) {
        await page.goto(path, { waitUntil: 'networkidle' });
        // The overline is written in capitals (innerText follows text-transform).
        expect((await page.getByTestId('partner-hero').innerText()).toLowerCase()).toContain(
          `in partnership with ${partner.toLowerCase()}`,
        );
        await page.getByTestId('gainers-rows').waitFor();
      }
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

describe('earnings feed', () => {
  it('lists the default content types (earnings results and call summaries) and follows the chosen types', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/earnings-feed', { waitUntil: 'networkidle' });
      const list = page.getByTestId('feed-list');
      await list.waitFor();
      const kinds = await list
        .locator('[data-kind]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['earningsResults', 'transcriptSummary']));
      await page
        .getByRole('group', { name: 'Feed content types' })
        .getByRole('button', { name: 'Earnings results' })
        .click();
      await page.waitForLoadState('networkidle');
      const after = await list
        .locator('[data-kind]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
      expect(new Set(after)).toEqual(new Set(['transcriptSummary']));
      expect(await page.evaluate(() => localStorage.getItem('earningshub.newsContentTypes'))).toBe(
        '["transcript_summary"]',
      );
      // Transcripts come from the news and from the transcript files, each call once.
      await page.getByRole('group', { name: 'Feed content types' }).getByRole('button', { name: 'Transcript' }).click();
      await list.locator('[data-kind="transcript"]').first().waitFor();
      const titles = await list.locator('[data-kind="transcript"]').allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      await context.close();
    }
  });
});
