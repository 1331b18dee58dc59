/**
 * The embedded database in a thread of its own (pglite-thread.ts starts it): PGlite runs each statement to its end
 * without yielding, so on the server's thread a long statement held every request, socket and timer up with it.
 * Messages carry one statement each; a transaction holds the database between its `begin` and its `end`, as PGlite's
 * own `transaction` does in one thread. Besides the thread that started it, other threads may talk to it over ports
 * of their own (`share`): a background fill writes from its thread while the server's thread reads.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.ts';

/**
 * What the thread starts with: the folder, and PGlite's engine when the process has compiled it already; without
 * one the thread compiles it and sends it back in its first message, for the threads that follow.
 */
export interface WorkerStart {
  dataDir: string;
  engine?: WebAssembly.Module;
}

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  | { id: number; kind: 'begin'; tx: number }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'close' }
  /** A port another thread will talk over, with transactions of its own (`port` travels in the transfer list). */
  | { id: number; kind: 'share'; port: MessagePort };

/** An error as it crosses threads: its message, name and the database's fields (code, detail, constraint…). */
export interface WorkerError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type WorkerReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: WorkerError };

/** Drizzle's parsers (drizzle-orm/pglite/session.js): dates, times and intervals, and their arrays, stay text. */
const IDENTITY_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keep = (value: string) => value;
const parsers = Object.fromEntries(IDENTITY_TYPES.map((type) => [type, keep]));

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const start = workerData as WorkerStart;
const engine = start.engine ?? (await compileEngine());
const client = await PGlite.create(start.dataDir, { ...PGLITE_OPTIONS, pgliteWasmModule: engine });

async function compileEngine(): Promise<WebAssembly.Module> {
  // Our TypeScript libraries declare WebAssembly's types but not the global that Node has.
  const { compile } = (
    globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
  ).WebAssembly;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return compile(await readFile(new URL('pglite.wasm', pathToFileURL(entry))));
}

/** An open transaction: its PGlite handle, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  ended: Promise<void>;
}

function failure(error: unknown): WorkerError {
  const fields: Record<string, unknown> = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    fields,
  };
}

/**
 * The server's thread (the port the database started with) goes first: a transaction of another thread (the history
 * fill) begins only once the server has had no statement in flight for {@link SERVER_QUIET_MS}, or after waiting
 * {@link BACKGROUND_WAIT_MAX_MS}. A page's handler sends its statements one after another, a few milliseconds apart;
 * without this, a fill transaction slipped in between each two of them, and a page of eight statements waited behind
 * eight transactions (p99 0.9 s during a first start's fill).
 */
export const SERVER_QUIET_MS = 15;
export const BACKGROUND_WAIT_MAX_MS = 100;
let serverInFlight = 0;
let serverLastDone = 0;

async function serverQuiet(): Promise<void> {
  const started = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - serverLastDone;
    if (serverInFlight === 0 && quietFor >= SERVER_QUIET_MS) return;
    if (now - started >= BACKGROUND_WAIT_MAX_MS) return;
    await new Promise((resolve) => setTimeout(resolve, serverInFlight === 0 ? SERVER_QUIET_MS - quietFor : 2));
  }
}

/** Answers one port's requests; `open` holds that port's transactions (each side numbers its own). */
async function handle(
  request: WorkerRequest,
  open: Map<number, OpenTransaction>,
  background: boolean,
): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!target) throw new Error(`transaction ${request.tx} is not open`);
      const result = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin': {
      const { tx: id } = request;
      if (background) await serverQuiet();
      return new Promise<void>((begun, refused) => {
        let end: (commit: boolean) => void = () => {};
        const decided = new Promise<boolean>((resolve) => {
          end = resolve;
        });
        const ended = client
          .transaction(async (tx) => {
            open.set(id, { tx, end, ended });
            begun();
            // A rollback is a throw inside PGlite's transaction; the caller already has its own error.
            if (!(await decided)) throw new RolledBack();
          })
          .then(
            () => {},
            (error: unknown) => {
              if (!(error instanceof RolledBack)) throw error;
            },
          )
          .finally(() => open.delete(id));
        ended.catch(refused);
      });
    }
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error(`transaction ${request.tx} is not open`);
      transaction.end(request.commit);
      await transaction.ended;
      return undefined;
    }
    case 'close':
      await client.close();
      return undefined;
    case 'share':
      serve(request.port, true);
      return undefined;
  }
}

class RolledBack extends Error {}

function serve(on: MessagePort, background: boolean): void {
  const open = new Map<number, OpenTransaction>();
  on.on('message', (request: WorkerRequest) => {
    if (!background) serverInFlight += 1;
    handle(request, open, background)
      .then(
        (value) => on.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply),
        (error: unknown) => on.postMessage({ id: request.id, ok: false, error: failure(error) } satisfies WorkerReply),
      )
      .finally(() => {
        if (background) return;
        serverInFlight -= 1;
        serverLastDone = performance.now();
      });
    if (request.kind === 'close') on.unref();
  });
  // A shared port's thread ended with a transaction open: roll it back, or the database stays held.
  on.on('close', () => {
    for (const transaction of open.values()) transaction.end(false);
  });
}

serve(port, false);
port.postMessage({ id: 0, ok: true, value: start.engine ? undefined : engine } satisfies WorkerReply);
