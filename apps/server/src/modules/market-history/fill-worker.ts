/**
 * The history fill's thread (fill-thread.ts starts it): generates each step's market data and writes it to the
 * embedded database over a port of its own, so the server's thread only serves while the history fills.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { connectOverPort } from '@eh/db';
import type { Config } from '../../config.ts';
import type { Dataset } from '../../providers/index.ts';
import { HISTORY_STEPS, type HistoryPayload, type HistoryStep, runStep } from './history.ts';

export type FillRequest = { kind: 'step'; id: number; payload: HistoryPayload } | { kind: 'abort'; id: number };
export type FillReply =
  | { kind: 'done'; id: number }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'changed'; datasets: Dataset[] };

const port = parentPort;
if (!port) throw new Error('fill-worker.ts runs as a worker thread');
const { database, config } = workerData as { database: MessagePort; config: Config };
const { db } = connectOverPort(database);
const running = new Map<number, AbortController>();

port.on('message', (request: FillRequest) => {
  if (request.kind === 'abort') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  const step = HISTORY_STEPS[request.payload.step] as HistoryStep;
  runStep(step, request.payload, {
    db,
    config,
    signal: controller.signal,
    onChanged: (datasets) => port.postMessage({ kind: 'changed', datasets } satisfies FillReply),
  })
    .then(
      () => port.postMessage({ kind: 'done', id: request.id } satisfies FillReply),
      (error: unknown) =>
        port.postMessage({
          kind: 'failed',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies FillReply),
    )
    .finally(() => running.delete(request.id));
});
