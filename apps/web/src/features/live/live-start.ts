/**
 * Starts the app's one live socket (loaded after the first paint, main.tsx): its slice joins the store, the
 * client connects once the session is known (a token when signed in, the anonymous id otherwise; SPEC §5) and
 * again with the new credential after a sign-in or sign-out, pauses while the tab is hidden (SPEC §4), keeps the
 * call-events subscription (every event, for the calendar's and the calls' changes), and its messages patch the
 * cache (live-cache.ts).
 */
import type { LiveServerMessage } from '@eh/contracts';
import { LIVE_ALL_EVENTS, socketCredential } from '@eh/domain';
import { apiBaseUrl, currentAuthTokens } from '../../shared/api.ts';
import { PRODUCT_APP, SESSION_RESTORE_WAIT_MS } from '../../shared/constants.ts';
import { preferences } from '../../shared/preferences.ts';
import { type AppStore, rootReducer } from '../../shared/store.ts';
import { createLiveClient, type LiveClient, type LiveSocket } from './live-client.ts';
import { attachLiveClient } from './live-follows.ts';
import { liveMessageReceived, livePausedChanged, liveSlice, liveStatusChanged } from './live-slice.ts';

/** The socket beside the API: `/sync` on the API's host (`wss:` under `https:`). */
export function liveSocketUrl(api: string = apiBaseUrl()): string {
  const url = new URL('/sync', api);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

let started: LiveClient | null = null;
/** Inside the native shell: the app is in the background (platform/, App's appStateChange). */
let appInBackground = false;
let applyPause: (() => void) | null = null;

/** SPEC §4 on native: the socket pauses while the app is in the background, and unpauses when it is back. */
export function setAppInBackground(background: boolean): void {
  appInBackground = background;
  applyPause?.();
}

/** Takes each socket message into the caches it changes (the composition root's app/live-cache.ts). */
export interface LiveMessageSink {
  receive(message: LiveServerMessage): void;
}

export function startLive(store: AppStore, createCache: (store: AppStore) => LiveMessageSink): LiveClient {
  if (started) return started;
  rootReducer.inject(liveSlice);
  const cache = createCache(store);
  const client = createLiveClient({
    url: liveSocketUrl(),
    app: PRODUCT_APP,
    credential: async () => {
      const tokens = await Promise.resolve(currentAuthTokens()).catch(() => null);
      return socketCredential(tokens?.idToken, preferences.get('anonymousUserId'));
    },
    createSocket: (url) => new WebSocket(url) satisfies LiveSocket,
    onStatus: (status, retries) => store.dispatch(liveStatusChanged({ status, retries })),
    onMessage: (message) => {
      store.dispatch(liveMessageReceived(message));
      cache.receive(message);
    },
  });
  started = client;
  attachLiveClient(client);

  // The call-events subscription: made once, and kept by the client through disconnects.
  const stopCallEvents = client.onOpen(() => {
    stopCallEvents();
    client.subscribe({ events: [LIVE_ALL_EVENTS] });
  });

  // SPEC §4: paused while the tab is hidden, or the native app is in the background.
  const visibility = () => {
    if (document.hidden || appInBackground) client.pause();
    else client.unpause();
    store.dispatch(livePausedChanged(client.paused));
  };
  document.addEventListener('visibilitychange', visibility);
  applyPause = visibility;
  visibility();

  // Connects once the session is known (or after the wait a stored session's restore is given), then again with
  // the new credential whenever the visitor signs in or out.
  let session = `${store.getState().auth.status}:${store.getState().auth.email ?? ''}`;
  const known = () => store.getState().auth.status !== 'unknown';
  const fallback = setTimeout(() => client.connect(), SESSION_RESTORE_WAIT_MS);
  if (known()) {
    clearTimeout(fallback);
    client.connect();
  }
  store.subscribe(() => {
    const { status, email } = store.getState().auth;
    const next = `${status}:${email ?? ''}`;
    if (next === session) return;
    const before = session;
    session = next;
    if (status === 'unknown') return;
    clearTimeout(fallback);
    if (before.startsWith('unknown:') && client.status !== 'idle') {
      // A session known only after the wait: the wait's connection was made anonymous, which a visitor found
      // signed out keeps (a slow restore opened a second socket for the same visitor).
      if (status === 'signedOut') return;
    } else if (client.status === 'idle') {
      client.connect();
      return;
    }
    client.disconnect();
    client.connect();
  });
  return client;
}
