/**
 * The client preferences that follow the account across devices (decision 0033): which they are, how the
 * account's saved settings are read into them, and how this device's values meet the account's at sign-in.
 */
import { RECENT_COMPARISONS_MAX, SYNCED_PREFERENCE_KEYS } from '@eh/domain';
import { PREFERENCES, type Preferences } from '../../shared/preferences.ts';

export type SyncedKey = (typeof SYNCED_PREFERENCE_KEYS)[number];
export type SyncedValues = Pick<Preferences, SyncedKey>;
export const SYNCED_KEYS: readonly SyncedKey[] = SYNCED_PREFERENCE_KEYS;

export const isSyncedKey = (key: string): key is SyncedKey => (SYNCED_KEYS as readonly string[]).includes(key);

/**
 * The synced preferences found in the account's saved settings, each read by the same reader as local storage
 * (so a value another client wrote badly counts as absent, never as a broken preference).
 */
export function readSynced(settings: Readonly<Record<string, unknown>>): Partial<SyncedValues> {
  const out: Partial<Record<SyncedKey, unknown>> = {};
  for (const key of SYNCED_KEYS) {
    if (!(key in settings)) continue;
    const value = PREFERENCES[key].read(settings[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as Partial<SyncedValues>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The account's recent comparisons first, then this device's others, newest first, at most ten. */
export function mergeComparisons(account: readonly string[], device: readonly string[]): string[] {
  const out: string[] = [];
  for (const symbol of [...account, ...device]) {
    const upper = symbol.toUpperCase();
    if (!out.includes(upper)) out.push(upper);
  }
  return out.slice(0, RECENT_COMPARISONS_MAX);
}

export interface SignInMerge {
  /** Values to apply on this device (the account's, where they differ from the device's). */
  apply: Partial<SyncedValues>;
  /** Values to save to the account (the device's, where the account has none, and merged lists). */
  push: Partial<SyncedValues>;
}

/**
 * At sign-in: a value the account has saved wins (it is the reader's choice, made on some device); a value only this
 * device has chosen is saved to the account; recent comparisons are the union, the account's first. A device value
 * that is only the default is never pushed over an absent account value.
 */
export function mergeAtSignIn(
  device: SyncedValues,
  deviceChosen: ReadonlySet<SyncedKey>,
  account: Partial<SyncedValues>,
): SignInMerge {
  const apply: Partial<Record<SyncedKey, unknown>> = {};
  const push: Partial<Record<SyncedKey, unknown>> = {};
  for (const key of SYNCED_KEYS) {
    const saved = account[key];
    if (key === 'recentComparisons') {
      const savedList = account.recentComparisons ?? [];
      const merged = mergeComparisons(savedList, deviceChosen.has(key) ? device.recentComparisons : []);
      if (!same(merged, device.recentComparisons)) apply[key] = merged;
      if (merged.length > 0 && !same(merged, savedList)) push[key] = merged;
      continue;
    }
    if (saved !== undefined) {
      if (!same(saved, device[key])) apply[key] = saved;
    } else if (deviceChosen.has(key)) {
      push[key] = device[key];
    }
  }
  return { apply: apply as Partial<SyncedValues>, push: push as Partial<SyncedValues> };
}
