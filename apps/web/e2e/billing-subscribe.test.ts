import { formatCents } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, DEMO_PASSWORD, idToken, newAccount, NEW_PASSWORD as PASSWORD, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const TEST_LABEL = 'Test billing — no card is charged';

interface Me {
  displayPlan: string;
  accountSubscription: { subscriptionType: string; status: string; plan: string; priceType: string };
  accountFeatures: { ehs: boolean };
}
interface Quote {
  dueNow: number;
  subtotal: number;
  discount: number;
}

/** A confirmed account of its own (no other file reads it). */
async function newUser(): Promise<{ email: string; token: string }> {
  const account = await newAccount('billing.subscribe');
  return { email: account.email, token: await idToken(account) };
}

async function me(token: string): Promise<Me> {
  const res = await fetch(`${baseUrl}/api/core/users/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Me;
}

async function fillCard(page: Page, number: string) {
  const modal = page.getByTestId('modal-subscribe');
  await modal.getByTestId('card-number').fill(number);
  await modal.getByTestId('card-expiry').fill('12 / 30');
  await modal.getByTestId('card-cvc').fill('123');
}

/** The page's own marker: still there after an action means the page was not loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

let browser: Browser;
let proYearly: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const { plans } = await api<{ plans: { plan: string; yearly: { amount: number } }[] }>(
    '/core/subscriptions/account/plans',
  );
  proYearly = plans.find((offer) => offer.plan === 'earningshub_pro')?.yearly.amount ?? 0;
  expect(proYearly).toBeGreaterThan(0);
});
afterAll(async () => {
  await browser?.close();
});

describe('a free user upgrades to Pro from a gate', () => {
  it('a declined card changes nothing; 4242… pays, the welcome opens and EHS shows without a reload', async () => {
    const user = await newUser();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/quote/AAPL/ehs?token=${user.token}`, { waitUntil: 'networkidle' });
      const history = page.getByTestId('ehs-score-history');
      const gate = history.getByTestId('upgrade-prompt');
      await gate.waitFor();
      expect(await gate.getAttribute('data-feature')).toBe('ehs');
      await markPage(page);

      await gate.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByTestId('upgrade-modal').waitFor();
      expect(await page.getByTestId('modal-upgrade').getByTestId('not-for-sale').count()).toBe(0);
      await page.getByTestId('upgrade-buy').click();

      const modal = page.getByTestId('modal-subscribe');
      const flow = modal.getByTestId('subscribe-flow');
      await flow.waitFor();
      expect(await flow.getAttribute('data-plan')).toBe('earningshub_pro');
      expect(await flow.getAttribute('data-interval')).toBe('yearly');
      expect(await modal.getByTestId('test-billing-label').innerText()).toBe(TEST_LABEL);
      const due = modal.getByTestId('subscribe-due-now-amount');
      await due.waitFor();
      expect(await due.innerText()).toBe(formatCents(proYearly));
      await modal.getByTestId('card-number').waitFor();
      expect(await modal.getByTestId('subscribe-pay').innerText()).toBe(`Pay ${formatCents(proYearly)}`);
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-subscribe-modal-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-subscribe"]')).toEqual([]);

      // A wrong number is caught before anything is sent.
      await fillCard(page, '4242 4242 4242 4241');
      await modal.getByTestId('subscribe-pay').click();
      await modal.getByText('This card number is not valid.').waitFor();

      // Stripe's declined test card: the server's words, and nothing changes.
      await fillCard(page, '4000 0000 0000 0002');
      await modal.getByTestId('subscribe-pay').click();
      const problem = modal.getByTestId('subscribe-error');
      await problem.waitFor();
      expect(await problem.innerText()).toBe('Your card was declined.');
      await problem.scrollIntoViewIfNeeded();
      await screenshot(page, 'billing-subscribe-declined-desktop-light');
      const unchanged = await me(user.token);
      expect(unchanged.accountSubscription).toMatchObject({ subscriptionType: 'free', plan: 'free' });
      expect(unchanged.accountFeatures.ehs).toBe(false);
      const cards = await fetch(`${baseUrl}/api/core/portfolios/payments/payment-methods`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(((await cards.json()) as { paymentMethods: unknown[] }).paymentMethods).toEqual([]);

      // 4242…: paid at once, the welcome, and the gated data appears on the page behind.
      await fillCard(page, '4242 4242 4242 4242');
      await modal.getByTestId('subscribe-pay').click();
      const welcome = page.getByTestId('welcome-modal');
      await welcome.waitFor();
      expect(await welcome.getByTestId('welcome-heading').innerText()).toBe('Welcome to Pro');
      expect(await welcome.getByTestId('welcome-features').innerText()).toContain('EHS scores and the EH500');
      expect(await welcome.getByTestId('welcome-billing').innerText()).toMatch(
        /^Your Pro plan is active, billed yearly\. The next payment is due on /,
      );
      expect(await page.getByTestId('modal-subscribe').count()).toBe(0);
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-welcome-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-welcome"]')).toEqual([]);
      await page.getByTestId('welcome-done').click();

      await history.getByTestId('ehs-history-latest').waitFor();
      expect(await history.getByTestId('upgrade-prompt').count()).toBe(0);
      expect(await stillSamePage(page)).toBe(true);
      await history.scrollIntoViewIfNeeded();
      await screenshot(page, 'billing-subscribe-ehs-after-desktop-light');

      const after = await me(user.token);
      expect(after.accountSubscription).toMatchObject({
        subscriptionType: 'paid',
        status: 'active',
        plan: 'earningshub_pro',
        priceType: 'yearly',
      });
      expect(after.accountFeatures.ehs).toBe(true);
      // The one console error is the browser logging the declined card's 402, which the modal shows in words.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 402 (Payment Required)']);
    } finally {
      await context.close();
    }
  });
});

describe('a Plus member moving to Pro', () => {
  it('sees the unused Plus days credited in the price to pay (nothing is bought here)', async () => {
    const token = await idToken({ email: 'plus@demo.earningshub.dev', password: DEMO_PASSWORD });
    const res = await fetch(`${baseUrl}/api/core/subscriptions/account/prices?plan=earningshub_pro&upgradePro=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const quote = ((await res.json()) as { yearly: Quote & { prorationCredit: number } }).yearly;
    expect(quote.prorationCredit).toBeGreaterThan(0);
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
      const gate = page.locator('[data-testid="upgrade-prompt"][data-feature="ehs"]').first();
      await gate.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByTestId('upgrade-buy').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('subscribe-credit').waitFor();
      expect(await modal.getByTestId('subscribe-credit-amount').innerText()).toBe(
        `−${formatCents(quote.prorationCredit)}`,
      );
      expect(await modal.getByTestId('subscribe-due-now-amount').innerText()).toBe(formatCents(quote.dueNow));
      await modal.getByTestId('subscribe-summary').scrollIntoViewIfNeeded();
      await screenshot(page, 'billing-subscribe-plus-to-pro-desktop-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a partner’s coupon', () => {
  it('/CNBC carries its code through the offer into the subscribe modal, signed in there, at the lowered price', async () => {
    const coupon = await api<{ id: number; name: string }>('/core/subscriptions/account/coupons/CNBC');
    const prices = await api<{ yearly: Quote }>(
      `/core/subscriptions/account/prices?plan=earningshub_pro&couponId=${coupon.id}`,
    );
    expect(prices.yearly.dueNow).toBeLessThan(proYearly);
    const user = await newUser();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/CNBC', { waitUntil: 'networkidle' });
      await page.getByTestId('partner-claim').click();
      const offer = page.getByTestId('promotion-modal');
      await offer.waitFor();
      expect(await offer.getAttribute('data-coupon')).toBe('CNBC');
      expect(await offer.getByTestId('promotion-offer').innerText()).toBe('20% off Pro and Partner Pro for 12 months');
      await offer.getByTestId('price-promo').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-promotion-cnbc-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-promotion"]')).toEqual([]);
      await page.getByTestId('promotion-claim').click();

      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('coupon-applied').waitFor();
      expect(await modal.getByTestId('subscribe-discount-amount').innerText()).toBe(
        `−${formatCents(prices.yearly.discount)}`,
      );
      expect(await modal.getByTestId('subscribe-due-now-amount').innerText()).toBe(formatCents(prices.yearly.dueNow));
      // Signed out: an account first, in the modal.
      await modal.getByTestId('subscribe-sign-in').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-subscribe-coupon-signed-out-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-subscribe"]')).toEqual([]);
      // The modal's button leads to the sign-in form, its email field focused.
      await modal.getByRole('button', { name: 'Sign in to continue' }).click();
      await expect
        .poll(() => modal.getByLabel('Email').evaluate((field) => field === document.activeElement))
        .toBe(true);
      await modal.getByLabel('Email').fill(user.email);
      await modal.getByLabel('Password').fill(PASSWORD);
      await modal.getByTestId('subscribe-sign-in').getByRole('button', { name: 'Sign in', exact: true }).click();

      // Signed in, the same modal goes on: the card, then the payment at the coupon's price.
      await modal.getByTestId('card-number').waitFor();
      expect(await modal.getByTestId('subscribe-due-now-amount').innerText()).toBe(formatCents(prices.yearly.dueNow));
      await fillCard(page, '4242 4242 4242 4242');
      await modal.getByTestId('subscribe-pay').click();
      await page.getByTestId('welcome-modal').waitFor();
      const subscription = await fetch(`${baseUrl}/api/core/users/me/subscription`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const view = (await subscription.json()) as { subscription: { plan: string; couponId: number; amount: number } };
      expect(view.subscription).toMatchObject({
        plan: 'earningshub_pro',
        couponId: coupon.id,
        amount: prices.yearly.dueNow,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('/stripe/checkout', () => {
  it('is the subscribe flow as a page, with the plan and interval of its address', async () => {
    const user = await newUser();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/stripe/checkout?plan=earningshub_plus&priceType=monthly&token=${user.token}`, {
        waitUntil: 'networkidle',
      });
      const flow = page.getByTestId('subscribe-flow');
      await flow.waitFor();
      expect(await page.locator('main h1').innerText()).toBe('Checkout');
      expect(await flow.getAttribute('data-plan')).toBe('earningshub_plus');
      expect(await flow.getAttribute('data-interval')).toBe('monthly');
      await flow.getByTestId('card-number').waitFor();
      await flow.getByTestId('subscribe-due-now-amount').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-checkout-page-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await flow.getByTestId('card-number').fill('4242 4242 4242 4242');
      await flow.getByTestId('card-expiry').fill('12 / 30');
      await flow.getByTestId('card-cvc').fill('123');
      await page.getByTestId('subscribe-pay').click();
      await page.getByTestId('checkout-done').waitFor();
      expect((await me(user.token)).accountSubscription).toMatchObject({
        plan: 'earningshub_plus',
        priceType: 'monthly',
        subscriptionType: 'paid',
      });

      // The welcome leads to the subscription, whose card button opens the credit card modal (the card form alone).
      await page.getByTestId('welcome-manage').click();
      await page.getByTestId('manage-update-card').click();
      const cardModal = page.getByTestId('modal-creditCard');
      await cardModal.getByTestId('card-number').waitFor();
      expect(await cardModal.getByTestId('test-billing-label').innerText()).toBe(TEST_LABEL);
      await cardModal.getByTestId('card-number').fill('4000 0000 0000 9995');
      await cardModal.getByTestId('card-expiry').fill('12 / 30');
      await cardModal.getByTestId('card-cvc').fill('123');
      await cardModal.getByTestId('card-save').click();
      expect(await cardModal.getByTestId('card-error').innerText()).toBe('Your card has insufficient funds.');
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-credit-card-modal-${viewport}-${colorScheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-creditCard"]')).toEqual([]);
      await cardModal.getByTestId('card-number').fill('5555 5555 5555 4444');
      await cardModal.getByTestId('card-save').click();
      await cardModal.waitFor({ state: 'detached' });
      const saved = await fetch(`${baseUrl}/api/core/portfolios/payments/payment-methods`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(((await saved.json()) as { paymentMethods: { last4: string }[] }).paymentMethods[0]?.last4).toBe('4444');
      // The one console error is the browser logging the refused card's 402, which the modal shows in words.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 402 (Payment Required)']);
    } finally {
      await context.close();
    }
  });
});
