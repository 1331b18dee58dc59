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
  outbox,
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

/**
 * Claims up to `limit` due deliveries for `workerId`, counting an attempt, and returns what the worker needs to send
 * them, in id order, in one statement. `for update skip locked`: two workers never claim the same row, and the status
 * check makes a claimed row invisible to every later claim.
 */
export async function claimDueDeliveries(
  db: Database,
  params: { workerId: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with picked as (
      select id from ${deliveries}
      where status = 'queued' and not_before <= now()
      -- the due index's own order: a tiebreak on id would sort every queued row (a whole fan-out) for each claim
      order by not_before
      limit ${params.limit}
      for update skip locked
    ),
    claimed as (
      update ${deliveries} d
      set status = 'sending', locked_by = ${params.workerId}, locked_at = now(), attempts = d.attempts + 1,
          updated_at = now()
      from picked where d.id = picked.id
      returning d.id, d.event_id, d.user_id, d.channel, d.attempts
    )
    select c.id, c.user_id, c.channel, c.attempts, e.kind, e.symbol, e.title, e.body, e.path, e.data,
      p.time_zone, p.quiet_start, p.quiet_end, p.daily_cap
    from claimed c
    join ${notificationEvents} e on e.id = c.event_id
    left join ${notificationPreferences} p on p.user_id = c.user_id
    order by c.id`);
  return rowsOf<{
    id: number | string;
    user_id: string;
    channel: NotificationChannel;
    attempts: number;
    kind: NotificationKind;
    symbol: string | null;
    title: string;
    body: string;
    path: string;
    data: Record<string, unknown> | string | null;
    time_zone: string | null;
    quiet_start: string | null;
    quiet_end: string | null;
    daily_cap: number | null;
  }>(result).map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    channel: row.channel,
    attempts: row.attempts,
    kind: row.kind,
    symbol: row.symbol,
    title: row.title,
    body: row.body,
    path: row.path,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) ?? {},
    preferences:
      row.time_zone === null
        ? { ...DEFAULT_PREFERENCES }
        : {
            timeZone: row.time_zone,
            quietStart: row.quiet_start,
            quietEnd: row.quiet_end,
            dailyCap: row.daily_cap ?? DEFAULT_DAILY_NOTIFICATION_CAP,
          },
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

/** A message for the outbox, written by the same statement that records its delivery's outcome. */
export interface KeptMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** When SMTP took it; null for the local mailbox's copy. */
  sentAt: Date | null;
}

export interface Settlement {
  id: number;
  outcome: Outcome;
  /** Kept in the outbox only if the delivery is settled (this worker still holds it), in the same statement. */
  keep?: KeptMessage | undefined;
  /** The provider's answer once the kept message's outbox id is known. */
  answerOf?: ((outboxId: number) => string) | undefined;
}

/**
 * `settle` for a whole batch in ONE statement: the deliveries this worker still holds are recorded, and the
 * messages of exactly those are written to the outbox, atomically (a crash keeps neither; a delivery taken from this
 * worker keeps no copy). Returns the ids settled.
 */
export async function settleMany(
  db: Database,
  params: { workerId: string; settlements: readonly Settlement[] },
): Promise<Set<number>> {
  const { settlements } = params;
  if (settlements.length === 0) return new Set();
  const keeping = settlements.filter((s) => s.keep).length;
  // The outbox ids are drawn first, so each delivery's answer can name its message.
  const outboxIds =
    keeping === 0
      ? []
      : rowsOf<{ id: number | string }>(
          await db.execute(
            sql`select nextval(pg_get_serial_sequence('outbox', 'id')) as id from generate_series(1, ${keeping}::int)`,
          ),
        ).map((row) => Number(row.id));
  const cols = {
    id: [] as number[],
    status: [] as string[],
    setProvider: [] as boolean[],
    provider: [] as (string | null)[],
    answer: [] as string[],
    notBefore: [] as (string | null)[],
    giveBack: [] as boolean[],
    outboxId: [] as (number | null)[],
    channel: [] as (string | null)[],
    to: [] as (string | null)[],
    subject: [] as (string | null)[],
    body: [] as (string | null)[],
    html: [] as (string | null)[],
    sentAt: [] as (string | null)[],
  };
  let next = 0;
  for (const { id, outcome, keep, answerOf } of settlements) {
    const outboxId = keep ? (outboxIds[next++] ?? null) : null;
    cols.id.push(id);
    cols.status.push(outcome.status);
    cols.setProvider.push(outcome.provider !== undefined);
    cols.provider.push(outcome.provider ?? null);
    cols.answer.push((outboxId !== null && answerOf ? answerOf(outboxId) : outcome.answer).slice(0, 1000));
    cols.notBefore.push(outcome.notBefore ? outcome.notBefore.toISOString() : null);
    cols.giveBack.push(outcome.giveBackAttempt === true);
    cols.outboxId.push(outboxId);
    cols.channel.push(keep?.channel ?? null);
    cols.to.push(keep?.to ?? null);
    cols.subject.push(keep?.subject ?? null);
    cols.body.push(keep?.body ?? null);
    cols.html.push(keep?.html ?? null);
    cols.sentAt.push(keep?.sentAt ? keep.sentAt.toISOString() : null);
  }
  const p = sql.param;
  const result = await db.execute(sql`
    with m as (
      select * from unnest(${p(cols.id)}::bigint[], ${p(cols.status)}::text[], ${p(cols.setProvider)}::boolean[],
        ${p(cols.provider)}::text[], ${p(cols.answer)}::text[], ${p(cols.notBefore)}::timestamptz[],
        ${p(cols.giveBack)}::boolean[], ${p(cols.outboxId)}::int[], ${p(cols.channel)}::text[], ${p(cols.to)}::text[],
        ${p(cols.subject)}::text[], ${p(cols.body)}::text[], ${p(cols.html)}::text[], ${p(cols.sentAt)}::timestamptz[])
        as m(id, status, set_provider, provider, answer, not_before, give_back, outbox_id, channel, "to", subject,
             body, html, sent_at)
    ),
    settled as (
      update ${deliveries} d
      set status = m.status,
          provider_answer = m.answer,
          provider = case when m.set_provider then m.provider else d.provider end,
          sent_at = case when m.status = 'sent' then now() else d.sent_at end,
          not_before = coalesce(m.not_before, d.not_before),
          attempts = case when m.give_back then greatest(d.attempts - 1, 0) else d.attempts end,
          locked_by = null, locked_at = null, updated_at = now()
      from m
      where d.id = m.id and d.locked_by = ${params.workerId} and d.status = 'sending'
      returning d.id
    ),
    kept as (
      insert into ${outbox} (id, channel, "to", subject, body, html, sent_at, attempts)
      select m.outbox_id, m.channel, m."to", m.subject, m.body, m.html, m.sent_at,
             case when m.sent_at is null then 0 else 1 end
      from m join settled on settled.id = m.id
      where m.outbox_id is not null
      order by m.outbox_id
    )
    select id from settled`);
  return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
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

/**
 * `cappedSentSince` for many deliveries at once (one query): for each, the push and SMS its user was sent since its
 * `since`, plus those held by workers now ahead of it. By delivery id.
 */
export async function cappedSentSinceMany(
  db: Database,
  params: { rows: readonly { id: number; userId: string; since: Date }[] },
): Promise<Map<number, number>> {
  if (params.rows.length === 0) return new Map();
  const p = sql.param;
  return db.transaction(async (tx) => {
    // Right after a fan-out the statistics still describe an empty table: the plan below (milliseconds) looks dear
    // enough that PostgreSQL would compile it first (JIT), which takes longer than running it.
    await tx.execute(sql`set local jit = off`);
    // Each user's deliveries through the user index alone (`offset 0` keeps the conditions out of it): a plan that
    // also reads the status index would go through every row sent or sending, a whole fan-out, for each delivery.
    const result = await tx.execute(sql`
      select r.id, count(e.id)::int as n
      from unnest(${p(params.rows.map((r) => r.id))}::bigint[], ${p(params.rows.map((r) => r.userId))}::uuid[],
        ${p(params.rows.map((r) => r.since.toISOString()))}::timestamptz[]) as r(id, user_id, since)
      left join lateral (
        select d.id, d.event_id, d.channel, d.status, d.sent_at from ${deliveries} d where d.user_id = r.user_id offset 0
      ) d on d.channel in ('push', 'sms')
        and ((d.status = 'sent' and d.sent_at >= r.since) or (d.status = 'sending' and d.id < r.id))
      left join ${notificationEvents} e on e.id = d.event_id and e.kind <> 'test'
      group by r.id`);
    return new Map(rowsOf<{ id: number | string; n: number }>(result).map((row) => [Number(row.id), Number(row.n)]));
  });
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

/** The verified email of each of these users who has one (one query), by user id. */
export async function verifiedEmailsOf(db: Database, params: { userIds: readonly string[] }) {
  if (params.userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ sub: idpUsers.sub, email: idpUsers.email, verified: idpUsers.emailVerified })
    .from(idpUsers)
    .where(inArray(idpUsers.sub, [...new Set(params.userIds)]));
  return new Map(rows.flatMap((row) => (row.verified && row.email ? [[row.sub, row.email] as const] : [])));
}

/** The alerts of these (user, symbol) pairs (one query), keyed `${userId} ${symbol}`. */
export async function alertsOf(db: Database, params: { pairs: readonly { userId: string; symbol: string }[] }) {
  const found = new Map<string, typeof alerts.$inferSelect>();
  if (params.pairs.length === 0) return found;
  const p = sql.param;
  const rows = await db
    .select()
    .from(alerts)
    .where(
      sql`(${alerts.userId}, ${alerts.symbol}) in (select * from unnest(${p(params.pairs.map((x) => x.userId))}::uuid[],
        ${p(params.pairs.map((x) => x.symbol))}::text[]))`,
    );
  for (const row of rows) found.set(`${row.userId} ${row.symbol}`, row);
  return found;
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
