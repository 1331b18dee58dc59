/**
 * The affiliate jobs (issue 20, decision 0028) as functions of a clock: settling the commissions due, and paying the
 * month that ended out. The worker runs both every hour (jobs/affiliate-payouts.ts); the admin calls run them now,
 * with a clock of their choosing (`asOf`), which is how operators and the tests move time.
 */

import { ErrorCode } from '@eh/contracts';
import { payoutPeriodAt } from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
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
