/**
 * The affiliate program end to end in Chromium against the real server with test billing, one browser context per
 * person: an affiliate reads the program's page signed out, signs in there and asks to join in the affiliate modal
 * (the terms first); a super admin approves on the page; the affiliate connects a payout account (the test
 * provider's onboarding on the page itself). Then a visitor arrives by the referral link and subscribes to Pro,
 * making an account in place at the checkout; the affiliate sees the commission pending, accounted once the payment
 * settles (the settle job run with a clock through the admin call) and reversed after a refund. axe once on the
 * page, the modal and the requests section.
 *
 * What one screen does on its own is tested with the API answered by the test:
 * features/affiliates/affiliate-page.test.tsx (the program explained to a visitor with the configured rate, the
 * terms asked for before a request). The arithmetic behind the screens (the commission of a payment, settling only
 * after the refund window, the reversal, the balance and ARR) is apps/server/test/service/affiliates.test.ts. The
 * screenshots at both widths in both themes are taken only when `npm run screenshots` saves them.
 */
import { randomUUID } from 'node:crypto';
import { formatCents, REFUND_WINDOW_DAYS } from '@eh/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SAVING_SCREENSHOTS, SCREENS, screenshot, showAs } from './browser.ts';
import {
  adminToken,
  apiAs,
  idToken,
  mailedCode,
  newAccount,
  NEW_PASSWORD as PASSWORD,
  seriousViolations,
} from './support.ts';

const baseUrl = inject('baseUrl');
const PRO_YEARLY = 23988;
const DAY = 86_400_000;

/** Runs the settle job with a clock `days` ahead (the admin call the worker's hourly job stands behind). */
async function settleAfter(days: number) {
  const res = await apiAs<{ accounted: number }>(null, '/admin/affiliates/settle', {
    method: 'POST',
    body: { asOf: new Date(Date.now() + days * DAY).toISOString() },
    headers: { 'x-admin-token': adminToken() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Both widths in both themes, with `focus` (when given) scrolled into view at each width, when screenshots are being
 * saved: otherwise the page is left as it is (each variant costs a re-layout and a wait for the requests it starts).
 */
async function screens(page: Page, name: string, focus?: Locator) {
  if (!SAVING_SCREENSHOTS) return;
  for (const [viewport, scheme] of SCREENS) {
    await showAs(page, viewport, scheme);
    await focus?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

let browser: Browser;
let bossToken: string;
let partner: { email: string; id: string };
let percent = 0;
let code = '';
/** The affiliate's own browser: the page stays open from the first step to the last. */
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await fileBrowser();
  const boss = await newAccount('affiliates.boss');
  bossToken = await idToken(boss);
  // An account becomes a user of the app at its first signed-in call: only then can it be made a super admin.
  expect((await apiAs(bossToken, '/core/users/me')).status).toBe(200);
  const made = await apiAs(null, '/admin/users/super-admin', {
    method: 'PUT',
    body: { email: boss.email, superAdmin: true },
    headers: { 'x-admin-token': adminToken() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const account = await newAccount('affiliates.partner');
  const me = await apiAs<{ id: string }>(await idToken(account), '/core/users/me');
  partner = { email: account.email, id: me.body.id };
  percent = (await apiAs<{ commissionPercent: number }>(null, '/core/affiliate/program')).body.commissionPercent;
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the affiliate program', () => {
  it('an affiliate signs in on the page and asks to join in the modal, a super admin approves, the payout account is connected', async () => {
    // Signed out, the page explains the program and asks for an account; the affiliate signs in right there, with
    // the password (the stored session survives the onboarding's round trip).
    await page.goto('/affiliate-program', { waitUntil: 'networkidle' });
    const signedOut = page.getByTestId('affiliate-signed-out');
    await screens(page, 'affiliate-visitor');
    await signedOut.getByRole('button', { name: 'Sign in' }).click();
    const signIn = page.getByTestId('modal-signIn');
    await signIn.getByLabel('Email').fill(partner.email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitFor({ state: 'detached' });

    await page.getByTestId('affiliate-join-open').click();
    const modal = page.getByTestId('modal-affiliate');
    await modal.getByTestId('affiliate-join').waitFor();
    await screens(page, 'affiliate-modal-join');
    expect(await seriousViolations(page, '[data-testid="modal-affiliate"]')).toEqual([]);
    await modal.getByTestId('affiliate-terms').check();
    await modal.getByTestId('affiliate-request').click();
    await expect.poll(() => modal.getByTestId('affiliate-status').getAttribute('data-status')).toBe('requested');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });
    const membership = page.getByTestId('affiliate-membership');
    expect(await membership.getByTestId('affiliate-status').innerText()).toBe('Waiting for approval');
    // The dashboard is there from the request on, empty.
    await page.getByTestId('affiliate-commissions-empty').waitFor();
    await screens(page, 'affiliate-requested');

    // The super admin, in their own browser, decides on the page.
    const admin = await openPage(browser, baseUrl);
    try {
      await admin.page.goto(`/affiliate-program?token=${bossToken}`, { waitUntil: 'networkidle' });
      const requests = admin.page.getByTestId('affiliate-requests');
      const row = requests.locator(`[data-testid="affiliate-request-row"][data-user="${partner.id}"]`);
      await row.waitFor();
      expect(await row.innerText()).toContain(partner.email);
      await screens(admin.page, 'affiliate-requests', requests);
      expect(await seriousViolations(admin.page, '[data-testid="affiliate-requests"]')).toEqual([]);
      await row.getByTestId('affiliate-decide-approved').click();
      await expect.poll(() => row.getByTestId('affiliate-status').getAttribute('data-status')).toBe('approved');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    // Back on their page: approved, the link, then the payout account (the test provider's onboarding is this page).
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => membership.getByTestId('affiliate-status').getAttribute('data-status')).toBe('approved');
    const link = await page.getByTestId('affiliate-link').inputValue();
    code = new URL(link).searchParams.get('affiliate') ?? '';
    expect(link).toBe(`${baseUrl}/?affiliate=${code}`);
    const account = page.getByTestId('affiliate-payout-account');
    expect(await account.getByTestId('affiliate-onboarding-status').innerText()).toBe('Not connected');
    await account.getByTestId('affiliate-country').selectOption('GB');
    await account.getByTestId('affiliate-connect').click();
    await page.waitForURL(/testOnboarding=acct_test_/);
    const onboarding = page.getByTestId('affiliate-test-onboarding');
    await onboarding.waitFor();
    expect(await account.getByTestId('affiliate-onboarding-status').innerText()).toBe('Onboarding not finished');
    await screens(page, 'affiliate-test-onboarding', account);
    await onboarding.getByTestId('affiliate-test-onboarding-finish').click();
    await expect
      .poll(() => account.getByTestId('affiliate-onboarding-status').getAttribute('data-status'))
      .toBe('complete');
    expect(await account.getByTestId('affiliate-payout-ready').innerText()).toContain('United Kingdom');
    expect(new URL(page.url()).searchParams.has('testOnboarding')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a visitor by the link signs up and subscribes; the commission is pending, accounted once settled, reversed by a refund', async () => {
    expect(code).not.toBe('');
    const commission = Math.floor((PRO_YEARLY * percent) / 100);
    const email = `affiliates.visitor.${randomUUID().slice(0, 8)}@example.com`;
    const visitor = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const other = visitor.page;
      await other.goto(`/?affiliate=${code}`, { waitUntil: 'networkidle' });
      // Kept on this device, counted, and gone from the address bar.
      await expect.poll(() => other.evaluate(() => localStorage.getItem('earningshub.affiliateId'))).toBe(`"${code}"`);
      expect(await other.evaluate(() => localStorage.getItem('earningshub.affiliateVisitCount'))).toBe('1');
      expect(new URL(other.url()).searchParams.has('affiliate')).toBe(false);

      // To Pro's checkout, where an account is made in place: the checkout stays open, and the card follows.
      await navigateInApp(other, '/stripe/checkout?plan=earningshub_pro&priceType=yearly');
      const signUp = other.getByTestId('subscribe-sign-in');
      await signUp.getByTestId('subscribe-create').click();
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password').fill(PASSWORD);
      await signUp.getByRole('button', { name: 'Create account' }).click();
      await signUp.getByLabel('Code').waitFor();
      await signUp.getByLabel('Code').fill(await mailedCode(email));
      const source = other.waitForRequest(
        (r) => r.url().includes('/api/core/users/me/source') && r.method() === 'POST',
      );
      await signUp.getByRole('button', { name: 'Confirm and sign in' }).click();
      expect(JSON.parse((await source).postData() ?? '{}')).toEqual({
        signupProduct: 'earningshub',
        signupSource: 'web',
        affiliateId: code,
      });

      const flow = other.getByTestId('subscribe-flow');
      await flow.getByTestId('card-number').waitFor();
      await flow.getByTestId('card-number').fill('4242 4242 4242 4242');
      await flow.getByTestId('card-expiry').fill('12 / 30');
      await flow.getByTestId('card-cvc').fill('123');
      const subscribed = other.waitForRequest(
        (r) => r.url().endsWith('/api/core/users/me/subscription') && r.method() === 'POST',
      );
      await other.getByTestId('subscribe-pay').click();
      expect(JSON.parse((await subscribed).postData() ?? '{}')).toMatchObject({ affiliateId: code });
      await other.getByTestId('checkout-done').waitFor();
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    // The affiliate comes back to their page (still open from the first step): the commission is pending.
    const row = page.locator('[data-testid="affiliate-commission"][data-kind="commission"]');
    await page.reload({ waitUntil: 'networkidle' });
    await row.waitFor();
    expect(await row.getAttribute('data-accounting')).toBe('pending');
    expect(await row.getByTestId('affiliate-commission-amount').innerText()).toBe(formatCents(commission));
    expect(await row.innerText()).toContain(`${percent}% of ${formatCents(PRO_YEARLY)} · Pro, yearly`);
    expect(await page.getByTestId('affiliate-pending-value').innerText()).toBe(formatCents(commission));
    expect(await page.getByTestId('affiliate-available-value').innerText()).toBe(formatCents(0));
    expect(await page.getByTestId('affiliate-arr').innerText()).toBe(formatCents(PRO_YEARLY));
    await page.getByTestId('affiliate-arr-chart').locator('canvas').first().waitFor();
    expect(await page.getByTestId('affiliate-account').innerText()).toContain('Referral 1: Pro, yearly');
    await screens(page, 'affiliate-dashboard-pending', page.getByTestId('affiliate-dashboard'));
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The payment settles once the refund window has passed (not before: the service test's).
    await settleAfter(REFUND_WINDOW_DAYS + 1);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => row.getAttribute('data-accounting')).toBe('accounted');
    expect(await page.getByTestId('affiliate-pending-value').innerText()).toBe(formatCents(0));
    expect(await page.getByTestId('affiliate-available-value').innerText()).toBe(formatCents(commission));
    await screens(page, 'affiliate-dashboard-accounted', page.getByTestId('affiliate-dashboard'));

    // The subscriber asks for a refund (still within the window): the commission is taken back.
    const visitorToken = await idToken({ email, password: PASSWORD });
    const refund = await apiAs(visitorToken, '/core/users/me/subscription/refund', { method: 'POST' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await page.reload({ waitUntil: 'networkidle' });
    const reversal = page.locator('[data-testid="affiliate-commission"][data-kind="reversal"]');
    await reversal.waitFor();
    expect(await reversal.getByTestId('affiliate-commission-amount').innerText()).toBe(`−${formatCents(commission)}`);
    expect(await reversal.innerText()).toContain('payment refunded');
    expect(await row.innerText()).toContain('Refunded');
    expect(await page.getByTestId('affiliate-available-value').innerText()).toBe(formatCents(0));
    expect(await page.getByTestId('affiliate-paid-out').innerText()).toContain(
      `${formatCents(commission)} taken back by refunds`,
    );
    expect(await page.getByTestId('affiliate-arr').innerText()).toBe(formatCents(0));
    expect(await page.getByTestId('affiliate-account').innerText()).toContain(`${formatCents(0)} earned`);
    await screens(page, 'affiliate-dashboard-reversed', page.getByTestId('affiliate-dashboard'));
    expect(errors).toEqual([]);
  });
});
