import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { holdDuringFile, idToken, newAccount, NEW_PASSWORD as PASSWORD, PRO, seriousViolations } from './support.ts';

holdDuringFile('demo-accounts');

const baseUrl = inject('baseUrl');
const PICKS = ['AAPL', 'MSFT', 'NVDA'];

async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Signs in with the form on /signin, as a person does (no `?token=` link). */
async function signIn(page: Page, email: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The onboarding record the account's settings hold now. */
async function savedOnboarding(token: string) {
  const { settings } = await call<{ settings: { onboarding?: { status: string; step: number } } }>(
    token,
    '/core/users/me/settings',
  );
  return settings.onboarding;
}

describe('onboarding', () => {
  it('a new account picks 3 stocks, makes its list, turns alerts on, picks dark; never shown again', async () => {
    const { email } = await newAccount('onboarding');
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await signIn(page, email);
      const modal = page.getByTestId('modal-onboarding');
      await modal.getByTestId('onboarding').waitFor({ timeout: 20_000 });
      expect(await modal.getByTestId('onboarding').getAttribute('data-step')).toBe('0');
      expect(await modal.getByTestId('onboarding-next').isDisabled()).toBe(true);

      // Step 0: three picks from the symbol search, as chips.
      const box = modal.getByRole('combobox', { name: 'Stocks' });
      for (const symbol of PICKS) {
        await box.fill(symbol);
        await page.getByRole('option').filter({ hasText: symbol }).first().click();
        await modal.locator(`[data-testid="onboarding-pick"][data-symbol="${symbol}"]`).waitFor();
      }
      expect(await modal.getByTestId('onboarding-pick').count()).toBe(3);
      await screenshot(page, 'onboarding-stocks-desktop-light');
      await modal.getByTestId('onboarding-next').click();

      // Step 1: the first list, named.
      await modal.locator('[data-step="1"]').waitFor();
      await modal.getByTestId('onboarding-list-name').fill('Tech I follow');
      await screenshot(page, 'onboarding-list-desktop-light');
      await modal.getByTestId('onboarding-make-list').click();

      // Step 2: the default alerts.
      await modal.locator('[data-step="2"]').waitFor();
      // A reload in the middle brings it back at the step it was on, once that step is saved.
      const token = await idToken({ email, password: PASSWORD });
      await expect.poll(async () => (await savedOnboarding(token))?.step).toBe(2);
      await page.reload();
      await modal.locator('[data-step="2"]').waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'onboarding-alerts-phone-light');
      await page.setViewportSize({ width: 1440, height: 900 });
      await modal.getByTestId('onboarding-alerts-on').click();

      // Step 3: the theme, applied at once.
      await modal.locator('[data-step="3"]').waitFor();
      await modal.getByTestId('onboarding-theme-dark').click();
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .not.toBe('rgb(255, 255, 255)');
      expect(await page.evaluate(() => localStorage.getItem('earningshub.theme'))).toBe('"dark"');
      expect(await seriousViolations(page, '[data-testid="modal-onboarding"]')).toEqual([]);
      await screenshot(page, 'onboarding-theme-desktop-dark');
      await modal.getByTestId('onboarding-finish').click();
      await modal.waitFor({ state: 'detached' });

      // Through the API: the list holds the three, each has its alert, onboarding is done.
      const { lists } = await call<{ lists: { name: string; items: { symbol: string }[] }[] }>(
        token,
        '/earnings/lists?includeItems=true',
      );
      expect(lists.map((list) => list.name)).toEqual(['Tech I follow']);
      expect(lists[0]?.items.map((item) => item.symbol).sort()).toEqual([...PICKS].sort());
      const { alerts } = await call<{
        alerts: { symbol: string; earningsReminder: boolean; notifyByEmail: boolean }[];
      }>(token, '/earnings/alerts');
      expect(alerts.map((alert) => alert.symbol).sort()).toEqual([...PICKS].sort());
      expect(alerts.every((alert) => alert.earningsReminder && alert.notifyByEmail)).toBe(true);
      expect((await savedOnboarding(token))?.status).toBe('done');

      // A reload: not again.
      await page.reload();
      await page.locator('html[data-onboarding="none"]').waitFor({ state: 'attached' });
      expect(await page.getByTestId('modal-onboarding').count()).toBe(0);

      // My Stocks shows the list; a holding's alerts open the alerts modal for that symbol, its alert on.
      await page.goto('/my-stocks', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Tech I follow' }).waitFor();
      await page.getByRole('button', { name: 'Alerts for MSFT', exact: true }).click();
      const alertsModal = page.getByTestId('modal-alerts');
      await alertsModal.locator('[data-testid="alert-row"][data-symbol="MSFT"]').waitFor();
      expect(await alertsModal.getByTestId('alert-row').count()).toBe(1);
      expect(await page.getByTestId('modal-onboarding').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a second new account skips at step 0 and never sees it again; screenshots and axe at step 0', async () => {
    const { email } = await newAccount('onboarding');
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await signIn(page, email);
      const modal = page.getByTestId('modal-onboarding');
      await modal.getByTestId('onboarding').waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page, '[data-testid="modal-onboarding"]')).toEqual([]);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `onboarding-start-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      await modal.getByTestId('onboarding-skip').click();
      await modal.waitFor({ state: 'detached' });
      const token = await idToken({ email, password: PASSWORD });
      await expect.poll(async () => (await savedOnboarding(token))?.status).toBe('skipped');
      // Nothing was made.
      expect((await call<{ lists: unknown[] }>(token, '/earnings/lists')).lists).toEqual([]);
      for (const path of ['/', '/my-stocks']) {
        await page.goto(path);
        await page.locator('html[data-onboarding="none"]').waitFor({ state: 'attached' });
        expect(await page.getByTestId('modal-onboarding').count()).toBe(0);
      }
      // The profile still offers it, from step 0.
      await page.goto('/profile', { waitUntil: 'networkidle' });
      await page.getByTestId('profile-onboarding').click();
      await modal.locator('[data-step="0"]').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the eight modals nothing opened', () => {
  it('each opens from where users expect it', async () => {
    const token = await idToken(PRO);
    const { alerts } = await call<{ alerts: { symbol: string }[] }>(token, '/earnings/alerts');
    // Update all alerts shows with an alert to update: one of the file's own when the account has none.
    const added = alerts.length === 0 ? 'KO' : null;
    if (added) await call(token, '/earnings/alerts', { method: 'POST', body: JSON.stringify({ symbol: added }) });
    const { context, page } = await openPage(browser, baseUrl);
    const opens = async (click: () => Promise<void>, kind: string) => {
      await click();
      const modal = page.getByTestId(`modal-${kind}`);
      await modal.waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    };
    try {
      await page.goto(`/quote/AAPL?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('alert-settings').waitFor();
      await screenshot(page, 'openers-quote-desktop-light');
      await opens(() => page.getByTestId('alert-settings').click(), 'alerts');
      await opens(() => page.getByTestId('overview-analyst-ratings').click(), 'analystRatings');
      await opens(() => page.getByTestId('overview-ehs-details').click(), 'symbolEhs');

      await page.goto('/quote/AAPL/earnings', { waitUntil: 'networkidle' });
      await opens(() => page.getByTestId('earnings-transcript-link').first().click(), 'earningsTranscript');
      expect(new URL(page.url()).pathname).toBe('/quote/AAPL/earnings');

      // A `?token=` sign-in lasts one visit: the link again.
      await page.goto(`/my-stocks?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('alerts-update-all').waitFor();
      await screenshot(page, 'openers-my-stocks-desktop-light');
      await opens(() => page.getByTestId('manage-alerts').click(), 'manageAlerts');
      await opens(() => page.getByTestId('alerts-update-all').click(), 'updateAllAlerts');

      await opens(() => page.locator('footer').getByRole('link', { name: 'Terms' }).click(), 'termsOfService');
      await opens(() => page.locator('footer').getByRole('link', { name: 'Privacy' }).click(), 'privacyPolicy');
      expect(new URL(page.url()).pathname).toBe('/my-stocks');
    } finally {
      await context.close();
      if (added) await call(token, `/earnings/alerts/${added}`, { method: 'DELETE' });
    }
    // The sign-up form, signed out.
    const second = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const page = second.page;
      await page.goto('/create-account', { waitUntil: 'networkidle' });
      const agreement = page.getByTestId('sign-up-agreement');
      await agreement.waitFor();
      await screenshot(page, 'openers-sign-up-phone-light');
      for (const [name, kind] of [
        ['Terms of service', 'termsOfService'],
        ['Privacy policy', 'privacyPolicy'],
      ] as const) {
        await agreement.getByRole('button', { name }).click();
        const modal = page.getByTestId(`modal-${kind}`);
        await modal.waitFor();
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'detached' });
      }
    } finally {
      await second.context.close();
    }
  });
});
