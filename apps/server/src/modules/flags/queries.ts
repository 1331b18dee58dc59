import type { FlagName } from '@eh/contracts';
import { type Database, featureFlags } from '@eh/db';
import { inArray, sql } from 'drizzle-orm';

export interface GetFlagsParams {
  names: readonly FlagName[];
}

export async function getFlagRows(db: Database, params: GetFlagsParams) {
  return db
    .select({
      name: featureFlags.name,
      enabled: featureFlags.enabled,
      message: featureFlags.message,
      updatedAt: featureFlags.updatedAt,
    })
    .from(featureFlags)
    .where(inArray(featureFlags.name, [...params.names]));
}

export interface SetFlagParams {
  name: FlagName;
  enabled: boolean;
  /** undefined keeps the stored message; null clears it. */
  message?: string | null | undefined;
}

export async function upsertFlag(db: Database, params: SetFlagParams) {
  const message = params.message === undefined ? null : params.message;
  const [row] = await db
    .insert(featureFlags)
    .values({ name: params.name, enabled: params.enabled, message })
    .onConflictDoUpdate({
      target: featureFlags.name,
      set: {
        enabled: params.enabled,
        updatedAt: sql`now()`,
        ...(params.message === undefined ? {} : { message: params.message }),
      },
    })
    .returning({
      name: featureFlags.name,
      enabled: featureFlags.enabled,
      message: featureFlags.message,
      updatedAt: featureFlags.updatedAt,
    });
  return row;
}
