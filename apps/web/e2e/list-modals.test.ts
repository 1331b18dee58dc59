/**
 * The list modals of the registry in Chromium against the real server (SPEC §2): axe on the manage-asset-list,
 * list-select and delete-list modals, and screenshots of My Stocks with the manage, select and create modals at both
 * widths in both themes. What each modal does is tested on its own screen, with the API answered by the test:
 * features/lists/*.test.tsx (create, select, manage), features/my-stocks/my-stocks-page.test.tsx (new list and the
 * plan's limit, rename, delete, hidden details, alert counts on lists), features/alerts/add-alert-button.test.tsx
 * (the symbol's alert count).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, VIEWPORTS, type ViewportName } from './browser.ts';
import { holdDuringFile, idToken, PRO as PRO_ACCOUNT, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const PRO = PRO_ACCOUNT.email;
const SYMBOL = 'AAPL';
const LIST = 'Income fund';

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
  tokens[PRO] = await idToken(PRO_ACCOUNT);
  // The pro user's one list, with cash and a holding: what the modals show.
  await clearLists(PRO);
  const list = await api(PRO, '/earnings/lists', { method: 'POST', body: JSON.stringify({ name: LIST, cash: 500 }) });
  await api(PRO, `/earnings/lists/${list.id}/items`, {
    method: 'POST',
    body: JSON.stringify({ symbol: SYMBOL, quantity: 7 }),
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility', () => {
  it('finds no serious axe violation in the manage-asset-list, list-select and delete-list modals', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await openMyStocks(page, PRO);
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.waitFor();

    await page.getByTestId('manage-list').click();
    const manage = page.getByTestId('modal-manageAssetList');
    await manage.getByTestId('manage-row').first().waitFor();
    expect(await seriousViolations(page, '[data-testid="modal-manageAssetList"]')).toEqual([]);
    await manage.getByTestId('manage-done').click();
    await manage.waitFor({ state: 'detached' });

    await row.getByTestId('holding-lists').click();
    const select = page.getByTestId('modal-listSelect');
    await select.getByRole('checkbox', { name: LIST }).waitFor();
    expect(await seriousViolations(page, '[data-testid="modal-listSelect"]')).toEqual([]);
    await select.getByTestId('list-select-done').click();
    await select.waitFor({ state: 'detached' });

    await page.getByTestId('delete-list').click();
    const remove = page.getByTestId('modal-deleteList');
    await remove.getByText(`Delete ${LIST}?`).waitFor();
    expect(await seriousViolations(page, '[data-testid="modal-deleteList"]')).toEqual([]);
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
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
