import { formatCents } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { apiAs, idToken, newAccount, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const TEST_CARD = '4242424242424242';
const BANNER_CLOSED_KEY = 'earningshub.canceledSubscriptionBannerClosed';

interface SubscriptionView {
  testMode: boolean;
  label: string | null;
  subscription: {
    plan: string;
    priceType: string;
    amount: number;
    currency: string;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}
interface ChargeView {
  amount: number;
  currency: string;
  status: string;
  description: string;
}

/** A confirmed account of its own (nothing another file reads). */
async function newUser(): Promise<{ email: string; token: string }> {
  const account = await newAccount('billing.manage');
  return { email: account.email, token: await idToken(account) };
}

let browser: Browser;
let token = '';

const call = <T>(path: string, init: { method?: string; body?: object } = {}) => apiAs<T>(token, path, init);

/** A date as the app shows it, formatted in the page (its locale and time zone). */
const shownDate = (page: Page, iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value)), iso);

const bannerClosed = (page: Page) => page.evaluate((key) => localStorage.getItem(key), BANNER_CLOSED_KEY);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token } = await newUser());
  // The users row is made by the first GET /core/users/me (the app's first call).
  expect((await call('/core/users/me')).status).toBe(200);
  const card = await call<{ last4: string }>('/core/portfolios/payments/payment-methods', {
    method: 'POST',
    body: { stripePaymentMethodId: TEST_CARD },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  expect(card.body.last4).toBe('4242');
  const subscribed = await call<SubscriptionView>('/core/users/me/subscription', {
    method: 'POST',
    body: { plan: 'earningshub_pro', priceType: 'yearly' },
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
  expect(subscribed.body.subscription).toMatchObject({ plan: 'earningshub_pro', status: 'active' });
});
afterAll(async () => {
  await browser?.close();
});

describe('managing a subscription', () => {
  it('cancels at the period end, remembers the closed banner, reactivates, and lists the paid charge', async () => {
    const before = (await call<SubscriptionView>('/core/users/me/subscription')).body;
    const subscription = before.subscription;
    if (!subscription?.currentPeriodEnd) throw new Error('the subscription has no period end');
    expect(before.testMode).toBe(true);
    const { charges } = (await call<{ charges: ChargeView[] }>('/core/portfolios/charges')).body;
    expect(charges).toHaveLength(1);
    const [charge] = charges as [ChargeView];
    expect(charge).toMatchObject({ status: 'paid', amount: subscription.amount });

    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      // A link's visit has no identity session: the security settings say how to reach them, not an error.
      await page.getByTestId('profile-security-via-link').waitFor();
      expect(await page.getByTestId('profile-security').innerText()).not.toContain('not authenticated');
      await page.getByTestId('profile-manage-subscription').click();
      const modal = page.getByTestId('modal-manageSubscription');
      await modal.getByTestId('manage-summary').waitFor();
      const endsOn = await shownDate(page, subscription.currentPeriodEnd);
      expect(await modal.getByTestId('manage-plan').innerText()).toBe('Pro');
      expect(await modal.getByTestId('manage-status').innerText()).toBe('Active');
      expect(await modal.getByTestId('manage-period').innerText()).toBe(`Next charge on ${endsOn}`);
      expect(await modal.getByTestId('manage-price').innerText()).toBe(
        `${formatCents(subscription.amount, subscription.currency)} a year`,
      );
      expect(await modal.getByTestId('manage-interval').innerText()).toBe('Yearly');
      expect(await modal.getByTestId('manage-provider').innerText()).toBe('Test billing');
      expect(await modal.getByTestId('test-billing-label').innerText()).toBe(before.label);
      expect(await modal.getByTestId('manage-card').innerText()).toContain('Visa ending in 4242');
      await expect
        .poll(() => modal.getByTestId('manage-refund').innerText())
        .toMatch(/^Your last payment of \$[\d.,]+ can be refunded until /);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `billing-manage-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-manageSubscription"]')).toEqual([]);

      // Cancel at the period end: a confirmation first, then "Ends on …" and the banner.
      await modal.getByTestId('manage-cancel').click();
      await modal.getByTestId('manage-cancel-confirm').waitFor();
      expect(await modal.getByTestId('manage-cancel-confirm').innerText()).toContain(`You keep Pro until ${endsOn}`);
      await screenshot(page, 'billing-manage-cancel-confirm-desktop-light');
      await modal.getByTestId('manage-cancel-confirm-button').click();
      await expect.poll(() => modal.getByTestId('manage-period').innerText()).toBe(`Ends on ${endsOn}`);
      for (const [viewport, scheme] of [
        ['desktop', 'light'],
        ['phone', 'dark'],
      ] as const) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `billing-manage-ending-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect((await call<SubscriptionView>('/core/users/me/subscription')).body.subscription).toMatchObject({
        cancelAtPeriodEnd: true,
        status: 'active',
      });
      expect(await modal.getByTestId('manage-reactivate').isVisible()).toBe(true);
      const banner = page.getByTestId('canceled-subscription-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain(`ends on ${endsOn}`);
      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await modal.waitFor({ state: 'detached' });
      expect(await page.getByTestId('profile-plan-billing').innerText()).toContain(`ends on ${endsOn}`);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `billing-canceled-banner-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="canceled-subscription-banner"]')).toEqual([]);

      // Closing the banner is remembered: still closed on the next page load (?token= signs in for one visit).
      await page.getByTestId('canceled-banner-close').click();
      await banner.waitFor({ state: 'detached' });
      expect(await bannerClosed(page)).toBe('true');
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-manage-subscription').waitFor();
      await expect.poll(() => page.getByTestId('profile-plan-billing').innerText()).toContain(`ends on ${endsOn}`);
      expect(await banner.count()).toBe(0);

      // Reactivate: the next charge is back, the banner stays gone and its closed state is reset for next time.
      await page.getByTestId('profile-manage-subscription').click();
      await modal.getByTestId('manage-reactivate').click();
      await expect.poll(() => modal.getByTestId('manage-period').innerText()).toBe(`Next charge on ${endsOn}`);
      expect((await call<SubscriptionView>('/core/users/me/subscription')).body.subscription).toMatchObject({
        cancelAtPeriodEnd: false,
        status: 'active',
      });
      await expect.poll(() => bannerClosed(page)).toBe('false');
      expect(await banner.count()).toBe(0);

      // The charge history, stacked over the manage modal.
      await modal.getByTestId('manage-charge-history').click();
      const history = page.getByTestId('modal-chargeHistory');
      const row = history.getByTestId('charge-row');
      await row.waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getAttribute('data-status')).toBe('paid');
      expect(await row.getByTestId('charge-amount').innerText()).toBe(formatCents(charge.amount, charge.currency));
      expect(await row.getByTestId('charge-description').innerText()).toBe('Pro plan, yearly');
      expect(await row.getByTestId('charge-status').innerText()).toBe('Paid');
      expect(await row.innerText()).toContain('Test billing');
      expect(await modal.isVisible()).toBe(true);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `billing-charge-history-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-chargeHistory"]')).toEqual([]);

      // A later cancellation shows the banner again (reactivating reset its closed state); its Reactivate ends it.
      const again = await call<SubscriptionView>('/core/users/me/subscription', {
        method: 'POST',
        body: { cancelAtPeriodEnd: true },
      });
      expect(again.status).toBe(200);
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await banner.waitFor();
      expect(await banner.innerText()).toContain(`ends on ${endsOn}`);
      await banner.getByTestId('banner-reactivate').click();
      await banner.waitFor({ state: 'detached' });
      expect((await call<SubscriptionView>('/core/users/me/subscription')).body.subscription).toMatchObject({
        cancelAtPeriodEnd: false,
      });

      // Change plan or interval hands over to the subscribe modal with the chosen plan and interval.
      await page.getByTestId('profile-manage-subscription').click();
      await modal.getByTestId('manage-change').click();
      const change = modal.getByTestId('manage-change-plan');
      await change.waitFor();
      const continueButton = modal.getByTestId('manage-change-continue');
      expect(await continueButton.isDisabled()).toBe(true);
      await modal.getByTestId('manage-interval-monthly').click();
      expect(await continueButton.innerText()).toBe('Continue with Pro, monthly');
      await screenshot(page, 'billing-manage-change-plan-desktop-light');
      await continueButton.click();
      await page.getByTestId('modal-subscribe').waitFor();
      expect(await modal.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refunds the last payment after a confirmation: the plan ends and the charge shows refunded', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-manage-subscription').click();
      const modal = page.getByTestId('modal-manageSubscription');
      await modal.getByTestId('manage-refund-start').click();
      const confirm = modal.getByTestId('manage-refund-confirm');
      expect(await confirm.innerText()).toContain('your plan ends now');
      await confirm.getByRole('button', { name: 'Keep my plan' }).click();
      expect(await confirm.count()).toBe(0);
      await modal.getByTestId('manage-refund-start').click();
      await screenshot(page, 'billing-manage-refund-confirm-phone-light');
      await confirm.getByRole('button', { name: 'Refund and end my plan' }).click();
      await expect.poll(() => toast(page)).toMatch(/^Refunded \$[\d,.]+: your plan has ended\.$/);
      await expect
        .poll(async () => (await call<{ accountSubscription: { plan: string } }>('/core/users/me')).body)
        .toMatchObject({ accountSubscription: { plan: 'free' } });
      // The ended subscription: its words, and the way back to the plans.
      await modal.getByTestId('manage-no-subscription').waitFor();
      expect(await modal.getByTestId('manage-no-subscription').innerText()).toContain('Free plan');
      expect(await modal.getByTestId('manage-refund').innerText()).toBe('Your last payment has been refunded.');
      const { charges } = (await call<{ charges: ChargeView[] }>('/core/portfolios/charges')).body;
      expect(charges[0]).toMatchObject({ status: 'refunded', refunded: true });
      await modal.getByRole('button', { name: 'Charge history' }).click();
      const history = page.getByTestId('modal-chargeHistory');
      await history.locator('[data-testid="charge-row"][data-status="refunded"]').first().waitFor();
      expect(await history.getByTestId('charge-status').first().innerText()).toBe('Refunded');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a member who never subscribed is offered the plans and an empty charge history', async () => {
    const other = await newUser();
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await page.goto(`/profile?token=${other.token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-see-plans').waitFor();
      expect(await page.getByTestId('profile-manage-subscription').count()).toBe(0);
      await page.getByTestId('profile-charge-history').click();
      const history = page.getByTestId('modal-chargeHistory');
      await history.getByTestId('charge-history-empty').waitFor();
      expect(await history.getByTestId('charge-row').count()).toBe(0);
      expect(await page.getByTestId('canceled-subscription-banner').count()).toBe(0);
      await screenshot(page, 'billing-charge-history-empty-phone-light');
      expect(await seriousViolations(page, '[data-testid="modal-chargeHistory"]')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
