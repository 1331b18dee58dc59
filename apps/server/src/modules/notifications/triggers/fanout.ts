/**
 * Events and their fan-out: an event is stored once per kind and key, and in the same transaction queued
 * for its recipients with ONE `insert … select … on conflict do nothing` into deliveries (the exactly-once key is
 * (event, user, channel)), so a re-run or a retried job never duplicates and a crash never leaves an event without
 * its deliveries.
 */
import {
  alerts,
  assetListItems,
  type Database,
  deliveries,
  notificationEvents,
  notificationPreferences,
  users,
} from '@eh/db';
import {
  ALERT_DEFAULTS,
  type AlertSetting,
  accountFeaturesFor,
  CHANNEL_SWITCH,
  canUse,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_SWITCH,
  type NotificationKind,
  PLANS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type SubscriptionState,
} from '@eh/domain';
import { type SQL, sql } from 'drizzle-orm';

export interface NotificationEventInput {
  kind: NotificationKind;
  /** Unique per kind: 'earnings:123', 'rating:456', 'daily:2026-11-26:<user>'. */
  eventKey: string;
  symbol: string | null;
  /** A personal event (a digest) names its user; the others fan out to the symbol's followers. */
  userId?: string | null;
  title: string;
  body: string;
  /** The product page it is about. */
  path: string;
  data: Record<string, unknown>;
}

/**
 * Who gets an event:
 * - 'alerts': users with an alert on the symbol whose switch for the kind is on;
 * - 'followers': everyone following the symbol (an alert on it, or the symbol in any of their lists), whatever their
 *   kind switches (the moved-date notice); an alert's channel switches still choose the channels;
 * - 'user': the event's own user, on the channels of their alerts that have the kind's switch on (digests).
 */
/** `searcher`: the event's one user, on the channels their default switches choose (a saved search has no symbol). */
export type Audience = 'alerts' | 'followers' | 'user' | 'searcher';

/** Not before a local time of each zone (a reminder's 17:00); a zone not listed takes `fallback`. */
export interface ZonedNotBefore {
  byZone: ReadonlyMap<string, Date>;
  fallback: Date;
}

export interface PublishOptions {
  audience: Audience;
  notBefore?: ZonedNotBefore;
}

export interface Published {
  /** Null when the event existed already (nothing was queued again). */
  eventId: number | null;
  deliveries: number;
}

/**
 * The subscriptions with the alerts feature, from the domain's plan rule itself: every (plan, type, status) whose
 * account features include alerts. Users outside it get ALERT_DEFAULTS whatever they stored (SPEC §4).
 */
export function subscriptionsWithAlerts(): SubscriptionState[] {
  const states: SubscriptionState[] = [];
  for (const plan of PLANS)
    for (const subscriptionType of SUBSCRIPTION_TYPES)
      for (const status of SUBSCRIPTION_STATUSES) {
        const state = { plan, subscriptionType, status };
        if (canUse(accountFeaturesFor(state), 'alerts')) states.push(state);
      }
  return states;
}

const WITH_ALERTS = subscriptionsWithAlerts();

/** True for a user row whose subscription has the alerts feature. */
const hasAlertsSql = sql`((${users.plan}, ${users.subscriptionType}, ${users.subscriptionStatus}) in (${sql.join(
  WITH_ALERTS.map((s) => sql`(${s.plan}::text, ${s.subscriptionType}::text, ${s.status}::text)`),
  sql`, `,
)}))`;

/** An alert switch as it counts: the SQL form of the domain's switchCounts (kept beside it in the tests). */
const switchSql = (setting: AlertSetting): SQL =>
  sql`(case when ${alerts.userId} is null then ${ALERT_DEFAULTS[setting]}::boolean
    when g.has_alerts then ${alerts[setting]} else (${ALERT_DEFAULTS[setting]}::boolean and ${alerts[setting]}) end)`;

const channelsSql = sql.join(
  NOTIFICATION_CHANNELS.map((channel) => sql`(${channel}::text, ${switchSql(CHANNEL_SWITCH[channel])})`),
  sql`, `,
);

function notBeforeSql(notBefore: ZonedNotBefore | undefined): SQL {
  if (!notBefore) return sql`now()`;
  const zones = [...notBefore.byZone.keys()];
  const instants = zones.map((zone) => notBefore.byZone.get(zone)?.toISOString() ?? notBefore.fallback.toISOString());
  return sql`coalesce(
    (select z.at from unnest(${sql.param(zones)}::text[], ${sql.param(instants)}::timestamptz[]) as z(zone, at)
      where z.zone = coalesce(${notificationPreferences.timeZone}, ${DEFAULT_NOTIFICATION_TIME_ZONE})),
    ${notBefore.fallback.toISOString()}::timestamptz)`;
}

/**
 * (user_id, symbol) of every alert whose `setting` is on as it counts for its user (stored switches with the alerts
 * feature, the defaults without), for users whose notification zone is `zone`.
 */
export function switchedOnAlertsSql(setting: AlertSetting, zone: string): SQL {
  return sql`
    select ${alerts.userId} as user_id, ${alerts.symbol} as symbol
    from ${alerts}
    join ${users} on ${users.id} = ${alerts.userId}
    cross join lateral (select ${hasAlertsSql} as has_alerts) g
    left join ${notificationPreferences} on ${notificationPreferences.userId} = ${alerts.userId}
    where ${switchSql(setting)}
      and coalesce(${notificationPreferences.timeZone}, ${DEFAULT_NOTIFICATION_TIME_ZONE}) = ${zone}`;
}

/** The one statement that queues an event for its audience. */
export function fanOutSql(
  eventId: number,
  event: Pick<NotificationEventInput, 'kind' | 'symbol' | 'userId'>,
  options: PublishOptions,
): SQL {
  const kindSwitch = NOTIFICATION_KIND_SWITCH[event.kind];
  let from: SQL;
  let userId: SQL;
  let filter: SQL;
  if (options.audience === 'followers') {
    from = sql`(select ${alerts.userId} as user_id from ${alerts} where ${alerts.symbol} = ${event.symbol}
        union select ${assetListItems.userId} from ${assetListItems} where ${assetListItems.symbol} = ${event.symbol}) r
      left join ${alerts} on ${alerts.userId} = r.user_id and ${alerts.symbol} = ${event.symbol}`;
    userId = sql`r.user_id`;
    filter = sql`true`;
  } else if (options.audience === 'searcher') {
    from = sql`(select ${event.userId ?? null}::uuid as user_id) r left join ${alerts} on false`;
    userId = sql`r.user_id`;
    filter = sql`true`;
  } else {
    if (!kindSwitch) throw new Error(`kind '${event.kind}' has no alert switch: use the followers audience`);
    from = sql`${alerts}`;
    userId = sql`${alerts.userId}`;
    const owner =
      options.audience === 'user' ? sql`${alerts.userId} = ${event.userId}` : sql`${alerts.symbol} = ${event.symbol}`;
    filter = sql`${owner} and ${switchSql(kindSwitch)}`;
  }
  const prefs = options.notBefore
    ? sql`left join ${notificationPreferences} on ${notificationPreferences.userId} = ${userId}`
    : sql``;
  // One alert per user and symbol, so only a personal event (several alerts) can yield a pair twice.
  const distinct = options.audience === 'user' ? sql`distinct` : sql``;
  return sql`
    insert into ${deliveries} (event_id, user_id, channel, not_before)
    select ${distinct} ${eventId}::int4, ${userId}, ch.channel, ${notBeforeSql(options.notBefore)}
    from ${from}
    join ${users} on ${users.id} = ${userId}
    cross join lateral (select ${hasAlertsSql} as has_alerts) g
    cross join lateral (values ${channelsSql}) as ch(channel, enabled)
    ${prefs}
    where ${filter} and ch.enabled
    on conflict do nothing`;
}

/** Rows a write touched, on either driver. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number | null };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Stores the event (once per kind and key) and queues it for its audience, in one transaction. */
export async function publishEvent(
  db: Database,
  event: NotificationEventInput,
  options: PublishOptions,
): Promise<Published> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notificationEvents)
      .values({
        kind: event.kind,
        eventKey: event.eventKey,
        symbol: event.symbol,
        userId: event.userId ?? null,
        title: event.title,
        body: event.body,
        path: event.path,
        data: event.data,
      })
      .onConflictDoNothing({ target: [notificationEvents.kind, notificationEvents.eventKey] })
      .returning({ id: notificationEvents.id });
    if (!row) return { eventId: null, deliveries: 0 };
    const result = await tx.execute(fanOutSql(row.id, event, options));
    return { eventId: row.id, deliveries: affectedRows(result) };
  });
}
