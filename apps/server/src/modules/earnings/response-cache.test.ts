import { describe, expect, it, vi } from 'vitest';
import type { BusStatus, MessageBus } from '../../kernel/bus/bus.ts';
import { createMemoryBus } from '../../kernel/bus/memory.ts';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import {
  clearOnMarketChange,
  createResponseCache,
  POLISH_MAX_BYTES,
  polishBody,
  type SerializedBody,
  serializeBody,
} from './response-cache.ts';

const body = (size: number): SerializedBody => ({
  etag: `W/"${size}"`,
  identity: Buffer.alloc(size),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
});

describe(createResponseCache.name, () => {
  it('builds once per key, sharing a build between concurrent callers, and serves it while fresh', async () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, now: () => clock });
    let builds = 0;
    const build = async () => {
      builds += 1;
      return body(builds);
    };
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    clock = 99;
    expect(await cache.get('k', build)).toBe(a);
    expect(builds).toBe(1);
  });

  it('serves an expired answer while one rebuild runs, then the rebuilt one', async () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, maxStaleMs: 1000, now: () => clock });
    let builds = 0;
    let release: () => void = () => {};
    const build = () => {
      builds += 1;
      const built = body(builds);
      return builds === 1
        ? Promise.resolve(built)
        : new Promise<SerializedBody>((resolve) => (release = () => resolve(built)));
    };
    const first = await cache.get('k', build);
    clock = 150;
    // Expired: the caller gets the old answer at once, and only one rebuild starts however many ask.
    expect(await cache.get('k', build)).toBe(first);
    expect(await cache.get('k', build)).toBe(first);
    expect(builds).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get('k', build)).identity.length).toBe(2);
  });

  it('gives a rebuild the body it replaces', async () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, now: () => clock });
    const seen: (SerializedBody | undefined)[] = [];
    const first = body(1);
    const build = async (previous?: SerializedBody) => {
      seen.push(previous);
      return previous ?? first;
    };
    await cache.get('k', build);
    clock = 150;
    await cache.get('k', build);
    expect(seen).toEqual([undefined, first]);
  });

  it('polishes each cached body once in the background, one at a time, counting its new size', async () => {
    let running = 0;
    let most = 0;
    const polished: string[] = [];
    const cache = createResponseCache({
      polish: async (built) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        built.br = Buffer.alloc(1);
        built.polished = true;
        polished.push(built.etag);
        running -= 1;
      },
    });
    const a = await cache.get('a', async () => ({ ...body(10), br: Buffer.alloc(8) }));
    await cache.get('b', async () => ({ ...body(20), br: Buffer.alloc(8) }));
    expect(cache.bytes).toBe(46);
    await vi.waitFor(() => expect(polished).toEqual([a.etag, 'W/"20"']));
    expect(most).toBe(1);
    expect(cache.bytes).toBe(32);
    // Served from the cache: the polished body, not polished again.
    expect((await cache.get('a', async () => body(99))).br.length).toBe(1);
    // Too large to polish in reasonable time: it keeps its quick form. A body queued for polishing starts at once
    // (the polisher is idle), so none running now means none was queued.
    await cache.get('large', async () => body(POLISH_MAX_BYTES + 1));
    expect(running).toBe(0);
    expect(polished).toHaveLength(2);
  });

  it('keeps serving the stale answer when a rebuild fails, but not past the stale bound', async () => {
    let clock = 0;
    const cache = createResponseCache({ ttlMs: 100, maxStaleMs: 1000, now: () => clock });
    const first = await cache.get('k', async () => body(1));
    clock = 200;
    expect(await cache.get('k', () => Promise.reject(new Error('db down')))).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => body(3))).toBe(first);
    clock = 2000;
    // Too old to serve: the caller waits for a fresh build.
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
  });

  it('keeps within its entry and byte budgets, dropping the oldest first', async () => {
    const cache = createResponseCache({ maxEntries: 2, maxBytes: 25 });
    await cache.get('a', async () => body(10));
    await cache.get('b', async () => body(10));
    await cache.get('c', async () => body(10));
    expect(cache.size).toBe(2);
    let rebuilt = false;
    await cache.get('a', async () => {
      rebuilt = true;
      return body(10);
    });
    expect(rebuilt).toBe(true);
    await cache.get('big', async () => body(20));
    expect(cache.bytes).toBeLessThanOrEqual(25);
  });

  it('forgets a failed build and a build that an invalidation overtook', async () => {
    const cache = createResponseCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.size).toBe(0);
    let release: (value: SerializedBody) => void = () => {};
    const slow = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release(body(5));
    expect((await slow).identity.length).toBe(5);
    expect(cache.size).toBe(0);
  });

  it('is cleared by the bus when earnings change, not when unrelated data does', async () => {
    const bus = createMemoryBus();
    const cache = createResponseCache();
    await clearOnMarketChange(bus, cache, ['earnings']);
    await cache.get('k', async () => body(1));
    await bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['news'] });
    expect(cache.size).toBe(1);
    await bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['quotes', 'earnings'] });
    expect(cache.size).toBe(0);
    await cache.get('k', async () => body(1));
    await bus.publish(MARKET_CHANGED_CHANNEL, {});
    expect(cache.size).toBe(0);
    await bus.close();
  });

  it('is cleared when the bus is back from an outage (changes announced meanwhile were missed)', async () => {
    const memory = createMemoryBus();
    const listeners = new Set<(status: BusStatus) => void>();
    // The memory bus never loses anything; this one reports an outage and its end as the Redis bus does.
    const bus: MessageBus = {
      ...memory,
      onStatus: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
    const cache = createResponseCache();
    const stop = await clearOnMarketChange(bus, cache, ['earnings']);
    await cache.get('k', async () => body(1));
    for (const listener of listeners) listener({ connected: false, error: new Error('gone') });
    expect(cache.size).toBe(1);
    for (const listener of listeners) listener({ connected: true, downForMs: 1200 });
    expect(cache.size).toBe(0);
    await stop();
    expect(listeners.size).toBe(0);
  });
});

describe(serializeBody.name, () => {
  it('gives JSON, its compressed forms and an ETag that follows the content', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const value = { rows: Array.from({ length: 200 }, (_, i) => ({ symbol: `S${i}`, eps: i / 7 })) };
    const built = await serializeBody(value);
    expect(JSON.parse(built.identity.toString())).toEqual(value);
    expect(gunzipSync(built.gzip).equals(built.identity)).toBe(true);
    expect(brotliDecompressSync(built.br).equals(built.identity)).toBe(true);
    expect(built.br.length).toBeLessThan(built.identity.length);
    expect((await serializeBody(value)).etag).toBe(built.etag);
    expect((await serializeBody({ rows: [] })).etag).not.toBe(built.etag);
  });

  it('keeps the compressed forms of the body it replaces when the bytes are the same', async () => {
    const value = { rows: [1, 2, 3] };
    const built = await serializeBody(value);
    expect(await serializeBody({ rows: [1, 2, 3] }, built)).toBe(built);
    expect(await serializeBody({ rows: [1, 2] }, built)).not.toBe(built);
  });
});

describe(polishBody.name, () => {
  it('makes brotli smaller for the same bytes and the same ETag', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const value = {
      rows: Array.from({ length: 3000 }, (_, i) => ({
        symbol: `S${i}`,
        name: `Company ${i % 97}`,
        eps: (i * 37) % 101,
      })),
    };
    const built = await serializeBody(value);
    const quick = built.br;
    await polishBody(built);
    expect(built.polished).toBe(true);
    expect(built.br.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(built.br).equals(built.identity)).toBe(true);
    expect(built.etag).toBe((await serializeBody(value)).etag);
  });
});
