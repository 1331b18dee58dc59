import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { startServer } from './server.ts';

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

const started = Date.now();
const server = await startServer(config).catch((error: unknown) => {
  console.error('Server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

const { ctx } = server;
const lines = [
  '',
  `  ${config.APP_NAME} is running at ${server.url}  (ready in ${Date.now() - started} ms)`,
  `  database: ${ctx.database.driver === 'pglite' ? `embedded PGlite in ${config.dbDir}` : 'PostgreSQL'}, bus: ${ctx.bus.kind}, roles: ${config.ROLES.join(',')}`,
  `  API docs: ${server.url}/api/docs`,
  ...(ctx.database.driver === 'pglite' && config.SEED_DEMO
    ? [
        `  Demo accounts (password ${DEMO_PASSWORD}):`,
        ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.plan}`),
        '  Sign-in screens arrive with the web identity work; the accounts already work against /idp.',
      ]
    : []),
  '',
];
console.log(lines.join('\n'));

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
