import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.ts';
import { databaseUrl as urlOf, withAdmin } from './postgres.ts';
import { seededTemplateReady } from './seeded-template.ts';

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
 * Copies the seeded PGlite folder into `dataDir`: made before the file started (templates-ready.ts), unless the run
 * is on PostgreSQL alone, where a file that still wants PGlite waits for it here.
 */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  await seededTemplateReady(template);
  cpSync(template, dataDir, { recursive: true });
}

/** A data folder and a database of its own for one test server or service context, and how to remove both. */
export interface TestStore {
  dataDir: string;
  /** Set on TEST_DATABASE_URL's server (or when `postgresql` is asked for); otherwise the folder holds PGlite. */
  databaseUrl: string | undefined;
  remove(): Promise<void>;
}

/**
 * A copy of the seeded template (demo market included): the PGlite folder copied into a fresh data folder, or on
 * PostgreSQL a database created from the seeded template database (dropped by `remove`).
 */
export async function createTestStore(kind: 'pglite' | 'postgresql' = TEST_DATABASE_URL ? 'postgresql' : 'pglite') {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-it-'));
  const database = kind === 'postgresql' ? await createTestDatabase() : undefined;
  if (!database) await copyPgliteTemplate(dataDir);
  return {
    dataDir,
    databaseUrl: database?.url,
    async remove() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies TestStore;
}

/** The configuration of a test server on `store`, configured like a deployment when it is on PostgreSQL. */
export function testConfig(store: TestStore, env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: store.dataDir,
    WEB_DIST: join(store.dataDir, 'no-web-build'),
    RATE_LIMIT_MAX: '100000',
    IDP_RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_NAMESPACE: `eh-it-${randomBytes(4).toString('hex')}-`,
    // Production mode generates no secrets: configure them as a deployment would.
    ...(store.databaseUrl
      ? {
          DATABASE_URL: store.databaseUrl,
          ADMIN_TOKEN: randomBytes(24).toString('hex'),
          IDP_SECRET: randomBytes(32).toString('hex'),
        }
      : {}),
    ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    BUS_NAMESPACE: FILE_BUS_NAMESPACE,
    ...env,
  });
}

/**
 * Starts the real server on a free port with its own database, seeded like a first start (demo market
 * included): a copy of the PGlite template folder, or on TEST_DATABASE_URL's server a database created from the
 * seeded template (dropped on close).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const store = await createTestStore();
  const config = testConfig(store, env);
  const server = await startServer(config);
  return {
    ...server,
    // The server's own: with PORT=0 it knows its port (and PUBLIC_URL follows it).
    config: server.ctx.config,
    api: (path, init) => fetch(`${server.url}${path}`, init),
    async close() {
      await server.stop();
      await store.remove();
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
