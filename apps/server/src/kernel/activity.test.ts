import { describe, expect, it } from 'vitest';
import { noteRequest, untilQuiet } from './activity.ts';

describe('waiting for a pause in the requests', () => {
  it('waits until no request came for the pause, however long requests keep coming within the bound', async () => {
    noteRequest();
    const started = performance.now();
    const keepBusy = setInterval(() => noteRequest(), 10);
    setTimeout(() => clearInterval(keepBusy), 120);
    await untilQuiet({ quietMs: 60, maxWaitMs: 5000 });
    // The last request came at about 120 ms; the pause is 60 ms after it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(170);
  });

  it('gives up waiting after the bound, and at once when stopped', async () => {
    const keepBusy = setInterval(() => noteRequest(), 10);
    try {
      let started = performance.now();
      await untilQuiet({ quietMs: 10_000, maxWaitMs: 100 });
      expect(performance.now() - started).toBeLessThan(5000);
      const stopped = new AbortController();
      stopped.abort();
      started = performance.now();
      await untilQuiet({ quietMs: 10_000, maxWaitMs: 60_000, signal: stopped.signal });
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      clearInterval(keepBusy);
    }
  });
});
