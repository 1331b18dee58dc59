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
