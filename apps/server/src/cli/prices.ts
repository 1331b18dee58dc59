/**
 * npm run prices -- list
 * npm run prices -- set <plan> <monthly|yearly> <amount, e.g. 24.99> [--app earningshub] [--currency usd]
 * npm run prices -- stripe-sync
 *
 * Prices are configuration: the demo seeds them, an operator changes them here. `stripe-sync` (BILLING_PROVIDER=stripe)
 * creates the Stripe product and price each active price sells through and stores its id. Talks to the database
 * directly, so an embedded server must be stopped first (PGlite serves one process).
 */
import { parseArgs } from 'node:util';
import { connectDatabase } from '@eh/db';
import { BILLING_INTERVALS, type BillingInterval, DEFAULT_APP, formatCents, PLANS } from '@eh/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { createMemoryBus } from '../kernel/bus/memory.ts';
import type { AppContext } from '../kernel/context.ts';
import {
  listPrices,
  type PriceRow,
  StripeBillingProvider,
  setPrice,
  syncStripePrices,
} from '../modules/billing/index.ts';
import { accountEntitlements } from '../modules/teams/index.ts';
import { planArg } from './plan-arg.ts';
import { runningEmbeddedServer } from './running-server.ts';

const USAGE = `Usage:
  npm run prices -- list
  npm run prices -- set <plus|pro|team|${PLANS.filter((p) => p !== 'free').join('|')}> <${BILLING_INTERVALS.join('|')}> <amount, e.g. 24.99> [--app ${DEFAULT_APP}] [--currency usd]
  npm run prices -- stripe-sync`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** "24.99" → 2499 cents; anything else is refused rather than rounded. */
function cents(text: string | undefined): number {
  const match = text ? /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text) : null;
  if (!match) fail(`The amount must be dollars and cents, e.g. 24.99 (got '${text ?? ''}').\n${USAGE}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const line = (row: PriceRow) =>
  `${row.app.padEnd(12)} ${row.plan.padEnd(18)} ${row.interval.padEnd(8)} ${formatCents(row.amount, row.currency).padStart(10)}  ${row.stripePriceId ?? '(not in Stripe)'}`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { app: { type: 'string', default: DEFAULT_APP }, currency: { type: 'string', default: 'usd' } },
});
const [command, planName, intervalName, amountText] = positionals;
if (!command || !['list', 'set', 'stripe-sync'].includes(command)) fail(USAGE);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const server = runningEmbeddedServer(config);
if (server) fail(`The embedded server (pid ${server.pid}) holds the database: stop it, then run this again.`);

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
  if (command === 'list') {
    for (const row of await listPrices(ctx)) console.log(line(row));
  } else if (command === 'set') {
    const plan = planArg(planName);
    if (!plan || plan === 'free') fail(`Unknown paid plan '${planName ?? ''}'.\n${USAGE}`);
    if (!BILLING_INTERVALS.includes(intervalName as BillingInterval))
      fail(`The interval must be ${BILLING_INTERVALS.join(' or ')}.\n${USAGE}`);
    const currency = values.currency.toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) fail('The currency must be a three-letter ISO code, e.g. usd.');
    const row = await setPrice(ctx, {
      app: values.app,
      plan,
      interval: intervalName as BillingInterval,
      amount: cents(amountText),
      currency,
    });
    console.log(line(row));
  } else {
    if (config.BILLING_PROVIDER !== 'stripe') fail('stripe-sync needs BILLING_PROVIDER=stripe and its keys.');
    const filled = await syncStripePrices(ctx, new StripeBillingProvider(config));
    for (const row of filled) console.log(line(row));
    console.log(`${filled.length} price(s) linked to Stripe.`);
  }
} finally {
  await database.close();
}
