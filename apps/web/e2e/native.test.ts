/**
 * The Android app's journey in Chromium, the Capacitor shell simulated at its bridge (native-shell.ts), in one
 * context: the tab bar on a real screen, a deep link, the back button and the app going to the background, then a
 * login by a `?token=` link (SPEC §2) whose push check (SPEC §4) prompts, and OK sends the device's token to the
 * server; last, a second page of the same phone that is a browser, not the shell, offers the apps (and passes axe).
 * What one screen shows in the shell or on the web (the tabs, the API asked as the mobile platform, the web's offer of
 * the apps) is app/layout/native-chrome.test.tsx, web-chrome.test.tsx and mobile-app-prompt.test.tsx; the
 * prompt's words and buttons platform/push-prompt-dialog.test.tsx; when the login check prompts (14 days apart, at
 * most 3 times, a denial only logged) app/app-host-start.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, screenshot, VIEWPORTS } from './browser.ts';
import { bridgeCalls, emitFromShell, openNativePage } from './native-shell.ts';
import { expectHealthyPage, idToken, PRO, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const PHONE = VIEWPORTS.phone;
/** SPEC §9: the tab bar's height; SPEC §2: a toast's gap above it. */
const TAB_BAR = 78;
const TOAST_GAP = 16;
const APP_NAME = 'earningshub-android';
const deviceToken = `fake-fcm-${randomUUID()}`;
const STORES = {
  appStore: 'https://apps.apple.com/app/id0000000000',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
};

let context: BrowserContext;
let page: Page;
let errors: string[];
/** What the page sent on its live socket. */
const frames: string[] = [];

beforeAll(async () => {
  const browser = await fileBrowser();
  ({ context, page, errors } = await openNativePage(browser, baseUrl, {
    platform: 'android',
    device: { permission: 'prompt', dialogAnswer: 'granted', token: deviceToken },
  }));
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => frames.push(String(payload))));
  return async () => {
    await context?.close();
    await browser.close();
  };
});

async function pushTokenCount(token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/notifications/push-tokens/count?appName=${APP_NAME}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

const bottomOf = async (page: Page, testId: string) => {
  const box = await page.getByTestId(testId).last().boundingBox();
  return (box?.y ?? 0) + (box?.height ?? 0);
};

describe('the Android app (shell simulated)', () => {
  it('draws the 78 px tab bar at the bottom with the page clear of it, and styles the shell through the bridge', async () => {
    await page.goto('/about');
    await expectHealthyPage(page, '/about');
    const bar = page.getByTestId('native-tab-bar');
    await bar.waitFor();
    const box = await bar.boundingBox();
    expect(box?.height).toBe(TAB_BAR);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);
    await screenshot(page, 'native-tab-bar-390-light');

    // Scrolled to the end, the last of the page (the footer) ends above the bar.
    await page.getByRole('contentinfo').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(PHONE.height - TAB_BAR + 0.5);

    // The status bar was styled and the splash screen hidden through the bridge (host start, after the first paint).
    await expect.poll(async () => (await bridgeCalls(page, 'hide', 'SplashScreen')).length).toBe(1);
    expect((await bridgeCalls(page, 'setStyle', 'StatusBar')).length).toBeGreaterThan(0);
  });

  it('a deep link opens the quote page, its toast above the bar; back goes back; the background pauses the live socket', async () => {
    // The host's listeners are in: back button, deep links, app state, notification taps.
    await expect.poll(async () => (await bridgeCalls(page, 'addListener')).length).toBeGreaterThanOrEqual(4);
    await emitFromShell(page, 'App', 'appUrlOpen', { url: 'https://earningshub.example/quote/AAPL' });
    await page.waitForURL('**/quote/AAPL');
    await expect.poll(() => page.locator('main h1').first().innerText()).toContain('AAPL');

    // A toast sits above the bar: its resting place once it has grown in.
    await page.getByTestId('add-alert').click();
    expect(await toast(page)).toBe('Please sign in to subscribe to alerts.');
    const limit = PHONE.height - TAB_BAR - TOAST_GAP;
    await expect.poll(() => bottomOf(page, 'toast')).toBeGreaterThan(limit - 8);
    expect(await bottomOf(page, 'toast')).toBeLessThanOrEqual(limit + 0.5);

    await emitFromShell(page, 'App', 'backButton', { canGoBack: true });
    await page.waitForURL('**/about');

    // The socket is open (its subscribe went out); the app goes to the background, then comes back.
    await expect.poll(() => frames.some((f) => f.includes('"subscribe"')), { timeout: 20_000 }).toBe(true);
    await emitFromShell(page, 'App', 'appStateChange', { isActive: false });
    await expect.poll(() => frames.some((f) => f.includes('"pause"'))).toBe(true);
    await emitFromShell(page, 'App', 'appStateChange', { isActive: true });
    await expect.poll(() => frames.some((f) => f.includes('"unpause"'))).toBe(true);

    // At the first page the back button leaves the app.
    await emitFromShell(page, 'App', 'backButton', { canGoBack: false });
    await expect.poll(async () => (await bridgeCalls(page, 'exitApp')).length).toBe(1);
  });

  it('at login asks to turn on notifications; OK registers the device and its token reaches the server', async () => {
    const token = await idToken(PRO);
    const before = await pushTokenCount(token);
    const posted = page.waitForRequest(
      (req) => req.url().endsWith('/api/notifications/push-tokens') && req.method() === 'POST',
    );
    await page.goto(`/my-stocks?token=${token}`);
    const prompt = page.getByTestId('push-prompt');
    await prompt.getByRole('heading', { name: 'Please turn on notifications' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'native-push-prompt-390-light');

    await prompt.getByRole('button', { name: 'OK' }).click();
    const request = await posted;
    expect(request.postDataJSON()).toEqual({ token: deviceToken, appName: APP_NAME });
    expect((await request.response())?.status()).toBe(201);
    expect(await pushTokenCount(token)).toBe(before + 1);
    // The system's dialog was shown once, after our OK; the push service was asked once.
    expect(await bridgeCalls(page, 'requestPermissions')).toHaveLength(1);
    expect(await bridgeCalls(page, 'register')).toHaveLength(1);
    await prompt.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('the same phone’s browser, not the shell, offers the apps where a deployment lists them, accessibly', async () => {
    const browserPage = await context.newPage();
    try {
      // A deployment that lists both stores (the file, answered here as such a deployment would).
      await browserPage.route('**/app-links.json', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(STORES) }),
      );
      await browserPage.goto('/about');
      const offer = browserPage.getByTestId('mobile-app-prompt');
      await offer.waitFor();
      expect(await offer.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(STORES.appStore);
      expect(await browserPage.getByTestId('native-tab-bar').count()).toBe(0);
      expect(await seriousViolations(browserPage, '[data-testid="mobile-app-prompt"]')).toEqual([]);
    } finally {
      await browserPage.close();
    }
  });
});
