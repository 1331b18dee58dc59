import {
  type AppInfo,
  type AppName,
  FederatedProviderName,
  type FeedbackInput,
  FLAG_NAMES,
  type FlagName,
  type FlagPlatform,
  type FlagValue,
  type OutboxMessage,
  type ReleaseNote,
  type ReleaseNotePlatform,
  type SignInOptions,
} from '@eh/contracts';
import { SERVER_VERSION } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { providerSettings } from '../../idp/federation.ts';
import type { IdentityProviderName } from '../../idp/oauth.ts';
import { type MailboxClient, outboxAccess } from '../../mail/mailbox.ts';
import * as queries from './queries.ts';

const EPOCH = new Date(0).toISOString();

/** The web app's provider names as the identity provider knows them. */
const FEDERATED_NAMES: Record<FederatedProviderName, IdentityProviderName> = {
  google: 'Google',
  apple: 'SignInWithApple',
};

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
    marketData: {
      demo: ctx.config.SEED_DEMO,
      providers: ctx.config.INGEST_PROVIDERS.filter((name) => name !== 'demo'),
    },
  };
}

/** The outbox holds codes and personal data: who may read it is mail/mailbox.ts's rule (decision 0012). */
export async function devOutbox(ctx: AppContext, query: { limit: number }, client: MailboxClient) {
  if ((await outboxAccess(ctx.config, client, () => devFlagEnabled(ctx))) === 'closed') {
    throw forbidden(
      ctx.config.SMTP_URL
        ? 'Mail is delivered by SMTP: there is no local mailbox'
        : ctx.config.DATABASE_URL
          ? 'The mailbox is readable only while the dev flag is on'
          : 'The mailbox opens only on the machine the server runs on (or while the dev flag is on)',
    );
  }
  const rows = await queries.listOutbox(ctx.db, query);
  const messages: OutboxMessage[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { messages };
}

async function devFlagEnabled(ctx: AppContext) {
  const { dev } = await readFlags(ctx, ['dev']);
  return dev?.enabled === true;
}

/** What the sign-in pages offer this client: the configured providers, and the mailbox link when it would open. */
export async function signInOptions(ctx: AppContext, client: MailboxClient): Promise<SignInOptions> {
  const federatedProviders = FederatedProviderName.options.filter(
    (name) => providerSettings(ctx.config, FEDERATED_NAMES[name]) !== null,
  );
  const access = await outboxAccess(ctx.config, client, () => devFlagEnabled(ctx));
  return { federatedProviders, localMailbox: access !== 'closed' };
}
