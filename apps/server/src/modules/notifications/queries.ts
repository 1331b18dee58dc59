/** SQL of notifications: the delivery queue and log, the user's limits, the transports' circuits. */
import {
  alerts,
  type Database,
  deliveries,
  idpUsers,
  notificationEvents,
  notificationPreferences,
  notificationProviders,
  organizations,
  rowsOf,
  users,
} from '@eh/db';
import {
  type AlertSetting,
  CIRCUIT_FAILURE_THRESHOLD,
  CIRCUIT_OPEN_MS,
  DEFAULT_DAILY_NOTIFICATION_CAP,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationKind,
  type NotificationProvider,
} from '@eh/domain';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';

export type DeliveryRow = typeof deliveries.$inferSelect;

// ---- the user's limits ----

export interface Preferences {
  timeZone: string;
  quietStart: string | null;
  quietEnd: string | null;
  dailyCap: number;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  timeZone: DEFAULT_NOTIFICATION_TIME_ZONE,
  quietStart: null,
  quietEnd: null,
  dailyCap: DEFAULT_DAILY_NOTIFICATION_CAP,
};

export async function preferencesOf(db: Database, params: { userId: string }): Promise<Preferences> {
  const [row] = await db
    .select({
      timeZone: notificationPreferences.timeZone,
      quietStart: notificationPreferences.quietStart,
      quietEnd: notificationPreferences.quietEnd,
      dailyCap: notificationPreferences.dailyCap,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, params.userId))
    .limit(1);
  return row ?? { ...DEFAULT_PREFERENCES };
}

export async function savePreferences(db: Database, params: { userId: string; preferences: Preferences }) {
  const { preferences } = params;
  await db
    .insert(notificationPreferences)
    .values({ userId: params.userId, ...preferences })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...preferences, updatedAt: sql`now()` } });
}

// ---- the log ----

export interface LogRow {
  id: number;
  kind: NotificationKind;
  symbol: string | null;
  title: string;
  path: string;
  channel: NotificationChannel;
  status: DeliveryStatus;
  provider: NotificationProvider | null;
  providerAnswer: string | null;
  attempts: number;
  sentAt: Date | null;
  notBefore: Date;
  createdAt: Date;
}

const logColumns = {
  id: deliveries.id,
  kind: notificationEvents.kind,
  symbol: notificationEvents.symbol,
  title: notificationEvents.title,
  path: notificationEvents.path,
  channel: deliveries.channel,
  status: deliveries.status,
  provider: deliveries.provider,
  providerAnswer: deliveries.providerAnswer,
  attempts: deliveries.attempts,
  sentAt: deliveries.sentAt,
  notBefore: deliveries.notBefore,
  createdAt: deliveries.createdAt,
};

/** The user's deliveries, newest first, `limit` of them from before the id `before`. */
export async function deliveryLog(
  db: Database,
  params: { userId: string; limit: number; before?: number | undefined },
): Promise<LogRow[]> {
  return db
    .select(logColumns)
    .from(deliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
    .where(and(eq(deliveries.userId, params.userId), params.before ? lt(deliveries.id, params.before) : undefined))
    .orderBy(desc(deliveries.id))
    .limit(params.limit);
}

export async function logEntry(db: Database, params: { userId: string; id: number }): Promise<LogRow | undefined> {
  const [row] = await db
    .select(logColumns)
    .from(deliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
    .where(and(eq(deliveries.userId, params.userId), eq(deliveries.id, params.id)))
    .limit(1);
  return row;
}

// ---- events and deliveries ----

export interface NewEvent {
  kind: NotificationKind;
  eventKey: string;
  symbol: string | null;
  userId: string | null;
  title: string;
  body: string;
  path: string;
  data?: Record<string, unknown>;
}

/** The event's id; an event of the same kind and key is the same event (kept as it was). */
export async function upsertEvent(db: Database, event: NewEvent): Promise<number> {
  await db.insert(notificationEvents).values(event).onConflictDoNothing();
  const [row] = await db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(and(eq(notificationEvents.kind, event.kind), eq(notificationEvents.eventKey, event.eventKey)))
    .limit(1);
  if (!row) throw new Error(`notification event ${event.kind}:${event.eventKey} was not stored`);
  return row.id;
}

/** Queues one delivery; null when this user already has this event on this channel (the exactly-once key). */
export async function queueDelivery(
  db: Database,
  params: { eventId: number; userId: string; channel: NotificationChannel },
): Promise<number | null> {
  const [row] = await db.insert(deliveries).values(params).onConflictDoNothing().returning({ id: deliveries.id });
  return row?.id ?? null;
}

/** When the user's last test on this channel was queued, if any. */
export async function lastTestAt(db: Database, params: { userId: string; channel: NotificationChannel }) {
  const [row] = await db
    .select({ at: deliveries.createdAt })
    .from(deliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
    .where(
      and(
        eq(deliveries.userId, params.userId),
        eq(deliveries.channel, params.channel),
        eq(notificationEvents.kind, 'test'),
      ),
    )
    .orderBy(desc(deliveries.id))
    .limit(1);
  return row?.at ?? null;
}

// ---- the queue ----

/**
 * Claims up to `limit` due deliveries for `workerId`, counting an attempt. `for update skip locked`: two workers
 * never claim the same row, and the status check makes a claimed row invisible to every later claim.
 */
export async function claimDue(db: Database, params: { workerId: string; limit: number }): Promise<number[]> {
  const result = await db.execute(sql`
    with picked as (
      select id from ${deliveries}
      where status = 'queued' and not_before <= now()
      order by not_before, id
      limit ${params.limit}
      for update skip locked
    )
    update ${deliveries} d
    set status = 'sending', locked_by = ${params.workerId}, locked_at = now(), attempts = d.attempts + 1,
        updated_at = now()
    from picked where d.id = picked.id
    returning d.id as id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/** What the worker needs to send a claimed delivery: the row, its event and the user's limits. */
export interface ClaimedDelivery {
  id: number;
  userId: string;
  channel: NotificationChannel;
  attempts: number;
  kind: NotificationKind;
  symbol: string | null;
  title: string;
  body: string;
  path: string;
  data: Record<string, unknown>;
  preferences: Preferences;
}

export async function claimedDeliveries(db: Database, params: { ids: number[] }): Promise<ClaimedDelivery[]> {
  if (params.ids.length === 0) return [];
  const rows = await db
    .select({
      id: deliveries.id,
      userId: deliveries.userId,
      channel: deliveries.channel,
      attempts: deliveries.attempts,
      kind: notificationEvents.kind,
      symbol: notificationEvents.symbol,
      title: notificationEvents.title,
      body: notificationEvents.body,
      path: notificationEvents.path,
      data: notificationEvents.data,
      timeZone: notificationPreferences.timeZone,
      quietStart: notificationPreferences.quietStart,
      quietEnd: notificationPreferences.quietEnd,
      dailyCap: notificationPreferences.dailyCap,
    })
    .from(deliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, deliveries.userId))
    .where(inArray(deliveries.id, params.ids))
    .orderBy(deliveries.id);
  return rows.map(({ timeZone, quietStart, quietEnd, dailyCap, ...row }) => ({
    ...row,
    preferences:
      timeZone === null
        ? { ...DEFAULT_PREFERENCES }
        : { timeZone, quietStart, quietEnd, dailyCap: dailyCap ?? DEFAULT_DAILY_NOTIFICATION_CAP },
  }));
}

export interface Outcome {
  status: DeliveryStatus;
  provider?: NotificationProvider | null;
  answer: string;
  /** For a queued outcome: when it may go again. */
  notBefore?: Date;
  /** A hold (quiet hours, a resting provider) gives the attempt back: nothing was tried. */
  giveBackAttempt?: boolean;
}

/** Records what happened to a claimed delivery, only while this worker still holds it. False when it did not. */
export async function settle(db: Database, params: { id: number; workerId: string; outcome: Outcome }) {
  const { outcome } = params;
  const rows = await db
    .update(deliveries)
    .set({
      status: outcome.status,
      providerAnswer: outcome.answer.slice(0, 1000),
      ...(outcome.provider !== undefined ? { provider: outcome.provider } : {}),
      ...(outcome.status === 'sent' ? { sentAt: sql`now()` } : {}),
      ...(outcome.notBefore ? { notBefore: outcome.notBefore } : {}),
      ...(outcome.giveBackAttempt ? { attempts: sql`greatest(${deliveries.attempts} - 1, 0)` } : {}),
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(deliveries.id, params.id), eq(deliveries.lockedBy, params.workerId), eq(deliveries.status, 'sending')),
    )
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/**
 * Gives back deliveries whose worker died between claim and send (locked longer than `staleMs`), and, on the
 * embedded database, at once those of another process (only one process can have it open). Their attempt stays
 * counted. Returns their ids.
 */
export async function recoverStaleDeliveries(
  db: Database,
  params: { staleMs: number; orphanedUnlessPrefix?: string },
): Promise<number[]> {
  const stale = sql`${deliveries.lockedAt} < now() - ${params.staleMs}::float8 * interval '1 millisecond'`;
  const orphaned = params.orphanedUnlessPrefix
    ? sql` or ${deliveries.lockedBy} not like ${`${params.orphanedUnlessPrefix}%`}`
    : sql``;
  const rows = await db
    .update(deliveries)
    .set({ status: 'queued', lockedBy: null, lockedAt: null, updatedAt: sql`now()` })
    .where(sql`${deliveries.status} = 'sending' and (${stale}${orphaned})`)
    .returning({ id: deliveries.id });
  return rows.map((row) => row.id);
}

/** Whether any delivery is due now (or was left 'sending' by a worker gone for `staleMs`). */
export async function anyDue(db: Database, params: { staleMs: number }): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from ${deliveries} where status = 'queued' and not_before <= now())
        or exists (select 1 from ${deliveries} where status = 'sending'
                   and locked_at < now() - ${params.staleMs}::float8 * interval '1 millisecond') as due`);
  return rowsOf<{ due: boolean }>(result)[0]?.due === true;
}

/**
 * Push and SMS the user was sent since `since`, plus those other workers hold right now ahead of `beforeId`
 * (so two workers on one user's deliveries cannot both pass the cap). Tests are not counted.
 */
export async function cappedSentSince(db: Database, params: { userId: string; since: Date; beforeId: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, deliveries.eventId))
    .where(
      and(
        eq(deliveries.userId, params.userId),
        inArray(deliveries.channel, ['push', 'sms']),
        sql`${notificationEvents.kind} <> 'test'`,
        sql`((${deliveries.status} = 'sent' and ${deliveries.sentAt} >= ${params.since.toISOString()}::timestamptz)
          or (${deliveries.status} = 'sending' and ${deliveries.id} < ${params.beforeId}))`,
      ),
    );
  return row?.n ?? 0;
}

export async function queueCounts(db: Database): Promise<Map<DeliveryStatus, number>> {
  const rows = await db.select({ status: deliveries.status, n: count() }).from(deliveries).groupBy(deliveries.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}

// ---- who gets what ----

/** The user's email when the identity provider has it verified; null otherwise. */
export async function verifiedEmailOf(db: Database, params: { userId: string }): Promise<string | null> {
  const [row] = await db
    .select({ email: idpUsers.email, verified: idpUsers.emailVerified })
    .from(idpUsers)
    .where(eq(idpUsers.sub, params.userId))
    .limit(1);
  return row?.verified && row.email ? row.email : null;
}

export async function alertOf(db: Database, params: { userId: string; symbol: string }) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, params.userId), eq(alerts.symbol, params.symbol)))
    .limit(1);
  return row;
}

/** Turns a switch off on the user's alert for `symbol`, or on every alert of theirs when symbol is null. */
export async function switchOff(
  db: Database,
  params: { userId: string; setting: AlertSetting; symbol: string | null },
) {
  await db
    .update(alerts)
    .set({ [params.setting]: false, updatedAt: sql`now()` })
    .where(
      and(eq(alerts.userId, params.userId), params.symbol === null ? undefined : eq(alerts.symbol, params.symbol)),
    );
}

export async function unsubscribeMarketing(db: Database, params: { userId: string }) {
  await db.update(users).set({ marketingSubscribed: false, updatedAt: sql`now()` }).where(eq(users.id, params.userId));
}

export async function userExists(db: Database, params: { userId: string }): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.userId)).limit(1);
  return row !== undefined;
}

// ---- circuits ----

export type ProviderRow = typeof notificationProviders.$inferSelect;

export async function providerRows(db: Database): Promise<ProviderRow[]> {
  return db.select().from(notificationProviders).orderBy(notificationProviders.name);
}

/** The providers among `names` whose circuit is open now, with when each rests until. */
export async function openProviders(db: Database, params: { names: readonly NotificationProvider[] }) {
  if (params.names.length === 0) return [];
  return db
    .select({ name: notificationProviders.name, openUntil: notificationProviders.openUntil })
    .from(notificationProviders)
    .where(
      and(inArray(notificationProviders.name, [...params.names]), gt(notificationProviders.openUntil, sql`now()`)),
    );
}

export async function recordProviderSuccess(db: Database, params: { name: NotificationProvider }) {
  await db
    .insert(notificationProviders)
    .values({ name: params.name, failures: 0, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: notificationProviders.name,
      set: { failures: 0, openUntil: null, lastSuccessAt: sql`now()` },
    });
}

/**
 * Counts a failure in a row; the CIRCUIT_FAILURE_THRESHOLD-th opens the circuit for CIRCUIT_OPEN_MS, and so does
 * every failure after it (the one trial a resting provider gets once its time is up). True when it is open now.
 */
export async function recordProviderFailure(db: Database, params: { name: NotificationProvider; error: string }) {
  const openUntil = sql`now() + ${CIRCUIT_OPEN_MS}::float8 * interval '1 millisecond'`;
  const [row] = await db
    .insert(notificationProviders)
    .values({
      name: params.name,
      failures: 1,
      lastError: params.error.slice(0, 1000),
      lastFailureAt: sql`now()`,
      ...(CIRCUIT_FAILURE_THRESHOLD <= 1 ? { openUntil } : {}),
    })
    .onConflictDoUpdate({
      target: notificationProviders.name,
      set: {
        failures: sql`${notificationProviders.failures} + 1`,
        lastError: params.error.slice(0, 1000),
        lastFailureAt: sql`now()`,
        openUntil: sql`case when ${notificationProviders.failures} + 1 >= ${CIRCUIT_FAILURE_THRESHOLD}
          then ${openUntil} else ${notificationProviders.openUntil} end`,
      },
    })
    .returning({ openUntil: notificationProviders.openUntil });
  return row?.openUntil ? row.openUntil.getTime() > Date.now() : false;
}

// ---- account emails ----

/**
 * Where an account email goes: a person's address on their account, or a team's billing email (where its receipts
 * go, as the team checkout says) with the team's name. A null email: there is none.
 */
export async function accountAddressOf(
  db: Database,
  to: { userId: string; organizationId?: undefined } | { organizationId: string; userId?: undefined },
): Promise<{ email: string | null; teamName: string | null }> {
  if (to.organizationId !== undefined) {
    const [org] = await db
      .select({ email: organizations.billingEmail, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, to.organizationId))
      .limit(1);
    return { email: org?.email || null, teamName: org?.name ?? null };
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, to.userId)).limit(1);
  return { email: user?.email || null, teamName: null };
}
