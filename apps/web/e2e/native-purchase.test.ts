/**
 * Buying a plan in the iOS app (decisions 0022 and 0034) in Chromium, the Capacitor iOS shell simulated at its bridge
 * (native-shell.ts), our `EarningsHubStore` plugin among its plugins; only the App Store's side is fake: what its
 * purchase sheet answers. The e2e server's price list names two App Store products, Pro monthly and Pro yearly
 * (global-setup.ts). One journey against the real server: from the pricing page to the App Store's sheet, a cancel
 * that changes nothing, then a purchase after which the app fetches the user again. What the modal shows per plan and
 * platform (no card form in the iOS app, Plus not sold there, card checkout on Android and the web, Ask to Buy) is
 * features/billing/app-store-flow.test.tsx.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, screenshot } from './browser.ts';
import { answerFromStore, bridgeCalls, openNativePage } from './native-shell.ts';
import { FREE, idToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
/** As global-setup.ts configures APPLE_PRODUCT_IDS. */
const PRO_YEARLY_PRODUCT = 'dev.earningshub.e2e.pro.yearly';
const CANCELLED = 'The purchase was cancelled. Nothing was charged and your plan is unchanged.';

async function api(path: string, token: string) {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

const purchases = (page: Page) => bridgeCalls(page, 'purchase', 'EarningsHubStore');

let browser: Awaited<ReturnType<typeof fileBrowser>>;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => browser?.close());

describe('a plan bought in the iOS app (shell simulated)', () => {
  it('Pro yearly from the pricing page goes to the App Store with its product and the account token; a cancel changes nothing; a purchase fetches the user again', async () => {
    const token = await idToken(FREE);
    const { appAccountToken } = await api('/core/users/me/subscription', token);
    expect(appAccountToken).toMatch(/^[0-9a-f-]{36}$/);
    const before = (await api('/core/users/me', token)).accountSubscription;

    // Push already refused on this device: no prompt in the way.
    const { context, page, errors } = await openNativePage(browser, baseUrl, {
      platform: 'ios',
      device: { permission: 'denied', dialogAnswer: 'denied', token: 'unused' },
    });
    try {
      const subscribes: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().includes('/core/users/me/subscription')) subscribes.push(req.url());
      });
      await page.goto(`/pricing?token=${token}`);
      await page.getByTestId('native-tab-bar').waitFor();
      await page.getByTestId('interval-yearly').first().click();
      await page.getByTestId('choose-earningshub_pro').click();

      const modal = page.getByTestId('modal-subscribe');
      const flow = modal.getByTestId('subscribe-flow');
      await flow.waitFor();
      expect(await flow.getAttribute('data-store')).toBe('app-store');
      expect(await flow.getAttribute('data-plan')).toBe('earningshub_pro');
      expect(await flow.getAttribute('data-interval')).toBe('yearly');
      const buy = modal.getByTestId('subscribe-app-store');
      await buy.waitFor();
      expect(await seriousViolations(page, '[data-testid="modal-subscribe"]')).toEqual([]);

      // The App Store's sheet is closed without buying.
      await answerFromStore(page, { outcome: 'cancelled', productId: PRO_YEARLY_PRODUCT });
      await buy.click();
      const outcome = modal.getByTestId('app-store-outcome');
      await outcome.waitFor();
      expect(await outcome.innerText()).toBe(CANCELLED);
      expect(await purchases(page)).toEqual([{ productId: PRO_YEARLY_PRODUCT, appAccountToken }]);
      await screenshot(page, 'native-ios-subscribe-cancelled-390-light');
      expect(subscribes).toEqual([]);
      expect((await api('/core/users/me', token)).accountSubscription).toEqual(before);
      expect(await buy.isEnabled()).toBe(true);

      // Bought: the plan follows Apple's notification (decision 0022), so the flow says so and fetches the user again.
      await answerFromStore(page, { outcome: 'purchased' });
      const refetched = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/core/users/me', {
        timeout: 10_000,
      });
      await buy.click();
      await expect
        .poll(() => outcome.innerText())
        .toContain('Your Pro plan becomes active as soon as Apple confirms it');
      await refetched;
      expect(await purchases(page)).toHaveLength(2);
      expect(subscribes).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
