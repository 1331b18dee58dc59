/**
 * Retry rules (SPEC §9): the backoff of retried calls and the live socket's reconnect schedule.
 */

/** SPEC §9: the first retry waits 100 ms … */
export const RETRY_INITIAL_DELAY_MS = 100;
/** … doubled each attempt … */
export const RETRY_BACKOFF_FACTOR = 2;
/** … plus up to 100 ms of jitter … */
export const RETRY_MAX_JITTER_MS = 100;
/** … giving up when the delay would exceed 5000 ms. */
export const RETRY_MAX_DELAY_MS = 5000;

/** SPEC §9: the socket stops reconnecting after 10 retries … */
export const SOCKET_MAX_RECONNECT_RETRIES = 10;
/** … waiting 500 ms plus 2^n seconds before retry n. */
export const SOCKET_RECONNECT_BASE_MS = 500;
export const SOCKET_RECONNECT_UNIT_MS = 1000;

/** A source of uniform numbers in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

/**
 * The wait before retry `attempt` (0 for the first retry): 100 ms · 2^attempt plus 0–100 ms of jitter, or null
 * when that would exceed 5000 ms and the caller should give up. With these constants that is six retries
 * (about 100, 200, 400, 800, 1600 and 3200 ms).
 */
export function retryDelay(attempt: number, random: RandomSource = Math.random): number | null {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`Invalid attempt ${attempt}`);
  const base = RETRY_INITIAL_DELAY_MS * RETRY_BACKOFF_FACTOR ** attempt;
  if (base > RETRY_MAX_DELAY_MS) return null;
  const delay = base + Math.round(clampUnit(random()) * RETRY_MAX_JITTER_MS);
  return delay > RETRY_MAX_DELAY_MS ? null : delay;
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export interface RetryOptions {
  /** Whether a failure is worth retrying (default: every failure). */
  isRetryable?: (error: unknown, attempt: number) => boolean;
  /** Waits `ms` milliseconds (default: a timer). Tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
  random?: RandomSource;
  /** Called before each wait, e.g. to log. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Stops retrying (the current call still finishes) once aborted; the last error is thrown. */
  signal?: AbortSignal;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fn` until it succeeds, retrying failures `isRetryable` accepts after {@link retryDelay}; throws the
 * last error when a failure is not retryable or the backoff gives up. `fn` receives the attempt number
 * (0 for the first call).
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { isRetryable = () => true, sleep = timerSleep, random = Math.random, onRetry, signal } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (signal?.aborted || !isRetryable(error, attempt)) throw error;
      const delay = retryDelay(attempt, random);
      if (delay === null) throw error;
      onRetry?.(error, attempt, delay);
      await sleep(delay);
      if (signal?.aborted) throw error;
    }
  }
}

/**
 * The wait before socket reconnect retry `retry` (0 for the first): 500 ms + 2^retry s. Null once
 * {@link SOCKET_MAX_RECONNECT_RETRIES} retries have been made: the client logs it and stops (SPEC §8).
 */
export function socketReconnectDelay(retry: number): number | null {
  if (!Number.isInteger(retry) || retry < 0) throw new RangeError(`Invalid retry ${retry}`);
  if (retry >= SOCKET_MAX_RECONNECT_RETRIES) return null;
  return SOCKET_RECONNECT_BASE_MS + 2 ** retry * SOCKET_RECONNECT_UNIT_MS;
}
