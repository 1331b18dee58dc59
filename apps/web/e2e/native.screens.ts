/**
 * The native app's screens and the web's offer of it, for people to look at (`npm run screenshots`; CI takes none),
 * at phone width in both themes: the Android app's tab bar and push prompt, the iOS app's subscribe modal (Pro from
 * the App Store, and Plus, which it does not sell), and the web's offer of the apps where a deployment lists both
 * stores. What they must do is asserted by native.test.ts, native-purchase.test.ts and the component tests they name.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, screenshot, showAs } from './browser.ts';
import { openNativePage } from './native-shell.ts';
import { expectHealthyPage, FREE, idToken } from './support.ts';

const baseUrl = inject('baseUrl');
const THEMES = ['light', 'dark'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => browser?.close());

/** The open page shown in each theme at phone width, saved as `<name>-390-<theme>`. */
async function bothThemes(page: Page, name: string) {
  for (const colorScheme of THEMES) {
    await showAs(page, 'phone', colorScheme);
    await screenshot(page, `${name}-390-${colorScheme}`);
  }
}

describe('the native app and the web’s offer of it', () => {
  it('the Android app: the tab bar, then the push prompt at login', async () => {
    const { context, page } = await openNativePage(browser, baseUrl, {
      platform: 'android',
      device: { permission: 'prompt', dialogAnswer: 'denied', token: 'unused' },
    });
    try {
      await page.goto('/about');
      await expectHealthyPage(page, '/about');
      await page.getByTestId('native-tab-bar').waitFor();
      await bothThemes(page, 'native-tab-bar');
      await page.goto(`/my-stocks?token=${await idToken(FREE)}`);
      await page.getByTestId('push-prompt').getByRole('heading', { name: 'Please turn on notifications' }).waitFor();
      await bothThemes(page, 'native-push-prompt');
    } finally {
      await context.close();
    }
  });

  it('the iOS app: subscribing to Pro from the App Store, and Plus, which it does not sell', async () => {
    const { context, page } = await openNativePage(browser, baseUrl, {
      platform: 'ios',
      device: { permission: 'denied', dialogAnswer: 'denied', token: 'unused' },
    });
    try {
      await page.goto(`/pricing?token=${await idToken(FREE)}`);
      await page.getByTestId('native-tab-bar').waitFor();
      await page.getByTestId('interval-yearly').first().click();
      await page.getByTestId('choose-earningshub_pro').click();
      const modal = page.getByTestId('modal-subscribe');
      await modal.getByTestId('subscribe-app-store').waitFor();
      await bothThemes(page, 'native-ios-subscribe');
      await modal.getByTestId('subscribe-plan-earningshub_plus').click();
      await modal.getByTestId('app-store-unavailable').waitFor();
      await bothThemes(page, 'native-ios-subscribe-unavailable');
    } finally {
      await context.close();
    }
  });

  it('the web at phone width: the offer of the apps where both stores are listed', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      // A deployment that lists both stores (the file, answered here as such a deployment would).
      await context.route('**/app-links.json', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            appStore: 'https://apps.apple.com/app/id0000000000',
            googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
          }),
        }),
      );
      await page.goto('/about');
      await expectHealthyPage(page, '/about');
      await page.getByTestId('mobile-app-prompt').waitFor();
      await bothThemes(page, 'web-mobile-app-prompt');
    } finally {
      await context.close();
    }
  });
});
