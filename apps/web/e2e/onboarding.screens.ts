/**
 * The sign-up form and each step of onboarding for people to look at (`npm run screenshots`; CI takes none): a new
 * account of its own walks it on one page, the first step at both widths in both themes, the others as a reader
 * meets them. What they do is tested in onboarding.test.ts and features/onboarding/*.test.tsx.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { newAccount, NEW_PASSWORD as PASSWORD } from './support.ts';

const baseUrl = inject('baseUrl');
const PICKS = ['AAPL', 'MSFT', 'NVDA'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('onboarding', () => {
  it('the sign-up form, then each step', async () => {
    await page.goto('/create-account', { waitUntil: 'networkidle' });
    await page.getByTestId('sign-up-agreement').waitFor();
    await showAs(page, 'phone', 'light');
    await screenshot(page, 'openers-sign-up-phone-light');
    await showAs(page, 'desktop', 'light');

    const { email } = await newAccount('onboarding-screens');
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByTestId('modal-onboarding');
    await modal.getByTestId('onboarding').waitFor({ timeout: 20_000 });
    for (const [viewport, scheme] of SCREENS) {
      await showAs(page, viewport, scheme);
      await screenshot(page, `onboarding-start-${viewport}-${scheme}`);
    }
    await showAs(page, 'desktop', 'light');

    const box = modal.getByRole('combobox', { name: 'Stocks' });
    for (const symbol of PICKS) {
      await box.fill(symbol);
      await page.getByRole('option').filter({ hasText: symbol }).first().click();
      await modal.locator(`[data-testid="onboarding-pick"][data-symbol="${symbol}"]`).waitFor();
    }
    await screenshot(page, 'onboarding-stocks-desktop-light');
    await modal.getByTestId('onboarding-next').click();
    await modal.locator('[data-step="1"]').waitFor();
    await modal.getByTestId('onboarding-list-name').fill('Tech I follow');
    await screenshot(page, 'onboarding-list-desktop-light');
    await modal.getByTestId('onboarding-make-list').click();
    await modal.locator('[data-step="2"]').waitFor();
    await showAs(page, 'phone', 'light');
    await screenshot(page, 'onboarding-alerts-phone-light');
    await showAs(page, 'desktop', 'light');
    await modal.getByTestId('onboarding-alerts-on').click();
    await modal.locator('[data-step="3"]').waitFor();
    await modal.getByTestId('onboarding-theme-dark').click();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(255, 255, 255)');
    await screenshot(page, 'onboarding-theme-desktop-dark');
  }, 120_000);
});
