/**
 * The list modals of the registry in Chromium against the real server (SPEC §2, §5): create, edit and delete
 * list, manage asset list, list select; the plan's list limit opening the upgrade modal (free demo user); alert
 * counts on the symbol page and on lists (SPEC §7 counts); holding details hidden by list (SPEC §3). Screenshots
 * of My Stocks with the modals at both widths in both themes, and axe on the modals.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, VIEWPORTS, type ViewportName } from './browser.ts';
import {
  FREE as FREE_ACCOUNT,
  holdDuringFile,
  idToken,
  PRO as PRO_ACCOUNT,
  seriousViolations,
  toast,
} from './support.ts';

const baseUrl = inject('baseUrl');
const FREE = FREE_ACCOUNT.email;
const PRO = PRO_ACCOUNT.email;
const SYMBOL = 'AAPL';
const ALERT_SYMBOL = 'NVDA';
const PLAN_LIMIT_MESSAGE = 'Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.';

// The demo members' lists, alerts, filters and sign-ins change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
const tokens: Record<string, string> = {};

async function api(as: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return res.json() as Promise<any>;
}

async function listsOf(as: string): Promise<{ id: string; name: string; cash: number; items: any[] }[]> {
  return (await api(as, '/earnings/lists?includeItems=true')).lists;
}

async function clearLists(as: string) {
  for (const list of await listsOf(as)) await api(as, `/earnings/lists/${list.id}`, { method: 'DELETE' });
}

/** ?token= signs the user in for that visit (SPEC §2). */
const as = (email: string, path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${tokens[email]}`;

/** Waits for the toast saying `text` (one toast at a time: a new one replaces the last, SPEC §2). */
async function expectToast(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Polls the server until `check` holds (list changes are optimistic: the UI moves before the server answers). */
async function eventually(check: () => Promise<boolean>, timeout = 10_000) {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the server never reached the expected state');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Opens My Stocks signed in and waits until the lists (or their absence) show. */
async function openMyStocks(page: Page, email: string) {
  await page.goto(as(email, '/my-stocks'));
  // Other builds of the shared tree replace the served app for a moment: a 404 page is retried, not a failure.
  for (let attempt = 0; attempt < 5 && (await page.title()).includes('404'); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await page.goto(as(email, '/my-stocks'));
  }
  try {
    await page.locator('[data-testid="list-panel"], :text("No lists yet")').first().waitFor({ timeout: 15_000 });
  } catch (error) {
    await screenshot(page, 'list-modals-debug');
    throw new Error(`My Stocks did not load: ${(await page.locator('body').innerText()).slice(0, 600)}`, {
      cause: error,
    });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  tokens[FREE] = await idToken(FREE_ACCOUNT);
  tokens[PRO] = await idToken(PRO_ACCOUNT);
  await clearLists(FREE);
  await clearLists(PRO);
  await api(PRO, `/earnings/alerts/${ALERT_SYMBOL}`, { method: 'DELETE' });
  await api(PRO, `/earnings/alerts/${SYMBOL}`, { method: 'DELETE' });
});
afterAll(async () => {
  await browser?.close();
});

describe('free user', () => {
  it('creates a list in the create-list modal; a second list opens the upgrade modal instead', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await openMyStocks(page, FREE);
    await page.getByText('No lists yet').waitFor();
    await page.getByTestId('new-list').click();
    const modal = page.getByTestId('modal-createList');
    await modal.getByTestId('list-name').fill('Watchlist');
    await modal.getByTestId('list-cash').fill('250');
    await modal.getByTestId('create-list').click();
    expect(await toast(page)).toBe('Created Watchlist');
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Watchlist' }).waitFor();
    expect((await listsOf(FREE)).map((list) => [list.name, list.cash])).toEqual([['Watchlist', 250]]);

    await page.getByTestId('new-list').click();
    await page.getByTestId('modal-upgrade').waitFor();
    expect(await page.getByTestId('modal-createList').count()).toBe(0);
    // The upgrade modal's content loads lazily: the screenshot shows it, not the spinner.
    await page.getByTestId('modal-upgrade').getByRole('progressbar').waitFor({ state: 'detached' });
    await screenshot(page, 'list-modals-free-upgrade-desktop-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers the server's plan-limit refusal with its message and the upgrade modal on top", async () => {
    await clearLists(FREE);
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, FREE);
    await page.getByText('No lists yet').waitFor();
    // Another tab (here: the API) makes the one list this page does not know about yet.
    await api(FREE, '/earnings/lists', { method: 'POST', body: JSON.stringify({ name: 'Elsewhere' }) });
    await page.getByTestId('new-list').click();
    const modal = page.getByTestId('modal-createList');
    await modal.getByTestId('list-name').fill('Second');
    await modal.getByTestId('create-list').click();
    await modal.getByText(PLAN_LIMIT_MESSAGE).waitFor();
    await page.getByTestId('modal-upgrade').waitFor();
    expect((await listsOf(FREE)).map((list) => list.name)).toEqual(['Elsewhere']);
    await context.close();
  });
});

describe('pro user', () => {
  it('creates two lists in the create-list modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    await page.getByText('No lists yet').waitFor();
    for (const name of ['Growth', 'Income']) {
      await page.getByTestId('new-list').click();
      const modal = page.getByTestId('modal-createList');
      await modal.getByTestId('list-name').fill(name);
      await modal.getByTestId('create-list').click();
      await modal.waitFor({ state: 'detached' });
      // The new list is the one shown.
      await page.getByRole('tab', { name, selected: true }).waitFor();
    }
    expect(await page.getByTestId('modal-upgrade').count()).toBe(0);
    expect((await listsOf(PRO)).map((list) => list.name)).toEqual(['Growth', 'Income']);
    await context.close();
  });

  it('moves a symbol from one list to another in the list-select modal (from the symbol page)', async () => {
    const [growth] = await listsOf(PRO);
    await api(PRO, `/earnings/lists/${growth?.id}/items`, {
      method: 'POST',
      body: JSON.stringify({ symbol: SYMBOL, quantity: 3 }),
    });
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(as(PRO, `/quote/${SYMBOL}`));
    const button = page.getByTestId('add-to-list');
    await page.waitForSelector('[data-testid="add-to-list"]:not([disabled])');
    expect((await button.innerText()).trim()).toBe('In 1 list');
    await button.click();
    const modal = page.getByTestId('modal-listSelect');
    const growthBox = modal.getByRole('checkbox', { name: 'Growth' });
    const incomeBox = modal.getByRole('checkbox', { name: 'Income' });
    expect(await growthBox.isChecked()).toBe(true);
    expect(await incomeBox.isChecked()).toBe(false);
    await incomeBox.click();
    await expectToast(page, `Added ${SYMBOL} to Income`);
    await growthBox.click();
    await expectToast(page, `Removed ${SYMBOL} from Growth (3 shares)`);
    expect(await growthBox.isChecked()).toBe(false);
    expect(await incomeBox.isChecked()).toBe(true);
    expect(await seriousViolations(page, '[data-testid="modal-listSelect"]')).toEqual([]);
    await modal.getByTestId('list-select-done').click();
    await modal.waitFor({ state: 'detached' });
    expect((await button.innerText()).trim()).toBe('In 1 list');
    await eventually(async () => {
      const lists = await listsOf(PRO);
      return (
        JSON.stringify(lists.map((list) => [list.name, list.items.map((item) => item.symbol)])) ===
        JSON.stringify([
          ['Growth', []],
          ['Income', [SYMBOL]],
        ])
      );
    });
    await context.close();
  });

  it("edits a holding's shares and the cash in the manage-asset-list modal", async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    await page.getByRole('tab', { name: 'Income' }).click();
    await page.getByTestId('manage-list').click();
    const modal = page.getByTestId('modal-manageAssetList');
    const shares = modal.getByRole('spinbutton', { name: `Shares of ${SYMBOL}` });
    await shares.fill('7');
    await shares.press('Enter');
    const cash = modal.getByRole('spinbutton', { name: 'Cash' });
    await cash.fill('500');
    await cash.press('Enter');
    await modal.getByTestId('holding-symbol').fill('msft');
    await modal.getByTestId('holding-quantity').fill('2');
    await modal.getByTestId('add-holding').click();
    await modal.locator('[data-testid="manage-row"][data-symbol="MSFT"]').waitFor();
    await eventually(async () => {
      const income = (await listsOf(PRO)).find((list) => list.name === 'Income');
      const quantities = Object.fromEntries((income?.items ?? []).map((item) => [item.symbol, item.quantity]));
      return income?.cash === 500 && quantities[SYMBOL] === 7 && quantities.MSFT === 2;
    });
    await modal.getByRole('button', { name: 'Remove MSFT' }).click();
    await modal.locator('[data-testid="manage-row"][data-symbol="MSFT"]').waitFor({ state: 'detached' });
    expect(await seriousViolations(page, '[data-testid="modal-manageAssetList"]')).toEqual([]);
    await modal.getByTestId('manage-done').click();
    await modal.waitFor({ state: 'detached' });
    // The page behind shows the same shares.
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    expect(await row.getByRole('spinbutton', { name: 'Shares' }).inputValue()).toBe('7');
    await eventually(async () => {
      const income = (await listsOf(PRO)).find((list) => list.name === 'Income');
      return income?.items.length === 1;
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renames a list in the edit-list modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    await page.getByRole('tab', { name: 'Income' }).click();
    await page.getByTestId('edit-list').click();
    const modal = page.getByTestId('modal-editList');
    await modal.getByTestId('edit-list-name').fill('Income fund');
    await modal.getByTestId('save-list').click();
    await page.getByRole('tab', { name: 'Income fund' }).waitFor();
    await eventually(async () => (await listsOf(PRO)).some((list) => list.name === 'Income fund'));
    const income = (await listsOf(PRO)).find((list) => list.name === 'Income fund');
    expect(income?.cash).toBe(500);
    await context.close();
  });

  it('hides the holding details of one list, and remembers it (hidden details by list)', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    await page.getByRole('tab', { name: 'Income fund' }).click();
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.waitFor();
    expect(await page.getByTestId('list-cash-value').innerText()).toBe('$500.00');
    await page.getByTestId('hide-details').check();
    expect(await page.getByTestId('list-cash-value').innerText()).toBe('•••');
    expect(await page.getByTestId('list-value').innerText()).toBe('•••');
    expect(await row.getByTestId('holding-value').innerText()).toBe('•••');
    expect(await row.getByRole('spinbutton', { name: 'Shares' }).count()).toBe(0);
    // The other list keeps its details.
    await page.getByRole('tab', { name: 'Growth' }).click();
    expect(await page.getByTestId('hide-details').isChecked()).toBe(false);
    expect(await page.getByTestId('list-cash-value').innerText()).toBe('$0.00');
    // Kept in the preferences: a new visit of the same browser still hides them.
    await openMyStocks(page, PRO);
    await page.getByRole('tab', { name: 'Income fund' }).click();
    await row.waitFor();
    expect(await page.getByTestId('list-cash-value').innerText()).toBe('•••');
    await page.getByTestId('hide-details').uncheck();
    expect(await page.getByTestId('list-cash-value').innerText()).toBe('$500.00');
    await context.close();
  });

  it('deletes a list in the delete-list modal', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    await page.getByRole('tab', { name: 'Growth' }).click();
    await page.getByTestId('delete-list').click();
    const modal = page.getByTestId('modal-deleteList');
    await modal.getByText('Delete Growth?').waitFor();
    expect(await seriousViolations(page, '[data-testid="modal-deleteList"]')).toEqual([]);
    await modal.getByTestId('confirm-delete-list').click();
    await page.getByRole('tab', { name: 'Growth' }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Income fund', selected: true }).waitFor();
    await eventually(async () => (await listsOf(PRO)).length === 1);
    expect((await listsOf(PRO)).map((list) => list.name)).toEqual(['Income fund']);
    await context.close();
  });
});

describe('alert counts', () => {
  it('shows on the symbol page how many users have alerts on the symbol, one more after adding one', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto(as(PRO, `/quote/${ALERT_SYMBOL}`));
    const count = page.getByTestId('alert-count');
    await count.waitFor();
    const before = Number(await count.getAttribute('data-count'));
    const { symbols } = await api(PRO, `/earnings/alerts/counts?symbols=${ALERT_SYMBOL}`);
    expect(before).toBe(symbols[ALERT_SYMBOL]);
    await page.waitForSelector('[data-testid="add-alert"]:not([disabled])');
    await page.getByTestId('add-alert').click();
    expect(await toast(page)).toBe(`Added default alerts for ${ALERT_SYMBOL}`);
    await page.waitForSelector(`[data-testid="alert-count"][data-count="${before + 1}"]`, { timeout: 15_000 });
    expect((await count.innerText()).trim()).toBe(String(before + 1));
    await screenshot(page, 'list-modals-symbol-alert-count-desktop-light');
    await context.close();
  });

  it('shows on each list how many of its symbols are on alerts', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    const tab = page.getByRole('tab', { name: 'Income fund' });
    await tab.waitFor();
    expect(await tab.getByTestId('list-alert-count').count()).toBe(0);
    // Alerts on the list's symbol, from the My Stocks alerts panel's source: the page updates without reload.
    await api(PRO, '/earnings/alerts', { method: 'POST', body: JSON.stringify({ symbol: SYMBOL }) });
    await openMyStocks(page, PRO);
    await tab.click();
    await tab.getByTestId('list-alert-count').waitFor();
    expect(await tab.getByTestId('list-alert-count').getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('list-alerts').innerText()).toBe('1 of 1 on alerts');
    await context.close();
  });
});

describe('screenshots', () => {
  it.each(SCREENS)(
    'saves My Stocks with the manage, select and create modals (%s, %s)',
    async (viewport, colorScheme) => {
      const { context, page, errors } = await openPage(browser, baseUrl, {
        viewport: viewport as ViewportName,
        colorScheme,
      });
      expect(VIEWPORTS[viewport].width).toBe(viewport === 'desktop' ? 1440 : 390);
      await openMyStocks(page, PRO);
      await page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`).waitFor();
      await screenshot(page, `list-modals-my-stocks-${viewport}-${colorScheme}`);
      await page.getByTestId('manage-list').click();
      await page.getByTestId('modal-manageAssetList').getByTestId('manage-row').first().waitFor();
      await screenshot(page, `list-modals-manage-${viewport}-${colorScheme}`);
      await page.getByTestId('modal-manageAssetList').getByTestId('manage-done').click();
      await page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`).getByTestId('holding-lists').click();
      await page.getByTestId('modal-listSelect').getByTestId('list-select').waitFor();
      await screenshot(page, `list-modals-select-${viewport}-${colorScheme}`);
      await page.getByTestId('modal-listSelect').getByTestId('list-select-done').click();
      await page.getByTestId('new-list').click();
      await page.getByTestId('modal-createList').getByTestId('list-name').waitFor();
      await screenshot(page, `list-modals-create-${viewport}-${colorScheme}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
