/**
 * The affiliate program end to end in Chromium against the real server with test billing: an affiliate
 * asks to join in the affiliate modal (the terms first), a super admin approves on the page, the affiliate connects
 * a payout account (the test provider's onboarding on the page itself); then a visitor arrives by the referral link,
 * signs up in the app, subscribes to Pro; the affiliate sees the commission pending, accounted once the payment
 * settles (the settle job run with a clock through the admin call) and reversed after a refund. axe on the page and
 * the modal; screenshots at both widths in both themes.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCents, REFUND_WINDOW_DAYS } from '@eh/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { apiAs, idToken, mailedCode, newAccount, NEW_PASSWORD as PASSWORD, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const PRO_YEARLY = 23988;
const DAY = 86_400_000;
const adminToken = () => readFileSync(join(inject('dataDir'), 'admin-token'), 'utf8').trim();

interface User {
  email: string;
  token: string;
  id: string;
}

/** A confirmed account of its own, signed up through the identity API. */
async function newUser(prefix: string): Promise<User> {
  const account = await newAccount(prefix);
  const token = await idToken(account);
  const me = await apiAs<{ id: string }>(token, '/core/users/me');
  return { email: account.email, token, id: me.body.id };
}

/** Runs the settle job with a clock `days` ahead (the admin call the worker's hourly job stands behind). */
async function settleAfter(days: number) {
  const res = await apiAs<{ accounted: number }>(null, '/admin/affiliates/settle', {
    method: 'POST',
    body: { asOf: new Date(Date.now() + days * DAY).toISOString() },
    headers: { 'x-admin-token': adminToken() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Signs in with the password, as people do: the stored session survives the onboarding's round trip. */
async function signIn(page: Page, user: User) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** The program's page for a `?token=` visit (the token lasts one page load: it leaves the address bar). */
const openAs = (page: Page, user: User) =>
  page.goto(`/affiliate-program?token=${user.token}`, { waitUntil: 'networkidle' });

/** Both widths in both themes, with `focus` (when given) scrolled into view at each width. */
async function screens(page: Page, name: string, focus?: Locator) {
  for (const [viewport, scheme] of SCREENS) {
    await showAs(page, viewport, scheme);
    await focus?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

let browser: Browser;
let boss: User;
let partner: User;
let percent = 0;
let code = '';

beforeAll(async () => {
  browser = await launchBrowser();
  boss = await newUser('affiliates.boss');
  const made = await apiAs(null, '/admin/users/super-admin', {
    method: 'PUT',
    body: { email: boss.email, superAdmin: true },
    headers: { 'x-admin-token': adminToken() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  partner = await newUser('affiliates.partner');
  percent = (await apiAs<{ commissionPercent: number }>(null, '/core/affiliate/program')).body.commissionPercent;
});
afterAll(async () => {
  await browser?.close();
});

describe('the affiliate program', () => {
  it('explains itself to a visitor with the configured rate', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await page.goto('/affiliate-program', { waitUntil: 'networkidle' });
      const steps = page.getByTestId('affiliate-program-steps');
      await steps.waitFor();
      expect(await steps.innerText()).toContain(`You earn ${percent}% of every payment`);
      expect(await steps.innerText()).toContain(`pending for ${REFUND_WINDOW_DAYS} days`);
      await page.getByTestId('affiliate-signed-out').waitFor();
      await screens(page, 'affiliate-visitor');
      expect(await seriousViolations(page, 'main')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an affiliate asks to join in the modal, a super admin approves, the payout account is connected', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await signIn(page, partner);
      await page.goto('/affiliate-program', { waitUntil: 'networkidle' });
      await page.getByTestId('affiliate-join-open').click();
      const modal = page.getByTestId('modal-affiliate');
      await modal.getByTestId('affiliate-join').waitFor();
      // The terms first.
      await modal.getByTestId('affiliate-request').click();
      expect(await modal.getByText('Accept the affiliate terms to ask to join.').count()).toBe(1);
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

      // The super admin decides on the page.
      const admin = await context.newPage();
      await openAs(admin, boss);
      const row = admin.locator(`[data-testid="affiliate-request-row"][data-user="${partner.id}"]`);
      await row.waitFor();
      expect(await row.innerText()).toContain(partner.email);
      await screens(admin, 'affiliate-requests', admin.getByTestId('affiliate-requests'));
      expect(await seriousViolations(admin, '[data-testid="affiliate-requests"]')).toEqual([]);
      await row.getByTestId('affiliate-decide-approved').click();
      await expect.poll(() => row.getByTestId('affiliate-status').getAttribute('data-status')).toBe('approved');
      await admin.close();

      // Approved: the link, then the payout account (the test provider's onboarding is this page).
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
      expect(await seriousViolations(page, 'main')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visitor by the link signs up and subscribes; the commission is pending, accounted once settled, reversed by a refund', async () => {
    expect(code).not.toBe('');
    const commission = Math.floor((PRO_YEARLY * percent) / 100);
    const email = `affiliates.visitor.${randomUUID().slice(0, 8)}@example.com`;
    const visitor = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const page = visitor.page;
      await page.goto(`/?affiliate=${code}`, { waitUntil: 'networkidle' });
      // Kept on this device, counted, and gone from the address bar.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('earningshub.affiliateId'))).toBe(`"${code}"`);
      expect(await page.evaluate(() => localStorage.getItem('earningshub.affiliateVisitCount'))).toBe('1');
      expect(new URL(page.url()).searchParams.has('affiliate')).toBe(false);

      await page.goto('/create-account', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByLabel('Code').waitFor();
      await page.getByLabel('Code').fill(await mailedCode(email));
      const source = page.waitForRequest((r) => r.url().includes('/api/core/users/me/source') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      expect(JSON.parse((await source).postData() ?? '{}')).toEqual({
        signupProduct: 'earningshub',
        signupSource: 'web',
        affiliateId: code,
      });

      await page.goto('/stripe/checkout?plan=earningshub_pro&priceType=yearly', { waitUntil: 'networkidle' });
      const flow = page.getByTestId('subscribe-flow');
      await flow.getByTestId('card-number').waitFor();
      await flow.getByTestId('card-number').fill('4242 4242 4242 4242');
      await flow.getByTestId('card-expiry').fill('12 / 30');
      await flow.getByTestId('card-cvc').fill('123');
      const subscribed = page.waitForRequest(
        (r) => r.url().endsWith('/api/core/users/me/subscription') && r.method() === 'POST',
      );
      await page.getByTestId('subscribe-pay').click();
      expect(JSON.parse((await subscribed).postData() ?? '{}')).toMatchObject({ affiliateId: code });
      await page.getByTestId('checkout-done').waitFor();
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const row = page.locator('[data-testid="affiliate-commission"][data-kind="commission"]');
      await openAs(page, partner);
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

      // The payment settles once the refund window has passed.
      expect((await settleAfter(REFUND_WINDOW_DAYS - 1)).accounted).toBe(0);
      expect((await settleAfter(REFUND_WINDOW_DAYS + 1)).accounted).toBeGreaterThanOrEqual(1);
      await openAs(page, partner);
      await expect.poll(() => row.getAttribute('data-accounting')).toBe('accounted');
      expect(await page.getByTestId('affiliate-pending-value').innerText()).toBe(formatCents(0));
      expect(await page.getByTestId('affiliate-available-value').innerText()).toBe(formatCents(commission));
      await screens(page, 'affiliate-dashboard-accounted', page.getByTestId('affiliate-dashboard'));

      // The subscriber asks for a refund (still within the window): the commission is taken back.
      const visitorToken = await idToken({ email, password: PASSWORD });
      const refund = await apiAs(visitorToken, '/core/users/me/subscription/refund', { method: 'POST' });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await openAs(page, partner);
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
      expect(await seriousViolations(page, 'main')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
