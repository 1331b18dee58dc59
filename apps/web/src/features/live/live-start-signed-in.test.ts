/**
 * The socket of a visit that starts signed in (a stored session, or a `?token=` in the address, restored after the
 * first render): in a file of its own, since the app starts its one socket once per page (live-start.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createLiveCache } from '../../app/live-cache.ts';
import { makeStore } from '../../app/store.ts';
import { setAuthTokenProvider } from '../../shared/api.ts';
import { signedIn } from '../../shared/auth-slice.ts';
import { SESSION_RESTORE_WAIT_MS } from '../../shared/constants.ts';
import { BrowserSocket, visiblePageWithBrowserSocket } from '../../test/browser-socket.ts';
import { startLive } from './live-start.ts';

visiblePageWithBrowserSocket();

describe('the live socket of a visit that starts signed in', () => {
  it('waits for the session, then connects once, with the identity token', async () => {
    const store = makeStore();
    startLive(store, createLiveCache);
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserSocket.made).toHaveLength(0);

    // The session is restored before the wait given to it ends.
    const token = `eyJ${'b'.repeat(60)}`;
    setAuthTokenProvider(() => ({ idToken: token }));
    store.dispatch(signedIn({ email: 'pro@demo.earningshub.dev' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserSocket.made.map((socket) => socket.url)).toEqual([
      `ws://localhost/sync?app=earningshub&token=${token}`,
    ]);
    // The wait's end does not connect again, anonymous.
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_WAIT_MS);
    expect(BrowserSocket.made).toHaveLength(1);
  });
});
