import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, DEMO_PASSWORD, idToken, proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Offer = {
  plan: string;
  monthly: { amount: number };
  yearly: { amount: number };
  yearlySaving: { amount: number };
};
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

describe('/pricing', () => {
  it('shows the server’s prices, yearly first, monthly on the switch, with the yearly saving', async () => {
    const { plans } = await api<{ plans: Offer[] }>('/core/subscriptions/account/plans');
    const pro = plans.find((offer) => offer.plan === 'earningshub_pro') as Offer;
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/pricing', { waitUntil: 'networkidle' });
      const price = page.getByTestId('price-earningshub_pro');
      await price.waitFor();
      expect(await price.getAttribute('data-interval')).toBe('yearly');
      expect(await price.getByTestId('price-amount').innerText()).toBe(dollars(pro.yearly.amount));
      expect(await price.getByTestId('price-note').innerText()).toContain(dollars(pro.yearlySaving.amount));
      await page.getByTestId('interval-monthly').click();
      expect(await price.getByTestId('price-amount').innerText()).toBe(dollars(pro.monthly.amount));
      // Test billing (the embedded default) sells the plans, labelled as such: no 'can't be bought' words.
      expect(await page.getByTestId('not-for-sale').count()).toBe(0);
      expect(await page.getByTestId('test-billing-label').innerText()).toBe('Test billing — no card is charged');
      await page.getByTestId('choose-earningshub_pro').click();
      const subscribe = page.getByTestId('subscribe-flow');
      await subscribe.waitFor();
      expect(await subscribe.getAttribute('data-plan')).toBe('earningshub_pro');
      expect(await subscribe.getAttribute('data-interval')).toBe('monthly');
      await page.keyboard.press('Escape');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a coupon code lowers the prices of the plans it is for, and names why one cannot be used', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/pricing', { waitUntil: 'networkidle' });
      await page.getByTestId('coupon-input').fill('cnbc');
      await page.getByTestId('coupon-apply').click();
      expect(await page.getByTestId('coupon-applied').innerText()).toBe(
        'CNBC: 20% off Pro and Partner Pro for 12 months.',
      );
      expect(new URL(page.url()).searchParams.get('coupon')).toBe('cnbc');
      const promo = page.getByTestId('price-earningshub_pro').getByTestId('price-promo');
      expect(await promo.innerText()).toBe('With CNBC: $191.90 for the first year, then $239.88 / year');
      // Plus is not in the offer: its price is untouched.
      expect(await page.getByTestId('price-earningshub_plus').getByTestId('price-promo').count()).toBe(0);

      await page.getByTestId('coupon-input').fill('SPRING2025');
      await page.getByTestId('coupon-apply').click();
      expect(await page.getByTestId('coupon-problem').innerText()).toMatch(
        /^Coupon SPRING2025 expired on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
      );
      expect(await page.getByTestId('price-earningshub_pro').getByTestId('price-promo').count()).toBe(0);

      await page.getByTestId('coupon-input').fill('no such code!');
      await page.getByTestId('coupon-apply').click();
      expect(await page.getByText('A coupon code is up to 64 letters, digits, - or _.').count()).toBe(1);
      // The one console error is the browser logging the expired code's 400, which the page shows in words.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    } finally {
      await context.close();
    }
  });

  it('the partner home carries its code to /pricing', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/CNBC', { waitUntil: 'networkidle' });
      expect(await page.getByTestId('partner-offer').innerText()).toContain('code CNBC: 20% off Pro');
      await page.getByTestId('partner-see-plans').click();
      await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('coupon') === 'CNBC');
      await page.getByTestId('coupon-applied').waitFor();
      await page.getByTestId('price-earningshub_pro').getByTestId('price-promo').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-pricing-cnbc-${viewport}-${colorScheme}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the choose-plan and upgrade modals', () => {
  it('the choose-plan modal shows each plan’s price, monthly or yearly', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/profile?token=${await proToken()}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Choose a plan' }).click();
      const modal = page.getByTestId('choose-plan');
      await modal.getByTestId('price-earningshub_plus').waitFor();
      expect(await modal.getByTestId('price-earningshub_plus').getByTestId('price-amount').innerText()).toBe('$95.88');
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `billing-choose-plan-${viewport}-${colorScheme}`);
      }
      await modal.getByTestId('interval-monthly').click();
      expect(await modal.getByTestId('price-earningshub_plus').getByTestId('price-amount').innerText()).toBe('$9.99');
      expect(await modal.getByTestId('price-earningshub_team').innerText()).toContain('per member / month');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a Plus member asked to move to Pro sees Pro’s price and the credit for the unused Plus days', async () => {
    const token = await idToken({ email: 'plus@demo.earningshub.dev', password: DEMO_PASSWORD });
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
      const prompt = page.locator('[data-testid="upgrade-prompt"][data-feature="ehs"]').first();
      await prompt.getByRole('button', { name: 'Upgrade to Pro' }).click();
      const modal = page.getByTestId('upgrade-modal');
      await modal.getByTestId('price-earningshub_pro').waitFor();
      expect(await modal.getByTestId('price-amount').innerText()).toBe('$239.88');
      expect(await modal.getByTestId('upgrade-proration').innerText()).toMatch(
        /^Moving to Pro now would cost \$[\d,.]+ today, with the \d+ unused days? of your Plus period \(\$[\d,.]+\) credited\.$/,
      );
      await screenshot(page, 'billing-upgrade-plus-to-pro-desktop-light');
      expect(await page.getByTestId('modal-upgrade').getByTestId('not-for-sale').count()).toBe(0);
      expect(await page.getByTestId('upgrade-buy').innerText()).toBe('Upgrade to Pro');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
