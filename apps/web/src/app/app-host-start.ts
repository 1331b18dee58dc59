/**
 * Wires the platform host into the app (loaded after the first paint, only inside the native shell: start-platform.ts
 * `startPlatform`): status bar, back button, deep links and app state through the host, and SPEC §4's login push
 * check — at each sign-in (a restored session included) the permission is read; granted: the device token is
 * registered and POSTed to /notifications/push-tokens with its appName; not yet asked: our prompt shows, if the
 * rule of packages/domain allows it (not within 14 days of the last, at most 3 times); denied: only logged.
 */

import { pushPromptShown, shouldShowPushPrompt } from '@eh/domain';
import { pushApi } from '../features/push/push-api.ts';
import { loadPlatformHost, type PlatformHost } from '../platform/host.ts';
import { askPushPrompt } from '../platform/push-prompt-state.ts';
import { preferences } from '../shared/preferences.ts';
import type { AppStore } from '../shared/store.ts';
import type { AppRouter } from './router.tsx';

export async function startAppHost(host: PlatformHost, store: AppStore, router: AppRouter): Promise<void> {
  let theme = store.getState().ui.themeMode;
  const themeListeners: ((mode: 'light' | 'dark') => void)[] = [];
  const sendToken = async (body: PushTokenBody) => {
    await store.dispatch(pushApi.endpoints.postPushToken.initiate(body)).unwrap();
  };
  let signedIn = false;
  store.subscribe(() => {
    const state = store.getState();
    if (state.ui.themeMode !== theme) {
      theme = state.ui.themeMode;
      for (const listener of themeListeners) listener(theme);
    }
    const nowSignedIn = state.auth.status === 'signedIn';
    if (nowSignedIn && !signedIn) void checkPushAtLogin(host, sendToken);
    signedIn = nowSignedIn;
  });

  await host.start({
    navigate: (path) => void router.navigate(path),
    setBackground: (background) => void import('./live.ts').then((live) => live.setAppInBackground(background)),
    themeMode: () => theme,
    onThemeChange: (listener) => void themeListeners.push(listener),
  });

  if (store.getState().auth.status === 'signedIn' && !signedIn) {
    signedIn = true;
    void checkPushAtLogin(host, sendToken);
  }
}

/** Inside the native shell (start-platform.ts): its host, wired into the app. */
export async function startNativeApp(store: AppStore, router: AppRouter): Promise<void> {
  await startAppHost(await loadPlatformHost(), store, router);
}

let checking = false;

export type PushTokenBody = { token: string; appName: string };

/** SPEC §4: the push permission checked at login; a granted device's token goes to the server with `sendToken`. */
export async function checkPushAtLogin(
  host: PlatformHost,
  sendToken: (body: PushTokenBody) => Promise<void>,
  now: () => number = Date.now,
): Promise<void> {
  if (checking) return;
  checking = true;
  try {
    let permission = await host.push.permission();
    if (permission === 'prompt') {
      const history = preferences.get('pushPromptHistory');
      if (!shouldShowPushPrompt(history, now())) return;
      preferences.set('pushPromptHistory', pushPromptShown(history, now()));
      if ((await askPushPrompt()) === 'notNow') {
        console.info('Push notifications: not now');
        return;
      }
      permission = await host.push.request();
    }
    if (permission !== 'granted') {
      // SPEC §4: a denial is only logged.
      if (permission === 'denied') console.info('Push notifications: permission denied');
      return;
    }
    await sendToken(await host.push.register());
  } catch (error) {
    console.warn(`Push notifications: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    checking = false;
  }
}
