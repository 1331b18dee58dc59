/**
 * Buying a plan, once, as a person does it across the product against the real server: a free member stopped by a
 * gate upgrades there (a declined card changes nothing, 4242… pays, the welcome opens and the paid data shows on the
 * page behind without a reload), then finds their plan marked on /pricing and the partner's offer still open. One
 * browser context for the person, the app moved between pages as its links move it.
 *
 * What each billing screen shows for an answer is tested in features/billing/*.test.tsx and
 * features/pricing/*.test.tsx (a Plus member's credit, a partner's coupon in the offer and the subscribe modal,
 * /stripe/checkout's address, the pricing page's prices and coupons); the money rules in
 * apps/server/test/service/billing.test.ts; the screens at both widths in both themes in billing.screens.ts.
 */
import { formatCents, PRO_PLAN, TEST_BILLING_LABEL } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage } from './browser.ts';
import { api, apiAs, idToken, newAccount, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
/** The browser logging the declined card's 402, which the modal shows in words. */
const DECLINED_402 = 'Failed to load resource: the server responded with a status of 402 (Payment Required)';

interface Me {
  accountSubscription: { subscriptionType: string; status: string; plan: string; priceType: string };
  accountFeatures: { ehs: boolean };
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
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let proYearly: number;
const me = async () => {
  const res = await apiAs<Me>(token, '/core/users/me');
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  browser = await fileBrowser();
  const { plans } = await api<{ plans: { plan: string; yearly: { amount: number } }[] }>(
    '/core/subscriptions/account/plans',
  );
  proYearly = plans.find((offer) => offer.plan === PRO_PLAN)?.yearly.amount ?? 0;
  expect(proYearly).toBeGreaterThan(0);
  token = await idToken(await newAccount('billing.subscribe'));
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a free member buys Pro', () => {
  it('from a gate: a declined card changes nothing; 4242… pays, the welcome opens and EHS shows without a reload', async () => {
    await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
    const history = page.getByTestId('ehs-score-history');
    const gate = history.getByTestId('upgrade-prompt');
    await gate.waitFor();
    expect(await gate.getAttribute('data-feature')).toBe('ehs');
    await markPage(page);

    await gate.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByTestId('upgrade-buy').click();
    const modal = page.getByTestId('modal-subscribe');
    const flow = modal.getByTestId('subscribe-flow');
    await flow.waitFor();
    expect([await flow.getAttribute('data-plan'), await flow.getAttribute('data-interval')]).toEqual([
      PRO_PLAN,
      'yearly',
    ]);
    expect(await modal.getByTestId('test-billing-label').innerText()).toBe(TEST_BILLING_LABEL);
    // The server's own price reaches the modal.
    const due = modal.getByTestId('subscribe-due-now-amount');
    await due.waitFor();
    expect(await due.innerText()).toBe(formatCents(proYearly));
    await modal.getByTestId('card-number').waitFor();
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
    const unchanged = await me();
    expect(unchanged.accountSubscription).toMatchObject({ subscriptionType: 'free', plan: 'free' });
    expect(unchanged.accountFeatures.ehs).toBe(false);
    const cards = await apiAs<{ paymentMethods: unknown[] }>(token, '/core/portfolios/payments/payment-methods');
    expect(cards.body.paymentMethods).toEqual([]);

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
    expect(await seriousViolations(page, '[data-testid="modal-welcome"]')).toEqual([]);
    await page.getByTestId('welcome-done').click();

    await history.getByTestId('ehs-history-latest').waitFor();
    expect(await history.getByTestId('upgrade-prompt').count()).toBe(0);
    expect(await stillSamePage(page)).toBe(true);

    const after = await me();
    expect(after.accountSubscription).toMatchObject({
      subscriptionType: 'paid',
      status: 'active',
      plan: PRO_PLAN,
      priceType: 'yearly',
    });
    expect(after.accountFeatures.ehs).toBe(true);
    expect(errors).toEqual([DECLINED_402]);
    errors.length = 0;
  });

  it('then finds Pro marked as theirs on /pricing, and the partner’s offer still open to them', async () => {
    await navigateInApp(page, '/pricing');
    const pro = page.getByTestId(`plan-${PRO_PLAN}`);
    await pro.getByTestId(`manage-${PRO_PLAN}`).waitFor();
    expect(await pro.getAttribute('data-current')).toBe('true');
    expect(await pro.getByTestId('current-plan').innerText()).toBe('Your plan');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await navigateInApp(page, '/CNBC');
    await page.getByTestId('partner-claim').click();
    const offer = page.getByTestId('promotion-modal');
    await offer.getByTestId('price-promo').waitFor();
    expect(await offer.getAttribute('data-coupon')).toBe('CNBC');
    expect(await seriousViolations(page, '[data-testid="modal-promotion"]')).toEqual([]);
    expect(await stillSamePage(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});
