/**
 * My Stocks and alerts in Chromium against the real server, as the free demo user: add a stock to alerts from
 * the symbol page (SPEC §8 snackbar), create a list, add a holding and read its value, be refused a second
 * list with the upgrade prompt, and see an optimistic change undone when the server fails (route interception
 * answering 500). Screenshots of /my-stocks at both widths in both themes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { FREE, holdDuringFile, idToken, PRO, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';
const SECOND = 'MSFT';

// The demo members' lists, alerts, filters and sign-ins change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let token: string;
let proToken: string;

async function api(path: string, init: RequestInit = {}, as = token) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${as}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return res.json() as Promise<any>;
}

/** ?token= signs the free demo user in for that visit (SPEC §2). */
const signedIn = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await idToken(FREE);
  proToken = await idToken(PRO);
  // A clean start for both users, whatever ran before on this server.
  for (const as of [token, proToken]) {
    const { lists } = await api('/earnings/lists', {}, as);
    for (const list of lists) await api(`/earnings/lists/${list.id}`, { method: 'DELETE' }, as);
  }
  await api(`/earnings/alerts/${SYMBOL}`, { method: 'DELETE' });
});
afterAll(async () => {
  await browser?.close();
});

describe('alerts from the symbol page', () => {
  it("tells a signed-out visitor 'Please sign in to subscribe to alerts.'", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(`/quote/${SYMBOL}`);
    await page.getByTestId('add-alert').click();
    expect(await toast(page)).toBe('Please sign in to subscribe to alerts.');
    await context.close();
  });

  it("adds the default alerts for the free user: 'Added default alerts for AAPL', stored on the server", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn(`/quote/${SYMBOL}`));
    const button = page.getByTestId('add-alert');
    await button.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="add-alert"]')?.hasAttribute('disabled'));
    await button.click();
    expect(await toast(page)).toBe(`Added default alerts for ${SYMBOL}`);
    await page.waitForSelector('[data-testid="add-alert"][aria-pressed="true"]');
    await screenshot(page, 'symbol-alerts-desktop-light');
    const { alerts } = await api('/earnings/alerts');
    expect(alerts).toEqual([
      expect.objectContaining({ symbol: SYMBOL, earningsReminder: true, notifyByEmail: true, notifyBySms: false }),
    ]);
    await context.close();
  });
});

describe('My Stocks', () => {
  it('creates a list, adds a holding and shows its value from the live quote', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn('/my-stocks'));
    await page.getByTestId('new-list').click();
    await page.getByTestId('list-name').fill('Core holdings');
    await page.getByTestId('list-cash').fill('1000');
    await page.getByTestId('create-list').click();
    await page.getByRole('tab', { name: 'Core holdings' }).waitFor();
    await page.getByTestId('holding-symbol').fill(SYMBOL.toLowerCase());
    await page.getByTestId('holding-quantity').fill('10');
    await page.getByTestId('add-holding').click();
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.waitFor();

    const { quotes } = await (await fetch(`${baseUrl}/api/pricing/quotes?stocks=${SYMBOL}`)).json();
    const price = quotes[0].price as number;
    const money = (value: number) =>
      value.toLocaleString('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="list-value"]')?.textContent === expected,
      money(1000 + 10 * price),
      { timeout: 15_000 },
    );
    expect(await row.getByTestId('holding-value').innerText()).toBe(money(10 * price));
    expect(await page.getByTestId('list-cash-value').innerText()).toBe(money(1000));
    await context.close();
  });

  it('refuses the free user a second list: the upgrade modal opens instead of the create-list modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn('/my-stocks'));
    await page.getByRole('tab', { name: 'Core holdings' }).waitFor();
    await page.getByTestId('new-list').click();
    await page.getByTestId('modal-upgrade').waitFor();
    expect(await page.getByTestId('modal-createList').count()).toBe(0);
    // The server refuses it too (the create-list modal's answer to it is in features/lists/list-modals.test.tsx).
    const refused = await fetch(`${baseUrl}/api/earnings/lists`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Second' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.',
    );
    const { lists } = await api('/earnings/lists');
    expect(lists.map((list: { name: string }) => list.name)).toEqual(['Core holdings']);
    await context.close();
  });

  it('rolls an optimistic add back when the server fails, and says so', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn('/my-stocks'));
    await page.getByRole('tab', { name: 'Core holdings' }).waitFor();
    await page.route('**/api/earnings/lists/*/items', async (route) => {
      // Long enough for the optimistic row to be seen before the failure comes back.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal server error', code: 'INTERNAL_ERROR' }),
      });
    });
    await page.getByTestId('holding-symbol').fill(SECOND);
    await page.getByTestId('add-holding').click();
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SECOND}"]`);
    await row.waitFor({ timeout: 1400 });
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await toast(page)).toBe(`Adding ${SECOND} failed and was undone: Internal server error`);
    const { lists } = await api('/earnings/lists?includeItems=true');
    expect(lists[0].items.map((item: { symbol: string }) => item.symbol)).toEqual([SYMBOL]);
    await context.close();
  });

  it('records a buy from the holdings table: shares up, cash down by shares × price', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn('/my-stocks'));
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.getByTestId('trade').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Shares').fill('2');
    await dialog.getByLabel('Price per share').fill('100');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="list-cash-value"]')?.textContent === '$800.00',
      undefined,
      { timeout: 15_000 },
    );
    expect(await row.getByRole('spinbutton', { name: 'Shares' }).inputValue()).toBe('12');
    const history = await api(`/core/transactions/me/assets/stock/${SYMBOL}`);
    expect(history.transactions[0]).toMatchObject({ type: 'buy', quantity: 2, price: 100, amount: 200 });
    await context.close();
  });

  it("adds from the symbol page straight to the user's only list (SPEC §5)", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(signedIn(`/quote/${SECOND}`));
    await page.waitForSelector('[data-testid="add-to-list"]:not([disabled])');
    await page.getByTestId('add-to-list').click();
    expect(await toast(page)).toBe(`Added ${SECOND} to Core holdings`);
    const { lists } = await api('/earnings/lists?includeItems=true');
    expect(lists[0].items.map((item: { symbol: string }) => item.symbol).sort()).toEqual([SYMBOL, SECOND].sort());
    await api(`/earnings/lists/${lists[0].id}/items/${SECOND}`, { method: 'DELETE' });
    await context.close();
  });

  it('lets the pro user keep two lists, and then asks which list a symbol goes to', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const asPro = (path: string) => `${path}?token=${proToken}`;
    await page.goto(asPro('/my-stocks'));
    for (const name of ['Growth', 'Income']) {
      await page.getByTestId('new-list').click();
      expect(await page.getByRole('dialog').getByTestId('upgrade-prompt').count()).toBe(0);
      await page.getByTestId('list-name').fill(name);
      await page.getByTestId('create-list').click();
      await page.getByRole('tab', { name }).waitFor();
    }
    await page.goto(asPro(`/quote/${SYMBOL}`));
    await page.waitForSelector('[data-testid="add-to-list"]:not([disabled])');
    await page.getByTestId('add-to-list').click();
    // The choose-list modal of the registry (SPEC §5), closed once a list is chosen.
    await page.getByTestId('modal-chooseList').getByTestId('choose-list').getByText('Income').click();
    expect(await toast(page)).toBe(`Added ${SYMBOL} to Income`);
    await page.getByTestId('modal-chooseList').waitFor({ state: 'detached' });
    const { lists } = await api('/earnings/lists?includeItems=true', {}, proToken);
    expect(lists.map((list: { name: string; items: unknown[] }) => [list.name, list.items.length])).toEqual([
      ['Growth', 0],
      ['Income', 1],
    ]);
    await context.close();
  });

  it('is screenshotted at both widths in both themes', async () => {
    // One load, shown at each width in each theme (the app follows both live).
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(signedIn('/my-stocks'));
      await page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`).waitFor();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="list-value"]')?.textContent !== '$1,000.00',
      );
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
