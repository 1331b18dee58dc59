import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { connectDatabase } from '@eh/db';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { type Config, localUrl } from './config.ts';
import { createBus } from './kernel/bus/index.ts';
import type { AppContext } from './kernel/context.ts';
import { rememberedEntitlements } from './kernel/entitlements.ts';
import { closeSmtpTransports } from './mail/smtp.ts';
import { accountEntitlements } from './modules/teams/index.ts';
import { runSeeds } from './seed/index.ts';
import { copyTemplate } from './seed/pglite-template.ts';

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

/** A port free on `host` now (the OS picks it), for a server that must know its address before it listens. */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** Each dependency's outage is logged once when it starts and once when it ends, whatever the traffic. */
function reportOutages(app: FastifyInstance, ctx: AppContext) {
  const database = app.log.child({ dependency: 'database' });
  const stopDatabase = ctx.database.onStatus((status) => {
    if (status.reachable) database.warn({ downForMs: status.downForMs }, 'database reachable again');
    else database.error({ err: status.error }, 'database unreachable: requests answer 503 until it returns');
  });
  const bus = app.log.child({ dependency: 'redis' });
  const stopBus = ctx.bus.onStatus((status) => {
    if (status.connected)
      bus.warn({ downForMs: status.downForMs }, 'Redis reachable again: fan-out across nodes resumed');
    else bus.error({ err: status.error }, 'Redis unreachable: messages reach this node only until it returns');
  });
  app.addHook('onClose', async () => {
    stopDatabase();
    stopBus();
  });
}

/**
 * What every role runs on: the database migrated and seeded, the bus, entitlements. `config` is final (its port
 * known). The caller closes it with `closeAppContext`.
 */
export async function openAppContext(config: Config): Promise<AppContext> {
  // A first embedded start copies the template npm install made, instead of initialising Postgres (pglite-template.ts).
  if (!config.DATABASE_URL) copyTemplate(config.dbDir);
  const database = await connectDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dbDir,
    poolSize: config.DATABASE_POOL_SIZE,
    thread: true,
  });
  let bus: AppContext['bus'] | undefined;
  try {
    await database.migrate();
    await runSeeds(database.db, { config, embedded: database.driver === 'pglite' });
    bus = await createBus(config.REDIS_URL, config.BUS_NAMESPACE);
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    config,
    database,
    db: database.db,
    bus,
    startedAt: new Date(),
    adminToken: resolveAdminToken(config, database.driver === 'pglite'),
    entitlements: rememberedEntitlements(accountEntitlements(database.db), bus),
  };
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  // The roles have stopped: nothing sends mail any more.
  if (ctx.config.SMTP_URL) closeSmtpTransports(ctx.config.SMTP_URL);
  await ctx.bus.close();
  await ctx.database.close();
}

export async function startServer(given: Config): Promise<RunningServer> {
  // PORT=0 with PUBLIC_URL following it: the issuer and the sign-in redirects need the real port before listening.
  const port = given.PORT === 0 && given.publicUrlFollowsPort ? await freePort(given.HOST) : given.PORT;
  const config = port === given.PORT ? given : { ...given, PORT: port, PUBLIC_URL: localUrl(port) };
  const ctx = await openAppContext(config);
  const embedded = ctx.database.driver === 'pglite';
  const app = await buildServer(ctx);
  reportOutages(app, ctx);
  const infoFile = serverInfoFile(config);
  app.addHook('onClose', async () => {
    if (embedded) rmSync(infoFile, { force: true });
    await closeAppContext(ctx);
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const url = localUrl(typeof address === 'object' && address ? address.port : config.PORT);
  if (embedded) writeFileSync(infoFile, JSON.stringify({ pid: process.pid, url }));
  let stopping: Promise<void> | undefined;
  return { app, ctx, url, stop: () => (stopping ??= app.close()) };
}
