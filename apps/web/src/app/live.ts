/**
 * The live socket as the app starts it (after the first paint, in a chunk of its own): the live feature's client,
 * with the caches its messages change (live-cache.ts: market, calendar and calls answers).
 */
import { startLive as startLiveSocket } from '../features/live/live-start.ts';
import type { AppStore } from '../shared/store.ts';
import { createLiveCache } from './live-cache.ts';

export { setAppInBackground } from '../features/live/live-start.ts';

export const startLive = (store: AppStore) => startLiveSocket(store, createLiveCache);
