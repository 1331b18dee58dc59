import { describe, expect, it } from 'vitest';
import { createPreferenceStore } from '../../shared/preferences.ts';
import { createBannerClosedStore } from './canceled-banner-closed.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe(createBannerClosedStore.name, () => {
  it('keeps the closed state in the canceledSubscriptionBannerClosed preference and tells its readers', () => {
    const storage = memoryStorage();
    const store = createBannerClosedStore(createPreferenceStore(storage));
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    expect(store.get()).toBe(false);
    store.set(true);
    expect(store.get()).toBe(true);
    expect(storage.items.get('earningshub.canceledSubscriptionBannerClosed')).toBe('true');
    // A second store over the same storage (a reload) reads it.
    expect(createBannerClosedStore(createPreferenceStore(storage)).get()).toBe(true);
    store.set(true);
    expect(calls).toBe(1);
    store.set(false);
    expect(calls).toBe(2);
    unsubscribe();
    store.set(true);
    expect(calls).toBe(2);
  });
});
