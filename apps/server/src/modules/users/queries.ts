import { type Database, idpFederatedIdentities, idpUsers, pushTokens, users } from '@eh/db';
import { and, count, eq, inArray, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/** The account row of an identity, created on its first call. */
export async function ensureUser(db: Database, params: { id: string; email: string | null }): Promise<UserRow> {
  await db.insert(users).values({ id: params.id, email: params.email }).onConflictDoNothing();
  const row = await getUserRow(db, params);
  if (!row) throw new Error(`user ${params.id} was not stored`);
  return row;
}

export async function getUserRow(db: Database, params: { id: string }): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, params.id)).limit(1);
  return rows[0];
}

/** The rows of these users (one query), by id; an unknown id is absent. */
export async function getUserRows(db: Database, params: { ids: readonly string[] }): Promise<Map<string, UserRow>> {
  if (params.ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...params.ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function updateUser(db: Database, params: { id: string; set: Partial<typeof users.$inferInsert> }) {
  await db
    .update(users)
    .set({ ...params.set, updatedAt: sql`now()` })
    .where(eq(users.id, params.id));
}

export async function publicUsers(db: Database, params: { ids: string[] }) {
  return db
    .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, params.ids));
}

export async function addPushToken(db: Database, params: { userId: string; token: string; appName: string }) {
  await db
    .insert(pushTokens)
    .values(params)
    .onConflictDoUpdate({ target: [pushTokens.userId, pushTokens.token], set: { appName: params.appName } });
}

export async function countPushTokens(db: Database, params: { userId: string; appName: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(pushTokens)
    .where(and(eq(pushTokens.userId, params.userId), eq(pushTokens.appName, params.appName)));
  return row?.n ?? 0;
}

/** Deletes the account and its identity; every table keyed by either cascades. Live sessions are revoked. */
/** SPEC §3 externalProviderData: the Google and Apple identities linked to the account, oldest first. */
export async function externalProviders(db: Database, params: { id: string }) {
  return db
    .select({
      providerName: idpFederatedIdentities.providerName,
      providerUserId: idpFederatedIdentities.providerUserId,
    })
    .from(idpFederatedIdentities)
    .where(eq(idpFederatedIdentities.sub, params.id))
    .orderBy(idpFederatedIdentities.createdAt, idpFederatedIdentities.providerName);
}

/** The identity provider's record of the account (email and phone with their verified flags, attributes). */
export async function identityOf(db: Database, params: { id: string }) {
  const rows = await db
    .select({
      email: idpUsers.email,
      emailVerified: idpUsers.emailVerified,
      phoneNumber: idpUsers.phoneNumber,
      phoneNumberVerified: idpUsers.phoneNumberVerified,
      attributes: idpUsers.attributes,
    })
    .from(idpUsers)
    .where(eq(idpUsers.sub, params.id))
    .limit(1);
  return rows[0];
}
