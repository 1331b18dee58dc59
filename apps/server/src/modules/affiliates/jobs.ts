/**
 * The affiliate jobs (decision 0028) as functions of a clock: settling the commissions due, and paying the
 * month that ended out. The worker runs both every hour in a lane of its own (`runAffiliateJob`); the admin calls
 * run them now, with a clock of their choosing (`asOf`), which is how operators and the tests move time.
 */

import { ErrorCode } from '@eh/contracts';
import { MS_PER_HOUR, payoutPeriodAt } from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../kernel/context.ts';
import { HttpError } from '../../kernel/http/errors.ts';
import type { JobHandler, JobHandlers } from '../../kernel/jobs/handler.ts';
import { enqueue } from '../../kernel/jobs/queue.ts';
import type { Loop } from '../../kernel/module.ts';
import { settle } from './commissions.ts';
import { connectProviderFor } from './connect.ts';
import { type PayoutReport, payOut } from './payouts.ts';
import { PAYOUTS_OFF_MESSAGE } from './service.ts';

export async function settleNow(ctx: AppContext, asOf?: string) {
  return settle(ctx.db, asOf ? new Date(asOf) : new Date());
}

export async function payOutNow(
  ctx: AppContext,
  body: { period?: string | undefined; asOf?: string | undefined },
  log?: FastifyBaseLogger,
): Promise<PayoutReport> {
  const provider = connectProviderFor(ctx.config);
  if (!provider) throw new HttpError(503, ErrorCode.unavailable, PAYOUTS_OFF_MESSAGE);
  const now = body.asOf ? new Date(body.asOf) : new Date();
  return payOut(ctx.db, provider, body.period ?? payoutPeriodAt(now), now, log);
}

/** One run of the hourly job: what is due settles, then the month that ended is paid out (once). */
export async function runAffiliateJobs(ctx: AppContext, now: Date, log?: FastifyBaseLogger) {
  const settled = await settle(ctx.db, now);
  const provider = connectProviderFor(ctx.config);
  const payouts = provider ? await payOut(ctx.db, provider, payoutPeriodAt(now), now, log) : null;
  return { settled, payouts };
}

/**
 * The affiliate program's job (decision 0028), in a worker lane of its own: every hour the commissions
 * whose payments settled are accounted, and the month that ended is paid out through Stripe Connect. The payout is
 * monthly by its key (one payout per affiliate, month and currency), so running hourly only retries what failed and
 * picks up a month as soon as it ends; the job's unique key keeps one run at a time across nodes.
 */
export const AFFILIATE_JOB = 'affiliates';
export const AFFILIATE_JOB_INTERVAL_MS = MS_PER_HOUR;
/** The lane's poll of an empty queue: its job comes once an hour. */
export const AFFILIATE_POLL_MS = 5000;

export const runAffiliateJob: JobHandler = async ({ ctx, job, log }) => {
  const report = await runAffiliateJobs(ctx, new Date(), log);
  if (report.settled.accounted + report.settled.lapsed > 0 || (report.payouts?.created ?? 0) > 0)
    log.info({ job: job.id, ...report }, 'affiliate commissions settled and payouts made');
};

export const AFFILIATE_JOB_HANDLERS: JobHandlers = { [AFFILIATE_JOB]: runAffiliateJob };

/** Enqueues the affiliates' job at start and every hour after (its key keeps one at a time across nodes). */
export const affiliateKickLoop: Loop = (ctx, log) => {
  const kick = () => {
    enqueue(ctx.db, { name: AFFILIATE_JOB, uniqueKey: AFFILIATE_JOB }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not enqueue the affiliate job'),
    );
  };
  const timer = setInterval(kick, AFFILIATE_JOB_INTERVAL_MS);
  timer.unref();
  kick();
  return () => clearInterval(timer);
};
