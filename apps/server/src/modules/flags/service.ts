import { type AppName, FLAG_NAMES, type FlagName, type FlagPlatform, type FlagValue } from '@eh/contracts';
import { FLAGS_CHANNEL } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import * as queries from './queries.ts';

const EPOCH = new Date(0).toISOString();

/** Unset flags read as off, so a fresh database behaves like a configured one. */
export async function readFlags(ctx: AppContext, names: readonly FlagName[] = FLAG_NAMES) {
  const rows = await queries.getFlagRows(ctx.db, { names });
  const byName = new Map(rows.map((row) => [row.name, row]));
  const flags: Partial<Record<FlagName, FlagValue>> = {};
  for (const name of names) {
    const row = byName.get(name);
    flags[name] = row
      ? { enabled: row.enabled, message: row.message, updatedAt: row.updatedAt.toISOString() }
      : { enabled: false, message: null, updatedAt: EPOCH };
  }
  return flags;
}

export async function getFlags(ctx: AppContext, query: { flags?: FlagName[]; app: AppName; platform: FlagPlatform }) {
  const flags = await readFlags(ctx, query.flags?.length ? query.flags : FLAG_NAMES);
  return { app: query.app, platform: query.platform, flags };
}

export async function setFlag(ctx: AppContext, params: queries.SetFlagParams): Promise<FlagValue & { name: FlagName }> {
  const row = await queries.upsertFlag(ctx.db, params);
  if (!row) throw new Error(`Flag ${params.name} was not stored`);
  await ctx.bus.publish(FLAGS_CHANNEL, { name: params.name });
  return { name: params.name, enabled: row.enabled, message: row.message, updatedAt: row.updatedAt.toISOString() };
}

export async function devFlagEnabled(ctx: AppContext) {
  const { dev } = await readFlags(ctx, ['dev']);
  return dev?.enabled === true;
}
