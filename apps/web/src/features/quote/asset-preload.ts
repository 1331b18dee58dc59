import { marketApi } from '../../shared/market/market-api.ts';
import type { AppStore } from '../../shared/store.ts';

/** The longest a symbol page waits for its asset before drawing its header with placeholders. */
export const ASSET_WAIT_MS = 1000;

/**
 * Asks for a symbol's asset (name, facts, quote) as its page's code loads, and resolves once it is in the cache or
 * after ASSET_WAIT_MS: the header then draws whole instead of growing as the answer lands and pushing the page down
 * (layout shift). The page's own subscription takes the answer over; a failure is the page's to show.
 */
export async function preloadAssetInfo(store: AppStore, symbol: string): Promise<void> {
  const request = store.dispatch(marketApi.endpoints.getAssetInfo.initiate({ symbol }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([request, new Promise((resolve) => (timer = setTimeout(resolve, ASSET_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
    request.unsubscribe();
  }
}
