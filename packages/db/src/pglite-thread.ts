/**
 * A PGlite client whose database runs in a worker thread (pglite-worker.ts), with the part of PGlite's interface
 * drizzle uses: `query` and `transaction`. The server's thread stays free while a statement runs, so pages, sockets
 * and timers go on beside a long ingestion; the statements themselves still run one at a time, in the order asked.
 */
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { WorkerError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker.ts';

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** What drizzle calls on a client and on a transaction. */
export interface ThreadQueries {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/**
 * PGlite's engine (9 MB of WebAssembly) compiled once for the process and handed to every database thread, which
 * would otherwise compile and optimise it afresh in its own isolate: 2.6 CPU-s a thread, and code freed with each
 * thread that ends. That churn of code across threads in one process is what V8's JIT-page check
 * (`Check failed: jit_page.has_value()`) aborts on, intermittently, when test files open and close databases in turn
 * (nodejs/node#64500); one module kept for the process's life frees no code.
 *
 * The first thread compiles it itself and hands it back: compiling here needs this thread's event loop to read the
 * file and take the result, and a start's early opening runs while this thread is busy loading the server's code
 * (the thread began 0.9 s late on a second start).
 */
let engine: Promise<WebAssembly.Module> | undefined;

/** Openings started by {@link openThreadEarly} that no `create` has taken yet, by data folder. */
const earlyOpenings = new Map<string, Promise<ThreadedPGlite>>();

/**
 * Starts opening `dataDir`'s database in its thread now; the next {@link ThreadedPGlite.create} for that folder takes
 * this opening. A start calls it before loading the rest of the server's code, so the two run side by side (opening
 * takes the thread about a second and a half, most of it compiling and starting Postgres).
 */
export function openThreadEarly(dataDir: string): Promise<ThreadedPGlite> {
  const pending = earlyOpenings.get(dataDir);
  if (pending) return pending;
  const opening = ThreadedPGlite.create(dataDir);
  // Its failure is reported to whoever takes it; until then it must not count as unhandled.
  opening.catch(() => {});
  earlyOpenings.set(dataDir, opening);
  return opening;
}

/** The database's error, rebuilt on this side with the fields callers read (`code` for a unique violation…). */
function rebuilt(error: WorkerError): Error {
  const copy = new Error(error.message);
  copy.name = error.name;
  return Object.assign(copy, error.fields);
}

/** What a client talks to the database thread over: the thread itself, or a port it shares with another thread. */
interface Endpoint {
  postMessage(message: unknown, transfer?: readonly MessagePort[]): void;
}

export class ThreadedPGlite implements ThreadQueries {
  readonly #endpoint: Endpoint;
  /** The thread, for the client that started it; a client over a shared port has none of its own to end. */
  readonly #worker: Worker | null;
  readonly #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #closed = false;

  private constructor(endpoint: Endpoint, worker: Worker | null) {
    this.#endpoint = endpoint;
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in `dataDir` there (or takes the opening {@link openThreadEarly} started). */
  static async create(dataDir: string): Promise<ThreadedPGlite> {
    const early = earlyOpenings.get(dataDir);
    if (early) {
      earlyOpenings.delete(dataDir);
      return early;
    }
    // A thread whose own compiling failed has left none behind: this one compiles it then.
    const start: WorkerStart = { dataDir, engine: engine ? await engine.catch(() => undefined) : undefined };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: start });
    const client = new ThreadedPGlite(worker, worker);
    const ready = new Promise<WebAssembly.Module | undefined>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once('error', failed);
      worker.once('exit', (code) => reject(new Error(`the database thread ended (${code}) before it was ready`)));
      worker.once('message', (reply: WorkerReply) => {
        worker.off('error', failed);
        worker.removeAllListeners('exit');
        resolve(reply.ok ? (reply.value as WebAssembly.Module | undefined) : undefined);
      });
    });
    if (!start.engine) {
      // Threads started meanwhile wait for this one's engine rather than compile their own.
      const compiling = ready.then((module) => module ?? Promise.reject(new Error('no engine from the thread')));
      engine = compiling;
      compiling.catch(() => {
        if (engine === compiling) engine = undefined;
      });
    }
    await ready;
    worker.on('message', (reply: WorkerReply) => client.#settle(reply));
    worker.on('error', (error) => client.#failAll(error));
    worker.on('exit', (code) => client.#failAll(new Error(`the database thread ended (${code})`)));
    return client;
  }

  /**
   * A client over `port` (from {@link share}, in another thread): its statements and transactions go to the same
   * database thread, in turn with this side's.
   */
  static overPort(port: MessagePort): ThreadedPGlite {
    const client = new ThreadedPGlite(port, null);
    port.on('message', (reply: WorkerReply) => client.#settle(reply));
    port.on('close', () => client.#failAll(new Error('the database port was closed')));
    return client;
  }

  /** A new port to the database thread, to transfer to another thread for {@link overPort}. */
  async share(): Promise<MessagePort> {
    const { port1, port2 } = new MessageChannel();
    await this.#ask({ kind: 'share', port: port1 }, [port1]);
    return port2;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #settle(reply: WorkerReply) {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuilt(reply.error));
  }

  #failAll(error: Error) {
    this.#closed = true;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  #ask(request: Request, transfer?: MessagePort[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#endpoint.postMessage({ ...request, id }, transfer);
    });
  }

  #query(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    return this.#ask({
      kind: 'query',
      sql,
      params: params ?? [],
      rowMode: options?.rowMode ?? 'object',
      ...(tx === undefined ? {} : { tx }),
    }) as Promise<QueryResult>;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#query(sql, params, options);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadQueries) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++;
    await this.#ask({ kind: 'begin', tx });
    let result: T;
    try {
      result = await work({ query: (sql, params, options) => this.#query(sql, params, options, tx) });
    } catch (error) {
      // The work's error says what went wrong; a rollback that fails too (the thread gone) adds nothing.
      await this.#ask({ kind: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#ask({ kind: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (its thread ends); a client over a shared port only lets go of its port. */
  async close(): Promise<void> {
    if (this.#closed) return;
    if (!this.#worker) {
      this.#closed = true;
      (this.#endpoint as MessagePort).close();
      return;
    }
    await this.#ask({ kind: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
