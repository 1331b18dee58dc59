/**
 * The native app's behaviour in Chromium, with the Capacitor shell simulated where the app meets it:
 * an init script plays the shell's bridge as @capacitor/android's native-bridge.js sets it up before any page
 * script — `window.androidBridge` (the platform @capacitor/core reads), `Capacitor.PluginHeaders` (the plugins the
 * shell has and their methods), `Capacitor.nativePromise` (a method's answer) and `Capacitor.nativeCallback` (a
 * listener, called back with the event's data). So the app's own code runs unchanged through @capacitor/core's
 * plugin proxies down to the bridge; only the device's side is fake: the permission the OS reports, the answer of
 * the system's permission dialog, the token the push service hands out, and the events the test fires (a deep
 * link, the back button, the app going to the background).
 *
 * The push prompt's 14 days are the browser's clock (Playwright's clock, set per step); each step is a login by a
 * `?token=` link (SPEC §2), which SPEC §4's check follows.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './browser.ts';
import { expectHealthyPage, FREE, idToken, PRO, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);
const PHONE = { width: 390, height: 844 };

interface FakeDevice {
  /** What PushNotifications.checkPermissions answers ('prompt', 'granted', 'denied', 'prompt-with-rationale'). */
  permission: string;
  /** What the system's dialog answers to requestPermissions. */
  dialogAnswer: 'granted' | 'denied';
  /** The token the push service hands out on register(). */
  token: string;
}

/**
 * The simulated shell. The device's state lives in localStorage (`__fakeDevice`), so it outlasts reloads as the
 * OS's would; every bridge call of this page load is recorded in `__nativeCalls`.
 */
function simulateAndroidShell(initial: FakeDevice) {
  type Listener = (data: unknown, error?: unknown) => void;
  const w = window as unknown as Record<string, unknown>;
  const stored = localStorage.getItem('__fakeDevice');
  if (!stored) localStorage.setItem('__fakeDevice', JSON.stringify(initial));
  const device = (): FakeDevice => JSON.parse(localStorage.getItem('__fakeDevice') ?? '{}');
  const save = (next: Partial<FakeDevice>) =>
    localStorage.setItem('__fakeDevice', JSON.stringify({ ...device(), ...next }));
  const calls: { plugin: string; method: string; options: unknown }[] = [];
  const listeners = new Map<string, Listener[]>();
  const methods = (promises: string[]) => [
    ...promises.map((name) => ({ name, rtype: 'promise' })),
    { name: 'addListener', rtype: 'callback' },
    { name: 'removeListener', rtype: 'callback' },
  ];
  const emit = (plugin: string, event: string, data: unknown) => {
    for (const listener of listeners.get(`${plugin}:${event}`) ?? []) listener(data);
  };
  let nextCallbackId = 1;
  w.androidBridge = { postMessage: () => undefined };
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
    PluginHeaders: [
      { name: 'App', methods: methods(['exitApp', 'getLaunchUrl', 'getInfo', 'getState', 'minimizeApp']) },
      {
        name: 'PushNotifications',
        methods: methods(['checkPermissions', 'requestPermissions', 'register', 'unregister', 'removeAllListeners']),
      },
      { name: 'StatusBar', methods: methods(['setStyle', 'setBackgroundColor', 'setOverlaysWebView', 'show', 'hide']) },
      { name: 'SplashScreen', methods: methods(['show', 'hide']) },
    ],
    nativePromise: async (plugin: string, method: string, options: unknown) => {
      calls.push({ plugin, method, options });
      const key = `${plugin}.${method}`;
      if (key === 'PushNotifications.checkPermissions') return { receive: device().permission };
      if (key === 'PushNotifications.requestPermissions') {
        const answer = device().dialogAnswer;
        // Android 13+: after one denial the OS reports that a rationale should be shown.
        save({ permission: answer === 'granted' ? 'granted' : 'prompt-with-rationale' });
        return { receive: answer };
      }
      if (key === 'PushNotifications.register') {
        setTimeout(() => emit('PushNotifications', 'registration', { value: device().token }), 50);
        return undefined;
      }
      if (key === 'App.getLaunchUrl') return undefined;
      return undefined;
    },
    nativeCallback: (plugin: string, method: string, options: { eventName?: string }, callback: Listener) => {
      calls.push({ plugin, method, options });
      const id = String(nextCallbackId++);
      if (method === 'addListener' && options.eventName) {
        const key = `${plugin}:${options.eventName}`;
        listeners.set(key, [...(listeners.get(key) ?? []), callback]);
      }
      return id;
    },
  };
  w.__nativeCalls = calls;
  w.__nativeEmit = emit;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function nativePage(device: FakeDevice, colorScheme: 'light' | 'dark' = 'light') {
  const opened = await openPage(browser, baseUrl, { viewport: 'phone', colorScheme });
  await opened.context.addInitScript(simulateAndroidShell, device);
  await opened.context.clock.install({ time: T0 });
  return opened;
}

const calls = (page: Page, method: string) =>
  page.evaluate(
    (name) =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.filter((c) => c.method === name)
        .length,
    method,
  );

const emit = (page: Page, plugin: string, event: string, data: unknown) =>
  page.evaluate(
    ([p, e, d]) =>
      (window as unknown as { __nativeEmit: (p: string, e: string, d: unknown) => void }).__nativeEmit(
        p as string,
        e as string,
        d,
      ),
    [plugin, event, data] as const,
  );

/** A login by link, then the permission check done (the bridge was asked for the permission). */
async function login(page: Page, token: string, path = '/my-stocks') {
  await page.goto(`${path}?token=${token}`);
  await expect.poll(() => calls(page, 'checkPermissions'), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** How many prompts this device has shown (its stored history). */
const promptsShown = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('earningshub.pushPromptHistory') ?? '{"count":0}') as { count: number }).count,
  );

/**
 * The check ended without a prompt: the app marks the check's end on the page (app-host-start.ts), and a prompt that
 * shows keeps the check open until answered, so once marked no dialog shows and the stored count is what it was.
 */
async function expectNoPrompt(page: Page, shownBefore: number, label: string) {
  await page.locator('html[data-push-check="done"]').waitFor({ state: 'attached' });
  expect(await page.getByTestId('push-prompt').isVisible(), label).toBe(false);
  expect(await promptsShown(page), label).toBe(shownBefore);
}

async function pushTokenCount(token: string, appName: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/notifications/push-tokens/count?appName=${appName}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

describe('native app (Android shell simulated)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;

  beforeAll(async () => {
    ({ context, page, errors } = await nativePage({ permission: 'prompt', dialogAnswer: 'denied', token: 'unused' }));
    token = await idToken(FREE);
  });
  afterAll(async () => context?.close());

  it('draws the 78 px tab bar at the bottom, keeps the page clear of it, and asks as the mobile platform', async () => {
    const flags = page.waitForRequest((req) => req.url().includes('/api/core/flags'));
    const notes = page.waitForRequest((req) => req.url().includes('/api/core/release-notes'));
    await page.goto('/about');
    await expectHealthyPage(page, '/about');
    const flagsRequest = await flags;
    // SPEC §1/§7: the mobile maintenance flag is the one this client reads; SPEC §4: native release notes.
    expect(new URL(flagsRequest.url()).searchParams.get('platform')).toBe('mobile');
    expect(flagsRequest.headers()['x-client-platform']).toBe('android');
    expect(new URL((await notes).url()).searchParams.get('platform')).toBe('native');

    const bar = page.getByTestId('native-tab-bar');
    await bar.waitFor();
    const box = await bar.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.height).toBe(78);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);
    expect(await bar.getByRole('link').allInnerTexts()).toEqual(['Home', 'Calendar', 'News', 'Calls', 'My Stocks']);
    await screenshot(page, 'native-tab-bar-390-light');

    // Scrolled to the end, the last of the page (the footer) ends above the bar.
    await page.getByRole('contentinfo').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole('contentinfo').boundingBox();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(barTop + 0.5);

    // A tab navigates; the current one is marked.
    await bar.getByRole('link', { name: 'News' }).click();
    await page.waitForURL('**/news');
    await expect.poll(() => bar.getByRole('link', { name: 'News' }).getAttribute('aria-current')).toBe('page');
    // A toast sits above the bar (SPEC §2: 78 units, then its 16 px gap).
    await page.goto('/quote/AAPL');
    await page.getByTestId('add-alert').click();
    expect(await toast(page)).toBe('Please sign in to subscribe to alerts.');
    const toastBottom = async () => {
      const box = await page.getByTestId('toast').boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    };
    // The toast grows in: where it comes to rest is what is measured.
    await expect.poll(toastBottom).toBeGreaterThan(PHONE.height - 78 - 16 - 8);
    expect(await toastBottom()).toBeLessThanOrEqual(PHONE.height - 78 - 16 + 0.5);

    // The status bar was styled and the splash screen hidden through the bridge.
    expect(await calls(page, 'setStyle')).toBeGreaterThan(0);
    expect(await calls(page, 'hide')).toBeGreaterThan(0);
  });

  it('push prompt: asked at the first login, not again within 14 days, again after 14, never a 4th time', async () => {
    const prompt = page.getByTestId('push-prompt');
    // Day 0: asked, with SPEC §4's words; Not now.
    await login(page, token);
    await prompt.getByRole('heading', { name: 'Please turn on notifications' }).waitFor();
    expect(await prompt.getByText('Get alerts for earnings directly in the app.').isVisible()).toBe(true);
    await screenshot(page, 'native-push-prompt-390-light');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(await calls(page, 'requestPermissions')).toBe(0);

    // The same day and day 13: not asked.
    for (const day of [0, 13]) {
      await context.clock.setSystemTime(T0 + day * DAY + 60_000);
      await login(page, token);
      await expectNoPrompt(page, 1, `day ${day}`);
    }

    // Day 14: asked again (the second time); Not now.
    await context.clock.setSystemTime(T0 + 14 * DAY + 60_000);
    await login(page, token);
    await prompt.getByRole('button', { name: 'Not now' }).click();

    // Day 20: within 14 days of the second: not asked.
    await context.clock.setSystemTime(T0 + 20 * DAY);
    await login(page, token);
    await expectNoPrompt(page, 2, 'day 20');

    // Day 29: the third time; OK opens the system's dialog, which the user denies: only logged.
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    await context.clock.setSystemTime(T0 + 29 * DAY);
    await login(page, token);
    await prompt.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => calls(page, 'requestPermissions')).toBe(1);
    await expect.poll(() => logged.some((line) => line.includes('permission denied'))).toBe(true);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await calls(page, 'register')).toBe(0);

    // Day 60 and day 400: three prompts were shown, never a fourth.
    for (const day of [60, 400]) {
      await context.clock.setSystemTime(T0 + day * DAY);
      await login(page, token);
      await expectNoPrompt(page, 3, `day ${day}`);
    }
    const history = await page.evaluate(() => localStorage.getItem('earningshub.pushPromptHistory'));
    // The browser's clock runs on from each time set: the third prompt was shown within a minute of day 29.
    const { count, lastAskedAt } = JSON.parse(history ?? '{}') as { count: number; lastAskedAt: number };
    expect(count).toBe(3);
    expect(lastAskedAt - (T0 + 29 * DAY)).toBeGreaterThanOrEqual(0);
    expect(lastAskedAt - (T0 + 29 * DAY)).toBeLessThan(60_000);
    expect(errors).toEqual([]);
  });

  it('a deep link opens the quote page; the back button goes back; the background pauses the live socket', async () => {
    await context.clock.setSystemTime(T0 + 401 * DAY);
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => frames.push(String(payload))));
    await page.goto('/about');
    await expectHealthyPage(page, '/about');
    await expect.poll(() => calls(page, 'addListener')).toBeGreaterThanOrEqual(4);

    await emit(page, 'App', 'appUrlOpen', { url: 'https://earningshub.example/quote/AAPL' });
    await page.waitForURL('**/quote/AAPL');
    await expect.poll(() => page.locator('main h1').first().innerText()).toContain('AAPL');
    await expectHealthyPage(page, '/quote/AAPL');

    await emit(page, 'App', 'backButton', { canGoBack: true });
    await page.waitForURL('**/about');

    // The socket is open (its subscribe went out); the app goes to the background, then comes back.
    await expect.poll(() => frames.some((f) => f.includes('"subscribe"')), { timeout: 20_000 }).toBe(true);
    await emit(page, 'App', 'appStateChange', { isActive: false });
    await expect.poll(() => frames.some((f) => f.includes('"pause"'))).toBe(true);
    await emit(page, 'App', 'appStateChange', { isActive: true });
    await expect.poll(() => frames.some((f) => f.includes('"unpause"'))).toBe(true);

    // At the first page the back button leaves the app.
    await emit(page, 'App', 'backButton', { canGoBack: false });
    await expect.poll(() => calls(page, 'exitApp')).toBe(1);
  });
});

describe('native app: OK to the prompt, the device token reaches the server', () => {
  it('registers with the push service and POSTs the token under earningshub-android', async () => {
    const deviceToken = `fake-fcm-${randomUUID()}`;
    const { context, page, errors } = await nativePage(
      { permission: 'prompt', dialogAnswer: 'granted', token: deviceToken },
      'dark',
    );
    try {
      const token = await idToken(PRO);
      const before = await pushTokenCount(token, 'earningshub-android');
      const posted = page.waitForRequest(
        (req) => req.url().endsWith('/api/notifications/push-tokens') && req.method() === 'POST',
      );
      await login(page, token, '/');
      const prompt = page.getByTestId('push-prompt');
      await prompt.getByRole('heading', { name: 'Please turn on notifications' }).waitFor();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `native-push-prompt-390-dark`);
      await prompt.getByRole('button', { name: 'OK' }).click();
      const request = await posted;
      expect(request.postDataJSON()).toEqual({ token: deviceToken, appName: 'earningshub-android' });
      expect((await request.response())?.status()).toBe(201);
      expect(await pushTokenCount(token, 'earningshub-android')).toBe(before + 1);

      // A later login: granted now, so no prompt; the same token again (the server keeps it once).
      await context.clock.setSystemTime(T0 + 30 * DAY);
      await login(page, token, '/');
      await expect.poll(() => calls(page, 'register')).toBe(1);
      await expectNoPrompt(page, 1, 'granted');
      expect(await pushTokenCount(token, 'earningshub-android')).toBe(before + 1);
      await screenshot(page, `native-tab-bar-390-dark`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the web (not native)', () => {
  const LINKS = {
    appStore: 'https://apps.apple.com/app/id0000000000',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
  };

  // What the offer decides on its own (not at desktop width, not once closed, not while no store is listed) is
  // mobile-app-prompt.test.tsx's; here, the journey of a phone visitor across reloads.
  it('at 390 px offers the stores a deployment lists in app-links.json, with no tab bar, until closed, across reloads', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone', colorScheme });
      try {
        // A deployment that lists both stores (the file, answered here as such a deployment would).
        await context.route('**/app-links.json', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(LINKS) }),
        );
        await page.goto('/about');
        await expectHealthyPage(page, '/about');
        const offer = page.getByTestId('mobile-app-prompt');
        await offer.waitFor();
        expect(await offer.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(LINKS.appStore);
        expect(await offer.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe(LINKS.googlePlay);
        expect(await page.getByTestId('native-tab-bar').count()).toBe(0);
        expect(await offer.getByRole('heading').innerText()).toBe('EarningsHub for iPhone and Android');
        expect(await seriousViolations(page, '[data-testid="mobile-app-prompt"]')).toEqual([]);
        await screenshot(page, `web-mobile-app-prompt-390-${colorScheme}`);

        await offer.getByRole('button', { name: 'Close the app offer' }).click();
        await offer.waitFor({ state: 'detached' });
        await page.reload();
        // The layout decides as it draws: once the page is up with the closing kept, the offer is not there.
        await expectHealthyPage(page, '/about');
        expect(await page.evaluate(() => localStorage.getItem('earningshub.mobileAppPromptDismissed'))).toBe('true');
        expect(await page.getByTestId('mobile-app-prompt').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
