/**
 * The Capacitor shell simulated where the app meets it, for the native e2e files (native.test.ts,
 * native-purchase.test.ts, native.screens.ts): an init script plays the shell's bridge as @capacitor/android's and
 * @capacitor/ios's native-bridge.js set it up before any page script — `window.androidBridge` or
 * `window.webkit.messageHandlers.bridge` (the platform @capacitor/core reads), `Capacitor.PluginHeaders` (the plugins
 * the shell has and their methods), `Capacitor.nativePromise` (a method's answer) and `Capacitor.nativeCallback` (a
 * listener, called back with the event's data). So the app's own code runs unchanged through @capacitor/core's plugin
 * proxies down to the bridge; only the device's side is fake: the permission the OS reports, the answer of the
 * system's permission dialog, the token the push service hands out, what the App Store's sheet answers
 * (`window.__storeAnswer`), and the events a test fires (a deep link, the back button, the app going to the
 * background).
 */
import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser.ts';

export interface FakeDevice {
  /** What PushNotifications.checkPermissions answers ('prompt', 'granted', 'denied', 'prompt-with-rationale'). */
  permission: string;
  /** What the system's dialog answers to requestPermissions. */
  dialogAnswer: 'granted' | 'denied';
  /** The token the push service hands out on register(). */
  token: string;
}

export interface Shell {
  platform: 'android' | 'ios';
  device: FakeDevice;
}

/**
 * The simulated shell, run in the page before its scripts. The device's state lives in localStorage (`__fakeDevice`),
 * so it outlasts reloads as the OS's would; every bridge call of this page load is recorded in `__nativeCalls`.
 * Self-contained: Playwright hands it to the page as source.
 */
function simulateShell({ platform, device: initial }: Shell) {
  type Listener = (data: unknown, error?: unknown) => void;
  const w = window as unknown as Record<string, unknown>;
  if (!localStorage.getItem('__fakeDevice')) localStorage.setItem('__fakeDevice', JSON.stringify(initial));
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
  if (platform === 'ios') w.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  else w.androidBridge = { postMessage: () => undefined };
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
    PluginHeaders: [
      { name: 'App', methods: methods(['exitApp', 'getLaunchUrl', 'getInfo', 'getState', 'minimizeApp']) },
      {
        name: 'PushNotifications',
        methods: methods(['checkPermissions', 'requestPermissions', 'register', 'unregister', 'removeAllListeners']),
      },
      { name: 'StatusBar', methods: methods(['setStyle', 'setBackgroundColor', 'setOverlaysWebView', 'show', 'hide']) },
      { name: 'SplashScreen', methods: methods(['show', 'hide']) },
      // Our App Store plugin, which only the iOS project registers (docs/native.md).
      ...(platform === 'ios' ? [{ name: 'EarningsHubStore', methods: methods(['purchase']) }] : []),
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
        // The push service answers after the call returns, as the OS's does.
        queueMicrotask(() => emit('PushNotifications', 'registration', { value: device().token }));
        return undefined;
      }
      if (key === 'EarningsHubStore.purchase') return w.__storeAnswer;
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

/**
 * A fresh context (phone width) whose page runs inside the simulated shell. The shell is the page's alone: another page
 * of the context is a browser on the same phone.
 */
export async function openNativePage(
  browser: Browser,
  baseUrl: string,
  shell: Shell,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const opened = await openPage(browser, baseUrl, { viewport: 'phone', colorScheme });
  await opened.page.addInitScript(simulateShell, shell);
  return opened;
}

/** The bridge calls of this page load to `method` (of `plugin`, when named), with their options. */
export const bridgeCalls = (page: Page, method: string, plugin?: string) =>
  page.evaluate(
    ([name, owner]) =>
      (window as unknown as { __nativeCalls: { plugin: string; method: string; options: unknown }[] }).__nativeCalls
        .filter((call) => call.method === name && (owner === undefined || call.plugin === owner))
        .map((call) => call.options),
    [method, plugin] as const,
  );

/** Fires a plugin's event in the page, as the shell does (a deep link, the back button, the app state). */
export const emitFromShell = (page: Page, plugin: string, event: string, data: unknown) =>
  page.evaluate(
    ([p, e, d]) =>
      (window as unknown as { __nativeEmit: (p: string, e: string, d: unknown) => void }).__nativeEmit(
        p as string,
        e as string,
        d,
      ),
    [plugin, event, data] as const,
  );

/** What the App Store's purchase sheet answers next. */
export const answerFromStore = (page: Page, answer: { outcome: string; productId?: string }) =>
  page.evaluate((a) => {
    (window as unknown as Record<string, unknown>).__storeAnswer = a;
  }, answer);
