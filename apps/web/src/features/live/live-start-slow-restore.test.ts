/**
 * The socket of a visit whose session is known only after the wait given to its restore (a slow page): the wait's
 * end connects anonymously, and the session found then decides whether that connection stays. In a file of its own,
 * since the app starts its one socket once per page (live-start.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createLiveCache } from '../../app/live-cache.ts';
import { makeStore } from '../../app/store.ts';
import { setAuthTokenProvider } from '../../shared/api.ts';
import { signedIn, signedOut } from '../../shared/auth-slice.ts';
import { SESSION_RESTORE_WAIT_MS } from '../../shared/constants.ts';
import { BrowserSocket, visiblePageWithBrowserSocket } from '../../test/browser-socket.ts';
import { startLive } from './live-start.ts';

visiblePageWithBrowserSocket();

describe('the live socket of a visit whose session is known late', () => {
  it('keeps the anonymous connection for a visitor found signed out, and makes a signed one on sign-in', async () => {
    const store = makeStore();
    startLive(store, createLiveCache);
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_WAIT_MS);
    expect(BrowserSocket.made).toHaveLength(1);
    const anonymous = BrowserSocket.made[0] as BrowserSocket;
    expect(anonymous.url).toMatch(/anonymousId=[0-9a-f-]{36}$/);

    store.dispatch(signedOut());
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserSocket.made).toHaveLength(1);
    expect(anonymous.closed).toBe(false);

    const token = `eyJ${'c'.repeat(60)}`;
    setAuthTokenProvider(() => ({ idToken: token }));
    store.dispatch(signedIn({ email: 'pro@demo.earningshub.dev' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(anonymous.closed).toBe(true);
    expect(BrowserSocket.made.map((socket) => socket.url).at(-1)).toBe(
      `ws://localhost/sync?app=earningshub&token=${token}`,
    );
  });
});
