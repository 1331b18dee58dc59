/**
 * The history fill in a thread of its own, beside the embedded database's (decision 0046). Generating the demo
 * market's years of bars and news is CPU work: on the server's thread it held the page shell and every answer for
 * hundreds of milliseconds at a time, and held a batch's transaction open while it ran between two statements. The
 * thread talks to the database thread directly over a shared port and lives from the first step to the last.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '@eh/db';
import type { Config } from '../../config.ts';
import type { Dataset } from '../../providers/index.ts';
import type { FillReply, FillRequest } from './fill-worker.ts';
import type { HistoryPayload } from './history.ts';

export interface FillThread {
  /** Runs one step there; rejects with the step's error, or when the thread ends. */
  run(
    payload: HistoryPayload,
    options: { signal?: AbortSignal; onChanged?: (datasets: Dataset[]) => unknown },
  ): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
  onChanged?: (datasets: Dataset[]) => unknown;
}

export async function startFillThread(
  database: Required<Pick<DatabaseHandle, 'share'>>,
  config: Config,
): Promise<FillThread> {
  const port = await database.share();
  const worker = new Worker(new URL('./fill-worker.ts', import.meta.url), {
    workerData: { database: port, config },
    transferList: [port],
  });
  // A fill in progress never keeps a stopping process alive; the step runs again at the next start.
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended: Error | null = null;
  const failAll = (error: Error) => {
    ended = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: FillReply) => {
    if (reply.kind === 'changed') {
      // Telling the caches is best effort, as it is when the step runs on this thread.
      for (const waiting of pending.values()) Promise.resolve(waiting.onChanged?.(reply.datasets)).catch(() => {});
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.kind === 'done') waiting.resolve();
    else waiting.reject(new Error(reply.message));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the history fill's thread ended (${code})`)));
  return {
    run(payload, { signal, onChanged }) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject, ...(onChanged ? { onChanged } : {}) });
        worker.postMessage({ kind: 'step', id, payload } satisfies FillRequest);
        signal?.addEventListener('abort', () => worker.postMessage({ kind: 'abort', id } satisfies FillRequest), {
          once: true,
        });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
