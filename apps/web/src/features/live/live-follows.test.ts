import type { LiveTargetItems } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveStatus } from './live-client.ts';
import { attachLiveClient, follow, followedTargets, type LiveSubscriber, quoteTargets } from './live-follows.ts';

/** A client that records what it is asked, opening when told. */
function fakeClient() {
  const calls: [string, LiveTargetItems][] = [];
  const listeners = new Set<() => void>();
  const client: LiveSubscriber & { status: LiveStatus; open(): void; calls: typeof calls } = {
    status: 'connecting',
    calls,
    subscribe: (targets) => calls.push(['subscribe', targets]),
    unsubscribe: (targets) => calls.push(['unsubscribe', targets]),
    onOpen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open() {
      client.status = 'open';
      for (const listener of listeners) listener();
    },
  };
  return client;
}

describe(quoteTargets.name, () => {
  it('names each asset in the target of its type, and leaves indexes out (they have no quote target)', () => {
    expect(
      quoteTargets([
        { type: 'stock', symbol: 'AAPL' },
        { type: 'crypto', symbol: 'BTC' },
        { type: 'otc', symbol: 'TCEHY' },
        { type: 'index', symbol: 'SPX' },
      ]),
    ).toEqual({ stocks: ['AAPL'], otcs: ['TCEHY'], cryptos: ['BTC'] });
  });
});

describe(follow.name, () => {
  it('counts followers: subscribes an item for its first, unsubscribes it after its last', () => {
    const client = fakeClient();
    attachLiveClient(client);
    const header = follow({ stocks: ['AAPL'] });
    const list = follow({ stocks: ['aapl', 'MSFT'] });
    // Not open yet: nothing is asked; everything goes with the open.
    expect(client.calls).toEqual([]);
    client.open();
    expect(client.calls).toEqual([['subscribe', { stocks: ['AAPL', 'MSFT'] }]]);
    header();
    header();
    expect(client.calls).toHaveLength(1);
    const again = follow({ stocks: ['MSFT'], portfolios: ['0b7e1c4e-1f0a-4b59-9d55-7f0c3a1e2b4d'] });
    expect(client.calls.at(-1)).toEqual(['subscribe', { portfolios: ['0b7e1c4e-1f0a-4b59-9d55-7f0c3a1e2b4d'] }]);
    list();
    expect(client.calls.at(-1)).toEqual(['unsubscribe', { stocks: ['aapl'] }]);
    again();
    expect(client.calls.at(-1)).toEqual([
      'unsubscribe',
      { portfolios: ['0b7e1c4e-1f0a-4b59-9d55-7f0c3a1e2b4d'], stocks: ['MSFT'] },
    ]);
    expect(followedTargets()).toEqual({});
    attachLiveClient(null);
  });

  it('compares symbols in any case but other items (list ids) as given', () => {
    const client = fakeClient();
    client.status = 'open';
    attachLiveClient(client);
    const list = '0b7e1c4e-1f0a-4b59-9d55-7f0c3a1e2b4d';
    const a = follow({ portfolios: [list], newsSymbols: ['aapl'] });
    const b = follow({ portfolios: [list.toUpperCase()], newsSymbols: ['AAPL'] });
    expect(client.calls).toEqual([
      ['subscribe', { portfolios: [list], newsSymbols: ['aapl'] }],
      ['subscribe', { portfolios: [list.toUpperCase()] }],
    ]);
    a();
    b();
    attachLiveClient(null);
  });
});
