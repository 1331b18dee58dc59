import type { LiveServerMessage } from '@eh/contracts';
import {
  LIVE_ALL_EVENTS,
  LIVE_CLOSE_CODES,
  LIVE_NEWS_RETRY_MS,
  LIVE_SUBSCRIPTION_BATCH_MS,
  SOCKET_MAX_RECONNECT_RETRIES,
  socketReconnectDelay,
} from '@eh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chunkTargets,
  createLiveClient,
  type LiveCredential,
  type LiveSocket,
  type LiveStatus,
  liveSocketAddress,
} from './live-client.ts';

/** A WebSocket the test drives: it opens, answers and closes when told. */
class FakeSocket implements LiveSocket {
  onopen: LiveSocket['onopen'] = null;
  onclose: LiveSocket['onclose'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onerror: LiveSocket['onerror'] = null;
  readonly sent: { type: string; targets?: Record<string, unknown[]>; requestId?: string }[] = [];
  closedWith: number | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  /** The server accepts the connection and welcomes the client. */
  accept() {
    this.onopen?.({});
    this.receive({
      type: 'welcome',
      user: 'anonymous',
      quoteIntervalMs: 1000,
      subscriptionBatchMs: 500,
      subscriptionsMax: 1000,
    });
  }
  receive(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The connection ends with `code` (1006: lost without a close frame, as a browser reports a refused one). */
  end(code: number) {
    this.onclose?.({ code });
  }
  types() {
    return this.sent.map((message) => message.type);
  }
}

const ANONYMOUS = { anonymousId: '5b0c3c5e-8d56-4a8e-9d1e-2a0f6c7b1d2e' };

function setup(credential: () => LiveCredential = () => ANONYMOUS) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const messages: LiveServerMessage[] = [];
  const log = vi.fn();
  const client = createLiveClient({
    url: 'wss://app.example/sync',
    app: 'earningshub',
    credential,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => messages.push(message),
    log,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  };
  return { client, sockets, statuses, messages, log, last };
}

/** Lets the credential's promise settle (the client asks for it before each connection). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe(liveSocketAddress.name, () => {
  it('carries app and the credential in the query (SPEC §5, §7)', () => {
    expect(liveSocketAddress('wss://h/sync', 'earningshub', { token: 'a.b.c' })).toBe(
      'wss://h/sync?app=earningshub&token=a.b.c',
    );
    expect(liveSocketAddress('ws://h/sync', 'earningshub', { anonymousId: 'x-1' })).toBe(
      'ws://h/sync?app=earningshub&anonymousId=x-1',
    );
  });
});

describe(chunkTargets.name, () => {
  it('cuts a target of more than 200 items into several messages, other targets riding in the first', () => {
    const stocks = Array.from({ length: 450 }, (_, i) => `S${i}`);
    const chunks = chunkTargets({ stocks, cryptos: ['BTC'] });
    expect(chunks.map((chunk) => chunk.stocks?.length)).toEqual([200, 200, 50]);
    expect(chunks[0]?.cryptos).toEqual(['BTC']);
    expect(chunks.flatMap((chunk) => chunk.stocks)).toEqual(stocks);
  });
});

describe(createLiveClient.name, () => {
  it('connects with the credential of the moment and reports connecting, then open', async () => {
    const { client, last, statuses } = setup(() => ({ token: 't'.repeat(41) }));
    client.connect();
    await settle();
    expect(last().url).toBe(`wss://app.example/sync?app=earningshub&token=${'t'.repeat(41)}`);
    expect(client.status).toBe('connecting');
    last().accept();
    expect(client.status).toBe('open');
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('fails a subscribe without an open socket or without targets (SPEC §8), and follows nothing then', async () => {
    const { client, last } = setup();
    expect(client.subscribe({ stocks: ['AAPL'] })).toEqual({ ok: false, reason: 'not_open' });
    client.connect();
    await settle();
    expect(client.subscribe({ stocks: ['AAPL'] })).toEqual({ ok: false, reason: 'not_open' });
    last().accept();
    expect(client.subscribe({})).toEqual({ ok: false, reason: 'no_targets' });
    expect(client.subscribe({ stocks: [] })).toEqual({ ok: false, reason: 'no_targets' });
    expect(client.unsubscribe({})).toEqual({ ok: false, reason: 'no_targets' });
    expect(client.subscriptions).toEqual({});
    expect(last().sent).toEqual([]);
  });

  it('batches the subscriptions of 500 ms into one message (SPEC §9)', async () => {
    const { client, last } = setup();
    client.connect();
    await settle();
    last().accept();
    expect(client.subscribe({ stocks: ['AAPL'] })).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(200);
    client.subscribe({ stocks: ['MSFT'], cryptos: ['BTC'] });
    client.subscribe({ stocks: ['NVDA'] });
    client.unsubscribe({ stocks: ['NVDA'] });
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS - 200);
    expect(last().sent).toEqual([
      { type: 'unsubscribe', targets: { stocks: ['NVDA'] } },
      { type: 'subscribe', targets: { stocks: ['AAPL', 'MSFT'], cryptos: ['BTC'] }, requestId: 's1' },
    ]);
    expect(client.subscriptions).toEqual({ stocks: ['AAPL', 'MSFT'], cryptos: ['BTC'] });
  });

  it('resubscribes everything it follows when a new connection opens', async () => {
    const { client, sockets, last } = setup();
    client.connect();
    await settle();
    last().accept();
    client.subscribe({ stocks: ['AAPL'], events: [LIVE_ALL_EVENTS] });
    client.subscribe({ newsSymbols: ['AAPL'] });
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS);
    last().end(LIVE_CLOSE_CODES.goingAway);
    expect(client.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(socketReconnectDelay(0) ?? 0);
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(last().sent).toEqual([
      {
        type: 'subscribe',
        targets: { stocks: ['AAPL'], newsSymbols: ['AAPL'], events: [LIVE_ALL_EVENTS] },
        requestId: expect.any(String),
      },
    ]);
  });

  it('lets open listeners add theirs to the one resubscription', async () => {
    const { client, last } = setup();
    client.onOpen(() => client.subscribe({ cryptos: ['ETH'] }));
    client.connect();
    await settle();
    last().accept();
    expect(last().sent).toEqual([{ type: 'subscribe', targets: { cryptos: ['ETH'] }, requestId: 's1' }]);
    // Nothing more once the batch delay has passed: it went with the open.
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS * 2);
    expect(last().sent).toHaveLength(1);
  });

  it('reconnects on SPEC §9 backoff (500 ms + 2^n s) and stops, logged, after 10 retries', async () => {
    const { client, sockets, last, log } = setup();
    client.connect();
    await settle();
    const waits: number[] = [];
    let before = Date.now();
    last().end(LIVE_CLOSE_CODES.abnormal);
    for (let retry = 0; retry < SOCKET_MAX_RECONNECT_RETRIES; retry += 1) {
      const count = sockets.length;
      // One millisecond short of the wait, no new attempt; at the wait, one.
      const wait = socketReconnectDelay(retry) ?? 0;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(count + 1);
      waits.push(Date.now() - before);
      expect(client.status).toBe('reconnecting');
      expect(client.retries).toBe(retry + 1);
      before = Date.now();
      last().end(LIVE_CLOSE_CODES.abnormal);
    }
    expect(waits).toEqual([1500, 2500, 4500, 8500, 16500, 32500, 64500, 128500, 256500, 512500]);
    expect(client.status).toBe('stopped');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('gave up after 10 reconnect retries'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sockets).toHaveLength(SOCKET_MAX_RECONNECT_RETRIES + 1);
  });

  it('starts the retries again from the first once a connection is welcomed', async () => {
    const { client, last } = setup();
    client.connect();
    await settle();
    last().end(LIVE_CLOSE_CODES.abnormal);
    await vi.advanceTimersByTimeAsync(socketReconnectDelay(0) ?? 0);
    last().end(LIVE_CLOSE_CODES.abnormal);
    await vi.advanceTimersByTimeAsync(socketReconnectDelay(1) ?? 0);
    expect(client.retries).toBe(2);
    last().accept();
    expect(client.retries).toBe(0);
    last().end(LIVE_CLOSE_CODES.goingAway);
    const count = client.retries;
    expect(count).toBe(1);
    await vi.advanceTimersByTimeAsync(socketReconnectDelay(0) ?? 0);
    expect(client.status).toBe('reconnecting');
    last().accept();
    expect(client.status).toBe('open');
  });

  it('does not reconnect after a close it would not mend (a normal close, a refused app)', async () => {
    for (const code of [LIVE_CLOSE_CODES.normal, LIVE_CLOSE_CODES.badRequest, LIVE_CLOSE_CODES.policyViolation]) {
      const { client, sockets, last, log } = setup();
      client.connect();
      await settle();
      last().accept();
      last().end(code);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sockets, `close ${code}`).toHaveLength(1);
      expect(client.status).toBe('stopped');
      expect(log).toHaveBeenCalledWith(`closed with ${code}; not reconnecting`);
    }
  });

  it('asks for a fresh credential when a token no longer verifies (4001)', async () => {
    let token = `old${'x'.repeat(40)}`;
    const { client, last } = setup(() => ({ token }));
    client.connect();
    await settle();
    last().end(LIVE_CLOSE_CODES.unauthorized);
    token = `new${'x'.repeat(40)}`;
    await vi.advanceTimersByTimeAsync(socketReconnectDelay(0) ?? 0);
    expect(last().url).toContain(`token=${token}`);
  });

  it('pauses and unpauses (SPEC §4), and a client paused before it opens says so after resubscribing', async () => {
    const { client, last } = setup();
    client.pause();
    client.subscribe({ stocks: ['AAPL'] });
    client.connect();
    await settle();
    client.onOpen(() => client.subscribe({ stocks: ['AAPL'] }));
    last().accept();
    expect(last().types()).toEqual(['subscribe', 'pause']);
    client.pause();
    expect(last().types()).toEqual(['subscribe', 'pause']);
    client.unpause();
    client.unpause();
    expect(last().types()).toEqual(['subscribe', 'pause', 'unpause']);
    client.pause();
    expect(last().types()).toEqual(['subscribe', 'pause', 'unpause', 'pause']);
    expect(client.paused).toBe(true);
  });

  it('retries a news subscription that failed once, 3 s later (SPEC §8), and only once', async () => {
    const { client, last } = setup();
    client.connect();
    await settle();
    // Not open yet: the quotes part is not retried (the page follows it again on open), the news part is.
    expect(client.subscribe({ news: ['headline'], newsSymbols: ['AAPL'], stocks: ['AAPL'] }).ok).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    last().accept();
    expect(last().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(LIVE_NEWS_RETRY_MS - 1000);
    expect(client.subscriptions).toEqual({ news: ['headline'], newsSymbols: ['AAPL'] });
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS);
    expect(last().sent).toEqual([
      { type: 'subscribe', targets: { news: ['headline'], newsSymbols: ['AAPL'] }, requestId: 's1' },
    ]);
  });

  it('gives a news subscription one retry only: still no socket 3 s later, it is dropped', async () => {
    const { client, last } = setup();
    client.subscribe({ newsFilter: ['popular'] });
    await vi.advanceTimersByTimeAsync(LIVE_NEWS_RETRY_MS);
    client.connect();
    await settle();
    last().accept();
    await vi.advanceTimersByTimeAsync(LIVE_NEWS_RETRY_MS * 5);
    expect(last().sent).toEqual([]);
    expect(client.subscriptions).toEqual({});
  });

  it('sends a subscription the server could not apply (unavailable) again once, 3 s later', async () => {
    const { client, last } = setup();
    client.connect();
    await settle();
    last().accept();
    client.subscribe({ newsSymbols: ['MSFT'] });
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS);
    const unavailable = {
      type: 'error',
      code: 'unavailable',
      message: 'the subscription could not be applied now; send it again',
      path: null,
    } as const;
    last().receive({ ...unavailable, requestId: 's1' });
    await vi.advanceTimersByTimeAsync(LIVE_NEWS_RETRY_MS);
    expect(last().sent.at(-1)).toEqual({ type: 'subscribe', targets: { newsSymbols: ['MSFT'] }, requestId: 's2' });
    last().receive({ ...unavailable, requestId: 's2' });
    await vi.advanceTimersByTimeAsync(LIVE_NEWS_RETRY_MS * 3);
    expect(last().sent).toHaveLength(2);
  });

  it('on disconnect forgets what it followed but the call-events subscription (SPEC §4)', async () => {
    const { client, sockets, last } = setup();
    client.connect();
    await settle();
    last().accept();
    client.subscribe({ stocks: ['AAPL'], events: [LIVE_ALL_EVENTS, 42], news: ['headline'] });
    await vi.advanceTimersByTimeAsync(LIVE_SUBSCRIPTION_BATCH_MS);
    const first = last();
    client.disconnect();
    expect(first.closedWith).toBe(LIVE_CLOSE_CODES.normal);
    expect(client.status).toBe('idle');
    expect(client.subscriptions).toEqual({ events: [LIVE_ALL_EVENTS] });
    // The old socket's late close is not taken for a lost connection.
    first.end(LIVE_CLOSE_CODES.normal);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    client.connect();
    await settle();
    last().accept();
    expect(last().sent).toEqual([{ type: 'subscribe', targets: { events: [LIVE_ALL_EVENTS] }, requestId: 's2' }]);
  });

  it('passes every message on, and ignores frames that are not JSON objects', async () => {
    const { client, last, messages, log } = setup();
    client.connect();
    await settle();
    last().accept();
    last().onmessage?.({ data: 'not json' });
    last().onmessage?.({ data: '42' });
    expect(log).toHaveBeenCalledWith('a frame that is not JSON was ignored');
    expect(messages.map((message) => message.type)).toEqual(['welcome']);
  });
});
