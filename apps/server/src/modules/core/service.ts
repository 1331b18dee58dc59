import {
  type AppInfo,
  type AppName,
  type FeedbackInput,
  FLAG_NAMES,
  type FlagName,
  type FlagPlatform,
  type FlagValue,
  type OutboxMessage,
  type ReleaseNote,
  type ReleaseNotePlatform,
} from '@eh/contracts';
import { SERVER_VERSION } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
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
  await ctx.bus.publish('flags', { name: params.name });
  return { name: params.name, enabled: row.enabled, message: row.message, updatedAt: row.updatedAt.toISOString() };
}

export async function getReleaseNotes(ctx: AppContext, query: { platform: ReleaseNotePlatform; limit: number }) {
  const notes: ReleaseNote[] = await queries.listReleaseNotes(ctx.db, query);
  return { notes };
}

export async function submitFeedback(ctx: AppContext, input: FeedbackInput, userAgent: string | undefined) {
  const row = await queries.insertFeedback(ctx.db, { ...input, userAgent: userAgent?.slice(0, 512) ?? null });
  if (!row) throw new Error('Feedback was not stored');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

export function appInfo(ctx: AppContext): AppInfo {
  return {
    name: ctx.config.APP_NAME,
    version: SERVER_VERSION,
    mode: ctx.database.driver === 'pglite' ? 'embedded' : 'production',
    database: ctx.database.driver,
    bus: ctx.bus.kind,
    roles: ctx.config.ROLES,
    startedAt: ctx.startedAt.toISOString(),
  };
}

/** The outbox holds codes and personal data: it is readable only while the dev flag is on. */
export async function devOutbox(ctx: AppContext, query: { limit: number }) {
  const { dev } = await readFlags(ctx, ['dev']);
  if (!dev?.enabled) throw forbidden('Developer tools are turned off');
  const rows = await queries.listOutbox(ctx.db, query);
  const messages: OutboxMessage[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { messages };
}
