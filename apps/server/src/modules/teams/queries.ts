import { type Database, organizationInvites, organizationMembers, organizations, subscriptions, users } from '@eh/db';
import type { InviteStatus, MemberRole } from '@eh/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

/** Drizzle's transaction handle shares the query API, so every query here runs inside one or on the pool. */
type Db = Database;

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type InviteRow = typeof organizationInvites.$inferSelect;

/** Postgres' unique violation, through Drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// ---- organizations -----------------------------------------------------------------------------------------------

export async function organizationById(db: Db, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The organization row, locked for the rest of the transaction: seats and licences change one at a time. */
export async function lockOrganization(db: Db, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1).for('update');
  return row;
}

export async function insertOrganization(db: Db, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization was not stored');
  return row;
}

export async function updateOrganization(db: Db, id: string, set: Partial<typeof organizations.$inferInsert>) {
  await db
    .update(organizations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(organizations.id, id));
}

/** Members (the owner included) and pending invites: the seats. */
export async function seatCounts(db: Db, organizationId: string) {
  const [members] = await db
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  const [pending] = await db
    .select({ n: count() })
    .from(organizationInvites)
    .where(and(eq(organizationInvites.organizationId, organizationId), eq(organizationInvites.status, 'pending')));
  return { members: members?.n ?? 0, pendingInvites: pending?.n ?? 0 };
}

// ---- members -----------------------------------------------------------------------------------------------------

export async function memberOf(db: Db, params: { organizationId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, params.organizationId), eq(organizationMembers.userId, params.userId)),
    )
    .limit(1);
  return row;
}

/** The one organization a user is a member of, if any. */
export async function membershipOf(db: Db, userId: string) {
  const [row] = await db
    .select({ member: organizationMembers, organization: organizations })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .limit(1);
  return row;
}

export async function insertMember(db: Db, values: typeof organizationMembers.$inferInsert) {
  const [row] = await db.insert(organizationMembers).values(values).returning();
  if (!row) throw new Error('member was not stored');
  return row;
}

export async function setMemberRole(db: Db, params: { organizationId: string; userId: string; role: MemberRole }) {
  await db
    .update(organizationMembers)
    .set({ role: params.role })
    .where(
      and(eq(organizationMembers.organizationId, params.organizationId), eq(organizationMembers.userId, params.userId)),
    );
}

/** Removes a member (never the owner); false when they were not one. */
export async function deleteMember(db: Db, params: { organizationId: string; userId: string }) {
  const rows = await db
    .delete(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, params.organizationId),
        eq(organizationMembers.userId, params.userId),
        sql`${organizationMembers.role} <> 'owner'`,
      ),
    )
    .returning({ id: organizationMembers.id });
  return rows.length > 0;
}

/** The members with their account's email and name, the owner first, then admins, then members, oldest first. */
export async function membersOf(db: Db, organizationId: string) {
  return db
    .select({
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      joinedAt: organizationMembers.createdAt,
      email: users.email,
      name: users.name,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(
      sql`case ${organizationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(organizationMembers.createdAt),
    );
}

// ---- invites -----------------------------------------------------------------------------------------------------

export async function pendingInviteOf(db: Db, params: { organizationId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(organizationInvites)
    .where(
      and(
        eq(organizationInvites.organizationId, params.organizationId),
        eq(organizationInvites.userId, params.userId),
        eq(organizationInvites.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** The invites waiting for a user's answer, newest first, with the organization's name and the inviter's email. */
export async function pendingInvitesOfUser(db: Db, userId: string) {
  return db
    .select({
      invite: organizationInvites,
      organizationName: organizations.name,
      invitedByEmail: users.email,
    })
    .from(organizationInvites)
    .innerJoin(organizations, eq(organizations.id, organizationInvites.organizationId))
    .leftJoin(users, eq(users.id, organizationInvites.invitedBy))
    .where(and(eq(organizationInvites.userId, userId), eq(organizationInvites.status, 'pending')))
    .orderBy(desc(organizationInvites.createdAt), desc(organizationInvites.id))
    .limit(100);
}

/** The pending invites of an organization, oldest first. */
export async function pendingInvitesOf(db: Db, organizationId: string) {
  return db
    .select({ invite: organizationInvites, name: users.name })
    .from(organizationInvites)
    .leftJoin(users, eq(users.id, organizationInvites.userId))
    .where(and(eq(organizationInvites.organizationId, organizationId), eq(organizationInvites.status, 'pending')))
    .orderBy(asc(organizationInvites.createdAt), asc(organizationInvites.email));
}

/** An organization's invites, pending first, then newest first; bounded. */
export async function invitesOf(db: Db, params: { organizationId: string; email?: string; status?: InviteStatus }) {
  return db
    .select()
    .from(organizationInvites)
    .where(
      and(
        eq(organizationInvites.organizationId, params.organizationId),
        params.email !== undefined ? eq(organizationInvites.email, params.email) : undefined,
        params.status !== undefined ? eq(organizationInvites.status, params.status) : undefined,
      ),
    )
    .orderBy(
      sql`case ${organizationInvites.status} when 'pending' then 0 else 1 end`,
      desc(organizationInvites.createdAt),
      asc(organizationInvites.email),
    )
    .limit(1000);
}

export async function insertInvites(db: Db, values: (typeof organizationInvites.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(organizationInvites).values(values).returning();
}

/** Takes back the pending invites of these addresses; returns the addresses that had one. */
export async function revokeInvites(db: Db, params: { organizationId: string; emails: string[] }) {
  if (params.emails.length === 0) return [];
  const rows = await db
    .update(organizationInvites)
    .set({ status: 'revoked', respondedAt: new Date() })
    .where(
      and(
        eq(organizationInvites.organizationId, params.organizationId),
        eq(organizationInvites.status, 'pending'),
        inArray(organizationInvites.email, params.emails),
      ),
    )
    .returning({ email: organizationInvites.email });
  return rows.map((row) => row.email);
}

/** Answers (or takes back) one pending invite; false when it was not pending any more. */
export async function closeInvite(db: Db, params: { id: string; status: Exclude<InviteStatus, 'pending'> }) {
  const rows = await db
    .update(organizationInvites)
    .set({ status: params.status, respondedAt: new Date() })
    .where(and(eq(organizationInvites.id, params.id), eq(organizationInvites.status, 'pending')))
    .returning({ id: organizationInvites.id });
  return rows.length > 0;
}

export async function setInviteAccount(db: Db, params: { id: string; userId: string; newAccount: boolean }) {
  await db
    .update(organizationInvites)
    .set({ userId: params.userId, newAccount: params.newAccount })
    .where(eq(organizationInvites.id, params.id));
}

/** Members' ids and emails of an organization (an address already in the team is not invited again). */
export async function memberIdentities(db: Db, organizationId: string) {
  return db
    .select({ userId: organizationMembers.userId, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId));
}

export async function pendingEmails(db: Db, organizationId: string) {
  const rows = await db
    .select({ email: organizationInvites.email })
    .from(organizationInvites)
    .where(and(eq(organizationInvites.organizationId, organizationId), eq(organizationInvites.status, 'pending')));
  return new Set(rows.map((row) => row.email));
}

// ---- billing (the organization as subscriber) --------------------------------------------------------------------

/**
 * The plan and status of the newest subscription of the organization a user is a member of (what the member's
 * team features follow), or undefined outside a team or before it subscribed.
 */
export async function teamSubscriptionOfMember(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({ plan: subscriptions.plan, status: subscriptions.status, organization: organizations.name })
    .from(organizationMembers)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, organizationMembers.organizationId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** `teamSubscriptionOfMember` for many users at once: each member's newest team subscription, by user id. */
export async function teamSubscriptionsOfMembers(db: Pick<Database, 'selectDistinctOn'>, userIds: readonly string[]) {
  const rows = await db
    .selectDistinctOn([organizationMembers.userId], {
      userId: organizationMembers.userId,
      plan: subscriptions.plan,
      status: subscriptions.status,
      organization: organizations.name,
    })
    .from(organizationMembers)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, organizationMembers.organizationId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(inArray(organizationMembers.userId, [...userIds]))
    .orderBy(organizationMembers.userId, desc(subscriptions.createdAt), desc(subscriptions.id));
  return new Map(rows.map(({ userId, ...team }) => [userId, team]));
}
