/**
 * The account flows in Chromium against the real server: create an account and confirm it with the mailed
 * code, turn on authenticator-app MFA from the profile (QR code and key; the test computes codes from the key
 * with otplib, as an authenticator app would), sign in with the code, remember a device so it skips the code,
 * forget a device, reset a forgotten password, change the password, sign out (refresh token revoked), sign out
 * everywhere, and delete the account. Screenshots of each screen at both widths in both themes.
 */
import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, SCREENS, screenshot, showAs, VIEWPORTS, type ViewportName } from './browser.ts';
import { flag, holdDuringFile, mailedCode as mailedCodeTo } from './support.ts';

const baseUrl = inject('baseUrl');

const CLIENT_ID = 'earningshub-web';
const EMAIL = `mfa.trader.${Date.now()}@example.com`;
const PASSWORDS = ['Earnings-2026!', 'Reset-Earnings-7?', 'Changed-Earnings-9#'] as const;
const VARIANTS: { viewport: ViewportName; scheme: 'light' | 'dark' }[] = [
  { viewport: 'desktop', scheme: 'light' },
  { viewport: 'desktop', scheme: 'dark' },
  { viewport: 'phone', scheme: 'light' },
  { viewport: 'phone', scheme: 'dark' },
];

// The dev flag (the readable outbox) goes on and off here: one such file at a time (locks.ts).
holdDuringFile('dev-flag');

let browser: Browser;
/** The authenticator key shown at setup, as the user's app would keep it. */
let totpSecret = '';
/** Outbox message ids already used, so each step reads a fresh code. */
const usedMessages = new Set<number>();

beforeAll(async () => {
  browser = await launchBrowser();
  // The outbox is readable while the dev flag is on (the /dev page shows it).
  await flag('dev', true);
});
afterAll(async () => {
  await flag('dev', false);
  await browser?.close();
});

/** A fresh code for the address (texts too: the local mailbox keeps them by number); each step reads a new one. */
const mailedCode = (to: string) => mailedCodeTo(to, usedMessages);

/** A code from the authenticator key; waits for a fresh 30-second window when the current one is nearly over. */
async function totpCode(): Promise<string> {
  const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (secondsLeft < 3) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
  return generate({ secret: totpSecret });
}

async function idp(target: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const refreshWith = (token: string) =>
  idp('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { REFRESH_TOKEN: token },
  });

/** The refresh token the official client stored in this page's local storage. */
const storedRefreshToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken')) ?? '';
    return localStorage.getItem(key) ?? '';
  });

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function open(
  viewport: ViewportName = 'desktop',
  scheme: 'light' | 'dark' = 'light',
  from?: BrowserContext,
): Promise<Opened> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    colorScheme: scheme,
    ...(from ? { storageState: await from.storageState() } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Screenshots of the page as it is at each width and theme (from the `from`-th) with `subject` in view, ending at
 * desktop light.
 */
async function showEach(page: Page, name: string, subject: Locator, from = 0) {
  for (const [viewport, scheme] of SCREENS.slice(from)) {
    await showAs(page, viewport, scheme);
    await subject.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

/** Refused codes and passwords are 400s the browser logs by itself; anything else is a real error. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('status of 400'));

async function signInWithPassword(page: Page, password: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

async function answerTotp(page: Page) {
  await page
    .getByLabel('Authenticator code')
    .waitFor({ timeout: 15_000 })
    .catch(async () => {
      const alerts = await page.getByRole('alert').allInnerTexts();
      throw new Error(`no authenticator-code step at ${page.url()}; alerts: ${JSON.stringify(alerts)}`);
    });
  await page.getByLabel('Authenticator code').fill(await totpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function expectSignedInHome(page: Page) {
  await page.waitForURL(`${baseUrl}/`);
  await page.getByTestId('account-button').waitFor();
}

/** Context A: the browser the account was created in (desktop, light). */
let home: Opened;

describe('authenticator-app MFA in the browser', () => {
  it('creates an account, confirms it with the mailed code and lands signed in', async () => {
    home = await open();
    const { page } = home;
    await page.goto('/create-account', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORDS[0]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Code').fill(await mailedCode(EMAIL));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expectSignedInHome(page);
    // SPEC §4 Login: how they signed in is remembered.
    expect(await page.evaluate(() => localStorage.getItem('earningshub.lastLoginProvider'))).toBe('"email"');
  });

  it('shows the profile, sets up TOTP with a QR code and a typed key, and verifies it', async () => {
    const { page } = home;
    await page.goto('/profile', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('profile-email').innerText()).toBe(EMAIL);
    await expect.poll(() => page.getByTestId('profile-plan-name').innerText()).toBe('Free');
    await expect.poll(() => page.getByTestId('mfa-status').innerText()).toBe('Off');
    // This browser is the account's one device so far.
    await expect.poll(() => page.getByTestId('device-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('device-row').first().innerText()).toContain('This device');

    await page.getByTestId('authenticator-setting').getByRole('button', { name: 'Set up' }).click();
    const qr = page.getByTestId('mfa-qr-code');
    await qr.waitFor();
    const secret = page.getByTestId('mfa-secret');
    await expect.poll(() => secret.getAttribute('data-secret')).toMatch(/^[A-Z2-7]{16,}$/);
    totpSecret = (await secret.getAttribute('data-secret')) ?? '';
    // The key is also shown for typing, in groups of four.
    expect((await secret.innerText()).replace(/\s/g, '')).toBe(totpSecret);
    expect(await qr.getAttribute('aria-label')).toContain('authenticator app');
    // The QR screen at every width and theme (the app follows both live).
    await showEach(page, 'mfa-setup', qr);

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByTestId('authenticator-setting').getByText('Code mismatch').waitFor();

    await page.getByLabel('Code from the app').fill(await totpCode());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => page.getByTestId('mfa-status').innerText()).toBe('On');
    // Kept by the account, not the page.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('mfa-status').innerText()).toBe('On');
    await showEach(page, 'profile', page.getByTestId('mfa-status'));
    expect(realErrors(home.errors)).toEqual([]);
  });

  it('signs out revoking the refresh token, then signs back in with the authenticator code', async () => {
    const { page } = home;
    const refreshToken = await storedRefreshToken(page);
    expect((await refreshWith(refreshToken)).status).toBe(200);
    await page.getByTestId('account-button').click();
    await page.getByTestId('account-menu-sign-out').click();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    // SPEC §4: the access token carries origin_jti, so sign-out revoked the refresh token.
    const refused = await refreshWith(refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('NotAuthorizedException');

    await signInWithPassword(page, PASSWORDS[0]);
    await page.getByLabel('Authenticator code').waitFor();
    await screenshot(page, 'signin-totp-desktop-light');
    await page.getByLabel('Authenticator code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid code received for user' }).waitFor();
    await answerTotp(page);
    // This browser's device was confirmed at the first sign-in, so there is nothing to choose.
    await expectSignedInHome(page);
    expect(realErrors(home.errors)).toEqual([]);
  });

  it('shows the TOTP step at every width and theme', async () => {
    const other = await open();
    try {
      await signInWithPassword(other.page, PASSWORDS[0]);
      await other.page.getByLabel('Authenticator code').waitFor();
      await showEach(other.page, 'signin-totp', other.page.getByLabel('Authenticator code'), 1);
    } finally {
      await other.context.close();
    }
  });

  it('remembers a new device after the code, which then signs in without one; a forgotten device asks again', async () => {
    const phone = await open('phone', 'light');
    try {
      await signInWithPassword(phone.page, PASSWORDS[0]);
      await answerTotp(phone.page);
      await phone.page.getByText('Remember this device?').waitFor();
      await screenshot(phone.page, 'signin-remember-device-phone-light');
      await phone.page.getByRole('button', { name: 'Remember this device' }).click();
      await phone.page.waitForURL(`${baseUrl}/`);

      await phone.page.goto('/profile', { waitUntil: 'networkidle' });
      const thisDevice = phone.page.getByTestId('device-row').filter({ hasText: 'This device' });
      await expect.poll(() => thisDevice.innerText()).toContain('Remembered');
      await phone.page.getByTestId('profile-sign-out').click();
      await phone.page.waitForURL(`${baseUrl}/`);

      // DEVICE_SRP_AUTH: the remembered device proves itself and skips the code.
      await signInWithPassword(phone.page, PASSWORDS[0]);
      await phone.page.waitForURL(`${baseUrl}/`);
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      await phone.page.getByTestId('menu-sign-out').click();

      // Forgotten from the other browser, the device is new again: the code is asked, and so is the choice.
      await home.page.goto('/profile', { waitUntil: 'networkidle' });
      const rows = home.page.getByTestId('device-row');
      await expect.poll(() => rows.count()).toBe(2);
      const remembered = rows.filter({ hasText: 'Remembered' }).filter({ hasNotText: 'Not remembered' });
      await expect.poll(() => remembered.count()).toBe(1);
      await remembered.getByRole('button', { name: 'Forget' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().innerText()).toContain('This device');

      await signInWithPassword(phone.page, PASSWORDS[0]);
      await answerTotp(phone.page);
      await phone.page.getByRole('button', { name: 'Not now' }).click();
      await phone.page.waitForURL(`${baseUrl}/`);
      expect(realErrors(phone.errors)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

describe('forgotten and changed passwords', () => {
  it('resets a forgotten password with the mailed code and signs in with the new one', async () => {
    const { context, page, errors } = await open('phone', 'dark');
    try {
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      // The address changes before the form does (its code loads meanwhile, and the sign-in form, which has an Email
      // field too, stays on screen until then): fill the field once the form that sends the code is there.
      const sendCode = page.getByRole('button', { name: 'Send code' });
      await sendCode.waitFor();
      await page.getByLabel('Email').fill(EMAIL);
      await sendCode.click();
      await page.getByLabel('Code').waitFor();
      await page.getByLabel('Code').fill(await mailedCode(EMAIL));
      await page.getByLabel('New password').fill(PASSWORDS[1]);
      await screenshot(page, 'forgot-password-phone-dark');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('button', { name: 'Go to sign in' }).click();
      await page.waitForURL(`${baseUrl}/signin`);

      await signInWithPassword(page, PASSWORDS[0]);
      await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
      await signInWithPassword(page, PASSWORDS[1]);
      await answerTotp(page);
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(realErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the password from the profile; the old one no longer signs in', async () => {
    const { page } = home;
    await page.goto('/profile', { waitUntil: 'networkidle' });
    // Home's session is from before the reset; tokens stay valid until they expire or are revoked.
    await page.getByRole('button', { name: 'Change password' }).click();
    const modal = page.getByTestId('modal-changePassword');
    await modal.getByLabel('Current password').fill(PASSWORDS[0]);
    await modal.getByLabel('New password').fill(PASSWORDS[2]);
    await modal.getByRole('button', { name: 'Change password' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
    await modal.getByLabel('Current password').fill(PASSWORDS[1]);
    await modal.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    await modal.waitFor({ state: 'detached' });

    const password = await idp('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: EMAIL, PASSWORD: PASSWORDS[1] },
    });
    expect(password.body.__type).toBe('NotAuthorizedException');
    const changed = await idp('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: EMAIL, PASSWORD: PASSWORDS[2] },
    });
    expect(changed.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('changing the email', () => {
  it('sends a code to the new address and, once confirmed, the profile shows it', async () => {
    const { page } = home;
    const newEmail = `moved.${EMAIL}`;
    await page.goto('/profile', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Change email' }).click();
    const modal = page.getByTestId('modal-changeEmail');
    await modal.getByLabel('New email').fill(newEmail);
    await modal.getByRole('button', { name: 'Send code' }).click();
    await modal.getByLabel('Code').fill('000000');
    await modal.getByRole('button', { name: 'Confirm new email' }).click();
    // The refusal, not the local mailbox's link (also an alert, shown once the code is sent).
    await modal
      .getByRole('alert')
      .filter({ hasText: /invalid verification code/i })
      .waitFor();
    await modal.getByLabel('Code').fill(await mailedCode(newEmail));
    await modal.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByText(`Your email is now ${newEmail}.`).waitFor();
    await expect.poll(() => page.getByTestId('profile-email').innerText()).toBe(newEmail);
    // The identity token was refreshed with the new address.
    const claim = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken')) ?? '';
      const payload = (localStorage.getItem(key) ?? '').split('.')[1] ?? '';
      return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).email;
    });
    expect(claim).toBe(newEmail);
    expect(realErrors(home.errors)).toEqual([]);
  });
});

describe('two second factors', () => {
  it('lets the user choose between the app and a texted code (SELECT_MFA_TYPE, then SMS_MFA)', async () => {
    const phoneNumber = '+15555550123';
    const accessToken = await home.page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken')) ?? '';
      return localStorage.getItem(key) ?? '';
    });
    // A verified phone number and both factors on, neither preferred: the provider asks which one to use.
    await idp('UpdateUserAttributes', {
      AccessToken: accessToken,
      UserAttributes: [{ Name: 'phone_number', Value: phoneNumber }],
    });
    const verified = await idp('VerifyUserAttribute', {
      AccessToken: accessToken,
      AttributeName: 'phone_number',
      Code: await mailedCode(phoneNumber),
    });
    expect(verified.status).toBe(200);
    const preference = await idp('SetUserMFAPreference', {
      AccessToken: accessToken,
      SMSMfaSettings: { Enabled: true, PreferredMfa: false },
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
    });
    expect(preference.status).toBe(200);

    const { context, page, errors } = await open('phone', 'light');
    try {
      await signInWithPassword(page, PASSWORDS[2]);
      await page.getByText('How would you like to confirm it’s you?').waitFor();
      await screenshot(page, 'signin-mfa-choice-phone-light');
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await page.getByText('We texted a code to +*******0123.').waitFor();
      await page.getByLabel('Text message code').fill(await mailedCode(phoneNumber));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(realErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
    // The app preferred again: the next sign-ins ask for its code directly.
    const restored = await idp('SetUserMFAPreference', {
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(restored.status).toBe(200);
  });
});

describe('ending sessions and the account', () => {
  it('signs out everywhere: the other browser’s refresh token stops working', async () => {
    const other = await open('desktop', 'dark');
    try {
      // The other browser signs in from the sign-in modal, which the sign-in removes (SPEC §4 Login).
      await other.page.goto('/about', { waitUntil: 'networkidle' });
      await other.page.getByRole('button', { name: 'Sign in' }).first().click();
      const modal = other.page.getByTestId('modal-signIn');
      await modal.getByLabel('Email').fill(EMAIL);
      await modal.getByLabel('Password').fill(PASSWORDS[2]);
      await modal.locator('form').getByRole('button', { name: 'Sign in' }).click();
      await answerTotp(other.page);
      await screenshot(other.page, 'signin-modal-remember-desktop-dark');
      await modal.getByRole('button', { name: 'Not now' }).click();
      await modal.waitFor({ state: 'detached' });
      await other.page.getByTestId('account-button').waitFor();
      expect(new URL(other.page.url()).pathname).toBe('/about');
      const otherRefresh = await storedRefreshToken(other.page);
      expect((await refreshWith(otherRefresh)).status).toBe(200);

      await home.page.goto('/profile', { waitUntil: 'networkidle' });
      await home.page.getByTestId('profile-sign-out-everywhere').click();
      await home.page.waitForURL(`${baseUrl}/`);
      await home.page.getByRole('button', { name: 'Sign in' }).first().waitFor();
      expect((await refreshWith(otherRefresh)).body.__type).toBe('NotAuthorizedException');
    } finally {
      await other.context.close();
    }
  });

  it('deletes the account after confirmation; it can no longer sign in', async () => {
    const { page } = home;
    await signInWithPassword(page, PASSWORDS[2]);
    await answerTotp(page);
    await expectSignedInHome(page);
    await page.goto('/profile', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Delete account' }).click();
    const modal = page.getByTestId('modal-deleteAccount');
    const confirm = modal.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await modal.getByLabel('I understand that my account and its data will be deleted').check();
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await screenshot(page, 'delete-account-desktop-light');
    await confirm.click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Your account was deleted.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(false);

    const gone = await idp('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: EMAIL, PASSWORD: PASSWORDS[2] },
    });
    expect(gone.body.__type).toBe('NotAuthorizedException');
    expect(realErrors(home.errors)).toEqual([]);
    await home.context.close();
  });
});

describe('the sign-in page', () => {
  it('offers Google (configured) and not Apple (not configured), and the SPEC messages, at every width and theme', async () => {
    for (const { viewport, scheme } of VARIANTS) {
      const { context, page, errors } = await open(viewport, scheme);
      try {
        await page.goto('/signin', { waitUntil: 'networkidle' });
        await page.getByTestId('continue-with-google').waitFor();
        // The suite's server federates Google only: a provider that is not configured is not offered.
        expect(await page.getByTestId('continue-with-apple').count()).toBe(0);
        await screenshot(page, `signin-${viewport}-${scheme}`);
        await page.getByLabel('Email').fill(EMAIL);
        await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('PASSWORD parameter is required').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('sends Continue with Google to the hosted UI with PKCE and the SPEC scopes', async () => {
    const { context, page } = await open();
    try {
      const seen: { authorize: URL | null } = { authorize: null };
      await page.route('**/idp/oauth2/authorize**', async (route) => {
        seen.authorize = new URL(route.request().url());
        await route.fulfill({ status: 204 });
      });
      await page.goto('/signin', { waitUntil: 'networkidle' });
      await page.getByTestId('continue-with-google').click();
      await expect.poll(() => seen.authorize?.searchParams.get('identity_provider')).toBe('Google');
      const params = seen.authorize?.searchParams;
      expect(params?.get('response_type')).toBe('code');
      expect(params?.get('client_id')).toBe(CLIENT_ID);
      expect(params?.get('redirect_uri')).toBe(`${baseUrl}/signin`);
      expect(params?.get('scope')).toBe('email openid profile aws.cognito.signin.user.admin');
      expect(params?.get('code_challenge_method')).toBe('S256');
      expect(params?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params?.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await context.close();
    }
  });
});
