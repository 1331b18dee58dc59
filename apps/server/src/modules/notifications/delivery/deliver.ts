/**
 * The delivery worker: claims due deliveries in batches, holds push and SMS through the user's quiet
 * hours, enforces their daily cap, sends through the channel's sender and records outcome, provider, answer and
 * time. Failures are retried with the SPEC §9 backoff; a transport that keeps failing rests (its circuit opens)
 * and its deliveries wait for it instead of spending their attempts. A delivery claimed by a worker that died is
 * given back once its lock is stale, so none is lost; the claim and the lock-checked settle keep it to one send.
 * What that guarantee is where: a delivery kept in the local mailbox is kept exactly once, since its
 * copy and its outcome are written by one statement, only while this worker holds it; an email handed to SMTP is
 * sent at least once, and twice only when a worker dies between the server's acceptance and the batch's record,
 * the resend carrying the same Message-ID.
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
import { featuresOfUsers } from '../../../kernel/entitlements.ts';
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

/**
 * Deliveries claimed at once: a batch is looked up, rendered and sent together, and its outcomes recorded in one
 * statement; the job claims batches until none is due.
 */
export const DELIVERY_BATCH = 500;
/** Batches one worker has in flight: one is claimed or recorded by the database while another is sent. */
export const DELIVERY_BATCHES_IN_FLIGHT = 3;
/** On the embedded database, whose one thread runs every query in turn, two: more only queue behind each other. */
export const DELIVERY_BATCHES_IN_FLIGHT_EMBEDDED = 2;
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
  /** Batches in flight at once (DELIVERY_BATCHES_IN_FLIGHT). */
  inFlight?: number;
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

type Decision = { hold: q.Outcome } | { send: true };

const alertKey = (userId: string, symbol: string) => `${userId} ${symbol}`;

/**
 * Checks a batch of claimed deliveries against their users' switches, limits and the transports, with one query
 * per kind of look-up for the whole batch; returns, per delivery, what to record or that it goes.
 */
async function decide(ctx: AppContext, rows: readonly q.ClaimedDelivery[], now: Date): Promise<Decision[]> {
  const decisions: (Decision | undefined)[] = rows.map(() => undefined);
  // The user may have turned the alert (or the channel) off after the fan-out, or unsubscribed from the email.
  const switched = rows.filter(
    (row) => row.symbol && (NOTIFICATION_KIND_SWITCH[row.kind] || row.kind === 'dateChange'),
  );
  const alerts = await q.alertsOf(ctx.db, {
    pairs: switched.map((row) => ({ userId: row.userId, symbol: row.symbol ?? '' })),
  });
  const alerted = switched.filter((row) => alerts.has(alertKey(row.userId, row.symbol ?? '')));
  const features =
    alerted.length > 0
      ? await featuresOfUsers(
          ctx,
          alerted.map((row) => row.userId),
        )
      : new Map();
  const providers = new Map(rows.map((row) => [row.channel, channelProviders(ctx, row.channel)]));
  const resting = await q.openProviders(ctx.db, { names: [...new Set([...providers.values()].flat())] });
  rows.forEach((row, i) => {
    const switchSetting = NOTIFICATION_KIND_SWITCH[row.kind];
    if (row.symbol && (switchSetting || row.kind === 'dateChange')) {
      const alert = alerts.get(alertKey(row.userId, row.symbol));
      const userFeatures = features.get(row.userId);
      const feature = alert && userFeatures ? canUse(userFeatures, 'alerts') : false;
      const on = (setting: AlertSetting) => switchCounts(setting, feature, alert?.[setting]);
      const off =
        row.kind === 'dateChange'
          ? !on(CHANNEL_SWITCH[row.channel])
          : !alert || (switchSetting && !on(switchSetting)) || !on(CHANNEL_SWITCH[row.channel]);
      if (off) {
        decisions[i] = { hold: { status: 'skipped', answer: DELIVERY_SKIPS.alertOff, provider: null } };
        return;
      }
    }
    if (limited(row)) {
      const until = quietHoursEnd(row.preferences, now);
      if (until) {
        decisions[i] = {
          hold: {
            status: 'queued',
            answer: `${QUIET_HOURS_HOLD}${localClock(row.preferences.timeZone, until)} (${row.preferences.timeZone})`,
            notBefore: until,
            giveBackAttempt: true,
          },
        };
        return;
      }
    }
    const names = providers.get(row.channel) ?? [];
    const open = resting.filter((p) => names.includes(p.name));
    if (open.length === names.length && open.length > 0) {
      const until = new Date(Math.min(...open.map((p) => p.openUntil?.getTime() ?? now.getTime())));
      decisions[i] = {
        hold: {
          status: 'queued',
          answer: `waiting: ${open.map((p) => p.name).join(', ')} failed repeatedly and rests until ${until.toISOString()}`,
          notBefore: until,
          giveBackAttempt: true,
        },
      };
    }
  });
  const capped = rows.filter((row, i) => decisions[i] === undefined && limited(row));
  // Users of one zone share the start of their day.
  const dayStarts = new Map<string, Date>();
  const dayStart = (timeZone: string) => {
    let start = dayStarts.get(timeZone);
    if (!start) {
      start = localDayStart(timeZone, now);
      dayStarts.set(timeZone, start);
    }
    return start;
  };
  const sent = await q.cappedSentSinceMany(ctx.db, {
    rows: capped.map((row) => ({
      id: row.id,
      userId: row.userId,
      since: dayStart(row.preferences.timeZone),
    })),
  });
  return rows.map((row, i) => {
    const decided = decisions[i];
    if (decided) return decided;
    if (limited(row) && (sent.get(row.id) ?? 0) >= row.preferences.dailyCap) {
      return { hold: { status: 'skipped', answer: DELIVERY_SKIPS.dailyCap, provider: null } };
    }
    if (!CHANNEL_SENDERS[row.channel]) {
      return { hold: { status: 'skipped', answer: 'channel not available', provider: null } };
    }
    return { send: true };
  });
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

/** A sender that throws failed in a way it did not foresee: worth another try. */
function thrown(error: unknown): SendResult {
  const answer = error instanceof Error ? error.message : String(error);
  return { outcome: 'failed', provider: null, answer, retryable: true };
}

/** Sends the deliveries that go, each channel's together through its batch sender; the results by delivery id. */
async function send(ctx: AppContext, rows: readonly q.ClaimedDelivery[]): Promise<Map<number, SendResult>> {
  const byChannel = new Map<NotificationChannel, q.ClaimedDelivery[]>();
  for (const row of rows) {
    const group = byChannel.get(row.channel);
    if (group) group.push(row);
    else byChannel.set(row.channel, [row]);
  }
  const results = new Map<number, SendResult>();
  await Promise.all(
    [...byChannel].map(async ([channel, group]) => {
      const sender = CHANNEL_SENDERS[channel];
      let answered: SendResult[];
      try {
        answered = sender
          ? await sender(
              ctx,
              group.map((row) => messageOf(ctx, row)),
            )
          : group.map(() => ({
              outcome: 'skipped',
              provider: null,
              answer: 'channel not available',
              retryable: false,
            }));
      } catch (error) {
        answered = group.map(() => thrown(error));
      }
      group.forEach((row, i) => {
        results.set(row.id, answered[i] ?? thrown(new Error(`the ${channel} sender gave no result`)));
      });
    }),
  );
  return results;
}

/** What a send's result means for the delivery, and which transport it speaks for (for the circuits). */
function outcomeOf(
  ctx: AppContext,
  row: q.ClaimedDelivery,
  result: SendResult,
): { outcome: q.Outcome; succeeded?: NotificationProvider; failed?: NotificationProvider } {
  const provider = result.provider ?? (row.channel === 'push' ? null : (channelProviders(ctx, row.channel)[0] ?? null));
  if (result.outcome === 'sent') {
    return {
      outcome: { status: 'sent', provider, answer: result.answer },
      ...(provider ? { succeeded: provider } : {}),
    };
  }
  if (result.outcome === 'skipped')
    return { outcome: { status: 'skipped', provider: result.provider, answer: result.answer } };
  // Only failures a retry could fix say something about the transport (a refused address does not).
  const failed = result.retryable && provider ? { failed: provider } : {};
  const delay =
    result.retryable && row.attempts < DELIVERY_MAX_ATTEMPTS ? retryDelay(Math.max(0, row.attempts - 1)) : null;
  if (delay === null) return { outcome: { status: 'failed', provider, answer: result.answer }, ...failed };
  const outcome: q.Outcome = {
    status: 'queued',
    provider,
    answer: result.answer,
    notBefore: new Date(Date.now() + delay),
  };
  return { outcome, ...failed };
}

/**
 * Decides, sends and records one claimed batch. The outcomes and the outbox's copies are written in one statement
 * and only for the deliveries this worker still holds (q.settleMany).
 */
async function deliverBatch(
  ctx: AppContext,
  rows: readonly q.ClaimedDelivery[],
  workerId: string,
  now: Date,
  log: FastifyBaseLogger,
): Promise<q.Outcome[]> {
  const decisions = await decide(ctx, rows, now);
  const results = await send(
    ctx,
    rows.filter((_, i) => 'send' in (decisions[i] ?? {})),
  );
  const succeeded = new Set<NotificationProvider>();
  const failures: { provider: NotificationProvider; answer: string }[] = [];
  const settlements: q.Settlement[] = rows.map((row, i) => {
    const decision = decisions[i];
    if (decision && 'hold' in decision) return { id: row.id, outcome: decision.hold };
    const result = results.get(row.id) ?? thrown(new Error('not sent'));
    const { outcome, succeeded: ok, failed } = outcomeOf(ctx, row, result);
    if (ok) succeeded.add(ok);
    if (failed) failures.push({ provider: failed, answer: result.answer });
    return { id: row.id, outcome, keep: result.keep, answerOf: result.answerOf };
  });
  // A success closes the count of failures in a row; a failure after it in the batch counts again.
  for (const name of succeeded) await q.recordProviderSuccess(ctx.db, { name });
  for (const { provider, answer } of failures) {
    const opened = await q.recordProviderFailure(ctx.db, { name: provider, error: answer });
    if (opened) log.warn({ provider, answer }, 'notification provider circuit open');
  }
  const settled = await q.settleMany(ctx.db, { workerId, settlements });
  for (const { id } of settlements) {
    if (!settled.has(id)) log.warn({ delivery: id }, 'delivery was taken from this worker before it settled');
  }
  return settlements.map((s) => s.outcome);
}

/**
 * Claims and sends due deliveries until none is due (or the signal stops it): `inFlight` batches at a time, so the
 * database claims and records one while another is rendered and sent.
 */
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
  const drain = async () => {
    while (!options.signal?.aborted) {
      const rows = await q.claimDueDeliveries(ctx.db, { workerId, limit: options.batch ?? DELIVERY_BATCH });
      if (rows.length === 0) break;
      report.claimed += rows.length;
      const outcomes = await deliverBatch(ctx, rows, workerId, now(), log);
      for (const outcome of outcomes) report.byStatus[outcome.status] = (report.byStatus[outcome.status] ?? 0) + 1;
    }
  };
  const drains = await Promise.allSettled(
    Array.from(
      {
        length: Math.max(
          1,
          options.inFlight ??
            (ctx.database.driver === 'pglite' ? DELIVERY_BATCHES_IN_FLIGHT_EMBEDDED : DELIVERY_BATCHES_IN_FLIGHT),
        ),
      },
      drain,
    ),
  );
  const failed = drains.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
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
