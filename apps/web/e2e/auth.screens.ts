/**
 * The sign-in page, the profile's authenticator set-up and the authenticator step of sign-in, for people to look at
 * (`npm run screenshots`; CI takes none): one browser signs an account of its own through them, and each screen is
 * shown at both widths in both themes without loading it again. What they show is checked in auth-mfa.test.ts and
 * src/features/auth/sign-in-form.test.tsx.
 */
import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { type Account, flag, holdDuringFile, newAccount } from './support.ts';

const baseUrl = inject('baseUrl');

// The dev flag (the readable outbox, for the new account's code) goes on and off here: one such file at a time.
holdDuringFile('dev-flag');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let account: Account;
/** The authenticator key shown at setup, as the user's app would keep it. */
let totpSecret = '';

beforeAll(async () => {
  browser = await fileBrowser();
  await flag('dev', true);
  try {
    account = await newAccount('screens.mfa');
  } finally {
    await flag('dev', false);
  }
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The page at each width and theme with `subject` in view, ending at desktop light. */
async function showEach(name: string, subject: Locator) {
  for (const [viewport, scheme] of SCREENS) {
    await showAs(page, viewport, scheme);
    await subject.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

async function signIn(password: string) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

describe('sign-in and the authenticator app', () => {
  it('the sign-in page, with Google offered', async () => {
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await showEach('signin', page.getByTestId('continue-with-google'));
  });

  it('the authenticator set-up on the profile, then the profile with it on', async () => {
    await signIn(account.password);
    await page.waitForURL(`${baseUrl}/`);
    // A new account meets onboarding (onboarding.test.ts walks it): skipped here.
    await page.getByTestId('onboarding-skip').click();
    await page.getByTestId('modal-onboarding').waitFor({ state: 'detached' });
    await navigateInApp(page, '/profile');
    await page.getByTestId('authenticator-setting').getByRole('button', { name: 'Set up' }).click();
    const qr = page.getByTestId('mfa-qr-code');
    await qr.waitFor();
    const secret = page.getByTestId('mfa-secret');
    await expect.poll(() => secret.getAttribute('data-secret')).toMatch(/^[A-Z2-7]{16,}$/);
    totpSecret = (await secret.getAttribute('data-secret')) ?? '';
    await showEach('mfa-setup', qr);
    await page.getByLabel('Code from the app').fill(await generate({ secret: totpSecret }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => page.getByTestId('mfa-status').innerText()).toBe('On');
    await showEach('profile', page.getByTestId('mfa-status'));
  });

  it('the authenticator step of sign-in', async () => {
    await page.getByTestId('account-button').click();
    await page.getByTestId('account-menu-sign-out').click();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await navigateInApp(page, '/signin');
    await signIn(account.password);
    const code = page.getByLabel('Authenticator code');
    await code.waitFor();
    await showEach('signin-totp', code);
  });
});
