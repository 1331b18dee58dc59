import { LIVE_ALL_EVENTS, LIVE_SUBSCRIPTION_BATCH_MS } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveCache } from '../../app/live-cache.ts';
import { makeStore } from '../../app/store.ts';
import { setAuthTokenProvider } from '../../shared/api.ts';
import { signedIn, signedOut } from '../../shared/auth-slice.ts';
import { BrowserSocket } from '../../test/browser-socket.ts';
import { liveSocketUrl, startLive } from './live-start.ts';

/** A page whose visibility the test sets. */
const page = {
  hidden: false,
  listeners: [] as (() => void)[],
  addEventListener(_type: string, listener: () => void) {
    page.listeners.push(listener);
  },
  show(hidden: boolean) {
    page.hidden = hidden;
    for (const listener of page.listeners) listener();
  },
};

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', BrowserSocket);
  vi.stubGlobal('document', page);
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const live = (store: ReturnType<typeof makeStore>) =>
  (store.getState() as unknown as { live: { status: string; paused: boolean; user: string | null } }).live;

describe(liveSocketUrl.name, () => {
  it('is /sync on the API host, wss under https', () => {
    expect(liveSocketUrl('https://earningshub.example/api')).toBe('wss://earningshub.example/sync');
    expect(liveSocketUrl('http://127.0.0.1:3000/api')).toBe('ws://127.0.0.1:3000/sync');
  });
});

describe(startLive.name, () => {
  it('connects once the session is known, pauses while hidden, and reconnects with the new credential on sign-in and sign-out', async () => {
    const store = makeStore();
    startLive(store, createLiveCache);
    // The session is not known yet: no connection.
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserSocket.made).toHaveLength(0);

    store.dispatch(signedOut());
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserSocket.made).toHaveLength(1);
    const anonymous = BrowserSocket.made[0] as BrowserSocket;
    expect(anonymous.url).toMatch(/^ws:\/\/localhost\/sync\?app=earningshub&anonymousId=[0-9a-f-]{36}$/);
    anonymous.onopen?.({});
    anonymous.onmessage?.({
      data: JSON.stringify({
        type: 'welcome',
        user: 'anonymous',
        quoteIntervalMs: 1000,
        subscriptionBatchMs: 500,
        subscriptionsMax: 1000,
      }),
    });
    expect(live(store)).toMatchObject({ status: 'open', user: 'anonymous' });
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS);
    // The call-events subscription.
    expect(anonymous.sent).toEqual([{ type: 'subscribe', targets: { events: [LIVE_ALL_EVENTS] }, requestId: 's1' }]);

    page.show(true);
    expect(anonymous.sent.at(-1)).toEqual({ type: 'pause' });
    expect(live(store).paused).toBe(true);
    page.show(false);
    expect(anonymous.sent.at(-1)).toEqual({ type: 'unpause' });

    const token = `eyJ${'a'.repeat(60)}`;
    setAuthTokenProvider(() => ({ idToken: token }));
    store.dispatch(signedIn({ email: 'pro@demo.earningshub.dev' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(anonymous.closed).toBe(true);
    const signed = BrowserSocket.made.at(-1) as BrowserSocket;
    expect(signed.url).toBe(`ws://localhost/sync?app=earningshub&token=${token}`);
    signed.onopen?.({});
    // The call-events subscription is kept through the disconnect.
    expect(signed.sent).toEqual([{ type: 'subscribe', targets: { events: [LIVE_ALL_EVENTS] }, requestId: 's2' }]);

    setAuthTokenProvider(null);
    store.dispatch(signedOut());
    await vi.advanceTimersByTimeAsync(0);
    expect(signed.closed).toBe(true);
    expect((BrowserSocket.made.at(-1) as BrowserSocket).url).toContain('anonymousId=');
    expect(BrowserSocket.made).toHaveLength(3);
  });
});
