import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';
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
