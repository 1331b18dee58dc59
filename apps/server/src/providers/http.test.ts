import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  createVendorHttpClient,
  findRecorded,
  readRecorded,
  unwrapRecorded,
  VendorHttpError,
} from './http.ts';

type Reply = number | Error | ((init: RequestInit) => Promise<Response>);

/** A fetch stand-in answering from a script and noting what it was sent. */
function scriptedFetch(replies: Reply[]) {
  const calls: { url: string; headers: Headers }[] = [];
  const impl = (async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(input), headers: new Headers(init.headers) });
    const reply = replies.shift() ?? 200;
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(init);
    return new Response(JSON.stringify({ status: reply }), { status: reply });
  }) as typeof fetch;
  return { impl, calls };
}

const noWait = async () => {};

function client(replies: Reply[], extra: Partial<Parameters<typeof createVendorHttpClient>[0]> = {}) {
  const fake = scriptedFetch(replies);
  const waits: number[] = [];
  const http = createVendorHttpClient({
    provider: 'test',
    userAgent: 'EarningsHub tests admin@example.com',
    requestsPerSecond: 1000,
    fetch: fake.impl,
    limiter: createRateLimiter(1000, { now: () => 0, sleep: noWait }),
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
    ...extra,
  });
  return { http, calls: fake.calls, waits };
}

describe(createVendorHttpClient.name, () => {
  it('declares the User-Agent and the configured headers', async () => {
    const { http, calls } = client([200], { headers: { 'x-api-key': 'k' } });
    expect(await http.getJson('https://vendor.test/a')).toEqual({ status: 200 });
    expect(calls[0]?.headers.get('user-agent')).toBe('EarningsHub tests admin@example.com');
    expect(calls[0]?.headers.get('x-api-key')).toBe('k');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
  });

  it('retries 5xx, 429 and network errors with the SPEC §9 backoff, then succeeds', async () => {
    const { http, calls, waits } = client([503, 429, new TypeError('socket hang up'), 200]);
    expect(await http.getJson('https://vendor.test/a')).toEqual({ status: 200 });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('gives up when the backoff would pass 5 s, with the last error', async () => {
    const { http, calls } = client(Array(10).fill(500));
    const failure = http.getJson('https://vendor.test/a');
    await expect(failure).rejects.toBeInstanceOf(VendorHttpError);
    await expect(failure).rejects.toMatchObject({ status: 500 });
    // The first call and six retries (100 … 3200 ms).
    expect(calls).toHaveLength(7);
  });

  it('returns a 404 from send (for libraries that read error answers) but still retries a 503', async () => {
    const { http, calls } = client([503, 404]);
    const response = await http.send('https://vendor.test/cookie');
    expect(response.status).toBe(404);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a 403 or 404', async () => {
    const { http, calls } = client([404]);
    await expect(http.getText('https://vendor.test/missing')).rejects.toMatchObject({ status: 404, retryable: false });
    expect(calls).toHaveLength(1);
  });

  it('stops at once when the caller aborts, before or during a request', async () => {
    const controller = new AbortController();
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        started();
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { http, calls } = client([hang, 200]);
    const pending = http.getJson('https://vendor.test/slow', { signal: controller.signal });
    await inFlight;
    controller.abort(new Error('stopped by the caller'));
    await expect(pending).rejects.toThrow('stopped by the caller');
    expect(calls).toHaveLength(1);
    await expect(http.getJson('https://vendor.test/again', { signal: controller.signal })).rejects.toThrow(
      'stopped by the caller',
    );
    expect(calls).toHaveLength(1);
  });

  it('times a request out and retries it', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        if (init.signal?.aborted) reject(init.signal.reason);
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { http, calls } = client([hang, 200], { timeoutMs: 20 });
    expect(await http.getJson('https://vendor.test/slow')).toEqual({ status: 200 });
    expect(calls).toHaveLength(2);
  });

  it('rejects a body that is not JSON without retrying', async () => {
    const { http } = client([async () => new Response('<html>', { status: 200 })]);
    await expect(http.getJson('https://vendor.test/a')).rejects.toThrow('response is not JSON');
  });
});

describe(createRateLimiter.name, () => {
  it('spaces request starts 1000/rate ms apart, in call order', async () => {
    let now = 0;
    const slept: number[] = [];
    const limiter = createRateLimiter(10, {
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(slept).toEqual([0, 100, 200]);
    now = 1000;
    await limiter.acquire();
    expect(slept.at(-1)).toBe(0);
  });

  it('refuses a non-positive rate', () => {
    expect(() => createRateLimiter(0)).toThrow(RangeError);
  });
});

describe('recorded responses', () => {
  it('unwraps the {request, response} envelope and leaves bare bodies alone', () => {
    expect(unwrapRecorded({ request: { url: 'u' }, response: { bodyJson: { a: 1 } } })).toEqual({ a: 1 });
    expect(unwrapRecorded({ request: {}, response: { body: '{"b":2}' } })).toEqual({ b: 2 });
    expect(unwrapRecorded([1, 2])).toEqual([1, 2]);
  });

  it('finds files by name under a folder, sorted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eh-recorded-'));
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'CIK0000000002.json'), '{"n":2}');
    await writeFile(join(dir, 'CIK0000000001.json'), '{"request":{},"response":{"bodyJson":{"n":1}}}');
    await writeFile(join(dir, 'other.txt'), 'x');
    const files = await findRecorded(dir, /^CIK\d{10}\.json$/);
    expect(files.map((file) => file.slice(dir.length))).toEqual(['/CIK0000000001.json', '/sub/CIK0000000002.json']);
    expect(await Promise.all(files.map(readRecorded))).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await findRecorded(join(dir, 'other.txt'), /\.txt$/)).toHaveLength(1);
  });
});
