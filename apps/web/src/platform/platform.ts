/**
 * Web vs native behaviour behind one interface (DESIGN §7). Features ask this module; they never check for
 * Capacitor themselves. The synchronous checks below read the global the Capacitor shell's bridge injects before any
 * script runs; what needs the device (push, status bar, back button, deep links, app state, store purchases) is
 * the platform host of host.ts, loaded lazily.
 */
import type { ClientPlatform } from '@eh/contracts';

/** SPEC §9: on native the toast sits above a bottom bar 78 units high. */
export const NATIVE_BOTTOM_BAR = 78;

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

export function isNative(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** The platform named in the x-client-platform header. */
export function clientPlatform(): ClientPlatform {
  if (!isNative()) return 'web';
  return capacitor()?.getPlatform?.() === 'android' ? 'android' : 'ios';
}

/**
 * Whether plans are bought through this device's own store instead of card checkout: the iOS app (Apple requires
 * in-app purchase for digital plans; decisions 0022, 0034). Android and the web keep card checkout. The same answer
 * as the host's `purchases.available`, known without loading the host.
 */
export function sellsPlansInApp(): boolean {
  return clientPlatform() === 'ios';
}

/** SPEC §7: the flags call names the platform as mobile or web. */
export function flagPlatform(): 'web' | 'mobile' {
  return isNative() ? 'mobile' : 'web';
}

/** SPEC §4: release notes are platform-specific (web vs native). */
export function releaseNotesPlatform(): 'web' | 'native' {
  return isNative() ? 'native' : 'web';
}

/** Height of the native bottom bar that toasts and sticky footers must clear; 0 on the web. */
export function bottomBarHeight(): number {
  return isNative() ? NATIVE_BOTTOM_BAR : 0;
}

/**
 * CSS length of the bottom that the native tab bar covers (its 78 units and the device's bottom safe area) plus
 * `gap`: what the layout keeps free below the page and where toasts sit. Just `gap` px on the web.
 */
export function aboveBottomBar(gap = 0): string {
  return isNative() ? `calc(${NATIVE_BOTTOM_BAR + gap}px + env(safe-area-inset-bottom, 0px))` : `${gap}px`;
}

/** A string key-value store: the subset of the Web Storage API the preferences module needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage kept in memory: used where localStorage is unavailable (private modes, tests). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    const local = globalThis.localStorage;
    const probe = '__eh_probe__';
    local.setItem(probe, probe);
    local.removeItem(probe);
    return {
      getItem: (key) => local.getItem(key),
      setItem: (key, value) => {
        try {
          local.setItem(key, value);
        } catch {
          // Quota exceeded or storage revoked: the value lives for this page only.
        }
      },
      removeItem: (key) => local.removeItem(key),
    };
  } catch {
    return memoryStorage();
  }
}

/**
 * Where client preferences live: localStorage, in the browser and in the native shells' web view alike (kept with the
 * app's data there), behind the synchronous interface the preferences module reads at start-up.
 */
export const storage: KeyValueStorage = browserStorage();

/** The system's colour-scheme preference. */
export function systemPrefersDark(): boolean {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
