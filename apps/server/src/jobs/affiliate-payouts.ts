/**
 * The affiliate program's job (issue 20, decision 0028), in a worker lane of its own: every hour the commissions
 * whose payments settled are accounted, and the month that ended is paid out through Stripe Connect. The payout is
 * monthly by its key (one payout per affiliate, month and currency), so running hourly only retries what failed and
 * picks up a month as soon as it ends; the job's unique key keeps one run at a time across nodes.
 */
import { MS_PER_HOUR } from '@eh/domain';
import type { FastifyInstance } from 'fastify';
import { runAffiliateJobs } from '../modules/affiliates/jobs.ts';
import type { JobHandler } from './handlers.ts';
import { enqueue } from './queue.ts';
import { createWorker } from './worker.ts';

export const AFFILIATE_JOB = 'affiliates';
export const AFFILIATE_JOB_INTERVAL_MS = MS_PER_HOUR;
/** The lane's poll of an empty queue: its job comes once an hour. */
const AFFILIATE_POLL_MS = 5000;

export const runAffiliateJob: JobHandler = async ({ ctx, job, log }) => {
  const report = await runAffiliateJobs(ctx, new Date(), log);
  if (report.settled.accounted + report.settled.lapsed > 0 || (report.payouts?.created ?? 0) > 0)
    log.info({ job: job.id, ...report }, 'affiliate commissions settled and payouts made');
};

/** Starts the lane with the worker role and stops it before the database closes. */
export function registerAffiliateJobs(app: FastifyInstance) {
  const log = app.log.child({ role: 'worker', lane: 'affiliates' });
  const worker = createWorker(app.ctx, log, {
    handlers: { [AFFILIATE_JOB]: runAffiliateJob },
    schedules: [],
    pollMs: AFFILIATE_POLL_MS,
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  const kick = () => {
    enqueue(app.ctx.db, { name: AFFILIATE_JOB, uniqueKey: AFFILIATE_JOB }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not enqueue the affiliate job'),
    );
  };
  app.addHook('onReady', async () => {
    worker.start();
    timer = setInterval(kick, AFFILIATE_JOB_INTERVAL_MS);
    timer.unref();
    kick();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await worker.stop();
  });
}
