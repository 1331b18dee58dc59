/**
 * In-app purchase of a plan (iOS): the App Store's side of the subscriptions issue (decision 0022). The account's
 * `appAccountToken` comes from GET /core/users/me/subscription; the host's store plugin buys the product tagged
 * with it; the App Store's notification, not this answer, changes the plan on the server, so afterwards the user
 * and the subscription are only fetched again.
 */
import type { AppStore } from '../app/store.ts';
import { paymentsApi } from '../features/billing/payments-api.ts';
import { loadPlatformHost, type PurchaseResult } from './host.ts';

/** Whether this device sells plans through its own store. */
export async function inAppPurchasesAvailable(): Promise<boolean> {
  return (await loadPlatformHost()).purchases.available;
}

export async function buyInApp(store: AppStore, productId: string): Promise<PurchaseResult> {
  const host = await loadPlatformHost();
  if (!host.purchases.available) throw new Error('This device does not sell plans through an app store');
  const query = store.dispatch(paymentsApi.endpoints.getMySubscription.initiate(undefined, { forceRefetch: true }));
  try {
    const { appAccountToken } = await query.unwrap();
    if (!appAccountToken) throw new Error('Sign in before buying a plan');
    const result = await host.purchases.purchase({ productId, appAccountToken });
    if (result.outcome === 'purchased') store.dispatch(paymentsApi.util.invalidateTags(['Me', 'Subscription']));
    return result;
  } finally {
    query.unsubscribe();
  }
}
