/** Rules of the notifications API: the user's delivery log, their limits, a test per channel, unsubscribe links. */
import { type DeliveryLogEntry, ErrorCode } from '@eh/contracts';
import { DELIVERY_STATUSES, NOTIFICATION_PROVIDERS, type NotificationChannel } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { forbidden, HttpError, notFound } from '../../kernel/http/errors.ts';
import { readFlags } from '../flags/index.ts';
import { ensureUser } from '../users/index.ts';
import { vapidKeys } from './channels/push/vapid.ts';
import { kickDelivery } from './delivery/deliver.ts';
import * as q from './queries.ts';
import { describeUnsubscribe, readUnsubscribeToken, unsubscribeAction } from './unsubscribe.ts';

/** A second test on the same channel within this long is refused (each one is a real email, push or SMS). */
export const TEST_COOLDOWN_MS = 10_000;

const TEST_TITLES: Record<NotificationChannel, string> = {
  email: 'Test email from your profile',
  push: 'Test push notification',
  sms: 'Test text message',
};
const TEST_BODY =
  'You asked for this test on your profile. If you can read it, notifications on this channel reach you.';

function toEntry(row: q.LogRow): DeliveryLogEntry {
  return {
    ...row,
    sentAt: row.sentAt?.toISOString() ?? null,
    notBefore: row.notBefore.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function deliveryLog(
  ctx: AppContext,
  caller: Caller,
  query: { limit: number; before?: number | undefined },
) {
  const rows = await q.deliveryLog(ctx.db, { userId: caller.sub, limit: query.limit + 1, before: query.before });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { deliveries: page.map(toEntry), next: rows.length > query.limit && last ? last.id : null };
}

export async function preferences(ctx: AppContext, caller: Caller) {
  return q.preferencesOf(ctx.db, { userId: caller.sub });
}

export async function savePreferences(
  ctx: AppContext,
  caller: Caller,
  body: {
    timeZone?: string | undefined;
    quietStart?: string | null | undefined;
    quietEnd?: string | null | undefined;
    dailyCap?: number | undefined;
  },
) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const saved = await q.preferencesOf(ctx.db, { userId: caller.sub });
  const quietSent = body.quietStart !== undefined || body.quietEnd !== undefined;
  const next: q.Preferences = {
    timeZone: body.timeZone ?? saved.timeZone,
    // The contract lets them through only together (both times, or both null).
    quietStart: quietSent ? (body.quietStart ?? null) : saved.quietStart,
    quietEnd: quietSent ? (body.quietEnd ?? null) : saved.quietEnd,
    dailyCap: body.dailyCap ?? saved.dailyCap,
  };
  await q.savePreferences(ctx.db, { userId: caller.sub, preferences: next });
  return next;
}

/** Queues a 'test' event to the caller on one channel and kicks the worker; the log shows how it went. */
export async function sendTest(ctx: AppContext, caller: Caller, channel: NotificationChannel) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  const last = await q.lastTestAt(ctx.db, { userId: caller.sub, channel });
  if (last && Date.now() - last.getTime() < TEST_COOLDOWN_MS) {
    throw new HttpError(
      429,
      ErrorCode.rateLimited,
      'A test on this channel was just sent. Try again in a few seconds.',
    );
  }
  const eventId = await q.upsertEvent(ctx.db, {
    kind: 'test',
    eventKey: `${caller.sub}:${channel}:${Date.now()}`,
    symbol: null,
    userId: caller.sub,
    title: TEST_TITLES[channel],
    body: TEST_BODY,
    path: '/profile',
  });
  const id = await q.queueDelivery(ctx.db, { eventId, userId: caller.sub, channel });
  if (id === null) throw new Error('the test delivery was not queued');
  await kickDelivery(ctx);
  const row = await q.logEntry(ctx.db, { userId: caller.sub, id });
  if (!row) throw new Error(`delivery ${id} is missing`);
  return { delivery: toEntry(row) };
}

export async function describeToken(ctx: AppContext, token: string) {
  const target = readUnsubscribeToken(ctx, token);
  if (!(await q.userExists(ctx.db, { userId: target.userId }))) throw notFound('This account no longer exists');
  return { kind: target.kind, symbol: target.symbol, description: describeUnsubscribe(target) };
}

/** Turns off what a valid token names; a token that does not verify changes nothing (400 before any write). */
export async function unsubscribe(ctx: AppContext, token: string) {
  const described = await describeToken(ctx, token);
  const target = readUnsubscribeToken(ctx, token);
  const action = unsubscribeAction(target);
  if (action.type === 'marketing') await q.unsubscribeMarketing(ctx.db, { userId: target.userId });
  else if (action.type === 'emailSwitch') {
    await q.switchOff(ctx.db, { userId: target.userId, setting: 'notifyByEmail', symbol: action.symbol });
  } else await q.switchOff(ctx.db, { userId: target.userId, setting: action.setting, symbol: action.symbol });
  return { ...described, unsubscribed: true as const };
}

/** The transports' circuits and the queue by status, for /dev (the dev flag opens it, as it opens the page). */
export async function providers(ctx: AppContext) {
  const { dev } = await readFlags(ctx, ['dev']);
  if (!dev?.enabled) throw forbidden('Developer tools are off (the dev flag)');
  const [rows, counts] = await Promise.all([q.providerRows(ctx.db), q.queueCounts(ctx.db)]);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const now = Date.now();
  return {
    providers: NOTIFICATION_PROVIDERS.map((name) => {
      const row = byName.get(name);
      const openUntil = row?.openUntil && row.openUntil.getTime() > now ? row.openUntil : null;
      return {
        name,
        state: openUntil ? ('open' as const) : ('closed' as const),
        failures: row?.failures ?? 0,
        openUntil: openUntil?.toISOString() ?? null,
        lastError: row?.lastError ?? null,
        lastFailureAt: row?.lastFailureAt?.toISOString() ?? null,
        lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      };
    }),
    queue: Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
      (typeof DELIVERY_STATUSES)[number],
      number
    >,
  };
}

/** The key browsers subscribe with (the web client's "Browser notifications" setting). */
export function vapidPublicKey(ctx: AppContext) {
  const keys = vapidKeys(ctx);
  if (!keys) throw notFound('Web push is not configured on this server');
  return { publicKey: keys.publicKey };
}
