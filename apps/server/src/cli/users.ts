/**
 * npm run users -- set-plan <email> <plan>
 *
 * Sets a user's plan by hand, with no subscription or charge (support's override) (plans: free, earningshub_plus, earningshub_pro, earningshub_team,
 * savvy_trader_pro; 'plus', 'pro' and 'team' are short for the earningshub ones). Talks to the database directly,
 * except when an embedded server runs on the same data folder (PGlite serves one process): then it asks that
 * server through its admin API.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { connectDatabase } from '@eh/db';
import { PLANS, type Plan } from '@eh/domain';
import { createMemoryBus } from '../bus/memory.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import * as plans from '../modules/plans/service.ts';
import { adminTokenFile } from '../server.ts';
import { planArg } from './plan-arg.ts';
import { runningEmbeddedServer } from './running-server.ts';

const USAGE = `Usage:
  npm run users -- set-plan <email> <${PLANS.join('|')}|plus|pro|team>`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function planOf(name: string | undefined): Plan {
  return planArg(name) ?? fail(`Unknown plan '${name ?? ''}'.\n${USAGE}`);
}

const { positionals } = parseArgs({ allowPositionals: true });
const [command, email, planName] = positionals;
if (command !== 'set-plan' || !email) fail(USAGE);
const plan = planOf(planName);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

type Result = { email: string; plan: string; subscriptionType: string; status: string; nextChargeDate: string | null };
const print = (result: Result) =>
  console.log(
    `${result.email}: ${result.plan} (${result.subscriptionType}, ${result.status}` +
      `${result.nextChargeDate ? `, next charge ${result.nextChargeDate.slice(0, 10)}` : ''})`,
  );

const server = runningEmbeddedServer(config);
if (server) {
  const token = config.ADMIN_TOKEN ?? readFileSync(adminTokenFile(config), 'utf8').trim();
  const response = await fetch(`${server.url}/api/admin/users/plan`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: token },
    body: JSON.stringify({ email, plan }),
  });
  const body = (await response.json()) as Result & { message?: string };
  if (!response.ok) fail(`The running server refused: ${body.message ?? response.status}`);
  print(body);
} else {
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
  try {
    await database.migrate();
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      bus: createMemoryBus(),
      startedAt: new Date(),
      adminToken: null,
    };
    print(await plans.setPlan(ctx, email, plan));
  } catch (error) {
    if (error instanceof HttpError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}
