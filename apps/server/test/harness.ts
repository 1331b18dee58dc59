import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.ts';
import { databaseUrl as urlOf, withAdmin } from './postgres.ts';

/**
 * This test file's bus channels on a shared Redis: each file has a database of its own, where an event id or a
 * user id means something else, so another file's messages must never reach its servers. Its own servers (two
 * nodes of one test) share it.
 */
export const FILE_BUS_NAMESPACE = `eh-it-${randomBytes(4).toString('hex')}:`;

export interface TestServer extends RunningServer {
  config: Config;
  /** fetch against the server: `api('/api/health')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, copied from the seeded template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set: there is no PostgreSQL template');
  const name = `eh_it_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name} template ${template}`));
  return {
    url: urlOf(name),
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/**
 * Starts the real server on a free port with its own database, seeded like a first start (demo market
 * included): a copy of the PGlite template folder, or on TEST_DATABASE_URL's server a database created from the
 * seeded template (dropped on close).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-it-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  } else {
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-build'),
    RATE_LIMIT_MAX: '100000',
    IDP_RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_NAMESPACE: `eh-it-${randomBytes(4).toString('hex')}-`,
    // Production mode generates no secrets: configure them as a deployment would.
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          ADMIN_TOKEN: randomBytes(24).toString('hex'),
          IDP_SECRET: randomBytes(32).toString('hex'),
        }
      : {}),
    ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    BUS_NAMESPACE: FILE_BUS_NAMESPACE,
    ...env,
  });
  const server = await startServer(config);
  return {
    ...server,
    // The server's own: with PORT=0 it knows its port (and PUBLIC_URL follows it).
    config: server.ctx.config,
    api: (path, init) => fetch(`${server.url}${path}`, init),
    async close() {
      await server.stop();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function json(body: unknown, init: RequestInit = {}): RequestInit {
  return {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
  };
}

/** Test helper: a response body as loosely typed JSON, for assertions. */
export async function body(res: Response): Promise<any> {
  return res.json();
}
