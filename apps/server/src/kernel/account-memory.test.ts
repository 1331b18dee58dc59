import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MEMORY_TTL_MS, accountMemory, accountsChanged } from './account-memory.ts';
import type { BusStatus, MessageBus } from './bus/bus.ts';
import { createMemoryBus } from './bus/memory.ts';
import { ACCOUNTS_CHANGED_CHANNEL } from './channels.ts';

/** A bus that can lose its link to the other nodes, as the Redis one does, and says so to its listeners. */
function losableBus() {
  const inner = createMemoryBus();
  const listeners = new Set<(status: BusStatus) => void>();
  let connected = true;
  const bus: MessageBus = {
    ...inner,
    get connected() {
      return connected;
    },
    onStatus: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const tell = (status: BusStatus) => {
    connected = status.connected;
    for (const listener of listeners) listener(status);
  };
  return {
    bus,
    lose: () => tell({ connected: false, error: new Error('gone') }),
    regain: () => tell({ connected: true, downForMs: 900 }),
  };
}

/** A memory on a bus of its own, listening, and a load that counts its calls and answers `value`. */
async function listeningMemory(bus: MessageBus = createMemoryBus()) {
  const memory = accountMemory(bus);
  // It subscribes when first made; the memory bus answers within the microtasks.
  await Promise.resolve();
  await Promise.resolve();
  let loads = 0;
  let value = 'free';
  const recall = () =>
    memory.recall('features', 'u1', async () => {
      loads += 1;
      return value;
    });
  return { bus, memory, recall, loads: () => loads, set: (next: string) => (value = next) };
}

afterEach(() => vi.useRealTimers());

describe(accountMemory.name, () => {
  it('answers from memory until a change is announced on this node, then reads again', async () => {
    const { bus, recall, loads, set } = await listeningMemory();
    expect([await recall(), await recall()]).toEqual(['free', 'free']);
    expect(loads()).toBe(1);
    set('pro');
    await accountsChanged({ bus });
    expect(await recall()).toBe('pro');
    expect(loads()).toBe(2);
  });

  it('forgets when another node announces a change on the bus', async () => {
    const { bus, recall, loads, set } = await listeningMemory();
    await recall();
    set('pro');
    // What another node's `accountsChanged` sends.
    await bus.publish(ACCOUNTS_CHANGED_CHANNEL, {});
    await Promise.resolve();
    expect(await recall()).toBe('pro');
    expect(loads()).toBe(2);
  });

  it('keeps each kind and key apart', async () => {
    const { memory } = await listeningMemory();
    const answers = await Promise.all([
      memory.recall('features', 'u1', async () => 'features of u1'),
      memory.recall('features', 'u2', async () => 'features of u2'),
      memory.recall('session', 'u1', async () => 'session u1'),
    ]);
    expect(answers).toEqual(['features of u1', 'features of u2', 'session u1']);
    expect(await memory.recall('features', 'u2', async () => 'read again')).toBe('features of u2');
  });

  it('does not keep an answer read before a change that came while it was being read', async () => {
    const { bus, memory } = await listeningMemory();
    let release: (value: string) => void = () => {};
    const stale = memory.recall('features', 'u1', () => new Promise<string>((resolve) => (release = resolve)));
    await accountsChanged({ bus });
    release('free');
    expect(await stale).toBe('free');
    expect(await memory.recall('features', 'u1', async () => 'pro')).toBe('pro');
  });

  it('shares one read among callers who ask at once, and keeps no failure', async () => {
    const { memory } = await listeningMemory();
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('database away'));
    };
    const both = await Promise.allSettled([
      memory.recall('features', 'u1', failing),
      memory.recall('features', 'u1', failing),
    ]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(reads).toBe(1);
    expect(await memory.recall('features', 'u1', async () => 'read again')).toBe('read again');
  });

  it('reads again once an answer is older than the bound, whatever was announced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { recall, loads } = await listeningMemory();
    await recall();
    vi.setSystemTime(Date.now() + ACCOUNT_MEMORY_TTL_MS - 1);
    await recall();
    expect(loads()).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    await recall();
    expect(loads()).toBe(2);
  });

  it('forgets, and remembers nothing, while it cannot hear the other nodes', async () => {
    const { bus, lose, regain } = losableBus();
    const { recall, loads } = await listeningMemory(bus);
    await recall();
    lose();
    await recall();
    await recall();
    expect(loads()).toBe(3);
    regain();
    await recall();
    await recall();
    expect(loads()).toBe(4);
  });
});
