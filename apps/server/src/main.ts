import './package-resolution.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openThreadEarly } from '@eh/db/thread';
import { ConfigError, loadConfig } from './config.ts';
import type { HistoryStatus } from './modules/market-history/index.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// An existing embedded database opens in its thread while the rest of the server's code loads (a first start copies
// the template in first, so it opens later, as before).
if (!config.DATABASE_URL && existsSync(join(config.dbDir, 'PG_VERSION'))) openThreadEarly(config.dbDir);
const [{ demoMarketSeed, historyStatus }, { DEMO_ACCOUNTS, DEMO_PASSWORD }, { startServer }] = await Promise.all([
  import('./modules/market-history/index.ts'),
  import('./seed/demo-accounts.ts'),
  import('./server.ts'),
]);

const started = Date.now();
const server = await startServer(config).catch((error: unknown) => {
  console.error('Server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

const { ctx } = server;
const embedded = ctx.database.driver === 'pglite';
const publicUrl = ctx.config.PUBLIC_URL.replace(/\/$/, '');
const historyLine = (status: HistoryStatus) =>
  status.state === 'done'
    ? '  Market history: complete'
    : status.state === 'failed'
      ? `  Market history: stopped at ${status.percent}% (${status.message ?? 'a step failed'}); it resumes at the next start`
      : `  Market history: ${status.percent}% filled in the background (next: ${status.current}); progress on ${publicUrl}/dev`;
const cpuMs = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);
const history = await historyStatus(ctx.db, demoMarketSeed.name);
const lines = [
  '',
  `  ${config.APP_NAME} is running at ${server.url}  (ready in ${Date.now() - started} ms, ${cpuMs(process.cpuUsage())} ms of CPU)`,
  `  database: ${embedded ? `embedded PGlite in ${config.dbDir}` : 'PostgreSQL'}, bus: ${ctx.bus.kind}, roles: ${config.ROLES.join(',')}`,
  `  API docs: ${server.url}/api/docs`,
  config.SMTP_URL ? '  Mail: sent through SMTP_URL' : `  Mail: ${publicUrl}/dev/mail (local mailbox)`,
  ...(embedded && config.SEED_DEMO
    ? [
        `  Demo accounts (password ${DEMO_PASSWORD}):`,
        ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.plan}`),
      ]
    : []),
  ...(history.state === 'none' ? [] : [historyLine(history)]),
  '',
];
console.log(lines.join('\n'));

/** Until the history is in, one line per finished step. */
const HISTORY_POLL_MS = 2000;
if (history.state === 'filling') {
  let last = history.stepsDone;
  const poll = setInterval(() => {
    historyStatus(ctx.db, demoMarketSeed.name).then(
      (status) => {
        if (status.stepsDone === last && status.state === 'filling') return;
        last = status.stepsDone;
        console.log(
          status.state === 'done'
            ? `  Market history: complete (${Math.round((Date.now() - started) / 1000)} s after start)`
            : historyLine(status),
        );
        if (status.state !== 'filling') clearInterval(poll);
      },
      () => {},
    );
  }, HISTORY_POLL_MS);
  poll.unref();
}

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  });
}
