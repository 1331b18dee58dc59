/**
 * Client preferences as live values: read from and written to the app's preference store, with every mounted
 * reader told when one changes — in this tab, in another tab (the storage event), or because the account's
 * settings arrived from the server (settings-sync.tsx). Each change says where it came from, so the sync posts only
 * the reader's own changes.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { PREFERENCE_PREFIX, type PreferenceKey, type Preferences, preferences } from '../../shared/preferences.ts';

/** Who changed a preference: the reader on this page, the account's saved settings, or another tab. */
export type ChangeOrigin = 'local' | 'server' | 'tab';
export type ChangeListener = (key: PreferenceKey, origin: ChangeOrigin) => void;

const listeners = new Set<ChangeListener>();
const cache = new Map<PreferenceKey, unknown>();
let listening = false;

function onStorage(event: StorageEvent) {
  if (event.key !== null && !event.key.startsWith(PREFERENCE_PREFIX)) return;
  const keys = event.key === null ? [...cache.keys()] : [event.key.slice(PREFERENCE_PREFIX.length) as PreferenceKey];
  for (const key of keys) {
    cache.delete(key);
    for (const listener of listeners) listener(key, 'tab');
  }
}

export function getPreference<K extends PreferenceKey>(key: K): Preferences[K] {
  if (!cache.has(key)) cache.set(key, preferences.get(key));
  return cache.get(key) as Preferences[K];
}

export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K], origin: ChangeOrigin = 'local') {
  preferences.set(key, value);
  cache.set(key, value);
  for (const listener of listeners) listener(key, origin);
}

export function subscribePreferences(listener: ChangeListener): () => void {
  listeners.add(listener);
  if (!listening && typeof globalThis.addEventListener === 'function') {
    globalThis.addEventListener('storage', onStorage);
    listening = true;
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && listening) {
      globalThis.removeEventListener?.('storage', onStorage);
      listening = false;
    }
  };
}

/** One preference as React state, written through {@link setPreference} (origin `local`). */
export function usePreference<K extends PreferenceKey>(key: K): [Preferences[K], (value: Preferences[K]) => void] {
  const subscribe = useCallback(
    (notify: () => void) => subscribePreferences((changed) => changed === key && notify()),
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => getPreference(key));
  const set = useCallback((next: Preferences[K]) => setPreference(key, next), [key]);
  return [value, set];
}

/** Forgets cached values (tests). */
export function resetLivePreferences() {
  cache.clear();
}
