/**
 * Sign up → onboarding, once, in Chromium against the real server: a new account signs in with the form, picks
 * three stocks, makes its first list of them (a reload in the middle resumes at the saved step), turns their alerts
 * on and picks dark; the list, the alerts and the record are the server's, and onboarding does not come back. Then
 * what it made, where the reader finds it: My Stocks (axe on its list modals), a holding's alerts, the /welcome
 * checklist (axe). One page for the whole journey. Each screen on its own is tested with the API answered by the
 * test: features/onboarding/onboarding-modal.test.tsx (skip, resume, opening by itself or not),
 * features/welcome/welcome-page.test.tsx, features/lists/*.test.tsx, app/modals/modal-openers.test.tsx (the modals
 * opened from the symbol page, My Stocks, the footer and the sign-up form). Screenshots: onboarding.screens.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage } from './browser.ts';
import { idToken, newAccount, NEW_PASSWORD as PASSWORD, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const PICKS = ['AAPL', 'MSFT', 'NVDA'];
const LIST = 'Tech I follow';

async function call<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The onboarding record the account's settings hold now. */
async function savedOnboarding(token: string) {
  const { settings } = await call<{ settings: { onboarding?: { status: string; step: number } } }>(
    token,
    '/core/users/me/settings',
  );
  return settings.onboarding;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a new account', () => {
  let email: string;
  let token: string;

  it('signs in with the form and meets onboarding at its first step', async () => {
    ({ email } = await newAccount('onboarding'));
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByTestId('modal-onboarding');
    await modal.getByTestId('onboarding').waitFor({ timeout: 20_000 });
    expect(await modal.getByTestId('onboarding').getAttribute('data-step')).toBe('0');
    expect(await modal.getByTestId('onboarding-next').isDisabled()).toBe(true);
    expect(await seriousViolations(page, '[data-testid="modal-onboarding"]')).toEqual([]);
    token = await idToken({ email, password: PASSWORD });
  });

  it('picks three stocks, makes its list, and after a reload goes on at the step it saved', async () => {
    const modal = page.getByTestId('modal-onboarding');
    const box = modal.getByRole('combobox', { name: 'Stocks' });
    for (const symbol of PICKS) {
      await box.fill(symbol);
      await page.getByRole('option').filter({ hasText: symbol }).first().click();
      await modal.locator(`[data-testid="onboarding-pick"][data-symbol="${symbol}"]`).waitFor();
    }
    expect(await modal.getByTestId('onboarding-pick').count()).toBe(3);
    await modal.getByTestId('onboarding-next').click();

    await modal.locator('[data-step="1"]').waitFor();
    await modal.getByTestId('onboarding-list-name').fill(LIST);
    await modal.getByTestId('onboarding-make-list').click();
    await modal.locator('[data-step="2"]').waitFor();
    await expect.poll(async () => (await savedOnboarding(token))?.step).toBe(2);
    await page.reload();
    await modal.locator('[data-step="2"]').waitFor();
  });

  it('turns the alerts on, picks dark (applied at once) and finishes; the server holds what it made', async () => {
    const modal = page.getByTestId('modal-onboarding');
    await modal.getByTestId('onboarding-alerts-on').click();
    await modal.locator('[data-step="3"]').waitFor();
    await modal.getByTestId('onboarding-theme-dark').click();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => localStorage.getItem('earningshub.theme'))).toBe('"dark"');
    expect(await seriousViolations(page, '[data-testid="modal-onboarding"]')).toEqual([]);
    await modal.getByTestId('onboarding-finish').click();
    await modal.waitFor({ state: 'detached' });

    const { lists } = await call<{ lists: { name: string; items: { symbol: string }[] }[] }>(
      token,
      '/earnings/lists?includeItems=true',
    );
    expect(lists.map((list) => list.name)).toEqual([LIST]);
    expect(lists[0]?.items.map((item) => item.symbol).sort()).toEqual([...PICKS].sort());
    const { alerts } = await call<{
      alerts: { symbol: string; earningsReminder: boolean; notifyByEmail: boolean }[];
    }>(token, '/earnings/alerts');
    expect(alerts.map((alert) => alert.symbol).sort()).toEqual([...PICKS].sort());
    expect(alerts.every((alert) => alert.earningsReminder && alert.notifyByEmail)).toBe(true);
    await expect.poll(async () => (await savedOnboarding(token))?.status).toBe('done');

    // A reload: not again.
    await page.reload();
    await page.locator('html[data-onboarding="none"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('modal-onboarding').count()).toBe(0);
  });

  it('finds its list on My Stocks, with the list modals and a holding’s alerts', async () => {
    await navigateInApp(page, '/my-stocks');
    await page.getByRole('tab', { name: LIST }).waitFor();
    const row = page.locator('[data-testid="holding-row"][data-symbol="MSFT"]');
    await row.waitFor();

    await page.getByTestId('manage-list').click();
    const manage = page.getByTestId('modal-manageAssetList');
    await manage.getByTestId('manage-row').first().waitFor();
    expect(await manage.getByTestId('manage-row').count()).toBe(PICKS.length);
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

    // The holding's alerts open the alerts modal for that symbol, its alert on.
    await row.getByRole('button', { name: 'Alerts for MSFT', exact: true }).click();
    const alertsModal = page.getByTestId('modal-alerts');
    await alertsModal.locator('[data-testid="alert-row"][data-symbol="MSFT"]').waitFor();
    expect(await alertsModal.getByTestId('alert-row').count()).toBe(1);
    await page.keyboard.press('Escape');
    await alertsModal.waitFor({ state: 'detached' });
  });

  it('reads on /welcome what onboarding made', async () => {
    await navigateInApp(page, '/welcome');
    const step = async (id: string, says: string) => {
      const element = page.getByTestId(`welcome-step-${id}`);
      await expect.poll(() => element.getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
      expect(await element.innerText()).toContain(says);
    };
    await step('list', `${PICKS.length} stocks in 1 list.`);
    await step('alerts', `On for ${PICKS.length} stocks.`);
    await step('theme', 'Dark, your choice.');
    expect(await page.getByTestId('welcome-step-plan').getAttribute('data-done')).toBe('false');
    expect(await page.getByTestId('welcome-onboarding').textContent()).toBe('Set up again');
    // The page (the navigation's account button of a nameless account is not this file's: reported apart).
    expect(await seriousViolations(page, 'main')).toEqual([]);
    expect(await page.getByTestId('modal-onboarding').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
