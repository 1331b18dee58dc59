import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { connectDatabase } from '@eh/db';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { createBus } from './bus/index.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { runSeeds } from './seed/index.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

/** Where a running embedded server says how to reach it, for the CLI (PGlite allows one process). */
export const serverInfoFile = (config: Config) => resolve(config.DATA_DIR, 'server.json');
export const adminTokenFile = (config: Config) => resolve(config.DATA_DIR, 'admin-token');

/** Embedded mode keeps a generated admin token under DATA_DIR; production must configure one. */
function resolveAdminToken(config: Config, embedded: boolean): string | null {
  if (config.ADMIN_TOKEN) return config.ADMIN_TOKEN;
  if (!embedded) return null;
  const file = adminTokenFile(config);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await connectDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dbDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  let bus: AppContext['bus'] | undefined;
  try {
    await database.migrate();
    await runSeeds(database.db, { config, embedded: database.driver === 'pglite' });
    bus = await createBus(config.REDIS_URL);
  } catch (error) {
    await database.close();
    throw error;
  }
  const embedded = database.driver === 'pglite';
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    bus,
    startedAt: new Date(),
    adminToken: resolveAdminToken(config, embedded),
  };
  const app = await buildServer(ctx);
  const infoFile = serverInfoFile(config);
  app.addHook('onClose', async () => {
    if (embedded) rmSync(infoFile, { force: true });
    await ctx.bus.close();
    await database.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  if (embedded) writeFileSync(infoFile, JSON.stringify({ pid: process.pid, url }));
  let stopping: Promise<void> | undefined;
  return { app, ctx, url, stop: () => (stopping ??= app.close()) };
}
