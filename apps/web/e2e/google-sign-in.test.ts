import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, screenshot } from './browser.ts';
import { FREE, holdDuringFile } from './support.ts';

const baseUrl = inject('baseUrl');
// A local OpenID provider stands in for Google (apps/web/e2e/global-setup.ts); never the real one.
const google = inject('googleAccounts');

// The demo members' lists, alerts, filters and sign-ins change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The stand-in's development login form: the login is the person's id there, any password. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin !== baseUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

/**
 * Console errors of our own pages. The stand-in provider's login page asks for a web font and a favicon it cannot
 * have here; those are its errors, not the product's.
 */
function ourErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.location().url.startsWith(baseUrl)) errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The user the official client stored after sign-in (its LastAuthUser key). */
const storedUser = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.LastAuthUser'))?.[1] ?? null);

describe('Continue with Google', () => {
  it('signs a newcomer in through the provider and ends signed in on the product home', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const errors = ourErrors(page);
    try {
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByTestId('continue-with-google').click();
      await signInAtProvider(page, google.newcomer);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByTestId('account-button').waitFor();
      expect(await storedUser(page)).toBe(`google_${google.newcomer}`);
      await screenshot(page, 'google-sign-in-desktop-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links an existing account with the same verified email: the first answer is retried and signs it in', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const errors = ourErrors(page);
    try {
      const tokenCalls: number[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('/idp/oauth2/token')) tokenCalls.push(res.status());
      });
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByTestId('continue-with-google').click();
      await signInAtProvider(page, google.demoFree);
      // The identity provider answers "Already found an entry for username Google_…"; the app retries by itself
      // (SPEC §4) and the provider, already signed in, sends the person straight back.
      await page.waitForURL(`${baseUrl}/`);
      await page.getByTestId('account-button').waitFor();
      // Signed in as the existing demo account, not as a new Google user.
      expect(await storedUser(page)).toBe(FREE.email);
      expect(tokenCalls).toEqual([200]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
