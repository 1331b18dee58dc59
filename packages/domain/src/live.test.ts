import { describe, expect, it } from 'vitest';
import {
  createCoalescer,
  createSubscriptionBatch,
  keepLast,
  LIVE_CLOSE_CODES,
  LIVE_MESSAGES_KEPT,
  type LiveTargetsShape,
  mergeTargets,
  quoteKey,
  quoteMovesAt,
  reconnectDelayAfter,
  reconnectsAfter,
  SOCKET_TOKEN_MIN_LENGTH,
  socketCredential,
  subtractTargets,
  targetCount,
} from './live.ts';

describe(mergeTargets.name, () => {
  it('adds items once, symbols compared upper-case, and leaves out empty targets', () => {
    const merged = mergeTargets<LiveTargetsShape>(
      { stocks: ['AAPL', 'msft'], events: [1] },
      { stocks: ['MSFT', 'NVDA'], events: [1, 'all'], news: [] },
    );
    expect(merged).toEqual({ stocks: ['AAPL', 'msft', 'NVDA'], events: [1, 'all'] });
  });

  it('keeps a number and the same digits as text apart (an event id is not a string)', () => {
    expect(mergeTargets<LiveTargetsShape>({ events: [7] }, { events: ['7'] })).toEqual({ events: [7, '7'] });
  });
});

describe(subtractTargets.name, () => {
  it('removes the named items and drops targets left empty', () => {
    expect(
      subtractTargets<LiveTargetsShape>(
        { stocks: ['AAPL', 'MSFT'], cryptos: ['BTC'] },
        { stocks: ['aapl'], cryptos: ['BTC'] },
      ),
    ).toEqual({ stocks: ['MSFT'] });
  });
});

describe(createSubscriptionBatch.name, () => {
  it('merges calls into one subscribe and one unsubscribe, the later call winning per item', () => {
    const batch = createSubscriptionBatch<LiveTargetsShape>();
    expect(batch.empty).toBe(true);
    batch.add('subscribe', { stocks: ['AAPL', 'MSFT'] });
    batch.add('subscribe', { news: ['transcript'] });
    batch.add('unsubscribe', { stocks: ['MSFT', 'TSLA'] });
    batch.add('subscribe', { stocks: ['TSLA'] });
    expect(batch.empty).toBe(false);
    expect(batch.take()).toEqual({
      subscribe: { stocks: ['AAPL', 'TSLA'], news: ['transcript'] },
      unsubscribe: { stocks: ['MSFT'] },
    });
    expect(batch.take()).toEqual({ subscribe: null, unsubscribe: null });
    expect(batch.empty).toBe(true);
  });
});

describe(createCoalescer.name, () => {
  it('keeps the newest value per key, in the order keys first came, and empties on take', () => {
    const pending = createCoalescer<number>();
    pending.put('stock:AAPL', 1);
    pending.put('stock:MSFT', 2);
    pending.put('stock:AAPL', 3);
    expect(pending.size).toBe(2);
    expect(pending.take()).toEqual([3, 2]);
    expect(pending.size).toBe(0);
    expect(pending.take()).toEqual([]);
  });
});

describe(keepLast.name, () => {
  it('keeps the last 50 messages by default', () => {
    let list: number[] = [];
    for (let i = 0; i < 60; i += 1) list = keepLast(list, i);
    expect(list).toHaveLength(LIVE_MESSAGES_KEPT);
    expect(list[0]).toBe(10);
    expect(list.at(-1)).toBe(59);
  });
});

describe(socketCredential.name, () => {
  it('sends a token longer than 40 characters as the token, anything else as the anonymous id', () => {
    const long = 'x'.repeat(SOCKET_TOKEN_MIN_LENGTH + 1);
    expect(socketCredential(long, 'anon-1')).toEqual({ token: long });
    expect(socketCredential('x'.repeat(SOCKET_TOKEN_MIN_LENGTH), 'anon-1')).toEqual({ anonymousId: 'anon-1' });
    expect(socketCredential(null, 'anon-1')).toEqual({ anonymousId: 'anon-1' });
  });
});

describe(reconnectsAfter.name, () => {
  it('reconnects after going away (SPEC), a lost connection, a restart and a slow-client drop only', () => {
    expect(reconnectsAfter(LIVE_CLOSE_CODES.goingAway)).toBe(true);
    expect(reconnectsAfter(LIVE_CLOSE_CODES.abnormal)).toBe(true);
    expect(reconnectsAfter(LIVE_CLOSE_CODES.tryAgainLater)).toBe(true);
    expect(reconnectsAfter(LIVE_CLOSE_CODES.normal)).toBe(false);
    expect(reconnectsAfter(LIVE_CLOSE_CODES.policyViolation)).toBe(false);
    expect(reconnectsAfter(LIVE_CLOSE_CODES.unauthorized)).toBe(false);
  });

  it('waits 500 ms + 2^n s and stops after 10 retries', () => {
    expect(reconnectDelayAfter(LIVE_CLOSE_CODES.goingAway, 0)).toBe(1500);
    expect(reconnectDelayAfter(LIVE_CLOSE_CODES.goingAway, 3)).toBe(8500);
    expect(reconnectDelayAfter(LIVE_CLOSE_CODES.goingAway, 10)).toBeNull();
    expect(reconnectDelayAfter(LIVE_CLOSE_CODES.normal, 0)).toBeNull();
  });
});

describe(quoteMovesAt.name, () => {
  // Wednesday 2025-03-12: 10:00 in New York is 14:00 UTC (daylight time); Saturday 2025-03-15.
  const session = new Date('2025-03-12T14:00:00Z');
  const evening = new Date('2025-03-12T23:30:00Z');
  const saturday = new Date('2025-03-15T15:00:00Z');

  it('moves stocks, OTC names and indexes in the regular session only, crypto always', () => {
    expect(quoteMovesAt('stock', session)).toBe(true);
    expect(quoteMovesAt('index', session)).toBe(true);
    expect(quoteMovesAt('stock', evening)).toBe(false);
    expect(quoteMovesAt('otc', saturday)).toBe(false);
    expect(quoteMovesAt('crypto', saturday)).toBe(true);
  });
});

describe(quoteKey.name, () => {
  it('keys by type and upper-case symbol', () => {
    expect(quoteKey('stock', 'brk.b')).toBe('stock:BRK.B');
    expect(targetCount({ stocks: ['A', 'B'], events: [1] })).toBe(3);
  });
});
