/**
 * The one platform interface (DESIGN §7): what the app asks of the device it runs on. Two implementations:
 * `web-host.ts` (the browser) and `native/native-host.ts` (the Capacitor shell, iOS and Android). Features never
 * check for Capacitor; they ask `loadPlatformHost()`. Both implementations are loaded lazily: the web's first load
 * carries only this interface and the synchronous checks of platform.ts.
 */
import type { PlatformHost } from './host-types.ts';
import { isNative } from './platform.ts';

export type {
  HostApp,
  PlatformHost,
  PurchaseHost,
  PurchaseResult,
  PushHost,
  PushPermission,
} from './host-types.ts';

let loading: Promise<PlatformHost> | null = null;

/** This device's host: the native one inside the Capacitor shell, the web one otherwise (each its own chunk). */
export function loadPlatformHost(): Promise<PlatformHost> {
  loading ??= isNative()
    ? import('./native/native-host.ts').then((m) => m.createNativeHost())
    : import('./web-host.ts').then((m) => m.webHost);
  return loading;
}
