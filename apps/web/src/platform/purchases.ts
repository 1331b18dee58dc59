/**
 * In-app purchases (iOS, decision 0022): whether this device sells plans through its own store. The purchase itself
 * (features/billing/in-app-purchase.ts) asks the host's store plugin.
 */
import { loadPlatformHost } from './host.ts';

/** Whether this device sells plans through its own store. */
export async function inAppPurchasesAvailable(): Promise<boolean> {
  return (await loadPlatformHost()).purchases.available;
}
