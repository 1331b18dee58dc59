/**
 * The delivery worker: claims due deliveries in batches, holds push and SMS through the user's quiet
 * hours, enforces their daily cap, sends through the channel's sender and records outcome, provider, answer and
 * time. Failures are retried with the SPEC §9 backoff; a transport that keeps failing rests (its circuit opens)
 * and its deliveries wait for it instead of spending their attempts. A delivery claimed by a worker that died is
 * given back once its lock is stale, so none is lost; the claim and the lock-checked settle keep it to one send.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type AlertSetting,
  CHANNEL_SWITCH,
  canUse,
  DELIVERY_SKIPS,
  DELIVERY_STALE_LOCK_MS,
  NOTIFICATION_KIND_SWITCH,
  type NotificationChannel,
  type NotificationProvider,
  QUIET_HOURS_HOLD,
  retryDelay,
  switchCounts,
} from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../kernel/context.ts';
import { featuresOfUser } from '../../../kernel/entitlements.ts';
import type { JobHandler } from '../../../kernel/jobs/handler.ts';
import { enqueue } from '../../../kernel/jobs/queue.ts';
import { SEND_MAIL_MAX_ATTEMPTS } from '../../../kernel/outbox.ts';
import { CHANNEL_SENDERS } from '../channels/index.ts';
import { smsProvider } from '../channels/sms.ts';
import type { OutgoingNotification, SendResult } from '../channels/types.ts';
import { NOTIFICATION_DELIVER_JOB } from '../jobs.ts';
import * as q from '../queries.ts';
import { unsubscribePageUrl, unsubscribeToken } from '../unsubscribe.ts';
import { localClock, localDayStart, quietHoursEnd } from './rules.ts';

/** Deliveries claimed at once; a batch is sent concurrently, the job claims batches until none is due. */
export const DELIVERY_BATCH = 50;
/** A delivery is tried at most this often (like queued mail), fewer if the SPEC §9 backoff gives up first. */
export const DELIVERY_MAX_ATTEMPTS = SEND_MAIL_MAX_ATTEMPTS;
/** How often the worker's timer looks for due deliveries (quiet hours ending, retries, new fan-outs). */
export const DELIVERY_POLL_MS = 3000;
/** The job's unique key: one delivery job queued or running at a time. */
export const DELIVER_JOB_KEY = 'notifications-deliver';

/** Starts every delivery worker id of this process (the embedded database gives back other processes' claims). */
const PROCESS_PREFIX = `${hostname()}:${process.pid}:`;

/** The transports a channel may use; a delivery waits while every one of them rests. */
export function channelProviders(ctx: AppContext, channel: NotificationChannel): readonly NotificationProvider[] {
  if (channel === 'email') return [ctx.config.SMTP_URL ? 'smtp' : 'mailbox'];
  // The transport the SMS sender will use (Twilio, or the local mailbox of an embedded server without it).
  if (channel === 'sms') return [smsProvider(ctx)?.name ?? 'twilio'];
  return ['webpush', 'fcm', 'apns'];
}

/** Push and SMS are held through quiet hours and counted against the daily cap; email and tests are not. */
const limited = (row: q.ClaimedDelivery) => row.channel !== 'email' && row.kind !== 'test';

export interface DeliverOptions {
  workerId?: string;
  staleMs?: number;
  batch?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface DeliverReport {
  claimed: number;
  recovered: number;
  byStatus: Record<string, number>;
}

/** Kicks the delivery job (it runs on the worker's notifications lane). */
export function kickDelivery(ctx: AppContext): Promise<number | null> {
  return enqueue(ctx.db, { name: NOTIFICATION_DELIVER_JOB, uniqueKey: DELIVER_JOB_KEY });
}

/** Checks a claimed delivery against the user's switches, limits and the transports; returns what to record. */
async function decide(
  ctx: AppContext,
  row: q.ClaimedDelivery,
  now: Date,
): Promise<{ hold: q.Outcome } | { send: true }> {
  const switchSetting = NOTIFICATION_KIND_SWITCH[row.kind];
  // The user may have turned the alert (or the channel) off after the fan-out, or unsubscribed from the email.
  if (row.symbol && (switchSetting || row.kind === 'dateChange')) {
    const alert = await q.alertOf(ctx.db, { userId: row.userId, symbol: row.symbol });
    const feature = alert ? canUse(await featuresOfUser(ctx, row.userId), 'alerts') : false;
    const on = (setting: AlertSetting) => switchCounts(setting, feature, alert?.[setting]);
    const off =
      row.kind === 'dateChange'
        ? !on(CHANNEL_SWITCH[row.channel])
        : !alert || (switchSetting && !on(switchSetting)) || !on(CHANNEL_SWITCH[row.channel]);
    if (off) return { hold: { status: 'skipped', answer: DELIVERY_SKIPS.alertOff, provider: null } };
  }
  if (limited(row)) {
    const until = quietHoursEnd(row.preferences, now);
    if (until) {
      return {
        hold: {
          status: 'queued',
          answer: `${QUIET_HOURS_HOLD}${localClock(row.preferences.timeZone, until)} (${row.preferences.timeZone})`,
          notBefore: until,
          giveBackAttempt: true,
        },
      };
    }
  }
  const providers = channelProviders(ctx, row.channel);
  const open = await q.openProviders(ctx.db, { names: providers });
  if (open.length === providers.length && open.length > 0) {
    const until = new Date(Math.min(...open.map((p) => p.openUntil?.getTime() ?? now.getTime())));
    return {
      hold: {
        status: 'queued',
        answer: `waiting: ${open.map((p) => p.name).join(', ')} failed repeatedly and rests until ${until.toISOString()}`,
        notBefore: until,
        giveBackAttempt: true,
      },
    };
  }
  if (limited(row)) {
    const since = localDayStart(row.preferences.timeZone, now);
    const sent = await q.cappedSentSince(ctx.db, { userId: row.userId, since, beforeId: row.id });
    if (sent >= row.preferences.dailyCap) {
      return { hold: { status: 'skipped', answer: DELIVERY_SKIPS.dailyCap, provider: null } };
    }
  }
  if (!CHANNEL_SENDERS[row.channel]) {
    return { hold: { status: 'skipped', answer: 'channel not available', provider: null } };
  }
  return { send: true };
}

function messageOf(ctx: AppContext, row: q.ClaimedDelivery): OutgoingNotification {
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  const token = unsubscribeToken(ctx, { userId: row.userId, kind: row.kind, symbol: row.symbol });
  return {
    deliveryId: row.id,
    userId: row.userId,
    channel: row.channel,
    kind: row.kind,
    symbol: row.symbol,
    title: row.title,
    body: row.body,
    url: `${base}${row.path.startsWith('/') ? '' : '/'}${row.path}`,
    unsubscribeUrl: unsubscribePageUrl(ctx, token),
    data: row.data,
  };
}

/** What a send's result means for the delivery and its transport's circuit. */
async function outcomeOf(
  ctx: AppContext,
  row: q.ClaimedDelivery,
  result: SendResult,
  log: FastifyBaseLogger,
): Promise<q.Outcome> {
  const provider = result.provider ?? (row.channel === 'push' ? null : (channelProviders(ctx, row.channel)[0] ?? null));
  if (result.outcome === 'sent') {
    if (provider) await q.recordProviderSuccess(ctx.db, { name: provider });
    return { status: 'sent', provider, answer: result.answer };
  }
  if (result.outcome === 'skipped') return { status: 'skipped', provider: result.provider, answer: result.answer };
  // Only failures a retry could fix say something about the transport (a refused address does not).
  if (result.retryable && provider) {
    const opened = await q.recordProviderFailure(ctx.db, { name: provider, error: result.answer });
    if (opened) log.warn({ provider, answer: result.answer }, 'notification provider circuit open');
  }
  const delay =
    result.retryable && row.attempts < DELIVERY_MAX_ATTEMPTS ? retryDelay(Math.max(0, row.attempts - 1)) : null;
  if (delay === null) return { status: 'failed', provider, answer: result.answer };
  return { status: 'queued', provider, answer: result.answer, notBefore: new Date(Date.now() + delay) };
}

async function deliverOne(
  ctx: AppContext,
  row: q.ClaimedDelivery,
  workerId: string,
  now: Date,
  log: FastifyBaseLogger,
): Promise<q.Outcome> {
  const decision = await decide(ctx, row, now);
  let outcome: q.Outcome;
  if ('hold' in decision) {
    outcome = decision.hold;
  } else {
    const sender = CHANNEL_SENDERS[row.channel];
    let result: SendResult;
    try {
      result = sender
        ? await sender(ctx, messageOf(ctx, row))
        : { outcome: 'skipped', provider: null, answer: 'channel not available', retryable: false };
    } catch (error) {
      // A sender that throws failed in a way it did not foresee: worth another try.
      result = {
        outcome: 'failed',
        provider: null,
        answer: error instanceof Error ? error.message : String(error),
        retryable: true,
      };
    }
    outcome = await outcomeOf(ctx, row, result, log);
  }
  const settled = await q.settle(ctx.db, { id: row.id, workerId, outcome });
  if (!settled) log.warn({ delivery: row.id }, 'delivery was taken from this worker before it settled');
  return outcome;
}

/** Claims and sends due deliveries until none is due (or the signal stops it). */
export async function deliverDue(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: DeliverOptions = {},
): Promise<DeliverReport> {
  const workerId = options.workerId ?? `${PROCESS_PREFIX}deliver:${randomBytes(3).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const recovered = await q.recoverStaleDeliveries(ctx.db, {
    staleMs: options.staleMs ?? DELIVERY_STALE_LOCK_MS,
    ...(ctx.database.driver === 'pglite' ? { orphanedUnlessPrefix: PROCESS_PREFIX } : {}),
  });
  if (recovered.length > 0) log.warn({ deliveries: recovered.length }, 'gave back deliveries of a worker that stopped');
  const report: DeliverReport = { claimed: 0, recovered: recovered.length, byStatus: {} };
  while (!options.signal?.aborted) {
    const ids = await q.claimDue(ctx.db, { workerId, limit: options.batch ?? DELIVERY_BATCH });
    if (ids.length === 0) break;
    report.claimed += ids.length;
    const rows = await q.claimedDeliveries(ctx.db, { ids });
    const outcomes = await Promise.all(rows.map((row) => deliverOne(ctx, row, workerId, now(), log)));
    for (const outcome of outcomes) report.byStatus[outcome.status] = (report.byStatus[outcome.status] ?? 0) + 1;
  }
  return report;
}

export const runDeliverJob: JobHandler = async ({ ctx, signal, log }) => {
  const report = await deliverDue(ctx, log, { signal });
  if (report.claimed > 0 || report.recovered > 0) log.info(report, 'notification deliveries');
};

/**
 * The worker's timer: enqueues the delivery job whenever a delivery is due (new ones, retries, quiet hours that
 * ended, a stale claim to give back). Returns its stop.
 */
export function startDeliveryLoop(ctx: AppContext, log: FastifyBaseLogger, everyMs = DELIVERY_POLL_MS): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    q.anyDue(ctx.db, { staleMs: DELIVERY_STALE_LOCK_MS })
      .then((due) => (due ? kickDelivery(ctx) : null))
      .catch((error: unknown) => log.warn({ err: error }, 'delivery check failed'))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
