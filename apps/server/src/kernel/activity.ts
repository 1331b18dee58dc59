/**
 * When this process last took a request: maintenance that holds the embedded database for a second or more (the
 * compaction after the history fill) waits for a pause in what people do, so no page waits behind it.
 */
let lastRequestAt = Number.NEGATIVE_INFINITY;

export function noteRequest(now = performance.now()): void {
  lastRequestAt = now;
}

/**
 * Resolves once no request came for `quietMs`, or after `maxWaitMs` whatever comes (a server kept busy still gets its
 * maintenance done), or at once when `signal` aborts.
 */
export async function untilQuiet(options: { quietMs: number; maxWaitMs: number; signal?: AbortSignal }) {
  const started = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - lastRequestAt;
    if (quietFor >= options.quietMs || now - started >= options.maxWaitMs || options.signal?.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.quietMs - quietFor, 250)));
  }
}
