/**
 * My Stocks as a newcomer: the symbol box looks a company up by name ("microsoft" → MSFT, the app's
 * symbol search), and after a buy the holding shows its cost basis, its unrealised gain (shares × (price − cost))
 * and the list's performance since that buy, not $0.00 for a 1y window before it. 1440 and 390 px screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, screenshot, showAs } from './browser.ts';
import { FREE, holdDuringFile, idToken } from './support.ts';

const baseUrl = inject('baseUrl');

// The free demo member's lists change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let token: string;

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return res.json() as Promise<any>;
}

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(FREE);
  const { lists } = await api('/earnings/lists');
  for (const list of lists) await api(`/earnings/lists/${list.id}`, { method: 'DELETE' });
  await api('/earnings/lists', { method: 'POST', body: JSON.stringify({ name: 'First hour' }) });
});
afterAll(async () => {
  await browser?.close();
});

describe('My Stocks holdings', () => {
  it('adds "microsoft" through the lookup, records a buy and shows cost basis and unrealised gain', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/my-stocks?token=${token}`);
      await page.getByRole('tab', { name: 'First hour' }).waitFor();
      const box = page.getByTestId('holding-symbol');
      await box.fill('microsoft');
      const option = page.getByRole('option').filter({ hasText: 'MSFT' }).first();
      await option.waitFor();
      expect(await option.innerText()).toContain('Microsoft');
      await option.click();
      expect(await box.inputValue()).toBe('MSFT');
      await page.getByTestId('add-holding').click();
      const row = page.locator('[data-testid="holding-row"][data-symbol="MSFT"]');
      await row.waitFor();

      await row.getByTestId('trade').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Shares').fill('10');
      await dialog.getByLabel('Price per share').fill('600');
      await dialog.getByRole('button', { name: 'Record' }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="list-cost-basis"]')?.textContent === '$6,000.00',
        undefined,
        { timeout: 15_000 },
      );
      // The page's own figures, read in one go: while the market is open the price ticks between two reads.
      const shown = await row.evaluate((tr) => {
        const text = (root: ParentNode, id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        return {
          price: text(tr, 'holding-price'),
          cost: text(tr, 'holding-cost'),
          gain: text(tr, 'holding-gain'),
          total: text(document, 'list-unrealised-gain'),
          performance: text(document, 'list-performance'),
        };
      });
      const amountOf = (text: string) =>
        Number(
          text
            .replace(/^[^\d+−-]*/, '')
            .replace('−', '-')
            .replace(/[^\d.+-]/g, ''),
        );
      const price = amountOf(shown.price);
      expect(price).toBeGreaterThan(0);
      expect(shown.cost).toBe('$6,000.00');
      // Ten shares bought at $600: the gain at the price shown (drawn to the cent, so within 10 × half a cent).
      const gain = shown.gain.split(' (')[0] ?? '';
      expect(Math.abs(amountOf(gain) - 10 * (price - 600)), `${shown.gain} at ${shown.price}`).toBeLessThanOrEqual(
        0.06,
      );
      expect(amountOf(gain)).not.toBe(0);
      expect(shown.total.startsWith(`${gain} (`), shown.total).toBe(true);
      // The performance runs from the buy, the same gain (the buy took cash the list did not have).
      expect(await page.getByTestId('list-performance-label').innerText()).toMatch(/^Performance \(since /);
      expect(shown.performance).toBe(gain);
      for (const viewport of ['desktop', 'phone'] as const) {
        await showAs(page, viewport, 'light');
        await screenshot(page, `my-stocks-holdings-${viewport}`);
      }
      await showAs(page, 'phone', 'dark');
      await screenshot(page, 'my-stocks-holdings-phone-dark');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
