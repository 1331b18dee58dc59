/**
 * The billing screens for people to look at (`npm run screenshots`; CI takes none), at both widths in both themes
 * (a few in one variant): the subscribe modal a gate opens, a declined card, the welcome; a Plus member's credit;
 * the CNBC offer, its subscribe modal signed out and /pricing with the code; the choose-plan modal; /stripe/checkout
 * and the card modal; the manage modal, a cancellation's banner, the charge history. What they do is tested in
 * features/billing/*.test.tsx and features/pricing/*.test.tsx, the journeys in billing-subscribe.test.ts and
 * billing-manage.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs, type ViewportName } from './browser.ts';
import { apiAs, DEMO_PASSWORD, idToken, newAccount, proToken } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Variant = [ViewportName, 'light' | 'dark'];
const DESKTOP_LIGHT: Variant[] = [['desktop', 'light']];

/** Saves the open page as `name` in each variant, then goes back to the desktop in the light theme. */
async function shoot(page: Page, name: string, variants: Variant[] = SCREENS) {
  for (const [viewport, colorScheme] of variants) {
    await showAs(page, viewport, colorScheme);
    await screenshot(page, `${name}-${viewport}-${colorScheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

/** A page of its own for `run`, closed after it. */
async function withPage(run: (page: Page) => Promise<void>) {
  const { context, page } = await openPage(browser, baseUrl);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

async function fillCard(scope: ReturnType<Page['getByTestId']>, number: string) {
  await scope.getByTestId('card-number').fill(number);
  await scope.getByTestId('card-expiry').fill('12 / 30');
  await scope.getByTestId('card-cvc').fill('123');
}

const newToken = async (prefix: string) => idToken(await newAccount(prefix));

describe('buying a plan', () => {
  it('the subscribe modal from a gate, a declined card, the welcome and the data after', async () => {
    const token = await newToken('billing.screens');
    await withPage(async (page) => {
      await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
      const history = page.getByTestId('ehs-score-history');
      await history.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByTestId('upgrade-buy').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('card-number').waitFor();
      await modal.getByTestId('subscribe-due-now-amount').waitFor();
      await shoot(page, 'billing-subscribe-modal');
      await fillCard(modal, '4000 0000 0000 0002');
      await modal.getByTestId('subscribe-pay').click();
      await modal.getByTestId('subscribe-error').scrollIntoViewIfNeeded();
      await shoot(page, 'billing-subscribe-declined', DESKTOP_LIGHT);
      await fillCard(modal, '4242 4242 4242 4242');
      await modal.getByTestId('subscribe-pay').click();
      await page.getByTestId('welcome-modal').waitFor();
      await shoot(page, 'billing-welcome');
      await page.getByTestId('welcome-done').click();
      await history.getByTestId('ehs-history-latest').waitFor();
      await history.scrollIntoViewIfNeeded();
      await shoot(page, 'billing-subscribe-ehs-after', DESKTOP_LIGHT);
    });
  });

  it('a Plus member’s credit, in the upgrade modal and the subscribe modal', async () => {
    const token = await idToken({ email: 'plus@demo.earningshub.dev', password: DEMO_PASSWORD });
    await withPage(async (page) => {
      await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
      const gate = page.locator('[data-testid="upgrade-prompt"][data-feature="ehs"]').first();
      await gate.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByTestId('upgrade-proration').waitFor();
      await shoot(page, 'billing-upgrade-plus-to-pro', DESKTOP_LIGHT);
      await page.getByTestId('upgrade-buy').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('subscribe-credit').waitFor();
      await modal.getByTestId('subscribe-summary').scrollIntoViewIfNeeded();
      await shoot(page, 'billing-subscribe-plus-to-pro', DESKTOP_LIGHT);
    });
  });

  it('the CNBC offer, its subscribe modal signed out, and /pricing with the code', async () => {
    await withPage(async (page) => {
      await page.goto('/CNBC', { waitUntil: 'networkidle' });
      await page.getByTestId('partner-claim').click();
      await page.getByTestId('promotion-modal').getByTestId('price-promo').waitFor();
      await shoot(page, 'billing-promotion-cnbc');
      await page.getByTestId('promotion-claim').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('coupon-applied').waitFor();
      await modal.getByTestId('subscribe-sign-in').waitFor();
      await shoot(page, 'billing-subscribe-coupon-signed-out');
      await page.goto('/pricing?coupon=CNBC', { waitUntil: 'networkidle' });
      await page.getByTestId('price-earningshub_pro').getByTestId('price-promo').waitFor();
      await shoot(page, 'billing-pricing-cnbc');
    });
  });

  it('the choose-plan modal', async () => {
    const token = await proToken();
    await withPage(async (page) => {
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Choose a plan' }).click();
      await page.getByTestId('choose-plan').getByTestId('price-earningshub_plus').waitFor();
      await shoot(page, 'billing-choose-plan');
    });
  });

  it('/stripe/checkout and the card modal', async () => {
    const token = await newToken('billing.screens');
    await withPage(async (page) => {
      await page.goto(`/stripe/checkout?plan=earningshub_plus&priceType=monthly&token=${token}`, {
        waitUntil: 'networkidle',
      });
      const flow = page.getByTestId('subscribe-flow');
      await flow.getByTestId('card-number').waitFor();
      await flow.getByTestId('subscribe-due-now-amount').waitFor();
      await shoot(page, 'billing-checkout-page');
      await fillCard(flow, '4242 4242 4242 4242');
      await page.getByTestId('subscribe-pay').click();
      await page.getByTestId('welcome-manage').click();
      await page.getByTestId('manage-update-card').click();
      const cardModal = page.getByTestId('modal-creditCard');
      await fillCard(cardModal, '4000 0000 0000 9995');
      await cardModal.getByTestId('card-save').click();
      await cardModal.getByTestId('card-error').waitFor();
      await shoot(page, 'billing-credit-card-modal');
    });
  });
});

describe('managing a subscription', () => {
  it('the manage modal, a cancellation and its banner, the charge history, a change of plan and a refund', async () => {
    const token = await newToken('billing.screens');
    const call = (path: string, body?: object) => apiAs(token, path, body ? { method: 'POST', body } : {});
    await call('/core/users/me');
    await call('/core/portfolios/payments/payment-methods', { stripePaymentMethodId: '4242424242424242' });
    await call('/core/users/me/subscription', { plan: 'earningshub_pro', priceType: 'yearly' });
    await withPage(async (page) => {
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-manage-subscription').click();
      const modal = page.getByTestId('modal-manageSubscription');
      await modal.getByTestId('manage-summary').waitFor();
      await modal.getByTestId('manage-refund-start').waitFor();
      await shoot(page, 'billing-manage');
      await modal.getByTestId('manage-cancel').click();
      await modal.getByTestId('manage-cancel-confirm').waitFor();
      await shoot(page, 'billing-manage-cancel-confirm', DESKTOP_LIGHT);
      await modal.getByTestId('manage-cancel-confirm-button').click();
      await modal.getByTestId('manage-reactivate').waitFor();
      await shoot(page, 'billing-manage-ending', [
        ['desktop', 'light'],
        ['phone', 'dark'],
      ]);
      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await modal.waitFor({ state: 'detached' });
      await page.getByTestId('canceled-subscription-banner').waitFor();
      await shoot(page, 'billing-canceled-banner');
      await page.getByTestId('profile-manage-subscription').click();
      await modal.getByTestId('manage-charge-history').click();
      await page.getByTestId('modal-chargeHistory').getByTestId('charge-row').waitFor();
      await shoot(page, 'billing-charge-history');
      await page.keyboard.press('Escape');
      await page.getByTestId('modal-chargeHistory').waitFor({ state: 'detached' });
      await modal.getByTestId('manage-change').click();
      await modal.getByTestId('manage-interval-monthly').click();
      await shoot(page, 'billing-manage-change-plan', DESKTOP_LIGHT);
      await modal.getByRole('button', { name: 'Back' }).click();
      await modal.getByTestId('manage-refund-start').click();
      await modal.getByTestId('manage-refund-confirm').waitFor();
      await shoot(page, 'billing-manage-refund-confirm', [['phone', 'light']]);
    });
  });

  it('an empty charge history', async () => {
    const token = await newToken('billing.screens');
    await withPage(async (page) => {
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-charge-history').click();
      await page.getByTestId('charge-history-empty').waitFor();
      await shoot(page, 'billing-charge-history-empty', [['phone', 'light']]);
    });
  });
});
