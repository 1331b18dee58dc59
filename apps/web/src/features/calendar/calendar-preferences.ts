/**
 * The calendar's client preferences (SPEC §3: earnings settings, calendar toggles, time zone) as React state: read
 * from and written to the app's preference store (which applies the legacy migration on read), with every
 * mounted component told when one changes, in this tab or another.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { PREFERENCE_PREFIX, type Preferences, preferences } from '../../shared/preferences.ts';
import { safeTimeZone } from './calendar-format.ts';

type CalendarPreferenceKey = 'earningsSettings' | 'calendarToggles' | 'timezone';

const listeners = new Set<() => void>();
const cache = new Map<CalendarPreferenceKey, unknown>();

function read<K extends CalendarPreferenceKey>(key: K): Preferences[K] {
  if (!cache.has(key)) cache.set(key, preferences.get(key));
  return cache.get(key) as Preferences[K];
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFERENCE_PREFIX)) {
      cache.clear();
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function setCalendarPreference<K extends CalendarPreferenceKey>(key: K, value: Preferences[K]) {
  preferences.set(key, value);
  cache.set(key, value);
  notify();
}

function useCalendarPreference<K extends CalendarPreferenceKey>(
  key: K,
): [Preferences[K], (value: Preferences[K]) => void] {
  const value = useSyncExternalStore(subscribe, () => read(key));
  const set = useCallback((next: Preferences[K]) => setCalendarPreference(key, next), [key]);
  return [value, set];
}

export const useEarningsSettings = () => useCalendarPreference('earningsSettings');
export const useCalendarToggles = () => useCalendarPreference('calendarToggles');

/** The reader's time zone: the stored preference (default the browser's), one this browser knows. */
export function useTimeZone(): [string, (zone: string) => void] {
  const [zone, setZone] = useCalendarPreference('timezone');
  return [safeTimeZone(zone), setZone];
}

/** Forgets a stored time zone so the browser's applies again. */
export function resetTimeZone() {
  preferences.remove('timezone');
  cache.delete('timezone');
  notify();
}
