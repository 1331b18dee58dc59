/**
 * In-app purchase of a plan (iOS): the App Store's side of the subscriptions issue (decision 0022). The account's
 * `appAccountToken` comes from GET /core/users/me/subscription; the host's store plugin buys the product tagged
 * with it; the App Store's notification, not this answer, changes the plan on the server, so afterwards the user
 * and the subscription are only fetched again.
 */
import { loadPlatformHost, type PurchaseResult } from '../../platform/host.ts';
import type { AppStore } from '../../shared/store.ts';
import { paymentsApi } from './payments-api.ts';

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
