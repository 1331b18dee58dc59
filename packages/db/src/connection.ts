import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_OPTIONS } from './pglite-options.ts';
import { ThreadedPGlite } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every query takes: PGlite and node-postgres share the Postgres dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

/** A change of reachability: lost (with the error that showed it) or back (with how long it was gone). */
export type DatabaseStatus = { reachable: false; error: unknown } | { reachable: true; downForMs: number };

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** False from a confirmed connection-level failure until a probe reaches the engine again. */
  readonly reachable: boolean;
  /**
   * Records a connection-level failure (the caller classified it): once a ping fails too, the handle probes every
   * second until the engine answers, and tells its listeners once when it is lost and once when it is back.
   */
  markUnreachable(error: unknown): void;
  /** Returns the function that stops listening. */
  onStatus(listener: (status: DatabaseStatus) => void): () => void;
  /** Round trip to the engine; throws when it is unreachable. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Embedded in a thread of its own only: a port another thread opens the same database over
   * ({@link connectOverPort}), so heavy writing there never waits on this thread, nor this thread on it.
   */
  share?(): Promise<MessagePort>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** `postgres://…` selects node-postgres; absent selects embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` keeps everything in memory. */
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite in a worker thread of its own (pglite-thread.ts): what a server wants, whose requests, sockets and
   * timers must go on while a long statement runs. Seeds, tools and tests that only query keep it in their thread.
   */
  thread?: boolean;
}

/** How long a request waits for a pooled connection before it fails (and is answered 503), instead of forever. */
export const POOL_CONNECT_TIMEOUT_MS = 5000;
/** While the engine is unreachable, how often the handle tries it again. */
export const REACHABILITY_PROBE_MS = 1000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.url) return connectPostgres(options.url, options.poolSize ?? 10);
  return connectPglite(options.dataDir ?? './data/db', options.thread ?? false);
}

/** Reachability of one engine: lost once, probed until back, each change told once. */
function reachability(ping: () => Promise<void>) {
  const listeners = new Set<(status: DatabaseStatus) => void>();
  let lostAt: number | null = null;
  let confirming = false;
  let probe: ReturnType<typeof setInterval> | undefined;
  const tell = (status: DatabaseStatus) => {
    for (const listener of listeners) listener(status);
  };
  const check = () => {
    ping().then(
      () => {
        if (lostAt === null) return;
        const downForMs = Date.now() - lostAt;
        lostAt = null;
        clearInterval(probe);
        tell({ reachable: true, downForMs });
      },
      () => {},
    );
  };
  return {
    get reachable() {
      return lostAt === null;
    },
    markUnreachable(error: unknown) {
      if (lostAt !== null || confirming) return;
      // Confirmed by a ping of its own first, so an error that only looked like a lost connection says nothing.
      confirming = true;
      ping().then(
        () => {
          confirming = false;
        },
        () => {
          confirming = false;
          if (lostAt !== null) return;
          lostAt = Date.now();
          probe = setInterval(check, REACHABILITY_PROBE_MS);
          // The probe never keeps a process alive that has nothing else to do.
          probe.unref();
          tell({ reachable: false, error });
        },
      );
    },
    onStatus(listener: (status: DatabaseStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      clearInterval(probe);
      listeners.clear();
    },
  };
}

async function connectPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  const ping = async () => {
    await pool.query('select 1');
  };
  const status = reachability(ping);
  // A client that loses its server emits 'error', idle or checked out (a transaction holds one), and an 'error'
  // nobody listens to ends the process. The query in flight fails on its own and the pool drops the broken client
  // on release; the next query opens a new one.
  const lost = (error: Error) => status.markUnreachable(error);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    get reachable() {
      return status.reachable;
    },
    markUnreachable: status.markUnreachable,
    onStatus: status.onStatus,
    ping,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => {
      status.stop();
      return pool.end();
    },
  };
}

async function connectPglite(dataDir: string, thread: boolean): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  if (thread) {
    const threaded = await ThreadedPGlite.create(dataDir);
    return { ...pgliteHandle(threaded as unknown as PGlite), share: () => threaded.share() };
  }
  return pgliteHandle(await PGlite.create(dataDir, PGLITE_OPTIONS));
}

/** The embedded database another thread shares with this one (`share` there, the port transferred here). */
export function connectOverPort(port: MessagePort): DatabaseHandle {
  return pgliteHandle(ThreadedPGlite.overPort(port) as unknown as PGlite);
}

function pgliteHandle(client: PGlite): DatabaseHandle {
  // drizzle calls only `query` and `transaction`, which the threaded client answers alike.
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    // In-process: it is there as long as the process is.
    reachable: true,
    markUnreachable: () => {},
    onStatus: () => () => {},
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
