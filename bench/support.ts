/** What the benchmarks share: the machine's load beside each figure, a scratch PostgreSQL database, a server's config. */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';

/** The machine's load average (1, 5, 15 minutes), printed beside every figure. */
export const loadAverage = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join('/')}`;

export interface ScratchDatabase {
  /** The new database's URL, or undefined without a server (the bench then runs on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A database of its own on the server of `pgUrl`, dropped afterwards; nothing without a URL. */
export async function scratchDatabase(pgUrl: string | undefined): Promise<ScratchDatabase> {
  if (!pgUrl) return { url: undefined, drop: async () => {} };
  const name = `eh_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A quiet server's configuration in `dataDir` (no demo market, no web build, no logs), on PostgreSQL when
 * `databaseUrl` is given (with the secrets a deployment sets), with `extra` on top.
 */
export function benchConfig(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string> = {}) {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          ADMIN_TOKEN: randomBytes(24).toString('hex'),
          IDP_SECRET: randomBytes(32).toString('hex'),
        }
      : {}),
    ...extra,
  });
}

export type BenchEngine = 'pglite' | 'pg';

/**
 * The engines a run covers and the PostgreSQL server's URL: PGlite, and PostgreSQL too with `--pg URL` or
 * TEST_DATABASE_URL; `--pglite-only` or `--pg-only` repeats one engine's run.
 */
export function benchEngines(options: { pg?: string | undefined; 'pg-only'?: boolean; 'pglite-only'?: boolean }): {
  engines: BenchEngine[];
  pgUrl: string | undefined;
} {
  const pgUrl = options.pg ?? process.env.TEST_DATABASE_URL;
  if (options['pg-only'] && !pgUrl) throw new Error('--pg-only needs --pg URL or TEST_DATABASE_URL');
  const engines: BenchEngine[] = options['pg-only']
    ? ['pg']
    : pgUrl && !options['pglite-only']
      ? ['pglite', 'pg']
      : ['pglite'];
  return { engines, pgUrl };
}

/** Says PostgreSQL was skipped when it was, then exits non-zero with the targets missed, if any. */
export function endBench(pgUrl: string | undefined, failures: readonly string[]): void {
  if (!pgUrl) console.log('postgres: skipped (give --pg URL or TEST_DATABASE_URL)');
  if (failures.length > 0) {
    console.error(`targets missed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}
