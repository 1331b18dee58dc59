/**
 * A free reader's stock list across the product, in Chromium against the real server: a list made on My Stocks, a
 * stock and its alerts added from the symbol page, and both found again on My Stocks, the holding valued at the
 * live quote. Screenshots of the symbol page and of /my-stocks at both widths in both themes. What each screen does
 * on its own is tested with the API answered by the test: features/my-stocks/my-stocks-page.test.tsx (new list and
 * the plan's limit, adding a holding, an optimistic add undone, trades and their validation),
 * features/lists/add-to-list-button.test.tsx (the only list at once, the choose-list modal, no list, a visitor),
 * features/alerts/add-alert-button.test.tsx (the default alerts, a visitor's sign-in message).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { FREE, holdDuringFile, idToken } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';
const LIST = 'Core holdings';
const CASH = 1000;
const SHARES = 10;

// The demo members' lists, alerts, filters and sign-ins change here: one such file at a time (locks.ts).
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

/** ?token= signs the free demo user in for that visit (SPEC §2). */
const signedIn = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

const money = (value: number) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** Waits for the toast saying `text` (a new toast replaces the one before) and returns what it says. */
async function toastSaying(page: Page, text: string): Promise<string> {
  const shown = page.getByTestId('toast').filter({ hasText: text }).last();
  await shown.waitFor({ timeout: 15_000 });
  return (await shown.innerText()).trim();
}

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(FREE);
  // A clean start, whatever ran before on this server.
  const { lists } = await api('/earnings/lists');
  for (const list of lists) await api(`/earnings/lists/${list.id}`, { method: 'DELETE' });
  await api(`/earnings/alerts/${SYMBOL}`, { method: 'DELETE' });
});
afterAll(async () => {
  await browser?.close();
});

describe('a free reader’s list', () => {
  it('is made on My Stocks, gets a stock and its alerts on the symbol page, and shows both back on My Stocks', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(signedIn('/my-stocks'));
      await page.getByTestId('new-list').click();
      await page.getByTestId('list-name').fill(LIST);
      await page.getByTestId('list-cash').fill(String(CASH));
      await page.getByTestId('create-list').click();
      await page.getByRole('tab', { name: LIST }).waitFor();

      // The symbol page, reached in the open app (the session of ?token= lives in the page).
      await navigateInApp(page, `/quote/${SYMBOL}`);
      await page.waitForSelector('[data-testid="add-to-list"]:not([disabled])');
      await page.getByTestId('add-to-list').click();
      expect(await toastSaying(page, `Added ${SYMBOL}`)).toBe(`Added ${SYMBOL} to ${LIST}`);
      await page.waitForSelector('[data-testid="add-to-list"]:has-text("In 1 list")');
      await page.waitForSelector('[data-testid="add-alert"]:not([disabled])');
      await page.getByTestId('add-alert').click();
      expect(await toastSaying(page, 'alerts')).toBe(`Added default alerts for ${SYMBOL}`);
      await page.waitForSelector('[data-testid="add-alert"][aria-pressed="true"]');
      await screenshot(page, 'symbol-alerts-desktop-light');

      // Back on My Stocks by the navigation bar: the stock is in the list, and on alerts.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Stocks' }).click();
      const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
      await row.waitFor();
      expect(await page.getByTestId('list-alerts').innerText()).toBe('1 of 1 on alerts');
      const shares = row.getByRole('spinbutton', { name: 'Shares' });
      await shares.fill(String(SHARES));
      await shares.press('Enter');

      // The page follows the live price, which moves every second while the market is open: the stock's value and
      // the list's are the shares (and the cash) at the price the row shows, read together.
      const shown = () =>
        page.evaluate((symbol) => {
          const row = document.querySelector(`[data-testid="holding-row"][data-symbol="${symbol}"]`);
          const text = (element: Element | null | undefined) => element?.textContent ?? '';
          return {
            price: Number(text(row?.querySelector('[data-testid="holding-price"]')).replace(/[^0-9.]/g, '')),
            holding: text(row?.querySelector('[data-testid="holding-value"]')),
            list: text(document.querySelector('[data-testid="list-value"]')),
          };
        }, SYMBOL);
      await expect
        .poll(
          async () => {
            const { price, holding, list } = await shown();
            return price > 0 && holding === money(SHARES * price) && list === money(CASH + SHARES * price)
              ? 'the shares and the cash at the shown price'
              : { price, holding, list };
          },
          { timeout: 15_000 },
        )
        .toBe('the shares and the cash at the shown price');
      expect(await page.getByTestId('list-cash-value').innerText()).toBe(money(CASH));

      // Kept by the server as the pages showed them.
      const { lists } = await api('/earnings/lists?includeItems=true');
      expect(
        lists.map((list: { name: string; cash: number; items: { symbol: string; quantity: number }[] }) => [
          list.name,
          list.cash,
          list.items.map((item) => [item.symbol, item.quantity]),
        ]),
      ).toEqual([[LIST, CASH, [[SYMBOL, SHARES]]]]);
      const { alerts } = await api('/earnings/alerts');
      expect(alerts.map((alert: { symbol: string }) => alert.symbol)).toEqual([SYMBOL]);

      // Shown at each width in each theme (the app follows both live).
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `my-stocks-${viewport}-${scheme}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
