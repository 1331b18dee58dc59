import { isNative } from '../platform/platform.ts';
import type { AppStore } from '../shared/store.ts';
import type { AppRouter } from './router.tsx';

/**
 * Inside the native shell, wires the platform host (status bar, back button, deep links, app state, the login push
 * check) after the first paint; its code is a chunk loaded only there. Nothing on the web.
 */
export function startPlatform(store: AppStore, router: AppRouter): void {
  if (!isNative()) return;
  void import('./app-host-start.ts')
    .then((start) => start.startNativeApp(store, router))
    .catch((error: unknown) => console.error('The native platform did not start', error));
}
