import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, holdDuringFile } from './support.ts';

const baseUrl = inject('baseUrl');
const google = inject('googleAccounts');

// The mailbox must open with the dev flag off: no file may turn it on meanwhile (locks.ts).
holdDuringFile('dev-flag');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Earnings-2026!';

/** The user the official client stored after sign-in (its LastAuthUser key). */
const storedUser = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.LastAuthUser'))?.[1] ?? null);

describe('a newcomer on a fresh install', () => {
  it('creates an account with the code from the local mailbox, opened from the code step, no dev flag set', async () => {
    const flags = await api<{ flags: { dev?: { enabled: boolean } } }>('/core/flags?flags=dev');
    expect(flags.flags.dev?.enabled).toBe(false);
    const email = `newcomer.${Date.now()}@example.com`;
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/create-account', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const link = page.getByRole('link', { name: 'Open the mailbox' });
      await link.waitFor();
      expect(await page.getByTestId('local-mailbox-link').innerText()).toContain('Running locally?');
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `sign-up-code-step-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');

      const [mailbox] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await mailbox.waitForLoadState('networkidle');
      expect(new URL(mailbox.url()).pathname).toBe('/dev/mail');
      const message = mailbox.getByTestId('mailbox-message').filter({ hasText: email }).first();
      await message.waitFor();
      expect(await message.innerText()).toContain('Confirm your account');
      // Newest first: the message just sent heads the list.
      expect(await mailbox.getByTestId('mailbox-message').first().innerText()).toContain(email);
      const code = (await message.getByTestId('mailbox-code').innerText()).trim();
      expect(code).toMatch(/^\d{6}$/);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(mailbox, viewport, scheme);
        await screenshot(mailbox, `dev-mail-${viewport}-${scheme}`);
      }
      await mailbox.close();

      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await expect.poll(() => storedUser(page)).toBe(email);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('sign-in choices', () => {
  it('offer Google (configured) and not Apple (not configured), and never name a setting', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      for (const path of ['/signin', '/create-account']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByTestId('continue-with-google').waitFor();
        expect(await page.getByTestId('continue-with-apple').count()).toBe(0);
        expect(await page.getByText('or with email').count()).toBe(1);
        const text = await page.locator('body').innerText();
        expect(text).not.toContain('GOOGLE_CLIENT_ID');
        expect(text).not.toContain('APPLE_');
        // Not configured, so not promised anywhere on the page either.
        expect(text).not.toContain('Apple');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('send someone whose email signs in with Google back to Google instead of making a second account', async () => {
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
      await expect.poll(() => storedUser(page)).toBe(`google_${google.googleOnly.login}`);
    } finally {
      await context.close();
    }
    const later = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await later.page.goto('/create-account', { waitUntil: 'networkidle' });
      await later.page.getByLabel('Email').fill(google.googleOnly.email);
      await later.page.getByLabel('Password').fill(PASSWORD);
      await later.page.getByRole('button', { name: 'Create account' }).click();
      const alert = later.page.getByRole('alert').filter({ hasText: 'It signs in with Google' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain('use Continue with Google');
      await screenshot(later.page, 'sign-up-google-only-phone-light');
    } finally {
      await later.context.close();
    }
  });
});
