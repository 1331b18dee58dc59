/**
 * A delivery worker in a process of its own, for the crash test of notification-delivery.test.ts: it connects to
 * the test's PostgreSQL database and runs the real delivery loop until it is killed. It prints its worker id once
 * it is ready.
 */
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase } from '@eh/db';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/kernel/context.ts';
import { deliverDue } from '../../src/modules/notifications/delivery/deliver.ts';
import { accountEntitlements } from '../../src/modules/teams/index.ts';

const config = loadConfig();
const database = await connectDatabase({ url: config.DATABASE_URL, poolSize: 2 });
const ctx = {
  config,
  database,
  db: database.db,
  startedAt: new Date(),
  adminToken: null,
  entitlements: accountEntitlements(database.db),
} as unknown as AppContext;
const silent: Record<string, unknown> = {};
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) silent[level] = () => {};
silent.child = () => silent;
const workerId = `${hostname()}:${process.pid}:claimer`;
process.stdout.write(`ready ${workerId}\n`);
for (;;) {
  await deliverDue(ctx, silent as unknown as FastifyBaseLogger, { workerId });
  await sleep(20);
}
