/**
 * Sign-up for people to look at (`npm run screenshots`; CI takes none): the code step with its local mailbox notice
 * and the mailbox holding the code, each at both widths in both themes without loading again, and the refusal an
 * email that signs in with Google meets. What they must do is asserted by sign-up-mailbox.test.ts and
 * src/features/auth/sign-up-choices.test.tsx.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { holdDuringFile, NEW_PASSWORD } from './support.ts';

const baseUrl = inject('baseUrl');
// A local OpenID provider stands in for Google (global-setup.ts); never the real one.
const google = inject('googleAccounts');

// The mailbox opens with the dev flag off: no file may turn it on meanwhile (locks.ts).
holdDuringFile('dev-flag');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shootEach(page: Page, name: string) {
  for (const [viewport, scheme] of SCREENS) {
    await showAs(page, viewport, scheme);
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
}

describe('sign-up', () => {
  it('the code step and the local mailbox', async () => {
    const email = `screens.newcomer.${Date.now()}@example.com`;
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/create-account', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const link = page.getByRole('link', { name: 'Open the mailbox' });
      await link.waitFor();
      await shootEach(page, 'sign-up-code-step');
      await showAs(page, 'desktop', 'light');
      const [mailbox] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await mailbox.waitForLoadState('networkidle');
      await mailbox.getByTestId('mailbox-message').filter({ hasText: email }).first().waitFor();
      await shootEach(mailbox, 'dev-mail');
    } finally {
      await context.close();
    }
  });

  it('an email that signs in with Google, sent back to Google', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      // Their first visit: Continue with Google creates the account.
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByTestId('continue-with-google').click();
      await page.waitForURL((url) => url.origin !== baseUrl);
      await page.locator('input[name="login"]').fill(google.googleOnly.login);
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(`${baseUrl}/`);
    } finally {
      await context.close();
    }
    const later = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await later.page.goto('/create-account', { waitUntil: 'networkidle' });
      await later.page.getByLabel('Email').fill(google.googleOnly.email);
      await later.page.getByLabel('Password').fill(NEW_PASSWORD);
      await later.page.getByRole('button', { name: 'Create account' }).click();
      await later.page.getByRole('alert').filter({ hasText: 'It signs in with Google' }).waitFor();
      await screenshot(later.page, 'sign-up-google-only-phone-light');
    } finally {
      await later.context.close();
    }
  });
});
