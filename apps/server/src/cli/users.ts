/**
 * npm run users -- set-plan <email> <plan>
 * npm run users -- set-admin <email>       (super admin: /admin and the admin API, decision 0031)
 * npm run users -- unset-admin <email>
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
import { ConfigError, loadConfig } from '../config.ts';
import { createMemoryBus } from '../kernel/bus/memory.ts';
import type { AppContext } from '../kernel/context.ts';
import { HttpError } from '../kernel/http/errors.ts';
import { setSuperAdmin } from '../modules/community/index.ts';
import { setPlan } from '../modules/plans/index.ts';
import { accountEntitlements } from '../modules/teams/index.ts';
import { adminTokenFile } from '../server.ts';
import { planArg } from './plan-arg.ts';
import { runningEmbeddedServer } from './running-server.ts';

const USAGE = `Usage:
  npm run users -- set-plan <email> <${PLANS.join('|')}|plus|pro|team>
  npm run users -- set-admin <email>
  npm run users -- unset-admin <email>`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function planOf(name: string | undefined): Plan {
  return planArg(name) ?? fail(`Unknown plan '${name ?? ''}'.\n${USAGE}`);
}

const { positionals } = parseArgs({ allowPositionals: true });
const [command, email, planName] = positionals;
const adminCommand = command === 'set-admin' || command === 'unset-admin';
if ((command !== 'set-plan' && !adminCommand) || !email) fail(USAGE);
const plan = adminCommand ? null : planOf(planName);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

type Result = { email: string; plan: string; subscriptionType: string; status: string; nextChargeDate: string | null };
type AdminResult = { id: string; email: string; superAdmin: boolean };
const print = (result: Result) =>
  console.log(
    `${result.email}: ${result.plan} (${result.subscriptionType}, ${result.status}` +
      `${result.nextChargeDate ? `, next charge ${result.nextChargeDate.slice(0, 10)}` : ''})`,
  );
const printAdmin = (result: AdminResult) =>
  console.log(`${result.email}: ${result.superAdmin ? 'super admin' : 'not a super admin'}`);

/** The change, as the running server's admin API takes it. */
const request = plan
  ? { path: '/api/admin/users/plan', body: { email, plan } }
  : { path: '/api/admin/users/super-admin', body: { email, superAdmin: command === 'set-admin' } };

const server = runningEmbeddedServer(config);
if (server) {
  const token = config.ADMIN_TOKEN ?? readFileSync(adminTokenFile(config), 'utf8').trim();
  const response = await fetch(`${server.url}${request.path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: token },
    body: JSON.stringify(request.body),
  });
  const body = (await response.json()) as Result & AdminResult & { message?: string };
  if (!response.ok) fail(`The running server refused: ${body.message ?? response.status}`);
  if (plan) print(body);
  else printAdmin(body);
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
      entitlements: accountEntitlements(database.db),
    };
    if (plan) print(await setPlan(ctx, email, plan));
    else printAdmin(await setSuperAdmin(ctx, { email, superAdmin: command === 'set-admin' }));
  } catch (error) {
    if (error instanceof HttpError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}
