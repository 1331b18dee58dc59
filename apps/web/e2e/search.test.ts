import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { pressShortcut, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('symbol search', () => {
  it('opens with / and Ctrl+K, finds by symbol and name, and opens a symbol with the keyboard', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/news', { waitUntil: 'networkidle' });
      const modal = page.getByTestId('modal-symbolSearch');
      const box = modal.getByRole('combobox', { name: 'Search symbols' });
      await pressShortcut(page, '/', box);
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      // Popular is the first tab, with prices.
      await modal.getByTestId('search-row').first().waitFor();
      expect(await modal.getByTestId('search-row').first().innerText()).toMatch(/\$\d/);
      await box.fill('apple');
      await modal.getByRole('option', { name: /AAPL/ }).waitFor();
      expect(await modal.getByRole('option').first().innerText()).toContain('AAPL');
      await box.fill('msft');
      await modal.getByRole('option', { name: /MSFT/ }).first().waitFor();
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(
        await modal.getByRole('option').first().getAttribute('id'),
      );
      await box.press('Enter');
      await page.waitForURL('**/quote/MSFT');
      expect(await page.getByTestId('modal-symbolSearch').count()).toBe(0);

      await page.keyboard.press('Control+k');
      await page.getByTestId('modal-symbolSearch').getByRole('combobox').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('modal-symbolSearch').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('ignores blank input, says when nothing matches, and keeps the last five symbols in History', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/search', { waitUntil: 'networkidle' });
      const box = page.getByRole('combobox', { name: 'Search symbols' });
      await box.fill('   ');
      // Blank: still the browse tabs, no search.
      await page.getByRole('tab', { name: 'Popular' }).waitFor();
      await box.fill('zzzzqqqq');
      await page.getByTestId('search-empty').waitFor();
      for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'META']) {
        await page.goto('/search', { waitUntil: 'networkidle' });
        await box.fill(symbol);
        await page
          .getByRole('option', { name: new RegExp(`^\\S*${symbol}`) })
          .first()
          .waitFor();
        await box.press('Enter');
        await page.waitForURL(`**/quote/${symbol}`);
      }
      expect(
        JSON.parse((await page.evaluate(() => localStorage.getItem('earningshub.recentSymbols'))) ?? '[]'),
      ).toEqual(['META', 'TSLA', 'AMZN', 'NVDA', 'MSFT']);
      await page.goto('/quote', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'History' }).click();
      const rows = page.getByTestId('search-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      expect(await rows.first().innerText()).toContain('META');
      expect(await rows.first().innerText()).toContain('Meta Platforms');
    } finally {
      await context.close();
    }
  });

  it('forgives a typo: nvdia offers NVIDIA first and Enter opens it', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/search', { waitUntil: 'networkidle' });
      const box = page.getByRole('combobox', { name: 'Search symbols' });
      await box.fill('mircosoft');
      await page.getByRole('option', { name: /MSFT/ }).first().waitFor();
      await box.fill('nvdia');
      await page
        .getByRole('option', { name: /NVIDIA/ })
        .first()
        .waitFor();
      expect(await page.getByRole('option').first().innerText()).toContain('NVDA');
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await page.getByRole('option').first().waitFor();
        await screenshot(page, `search-typo-${viewport}-${colorScheme}`);
      }
      await box.press('Enter');
      await page.waitForURL('**/quote/NVDA');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the Gainers, Losers and Market Cap tabs from the API', async () => {
    const gainers = (await (await fetch(`${baseUrl}/api/pricing/assets/info/movers?type=gainers&limit=20`)).json()) as {
      assets: { symbol: string }[];
    };
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/search', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Gainers' }).click();
      await page
        .getByRole('option', { name: new RegExp(gainers.assets[0]?.symbol ?? '-') })
        .first()
        .waitFor();
      expect(await page.getByTestId('search-row').count()).toBe(gainers.assets.length);
      await page.getByRole('tab', { name: 'Market Cap' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('search-row').first().innerText()).toMatch(/\$\d/);
    } finally {
      await context.close();
    }
  });

  it('lists every shortcut, Ctrl K included, in the shortcuts modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/about', { waitUntil: 'networkidle' });
      await pressShortcut(page, '?', page.getByTestId('modal-shortcuts').getByText('Ctrl K'));
      const text = await page.getByTestId('modal-shortcuts').innerText();
      expect(text).toContain('Ctrl K');
      expect(text).toContain('Search symbols');
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violations on the page and in the modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/search', { waitUntil: 'networkidle' });
      await page.getByTestId('search-row').first().waitFor();
      const check = () => seriousViolations(page);
      expect(await check()).toEqual([]);
      await page.getByRole('button', { name: 'Search symbols' }).click();
      const box = page.getByTestId('modal-symbolSearch').getByRole('combobox');
      await box.fill('nvid');
      await page.getByTestId('modal-symbolSearch').getByRole('option').first().waitFor();
      expect(await check()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
