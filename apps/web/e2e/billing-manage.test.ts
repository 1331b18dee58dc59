/**
 * Managing a subscription as its owner does, against the real server, in one browser context opened once: from the
 * profile, a new card (a refused one first), a cancellation at the period end with the banner it brings (closed,
 * and reset by reactivating), the charge history, and a refund that ends the plan.
 *
 * What the manage screens show for each answer (the words of every state, the change of plan, the banner's own
 * Reactivate, a member who never subscribed) is tested in features/billing/*.test.tsx; the rules (refund window,
 * cancel and reactivate, refused cards) in apps/server/test/service/billing.test.ts; the screens at both widths in
 * both themes in billing.screens.ts.
 */
import { formatCents, PRO_PLAN } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { apiAs, idToken, newAccount, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const BANNER_CLOSED_KEY = 'earningshub.canceledSubscriptionBannerClosed';
/** The browser logging the refused card's 402, which the card modal shows in words. */
const REFUSED_402 = 'Failed to load resource: the server responded with a status of 402 (Payment Required)';

interface SubscriptionView {
  subscription: {
    plan: string;
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
  refunded: boolean;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token = '';

const call = <T>(path: string, init: { method?: string; body?: object } = {}) => apiAs<T>(token, path, init);
const subscription = async () => (await call<SubscriptionView>('/core/users/me/subscription')).body.subscription;

/** A date as the app shows it, formatted in the page (its locale and time zone). */
const shownDate = (iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value)), iso);
const bannerClosed = () => page.evaluate((key) => localStorage.getItem(key), BANNER_CLOSED_KEY);

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(await newAccount('billing.manage'));
  // The users row is made by the first GET /core/users/me (the app's first call).
  expect((await call('/core/users/me')).status).toBe(200);
  const card = await call<{ last4: string }>('/core/portfolios/payments/payment-methods', {
    method: 'POST',
    body: { stripePaymentMethodId: '4242424242424242' },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const subscribed = await call<SubscriptionView>('/core/users/me/subscription', {
    method: 'POST',
    body: { plan: PRO_PLAN, priceType: 'yearly' },
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
  expect(subscribed.body.subscription).toMatchObject({ plan: PRO_PLAN, status: 'active' });
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('managing a subscription', () => {
  it('saves a new card, cancels at the period end, closes the banner, reactivates, and lists the paid charge', async () => {
    const running = await subscription();
    if (!running?.currentPeriodEnd) throw new Error('the subscription has no period end');
    await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
    const endsOn = await shownDate(running.currentPeriodEnd);
    await page.getByTestId('profile-manage-subscription').click();
    const modal = page.getByTestId('modal-manageSubscription');
    await modal.getByTestId('manage-summary').waitFor();
    expect(await modal.getByTestId('manage-period').innerText()).toBe(`Next charge on ${endsOn}`);
    const card = modal.getByTestId('manage-card');
    await card.first().waitFor();
    expect(await card.first().innerText()).toContain('Visa ending in 4242');
    await modal.getByTestId('manage-refund').waitFor();
    expect(await seriousViolations(page, '[data-testid="modal-manageSubscription"]')).toEqual([]);

    // A new card: test billing refuses 9995 in its words and saves nothing; 5555… is saved and pays next.
    await modal.getByTestId('manage-update-card').click();
    const cardModal = page.getByTestId('modal-creditCard');
    await cardModal.getByTestId('card-number').fill('4000 0000 0000 9995');
    await cardModal.getByTestId('card-expiry').fill('12 / 30');
    await cardModal.getByTestId('card-cvc').fill('123');
    await cardModal.getByTestId('card-save').click();
    expect(await cardModal.getByTestId('card-error').innerText()).toBe('Your card has insufficient funds.');
    expect(await seriousViolations(page, '[data-testid="modal-creditCard"]')).toEqual([]);
    await cardModal.getByTestId('card-number').fill('5555 5555 5555 4444');
    await cardModal.getByTestId('card-save').click();
    await cardModal.waitFor({ state: 'detached' });
    await expect.poll(() => card.first().innerText()).toContain('Mastercard ending in 4444');
    const saved = await call<{ paymentMethods: { last4: string }[] }>('/core/portfolios/payments/payment-methods');
    expect(saved.body.paymentMethods.map((method) => method.last4)).toEqual(['4444', '4242']);

    // Cancel at the period end: a confirmation, then "Ends on …", and the banner across the page.
    await modal.getByTestId('manage-cancel').click();
    await modal.getByTestId('manage-cancel-confirm-button').click();
    await expect.poll(() => modal.getByTestId('manage-period').innerText()).toBe(`Ends on ${endsOn}`);
    expect(await subscription()).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });
    const banner = page.getByTestId('canceled-subscription-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(`ends on ${endsOn}`);
    expect(await page.getByTestId('profile-plan-billing').innerText()).toContain(`ends on ${endsOn}`);
    expect(await seriousViolations(page, '[data-testid="canceled-subscription-banner"]')).toEqual([]);
    await page.getByTestId('canceled-banner-close').click();
    await banner.waitFor({ state: 'detached' });
    expect(await bannerClosed()).toBe('true');

    // Reactivate: the next charge is back, and the banner's closed state is reset for a later cancellation.
    await page.getByTestId('profile-manage-subscription').click();
    await modal.getByTestId('manage-reactivate').click();
    await expect.poll(() => modal.getByTestId('manage-period').innerText()).toBe(`Next charge on ${endsOn}`);
    expect(await subscription()).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    await expect.poll(() => bannerClosed()).toBe('false');
    expect(await banner.count()).toBe(0);

    // The charge history, stacked over the manage modal: the one payment, paid.
    await modal.getByTestId('manage-charge-history').click();
    const history = page.getByTestId('modal-chargeHistory');
    const row = history.getByTestId('charge-row');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('paid');
    expect(await row.getByTestId('charge-amount').innerText()).toBe(formatCents(running.amount, running.currency));
    expect(await seriousViolations(page, '[data-testid="modal-chargeHistory"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(await modal.isVisible()).toBe(true);
    expect(errors).toEqual([REFUSED_402]);
    errors.length = 0;
  });

  it('refunds the last payment after a confirmation: the plan ends and the charge shows refunded', async () => {
    const modal = page.getByTestId('modal-manageSubscription');
    await modal.getByTestId('manage-refund-start').click();
    const confirm = modal.getByTestId('manage-refund-confirm');
    expect(await confirm.innerText()).toContain('your plan ends now');
    await confirm.getByRole('button', { name: 'Refund and end my plan' }).click();
    await expect.poll(() => toast(page)).toMatch(/^Refunded \$[\d,.]+: your plan has ended\.$/);
    await expect
      .poll(async () => (await call<{ accountSubscription: { plan: string } }>('/core/users/me')).body)
      .toMatchObject({ accountSubscription: { plan: 'free' } });
    const { charges } = (await call<{ charges: ChargeView[] }>('/core/portfolios/charges')).body;
    expect(charges[0]).toMatchObject({ status: 'refunded', refunded: true });
    // The ended subscription in the modal, and the refunded charge in the history.
    await modal.getByTestId('manage-no-subscription').waitFor();
    expect(await modal.getByTestId('manage-refund').innerText()).toBe('Your last payment has been refunded.');
    await modal.getByTestId('manage-charge-history').click();
    const history = page.getByTestId('modal-chargeHistory');
    await history.locator('[data-testid="charge-row"][data-status="refunded"]').first().waitFor();
    expect(await history.getByTestId('charge-status').first().innerText()).toBe('Refunded');
    expect(errors).toEqual([]);
  });
});
