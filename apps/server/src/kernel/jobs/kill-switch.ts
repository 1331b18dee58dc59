/**
 * The ingestion kill switch (docs/decisions/0006-ingestion.md): one stored switch for all providers and one per
 * provider, kept as rows of `feature_flags` named `ingest.stop` and `ingest.stop.<provider>` (the public flags
 * call lists only the SPEC flags, so these stay internal). While a switch is on, workers claim no ingestion job of
 * that provider and stop a running one at its next batch; nothing needs a restart.
 */
import { type Database, featureFlags } from '@eh/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** `all`, or a provider name. */
export type SwitchScope = string;
export const ALL_PROVIDERS = 'all';
const PREFIX = 'ingest.stop';

export const switchName = (scope: SwitchScope) => (scope === ALL_PROVIDERS ? PREFIX : `${PREFIX}.${scope}`);

/** The SQL of "this provider's ingestion is stopped", for the queue's claim. */
export const stoppedSql = (provider: SQL) =>
  sql`exists (select 1 from ${featureFlags} f where f.enabled and (f.name = ${PREFIX} or f.name = ${`${PREFIX}.`} || ${provider}))`;

export async function setIngestionStopped(
  db: Database,
  scope: SwitchScope,
  stopped: boolean,
  message: string | null = null,
): Promise<void> {
  const name = switchName(scope);
  await db
    .insert(featureFlags)
    .values({ name, enabled: stopped, message })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled: stopped, message, updatedAt: sql`now()` } });
}

/** Whether ingestion of `provider` is stopped, and why. */
export async function ingestionStopped(
  db: Database,
  provider: string,
): Promise<{ stopped: boolean; message: string | null }> {
  const rows = await db
    .select({ name: featureFlags.name, message: featureFlags.message })
    .from(featureFlags)
    .where(and(eq(featureFlags.enabled, true), inArray(featureFlags.name, [PREFIX, switchName(provider)])));
  const row = rows.find((r) => r.name === PREFIX) ?? rows[0];
  return { stopped: rows.length > 0, message: row?.message ?? null };
}

export interface SwitchState {
  scope: SwitchScope;
  stopped: boolean;
  message: string | null;
  updatedAt: Date;
}

/** Every switch ever set, the global one first. */
export async function listSwitches(db: Database): Promise<SwitchState[]> {
  const rows = await db
    .select()
    .from(featureFlags)
    .where(sql`${featureFlags.name} = ${PREFIX} or ${featureFlags.name} like ${`${PREFIX}.%`}`)
    .orderBy(featureFlags.name);
  return rows.map((row) => ({
    scope: row.name === PREFIX ? ALL_PROVIDERS : row.name.slice(PREFIX.length + 1),
    stopped: row.enabled,
    message: row.message,
    updatedAt: row.updatedAt,
  }));
}
