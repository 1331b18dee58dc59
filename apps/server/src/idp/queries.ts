import {
  type Database,
  idpCodes,
  idpDevices,
  idpFederatedIdentities,
  idpOauthCodes,
  idpRefreshTokens,
  idpRevokedOrigins,
  idpUsers,
  users,
} from '@eh/db';
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

export type IdpUser = typeof idpUsers.$inferSelect;

/**
 * Ends an account whichever way it is asked (the app's DELETE /core/users/me, or the identity provider's DeleteUser):
 * its sign-ins revoked, the account with everything hanging from it and the identity gone, in one transaction.
 */
export async function deleteAccountAndIdentity(db: Database, params: { sub: string }) {
  await db.transaction(async (tx) => {
    const origins = await tx
      .select({ originJti: idpRefreshTokens.originJti })
      .from(idpRefreshTokens)
      .where(eq(idpRefreshTokens.sub, params.sub));
    if (origins.length) await tx.insert(idpRevokedOrigins).values(origins).onConflictDoNothing();
    await tx.delete(users).where(eq(users.id, params.sub));
    await tx.delete(idpUsers).where(eq(idpUsers.sub, params.sub));
  });
}
export type CodePurpose = (typeof idpCodes.$inferInsert)['purpose'];

export async function findUser(db: Database, params: { login: string }): Promise<IdpUser | undefined> {
  const login = params.login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(idpUsers)
    .where(or(eq(idpUsers.username, login), and(eq(idpUsers.email, login), eq(idpUsers.emailVerified, true))))
    .limit(1);
  return rows[0];
}

export async function getUser(db: Database, params: { sub: string }): Promise<IdpUser | undefined> {
  const rows = await db.select().from(idpUsers).where(eq(idpUsers.sub, params.sub)).limit(1);
  return rows[0];
}

export async function insertUser(db: Database, user: typeof idpUsers.$inferInsert) {
  const rows = await db.insert(idpUsers).values(user).onConflictDoNothing().returning({ sub: idpUsers.sub });
  return rows[0];
}

export async function updateUser(db: Database, params: { sub: string; set: Partial<typeof idpUsers.$inferInsert> }) {
  await db
    .update(idpUsers)
    .set({ ...params.set, updatedAt: sql`now()` })
    .where(eq(idpUsers.sub, params.sub));
}

export async function insertCode(
  db: Database,
  params: { sub: string; purpose: CodePurpose; codeHash: string; expiresAt: Date },
) {
  // A new code replaces the unused ones of the same purpose.
  await db
    .update(idpCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(idpCodes.sub, params.sub), eq(idpCodes.purpose, params.purpose), isNull(idpCodes.usedAt)));
  await db.insert(idpCodes).values(params);
}

export async function latestCode(db: Database, params: { sub: string; purpose: CodePurpose }) {
  const rows = await db
    .select()
    .from(idpCodes)
    .where(and(eq(idpCodes.sub, params.sub), eq(idpCodes.purpose, params.purpose), isNull(idpCodes.usedAt)))
    .orderBy(desc(idpCodes.createdAt))
    .limit(1);
  return rows[0];
}

export async function markCode(db: Database, params: { id: string; used: boolean }) {
  await db
    .update(idpCodes)
    .set(params.used ? { usedAt: sql`now()` } : { attempts: sql`${idpCodes.attempts} + 1` })
    .where(eq(idpCodes.id, params.id));
}

export async function insertRefreshToken(db: Database, row: typeof idpRefreshTokens.$inferInsert) {
  await db.insert(idpRefreshTokens).values(row);
}

export async function findRefreshToken(db: Database, params: { tokenHash: string }) {
  const rows = await db
    .select()
    .from(idpRefreshTokens)
    .where(eq(idpRefreshTokens.tokenHash, params.tokenHash))
    .limit(1);
  return rows[0];
}

/** Revokes refresh tokens and their access-token families: one family, or every one of a user. */
export async function revokeFamilies(db: Database, params: { sub: string; originJti?: string }) {
  await db.transaction(async (tx) => {
    const scope = params.originJti
      ? and(eq(idpRefreshTokens.sub, params.sub), eq(idpRefreshTokens.originJti, params.originJti))
      : eq(idpRefreshTokens.sub, params.sub);
    const revoked = await tx
      .update(idpRefreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(scope, isNull(idpRefreshTokens.revokedAt)))
      .returning({ originJti: idpRefreshTokens.originJti });
    const origins = [...new Set([...revoked.map((r) => r.originJti), ...(params.originJti ? [params.originJti] : [])])];
    if (origins.length) {
      await tx
        .insert(idpRevokedOrigins)
        .values(origins.map((originJti) => ({ originJti })))
        .onConflictDoNothing();
    }
  });
}

export async function isOriginRevoked(db: Database, params: { originJti: string }) {
  const rows = await db
    .select({ originJti: idpRevokedOrigins.originJti })
    .from(idpRevokedOrigins)
    .where(eq(idpRevokedOrigins.originJti, params.originJti))
    .limit(1);
  return rows.length > 0;
}

export type IdpDevice = typeof idpDevices.$inferSelect;

export async function insertDevice(db: Database, row: typeof idpDevices.$inferInsert) {
  await db.insert(idpDevices).values(row);
}

export async function getDevice(db: Database, params: { sub: string; deviceKey: string }) {
  const rows = await db
    .select()
    .from(idpDevices)
    .where(and(eq(idpDevices.sub, params.sub), eq(idpDevices.deviceKey, params.deviceKey)))
    .limit(1);
  return rows[0];
}

/** Confirmed devices only: metadata handed out at sign-in but never confirmed is not a device yet. */
export async function listDevices(db: Database, params: { sub: string; limit: number; offset: number }) {
  return db
    .select()
    .from(idpDevices)
    .where(and(eq(idpDevices.sub, params.sub), isNotNull(idpDevices.sealedVerifier)))
    .orderBy(desc(idpDevices.createdAt), idpDevices.deviceKey)
    .limit(params.limit)
    .offset(params.offset);
}

export async function updateDevice(
  db: Database,
  params: { sub: string; deviceKey: string; set: Partial<typeof idpDevices.$inferInsert> },
) {
  const rows = await db
    .update(idpDevices)
    .set({ ...params.set, updatedAt: sql`now()` })
    .where(and(eq(idpDevices.sub, params.sub), eq(idpDevices.deviceKey, params.deviceKey)))
    .returning({ deviceKey: idpDevices.deviceKey });
  return rows.length > 0;
}

export async function deleteDevice(db: Database, params: { sub: string; deviceKey: string }) {
  const rows = await db
    .delete(idpDevices)
    .where(and(eq(idpDevices.sub, params.sub), eq(idpDevices.deviceKey, params.deviceKey)))
    .returning({ deviceKey: idpDevices.deviceKey });
  return rows.length > 0;
}

export type FederatedIdentity = typeof idpFederatedIdentities.$inferSelect;

export async function findFederatedIdentity(db: Database, params: { providerName: string; providerUserId: string }) {
  const rows = await db
    .select()
    .from(idpFederatedIdentities)
    .where(
      and(
        eq(idpFederatedIdentities.providerName, params.providerName),
        eq(idpFederatedIdentities.providerUserId, params.providerUserId),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Links a provider's identity to a user; false when it was already linked (two sign-ins racing). */
export async function linkFederatedIdentity(db: Database, row: typeof idpFederatedIdentities.$inferInsert) {
  const rows = await db
    .insert(idpFederatedIdentities)
    .values(row)
    .onConflictDoNothing()
    .returning({ sub: idpFederatedIdentities.sub });
  return rows.length > 0;
}

export async function touchFederatedIdentity(
  db: Database,
  params: { providerName: string; providerUserId: string; email: string | null },
) {
  await db
    .update(idpFederatedIdentities)
    .set({ lastSignInAt: sql`now()`, email: params.email })
    .where(
      and(
        eq(idpFederatedIdentities.providerName, params.providerName),
        eq(idpFederatedIdentities.providerUserId, params.providerUserId),
      ),
    );
}

export async function federatedIdentitiesOf(db: Database, params: { sub: string }) {
  return db
    .select()
    .from(idpFederatedIdentities)
    .where(eq(idpFederatedIdentities.sub, params.sub))
    .orderBy(idpFederatedIdentities.createdAt);
}

/** The account that owns a verified email: the only kind a federated identity may be linked to. */
export async function userByVerifiedEmail(db: Database, params: { email: string }) {
  const rows = await db
    .select()
    .from(idpUsers)
    .where(and(eq(idpUsers.email, params.email.trim().toLowerCase()), eq(idpUsers.emailVerified, true)))
    .orderBy(idpUsers.createdAt)
    .limit(1);
  return rows[0];
}

export async function insertOauthCode(db: Database, row: typeof idpOauthCodes.$inferInsert) {
  await db.insert(idpOauthCodes).values(row);
  // Expired codes are of no use to anyone: swept as new ones are written.
  await db.delete(idpOauthCodes).where(lt(idpOauthCodes.expiresAt, sql`now() - interval '1 day'`));
}

/**
 * Takes a code for exchange, once: the first presentation marks it used and returns it; a later one returns the
 * row with `reused` so the caller can revoke what the first exchange issued.
 */
export async function takeOauthCode(db: Database, params: { codeHash: string }) {
  const taken = await db
    .update(idpOauthCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(idpOauthCodes.codeHash, params.codeHash), isNull(idpOauthCodes.usedAt)))
    .returning();
  if (taken[0]) return { code: taken[0], reused: false };
  const rows = await db.select().from(idpOauthCodes).where(eq(idpOauthCodes.codeHash, params.codeHash)).limit(1);
  return rows[0] ? { code: rows[0], reused: true } : undefined;
}

export async function setOauthCodeOrigin(db: Database, params: { codeHash: string; originJti: string }) {
  await db
    .update(idpOauthCodes)
    .set({ originJti: params.originJti })
    .where(eq(idpOauthCodes.codeHash, params.codeHash));
}
