/**
 * The one HTTP client of the vendor adapters, and the reader of their recorded responses.
 *
 * Every request to a vendor: declares our User-Agent, waits its turn in the vendor's rate limiter (one limiter per
 * provider name, shared by every client of that provider in the process), gives up after a timeout, honours the
 * caller's AbortSignal, and is retried per SPEC §9 (`withRetry` of `@eh/domain`) when the failure is worth another
 * try: network errors, timeouts, 429 and 5xx. Anything else (403, 404, a bad body) fails at once.
 *
 * Recorded responses (`ProviderEnv.fromFile`) are plain files: either the bare vendor body or the
 * `{request, response: {bodyJson | body}}` envelope the Yahoo recordings use; {@link readRecorded} unwraps both.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type RandomSource, withRetry } from '@eh/domain';
import { type Config, SERVER_VERSION } from '../config.ts';

export const DEFAULT_VENDOR_TIMEOUT_MS = 30_000;

/** The User-Agent of vendor calls other than SEC's: configured, else `APP_NAME/version (+PUBLIC_URL)`. */
export function providerUserAgent(config: Config): string {
  return config.PROVIDER_USER_AGENT ?? `${config.APP_NAME}/${SERVER_VERSION} (+${config.PUBLIC_URL})`;
}

export class VendorHttpError extends Error {
  readonly provider: string;
  readonly url: string;
  /** HTTP status, or null when no response came (network error, timeout). */
  readonly status: number | null;
  readonly retryable: boolean;

  constructor(provider: string, url: string, status: number | null, message: string, retryable: boolean) {
    super(`${provider}: ${message} (${url})`);
    this.name = 'VendorHttpError';
    this.provider = provider;
    this.url = url;
    this.status = status;
    this.retryable = retryable;
  }
}

/** Spaces request starts at least `1000 / perSecond` ms apart, first come first served. */
export interface RateLimiter {
  readonly perSecond: number;
  /** Resolves when the caller may start its request; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface Clock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const systemClock: Clock = { now: () => Date.now(), sleep: abortableSleep };

export function createRateLimiter(perSecond: number, clock: Clock = systemClock): RateLimiter {
  if (!(perSecond > 0)) throw new RangeError(`Invalid rate ${perSecond} requests/s`);
  const interval = 1000 / perSecond;
  let nextStart = Number.NEGATIVE_INFINITY;
  return {
    perSecond,
    async acquire(signal) {
      signal?.throwIfAborted();
      const now = clock.now();
      const start = Math.max(now, nextStart);
      // The slot is taken before waiting so concurrent callers queue behind each other.
      nextStart = start + interval;
      await clock.sleep(start - now, signal);
    },
  };
}

const sharedLimiters = new Map<string, RateLimiter>();

/** The process-wide limiter of a provider (created on first use; a new rate replaces it). */
export function rateLimiterFor(provider: string, perSecond: number): RateLimiter {
  const existing = sharedLimiters.get(provider);
  if (existing && existing.perSecond === perSecond) return existing;
  const limiter = createRateLimiter(perSecond);
  sharedLimiters.set(provider, limiter);
  return limiter;
}

export interface VendorHttpOptions {
  /** Provider name: names the rate limiter and prefixes errors. */
  provider: string;
  userAgent: string;
  requestsPerSecond: number;
  timeoutMs?: number;
  /** Headers sent with every request (API keys, Accept). */
  headers?: Record<string, string>;
  /** Tests and the Yahoo library's session handling pass their own; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  limiter?: RateLimiter;
  /** Backoff waits (tests pass a fake) and jitter. */
  sleep?: (ms: number) => Promise<void>;
  random?: RandomSource;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface VendorHttpClient {
  readonly provider: string;
  /** A fetch with our headers, rate limit, timeout and retries; non-2xx responses throw {@link VendorHttpError}. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * The same, but a 4xx answer is returned rather than thrown (429 and 5xx are still retried): for a library that
   * reads error answers itself (yahoo-finance2's session set-up expects a 404 with cookies).
   */
  send(input: string | URL, init?: RequestInit): Promise<Response>;
  getJson(url: string | URL, options?: RequestOptions): Promise<unknown>;
  getText(url: string | URL, options?: RequestOptions): Promise<string>;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function createVendorHttpClient(options: VendorHttpOptions): VendorHttpClient {
  const {
    provider,
    userAgent,
    timeoutMs = DEFAULT_VENDOR_TIMEOUT_MS,
    fetch: fetchImpl = globalThis.fetch,
    limiter = rateLimiterFor(provider, options.requestsPerSecond),
  } = options;

  async function once(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    anyStatus: boolean,
  ): Promise<Response> {
    await limiter.acquire(signal);
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (!headers.has(name)) headers.set(name, value);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, headers, signal: combined });
    } catch (error) {
      // The caller's abort is final; our own timeout and network failures are worth a retry.
      if (signal?.aborted) throw signal.reason;
      const timedOut = timeout.aborted;
      const cause = error instanceof Error ? error.message : String(error);
      const reason = timedOut ? `timed out after ${timeoutMs} ms` : `request failed: ${cause}`;
      throw new VendorHttpError(provider, url, null, reason, true);
    }
    if (!response.ok && (!anyStatus || isRetryableStatus(response.status))) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new VendorHttpError(
        provider,
        url,
        response.status,
        `HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
        isRetryableStatus(response.status),
      );
    }
    return response;
  }

  const request = (input: string | URL, init: RequestInit = {}, anyStatus = false): Promise<Response> => {
    const url = String(input);
    const signal = init.signal ?? undefined;
    return withRetry(() => once(url, init, signal, anyStatus), {
      isRetryable: (error) => error instanceof VendorHttpError && error.retryable,
      signal,
      sleep: options.sleep,
      random: options.random,
      onRetry: options.onRetry,
    });
  };

  return {
    provider,
    fetch: (input, init) => request(input, init),
    send: (input, init) => request(input, init, true),
    async getJson(url, requestOptions = {}) {
      const response = await request(url, {
        signal: requestOptions.signal,
        headers: { accept: 'application/json', ...requestOptions.headers },
      });
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new VendorHttpError(provider, String(url), response.status, 'response is not JSON', false);
      }
    },
    async getText(url, requestOptions = {}) {
      const response = await request(url, { signal: requestOptions.signal, headers: requestOptions.headers });
      return response.text();
    },
  };
}

// ---- recorded responses ----------------------------------------------------------------------------------------

/** The vendor body of a recorded response: the envelope's `response.bodyJson` (or `body`), else the file as is. */
export function unwrapRecorded(json: unknown): unknown {
  if (json && typeof json === 'object' && 'request' in json && 'response' in json) {
    const response = (json as { response: unknown }).response;
    if (response && typeof response === 'object') {
      if ('bodyJson' in response) return (response as { bodyJson: unknown }).bodyJson;
      if ('body' in response) {
        const body = (response as { body: unknown }).body;
        return typeof body === 'string' ? JSON.parse(body) : body;
      }
    }
  }
  return json;
}

export async function readRecorded(path: string): Promise<unknown> {
  return unwrapRecorded(JSON.parse(await readFile(path, 'utf8')));
}

/**
 * The files of a `--from-file` path: the file itself, or every file under the folder (recursively, sorted by
 * path so runs are repeatable).
 */
export async function recordedFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The recorded files whose name (not folder) matches `pattern`. */
export async function findRecorded(path: string, pattern: RegExp): Promise<string[]> {
  return (await recordedFiles(path)).filter((file) => pattern.test(basename(file)));
}
