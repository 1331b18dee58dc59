/**
 * The Capacitor shell's side of the platform interface (iOS and Android), loaded only inside the shell (host.ts):
 * none of the Capacitor plugins' code is in the web's first load.
 *
 * Every call goes through the plugins' proxies of `@capacitor/core`, which hand it to the shell's bridge
 * (`Capacitor.nativePromise` / `nativeCallback`, for the plugins the shell lists in `Capacitor.PluginHeaders`).
 * The e2e (apps/web/e2e/native-shell.ts) stands in for the shell at exactly that point.
 */
import { App } from '@capacitor/app';
import { Capacitor, registerPlugin } from '@capacitor/core';
import { PushNotifications } from '@capacitor/push-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import type { ANDROID_PUSH_APP_NAME, IOS_PUSH_APP_NAME } from '@eh/contracts';
import { appPathOf } from '../deep-link.ts';
import type { HostApp, PlatformHost, PurchaseResult, PushPermission } from '../host-types.ts';
import { clientPlatform } from '../platform.ts';

/**
 * The appNames the server files native tokens under (decision 0018). Typed as the contracts' constants, so a change
 * there fails the type check here; imported as types only, since the contracts' values would bring zod along.
 */
const PUSH_APP_NAME: { ios: typeof IOS_PUSH_APP_NAME; android: typeof ANDROID_PUSH_APP_NAME } = {
  ios: 'earningshub-ios',
  android: 'earningshub-android',
};

/** The nav bar's colours (shared/theme.ts): the status bar's background on Android, so the two read as one bar. */
const STATUS_BAR_COLOR = { light: '#ffffff', dark: '#151b18' } as const;

/**
 * The App Store purchase bridge: a plugin of our own the iOS project registers under this name (StoreKit 2 is not
 * in any Capacitor core plugin). Its Swift side is documented in docs/native.md; it cannot be built or run here.
 * `purchase` buys with `Product.PurchaseOption.appAccountToken(UUID(uuidString: appAccountToken))` and answers the
 * verified transaction's ids; the plan itself changes when the App Store's notification reaches the server
 * (decision 0022), never from what the app says.
 */
export interface AppStorePurchasesPlugin {
  purchase(options: { productId: string; appAccountToken: string }): Promise<PurchaseResult>;
}
export const APP_STORE_PLUGIN = 'EarningsHubStore';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createNativeHost(): PlatformHost {
  const kind = clientPlatform();
  const appStore = kind === 'ios' ? registerPlugin<AppStorePurchasesPlugin>(APP_STORE_PLUGIN) : null;

  let registering: Promise<{ token: string; appName: string }> | null = null;

  async function start(app: HostApp) {
    // Each part on its own: a plugin missing from a shell build costs only its part.
    const parts: [string, () => Promise<unknown>][] = [
      [
        'status bar',
        async () => {
          // The page below the status bar (not under it), its text readable on the theme's nav bar.
          const style = async (mode: 'light' | 'dark') => {
            await StatusBar.setStyle({ style: mode === 'dark' ? Style.Dark : Style.Light });
            if (kind === 'android') await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR[mode] });
          };
          await StatusBar.setOverlaysWebView({ overlay: false });
          await style(app.themeMode());
          app.onThemeChange((mode) => void style(mode).catch(log('status bar')));
        },
      ],
      [
        'back button',
        // Android's back button: back in the app's history, out of the app at its first page.
        () =>
          App.addListener('backButton', ({ canGoBack }) => {
            if (canGoBack) globalThis.history.back();
            else void App.exitApp();
          }),
      ],
      [
        'deep links',
        // A link opened while the app runs, and the one that started it.
        async () => {
          await App.addListener('appUrlOpen', ({ url }) => open(url));
          open((await App.getLaunchUrl())?.url);
        },
      ],
      // App state: the live socket pauses in the background (SPEC §4).
      ['app state', () => App.addListener('appStateChange', ({ isActive }) => app.setBackground(!isActive))],
      [
        'notification taps',
        // A tapped notification opens its page (the server sends its link as `url`, decision 0018).
        () =>
          PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
            const url = (notification.data as { url?: unknown } | undefined)?.url;
            if (typeof url === 'string') open(url);
          }),
      ],
      ['splash screen', () => SplashScreen.hide()],
    ];
    const open = (url: string | undefined) => {
      const path = url ? appPathOf(url) : null;
      if (path) app.navigate(path);
    };
    for (const [name, part] of parts) await part().catch(log(name));
  }

  async function permission(): Promise<PushPermission> {
    const { receive } = await PushNotifications.checkPermissions();
    return receive === 'granted' || receive === 'denied' ? receive : 'prompt';
  }

  function register(): Promise<{ token: string; appName: string }> {
    registering ??= new Promise((resolve, reject) => {
      const appName = kind === 'ios' ? PUSH_APP_NAME.ios : PUSH_APP_NAME.android;
      void (async () => {
        const ok = await PushNotifications.addListener('registration', ({ value }) => {
          void ok.remove();
          void failed.remove();
          resolve({ token: value, appName });
        });
        const failed = await PushNotifications.addListener('registrationError', ({ error }) => {
          void ok.remove();
          void failed.remove();
          reject(new Error(error));
        });
        await PushNotifications.register();
      })().catch(reject);
    });
    // A failed registration may be tried again at the next login.
    registering.catch(() => {
      registering = null;
    });
    return registering;
  }

  return {
    kind,
    start,
    push: {
      permission,
      request: async () =>
        (await PushNotifications.requestPermissions()).receive === 'granted' ? 'granted' : 'denied',
      register,
    },
    purchases: {
      available: appStore !== null && Capacitor.isPluginAvailable(APP_STORE_PLUGIN),
      purchase: async (request) => {
        if (!appStore) throw new Error('Plans are sold in the app only on iOS');
        return appStore.purchase(request);
      },
    },
  };
}

function log(what: string) {
  return (error: unknown) => console.warn(`native ${what}: ${errorText(error)}`);
}
