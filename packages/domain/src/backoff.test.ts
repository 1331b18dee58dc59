import { describe, expect, it } from 'vitest';
import {
  RETRY_MAX_DELAY_MS,
  RETRY_MAX_JITTER_MS,
  retryDelay,
  SOCKET_MAX_RECONNECT_RETRIES,
  socketReconnectDelay,
  withRetry,
} from './backoff.ts';

describe(retryDelay.name, () => {
  it('starts at 100 ms and doubles each attempt', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, noJitter))).toEqual([
      100, 200, 400, 800, 1600, 3200,
    ]);
  });

  it('adds up to 100 ms of jitter from the random source', () => {
    expect(retryDelay(0, () => 0.5)).toBe(150);
    expect(retryDelay(2, () => 0.999_999)).toBe(400 + RETRY_MAX_JITTER_MS);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelay(1);
      expect(delay).toBeGreaterThanOrEqual(200);
      expect(delay).toBeLessThanOrEqual(200 + RETRY_MAX_JITTER_MS);
    }
  });

  it('gives up when the delay would exceed 5000 ms', () => {
    expect(retryDelay(6, () => 0)).toBeNull(); // 6400 ms
    expect(retryDelay(40, () => 0)).toBeNull();
    expect(retryDelay(5, () => 1)).toBeLessThanOrEqual(RETRY_MAX_DELAY_MS);
  });

  it('ignores a random source that misbehaves', () => {
    expect(retryDelay(0, () => Number.NaN)).toBe(100);
    expect(retryDelay(0, () => 7)).toBe(200);
  });

  it('rejects a negative or fractional attempt', () => {
    expect(() => retryDelay(-1)).toThrow(RangeError);
    expect(() => retryDelay(1.5)).toThrow(RangeError);
  });
});

describe(withRetry.name, () => {
  const fakeSleep = () => {
    const waits: number[] = [];
    return { waits, sleep: async (ms: number) => void waits.push(ms) };
  };

  it('returns the first success, waiting the backoff between failures', async () => {
    const { waits, sleep } = fakeSleep();
    const result = await withRetry(
      async (attempt) => {
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return 'ok';
      },
      { sleep, random: () => 0 },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([100, 200, 400]);
  });

  it('throws the last error once the backoff gives up', async () => {
    const { waits, sleep } = fakeSleep();
    let calls = 0;
    await expect(
      withRetry(
        async (attempt) => {
          calls += 1;
          throw new Error(`fail ${attempt}`);
        },
        { sleep, random: () => 0 },
      ),
    ).rejects.toThrow('fail 6');
    expect(calls).toBe(7);
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200]);
  });

  it('does not retry errors that are not retryable', async () => {
    const { waits, sleep } = fakeSleep();
    const retryable = (error: unknown) => error instanceof Error && error.message === 'network';
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error(calls === 1 ? 'network' : 'bad request');
        },
        { sleep, isRetryable: retryable },
      ),
    ).rejects.toThrow('bad request');
    expect(calls).toBe(2);
    expect(waits).toHaveLength(1);
  });

  it('reports each retry and stops when aborted', async () => {
    const controller = new AbortController();
    const seen: Array<[number, number]> = [];
    await expect(
      withRetry(
        async () => {
          throw new Error('down');
        },
        {
          sleep: async () => controller.abort(),
          random: () => 0,
          onRetry: (_error, attempt, delay) => seen.push([attempt, delay]),
          signal: controller.signal,
        },
      ),
    ).rejects.toThrow('down');
    expect(seen).toEqual([[0, 100]]);
  });

  it('waits with a real timer by default', async () => {
    let calls = 0;
    const started = performance.now();
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('once');
        return calls;
      },
      { random: () => 0 },
    );
    expect(result).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});

describe(socketReconnectDelay.name, () => {
  it('waits 500 ms plus 2^n seconds', () => {
    expect(socketReconnectDelay(0)).toBe(1500);
    expect(socketReconnectDelay(1)).toBe(2500);
    expect(socketReconnectDelay(3)).toBe(8500);
    expect(socketReconnectDelay(9)).toBe(512_500);
  });

  it('stops after 10 retries', () => {
    expect(SOCKET_MAX_RECONNECT_RETRIES).toBe(10);
    expect(socketReconnectDelay(10)).toBeNull();
    expect(socketReconnectDelay(11)).toBeNull();
  });
});
