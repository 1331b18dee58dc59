/**
 * npm run flags -- list
 * npm run flags -- set <flag> <true|false> [--message "text"] [--clear-message]
 *
 * Talks to the database directly, except when an embedded server is running on the same data folder
 * (PGlite serves one process): then it asks that server through its admin API.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ADMIN_TOKEN_HEADER, FLAG_NAMES, FlagName, type FlagValue } from '@eh/contracts';
import { connectDatabase } from '@eh/db';
import { ConfigError, loadConfig } from '../config.ts';
import { createMemoryBus } from '../kernel/bus/memory.ts';
import type { AppContext } from '../kernel/context.ts';
import { readFlags, setFlag } from '../modules/flags/index.ts';
import { accountEntitlements } from '../modules/teams/index.ts';
import { adminTokenFile, serverInfoFile } from '../server.ts';

const USAGE = `Usage:
  npm run flags -- list
  npm run flags -- set <${FLAG_NAMES.join('|')}> <true|false> [--message "text"] [--clear-message]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function runningServer(config: ReturnType<typeof loadConfig>): { url: string } | null {
  if (config.DATABASE_URL) return null;
  const file = serverInfoFile(config);
  if (!existsSync(file)) return null;
  const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
  try {
    process.kill(info.pid, 0);
    return { url: info.url };
  } catch {
    return null;
  }
}

function print(flags: Partial<Record<string, FlagValue>>) {
  for (const [name, value] of Object.entries(flags)) {
    if (!value) continue;
    const message = value.message ? `  "${value.message}"` : '';
    console.log(`${name.padEnd(26)} ${value.enabled ? 'on ' : 'off'}${message}`);
  }
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { message: { type: 'string' }, 'clear-message': { type: 'boolean' } },
});
const [command, name, state] = positionals;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

let change: { name: FlagName; enabled: boolean; message: string | null | undefined } | undefined;
if (command === 'set') {
  const parsedName = FlagName.safeParse(name);
  if (!parsedName.success) fail(`Unknown flag '${name ?? ''}'.\n${USAGE}`);
  if (state !== 'true' && state !== 'false') fail(`The value must be true or false.\n${USAGE}`);
  change = {
    name: parsedName.data,
    enabled: state === 'true',
    message: values['clear-message'] ? null : values.message,
  };
} else if (command !== 'list') {
  fail(USAGE);
}

const server = runningServer(config);
if (server) {
  const token = config.ADMIN_TOKEN ?? readFileSync(adminTokenFile(config), 'utf8').trim();
  if (change) {
    const response = await fetch(`${server.url}/api/admin/flags/${change.name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: token },
      body: JSON.stringify({
        enabled: change.enabled,
        ...(change.message === undefined ? {} : { message: change.message }),
      }),
    });
    const body = (await response.json()) as { message?: string };
    if (!response.ok) fail(`The running server refused: ${body.message ?? response.status}`);
  }
  const response = await fetch(`${server.url}/api/core/flags`);
  print(((await response.json()) as { flags: Record<string, FlagValue> }).flags);
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
    if (change) await setFlag(ctx, change);
    print(await readFlags(ctx));
  } finally {
    await database.close();
  }
}
