import { useSyncExternalStore } from 'react';
import { type PreferenceStore, preferences } from '../../shared/preferences.ts';

/**
 * SPEC §3's client preference "canceled-subscription banner closed", read and written live: the banner hides the
 * moment it is closed, and shows again for a later cancellation: the banner resets it once the subscription as
 * refetched runs uncanceled (reactivated, or bought again).
 */
export interface BannerClosedStore {
  get(): boolean;
  set(closed: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createBannerClosedStore(store: Pick<PreferenceStore, 'get' | 'set'>): BannerClosedStore {
  const listeners = new Set<() => void>();
  return {
    get: () => store.get('canceledSubscriptionBannerClosed'),
    set(closed) {
      if (store.get('canceledSubscriptionBannerClosed') === closed) return;
      store.set('canceledSubscriptionBannerClosed', closed);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const canceledBannerClosed: BannerClosedStore = createBannerClosedStore(preferences);

export function useCanceledBannerClosed(): boolean {
  return useSyncExternalStore(canceledBannerClosed.subscribe, canceledBannerClosed.get);
}
