/**
 * Buying a plan in the iOS app (decisions 0022 and 0034) in Chromium, with the Capacitor iOS shell
 * simulated at its bridge as native.test.ts does for Android: `window.webkit.messageHandlers.bridge` (the platform
 * @capacitor/core reads as iOS), `Capacitor.PluginHeaders` (the shell's plugins, our `EarningsHubStore` among them)
 * and `Capacitor.nativePromise` (the answers). Only the App Store's side is fake: what its purchase sheet answers.
 * The e2e server's price list names two App Store products, Pro monthly and Pro yearly (global-setup.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, showAs } from './browser.ts';
import { FREE, idToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
/** As global-setup.ts configures APPLE_PRODUCT_IDS. */
const PRO_YEARLY_PRODUCT = 'dev.earningshub.e2e.pro.yearly';
const CANCELLED = 'The purchase was cancelled. Nothing was charged and your plan is unchanged.';

/**
 * The shell (iOS, or Android for the card check): push already refused (no prompt in the way); on iOS the App Store
 * answers what `__storeAnswer` holds.
 */
function simulateShell(platform: string) {
  const w = window as unknown as Record<string, unknown>;
  const calls: { plugin: string; method: string; options: unknown }[] = [];
  const methods = (promises: string[]) => [
    ...promises.map((name) => ({ name, rtype: 'promise' })),
    { name: 'addListener', rtype: 'callback' },
    { name: 'removeListener', rtype: 'callback' },
  ];
  if (platform === 'ios') w.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  else w.androidBridge = { postMessage: () => undefined };
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
    PluginHeaders: [
      { name: 'App', methods: methods(['exitApp', 'getLaunchUrl', 'getInfo', 'getState', 'minimizeApp']) },
      { name: 'PushNotifications', methods: methods(['checkPermissions', 'requestPermissions', 'register']) },
      { name: 'StatusBar', methods: methods(['setStyle', 'setBackgroundColor', 'setOverlaysWebView', 'show', 'hide']) },
      { name: 'SplashScreen', methods: methods(['show', 'hide']) },
      { name: 'EarningsHubStore', methods: methods(['purchase']) },
    ],
    nativePromise: async (plugin: string, method: string, options: unknown) => {
      calls.push({ plugin, method, options });
      if (`${plugin}.${method}` === 'PushNotifications.checkPermissions') return { receive: 'denied' };
      if (`${plugin}.${method}` === 'EarningsHubStore.purchase') return w.__storeAnswer;
      return undefined;
    },
    nativeCallback: (plugin: string, method: string, options: unknown) => {
      calls.push({ plugin, method, options });
      return String(calls.length);
    },
  };
  w.__nativeCalls = calls;
}

const purchases = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __nativeCalls: { plugin: string; method: string; options: unknown }[] }).__nativeCalls
      .filter((call) => call.plugin === 'EarningsHubStore' && call.method === 'purchase')
      .map((call) => call.options),
  );

async function api(path: string, token: string) {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('plans bought in the iOS app (shell simulated)', () => {
  it('Pro yearly from the pricing page goes to the App Store with its product and the account token; no card; a cancel changes nothing', async () => {
    const token = await idToken(FREE);
    const { appAccountToken } = await api('/core/users/me/subscription', token);
    expect(appAccountToken).toMatch(/^[0-9a-f-]{36}$/);
    const before = (await api('/core/users/me', token)).accountSubscription;

    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await context.addInitScript(simulateShell, 'ios');
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
      expect(await modal.getByTestId('card-fields').count()).toBe(0);
      expect(await modal.getByTestId('card-number').count()).toBe(0);
      expect(await modal.getByTestId('subscribe-pay').count()).toBe(0);
      for (const colorScheme of ['light', 'dark'] as const) {
        await showAs(page, 'phone', colorScheme);
        await screenshot(page, `native-ios-subscribe-390-${colorScheme}`);
      }
      await showAs(page, 'phone', 'light');
      expect(await seriousViolations(page, '[data-testid="modal-subscribe"]')).toEqual([]);

      // Plus has no App Store product here: said so, and still no card form.
      await modal.getByTestId('subscribe-plan-earningshub_plus').click();
      const unavailable = modal.getByTestId('app-store-unavailable');
      await unavailable.waitFor();
      expect(await unavailable.innerText()).toBe('Plus billed yearly can’t be bought in the app yet.');
      expect(await modal.getByTestId('subscribe-app-store').count()).toBe(0);
      expect(await modal.getByTestId('card-number').count()).toBe(0);
      await screenshot(page, 'native-ios-subscribe-unavailable-390-light');
      await modal.getByTestId('subscribe-plan-earningshub_pro').click();

      // The App Store's sheet is closed without buying.
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).__storeAnswer = {
          outcome: 'cancelled',
          productId: 'dev.earningshub.e2e.pro.yearly',
        };
      });
      await buy.click();
      const outcome = modal.getByTestId('app-store-outcome');
      await outcome.waitFor();
      expect(await outcome.innerText()).toBe(CANCELLED);
      expect(await purchases(page)).toEqual([{ productId: PRO_YEARLY_PRODUCT, appAccountToken }]);
      await screenshot(page, 'native-ios-subscribe-cancelled-390-light');
      expect(subscribes).toEqual([]);
      expect((await api('/core/users/me', token)).accountSubscription).toEqual(before);
      expect(await buy.isEnabled()).toBe(true);

      // Ask to Buy: waiting for approval, said so; still nothing changed.
      const setAnswer = (outcome: string) =>
        page.evaluate((o) => {
          (window as unknown as Record<string, unknown>).__storeAnswer = { outcome: o };
        }, outcome);
      await setAnswer('pending');
      await buy.click();
      await expect.poll(() => outcome.innerText()).toContain('waiting for approval');
      expect(subscribes).toEqual([]);

      // Bought: the plan follows Apple's notification (decision 0022), so the flow says so and fetches the user again.
      await setAnswer('purchased');
      const refetched = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/core/users/me', {
        timeout: 10_000,
      });
      await buy.click();
      await expect
        .poll(() => outcome.innerText())
        .toContain('Your Pro plan becomes active as soon as Apple confirms it');
      await refetched;
      expect(await purchases(page)).toHaveLength(3);
      expect(subscribes).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['web', 'android'] as const)('on %s the same button still opens card checkout', async (where) => {
    const token = await idToken(FREE);
    const { context, page } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      if (where === 'android') await context.addInitScript(simulateShell, 'android');
      await page.goto(`/pricing?token=${token}`);
      if (where === 'android') await page.getByTestId('native-tab-bar').waitFor();
      await page.getByTestId('choose-earningshub_pro').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('card-number').waitFor();
      expect(await modal.getByTestId('subscribe-flow').getAttribute('data-store')).toBeNull();
      expect(await modal.getByTestId('subscribe-app-store').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
