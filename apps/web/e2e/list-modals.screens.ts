/**
 * My Stocks with the manage-asset-list, list-select and create-list modals for people to look at (`npm run
 * screenshots`; CI takes none), at both widths in both themes, on one page: the pro member's one list, with cash and
 * a holding. What the modals do is tested in features/lists/*.test.tsx and features/my-stocks/*.test.tsx; axe on
 * them runs in onboarding.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';
const LIST = 'Income fund';

// The pro member's lists change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let context: BrowserContext;
let page: Page;
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
  ({ context, page } = await openPage(browser, baseUrl));
  token = await idToken(PRO);
  for (const list of (await api('/earnings/lists')).lists)
    await api(`/earnings/lists/${list.id}`, { method: 'DELETE' });
  const list = await api('/earnings/lists', { method: 'POST', body: JSON.stringify({ name: LIST, cash: 500 }) });
  await api(`/earnings/lists/${list.id}/items`, {
    method: 'POST',
    body: JSON.stringify({ symbol: SYMBOL, quantity: 7 }),
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('My Stocks', () => {
  it('with the manage, select and create modals', async () => {
    await page.goto(`/my-stocks?token=${token}`, { waitUntil: 'networkidle' });
    const row = page.locator(`[data-testid="holding-row"][data-symbol="${SYMBOL}"]`);
    await row.waitFor();
    for (const [viewport, colorScheme] of SCREENS) {
      await showAs(page, viewport, colorScheme);
      await row.waitFor();
      await screenshot(page, `list-modals-my-stocks-${viewport}-${colorScheme}`);
      await page.getByTestId('manage-list').click();
      const manage = page.getByTestId('modal-manageAssetList');
      await manage.getByTestId('manage-row').first().waitFor();
      await screenshot(page, `list-modals-manage-${viewport}-${colorScheme}`);
      await manage.getByTestId('manage-done').click();
      await manage.waitFor({ state: 'detached' });
      await row.getByTestId('holding-lists').click();
      const select = page.getByTestId('modal-listSelect');
      await select.getByTestId('list-select').waitFor();
      await screenshot(page, `list-modals-select-${viewport}-${colorScheme}`);
      await select.getByTestId('list-select-done').click();
      await select.waitFor({ state: 'detached' });
      await page.getByTestId('new-list').click();
      const create = page.getByTestId('modal-createList');
      await create.getByTestId('list-name').waitFor();
      await screenshot(page, `list-modals-create-${viewport}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'detached' });
    }
  }, 120_000);
});
