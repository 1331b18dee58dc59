/**
 * npm run ingest -- <provider> [--symbols A,B] [--datasets x,y] [--from-file PATH] [--from DATE] [--to DATE]
 * npm run ingest -- stop <provider|all> [--message "why"]    (kill switch: the worker's ingestion jobs wait)
 * npm run ingest -- resume <provider|all>
 * npm run ingest -- status
 *
 * Writes to DATABASE_URL, or to the embedded database when no server holds it (PGlite serves one process: with
 * a running embedded server the command stops and says so). Exit codes: 0 done, 1 usage or setup error,
 * 2 the run finished with errors (see the summary and `ingestion_runs`).
 */
import { parseArgs } from 'node:util';
import { assets, connectDatabase, type Database, ingestionRuns } from '@eh/db';
import { isIsoDate, MARKET_ASSET_TYPES, type MarketAssetType } from '@eh/domain';
import { desc, inArray } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { IngestError, type IngestProgress, ingest } from '../ingest/index.ts';
import { progressLine, summaryTable } from '../ingest/report.ts';
import { createBus } from '../kernel/bus/index.ts';
import { MARKET_CHANGED_CHANNEL } from '../kernel/channels.ts';
import { ALL_PROVIDERS, listSwitches, setIngestionStopped } from '../kernel/jobs/kill-switch.ts';
import { type AssetKey, PROVIDERS } from '../providers/index.ts';
import { DATASETS, type Dataset } from '../providers/types.ts';
import { runningEmbeddedServer } from './running-server.ts';

const USAGE = `Usage:
  npm run ingest -- <provider> [--symbols A,B[:type]] [--datasets x,y] [--from-file PATH] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  npm run ingest -- stop <provider|all> [--message "why"]
  npm run ingest -- resume <provider|all>
  npm run ingest -- status

Providers: ${Object.keys(PROVIDERS).sort().join(', ') || '(none registered)'}
Datasets:  ${DATASETS.join(', ')}`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      symbols: { type: 'string' },
      datasets: { type: 'string' },
      'from-file': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      message: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
}
const { positionals, values } = parsed;
const [command, scope] = positionals;
if (values.help || !command) fail(USAGE, values.help ? 0 : 1);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Validated ingestion options, before anything touches the database. */
function ingestionPlan(providerName: string) {
  const factory = PROVIDERS[providerName];
  if (!factory) fail(`Unknown provider '${providerName}'.\n\n${USAGE}`);
  const datasets = list(values.datasets);
  const unknown = datasets?.filter((name) => !(DATASETS as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0)
    fail(`Unknown dataset${unknown.length > 1 ? 's' : ''} ${unknown.map((d) => `'${d}'`).join(', ')}.\n\n${USAGE}`);
  for (const key of ['from', 'to'] as const) {
    const value = values[key];
    if (value !== undefined && !isIsoDate(value)) fail(`--${key} must be a date YYYY-MM-DD, not '${value}'.`);
  }
  if (values.from && values.to && values.from > values.to) fail('--from must not be after --to.');
  const symbols = list(values.symbols)?.map((entry) => {
    const [symbol = '', type] = entry.split(':');
    if (type !== undefined && !(MARKET_ASSET_TYPES as readonly string[]).includes(type)) {
      fail(`Unknown asset type '${type}' in --symbols (types: ${MARKET_ASSET_TYPES.join(', ')}).`);
    }
    return { symbol: symbol.toUpperCase(), type: type as MarketAssetType | undefined };
  });
  let provider: ReturnType<typeof factory>;
  try {
    provider = factory({ config, ...(values['from-file'] ? { fromFile: values['from-file'] } : {}) });
  } catch (error) {
    fail(`Provider '${providerName}' cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const unserved = datasets?.filter((d) => !provider.datasets.includes(d as Dataset)) ?? [];
  if (unserved.length > 0) {
    fail(
      `Provider '${providerName}' does not serve ${unserved.join(', ')} (it serves ${provider.datasets.join(', ')}).`,
    );
  }
  return { provider, datasets: datasets as Dataset[] | undefined, symbols };
}

/** Symbols without a type take the type we list them under (a stock when we list none). */
async function resolveSymbols(db: Database, symbols: { symbol: string; type: MarketAssetType | undefined }[]) {
  const untyped = symbols.filter((s) => !s.type).map((s) => s.symbol);
  const known =
    untyped.length > 0
      ? await db
          .select({ symbol: assets.symbolUpper, type: assets.type })
          .from(assets)
          .where(inArray(assets.symbolUpper, untyped))
      : [];
  return symbols.flatMap((s): AssetKey[] => {
    if (s.type) return [{ symbol: s.symbol, type: s.type }];
    const listed = known.filter((k) => k.symbol === s.symbol);
    return listed.length > 0
      ? listed.map((k) => ({ symbol: s.symbol, type: k.type }))
      : [{ symbol: s.symbol, type: 'stock' }];
  });
}

function progressReporter(): (progress: IngestProgress) => void {
  const tty = process.stderr.isTTY;
  let last = 0;
  return (progress) => {
    if (tty) {
      // Redraw at most ten times a second; always draw a dataset's start and end.
      const now = Date.now();
      if (progress.phase === 'batch' && now - last < 100) return;
      last = now;
      process.stderr.write(`\r\x1b[2K${progressLine(progress)}`);
      if (progress.phase === 'done' && progress.index === progress.total - 1) process.stderr.write('\n');
    } else if (progress.phase === 'done') {
      process.stderr.write(`${progressLine(progress)}\n`);
    }
  };
}

const plan = command === 'stop' || command === 'resume' || command === 'status' ? null : ingestionPlan(command);
if ((command === 'stop' || command === 'resume') && !scope) fail(`Name a provider or 'all'.\n\n${USAGE}`);
if ((command === 'stop' || command === 'resume') && scope !== ALL_PROVIDERS && !PROVIDERS[scope ?? '']) {
  fail(`Unknown provider '${scope}'.\n\n${USAGE}`);
}

const server = runningEmbeddedServer(config);
if (server) {
  fail(
    `The embedded server (pid ${server.pid}, ${server.url}) holds ${config.dbDir}: PGlite serves one process.\n` +
      'Stop it (Ctrl+C in its terminal) and run this command again; its worker refreshes the demo market on its own.',
  );
}

const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir, poolSize: 2 });
let exitCode = 0;
try {
  await database.migrate();
  const db = database.db;
  if (command === 'stop' || command === 'resume') {
    await setIngestionStopped(db, scope ?? ALL_PROVIDERS, command === 'stop', values.message ?? null);
    console.log(
      `Ingestion of ${scope === ALL_PROVIDERS ? 'every provider' : scope} ${command === 'stop' ? 'stopped' : 'resumed'}.`,
    );
  } else if (command === 'status') {
    const switches = await listSwitches(db);
    const stopped = switches.filter((s) => s.stopped);
    console.log(
      stopped.length === 0
        ? 'Ingestion: running (no kill switch on).'
        : `Stopped: ${stopped.map((s) => `${s.scope}${s.message ? ` ("${s.message}")` : ''}`).join(', ')}`,
    );
    const runs = await db.select().from(ingestionRuns).orderBy(desc(ingestionRuns.startedAt)).limit(15);
    for (const run of runs) {
      console.log(
        `${run.startedAt.toISOString()}  ${run.provider.padEnd(12)} ${run.dataset.padEnd(14)} ${run.status.padEnd(9)} ` +
          `+${run.added} ~${run.changed} =${run.skipped} !${run.errors}`,
      );
    }
  } else if (plan) {
    const assetKeys = plan.symbols ? await resolveSymbols(db, plan.symbols) : undefined;
    // With Redis the running nodes hear of the change and drop their cached answers; alone, nobody is listening.
    const bus = config.REDIS_URL ? await createBus(config.REDIS_URL, config.BUS_NAMESPACE) : null;
    const report = await ingest(db, plan.provider, {
      ...(plan.datasets ? { datasets: plan.datasets } : {}),
      ...(assetKeys ? { assets: assetKeys } : {}),
      ...(values.from ? { from: values.from } : {}),
      ...(values.to ? { to: values.to } : {}),
      onProgress: progressReporter(),
      ...(bus ? { onChanged: (datasets: Dataset[]) => bus.publish(MARKET_CHANGED_CHANNEL, { datasets }) } : {}),
    });
    await bus?.close();
    console.log(summaryTable(report));
    if (report.datasets.some((d) => d.status !== 'succeeded')) exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof IngestError ? error.message : error);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
