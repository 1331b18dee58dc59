/**
 * Monthly payouts (decision 0028): the commissions accounted before a month ended go to the affiliate's
 * payout account in one transfer per currency. A payout row per affiliate, month and currency is the unique key
 * that keeps a month from being paid twice; the transfer carries the payout's group and idempotency key, so a retry
 * after a failure or a crash finds the transfer already made instead of making another.
 */
import type { Database } from '@eh/db';
import { MS_PER_MINUTE, periodBounds } from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ConnectProvider } from './connect.ts';
import * as q from './queries.ts';

/** A payout attempted this recently is left alone by another run (it may still be waiting for Stripe). */
export const PAYOUT_ATTEMPT_STALE_MS = 10 * MS_PER_MINUTE;

export interface PayoutReport {
  period: string;
  /** Payouts made for the period in this run. */
  created: number;
  /** Transfers made (or found made) in this run. */
  paid: number;
  failed: number;
}

/** The transfer group of a payout: its name at Stripe. */
export const transferGroupOf = (payoutId: number) => `eh_affiliate_payout_${payoutId}`;

/**
 * Pays `period` out: refreshes the onboarding of accounts that had not finished it, makes each due payout (once per
 * affiliate, month and currency), then transfers every payout of the period not paid yet.
 */
export async function payOut(
  db: Database,
  provider: ConnectProvider,
  period: string,
  now = new Date(),
  log?: FastifyBaseLogger,
): Promise<PayoutReport> {
  const { end } = periodBounds(period);
  const report: PayoutReport = { period, created: 0, paid: 0, failed: 0 };
  for (const candidate of await q.payoutCandidates(db, { provider: provider.name, before: end })) {
    if (!candidate.accountId) continue;
    let enabled = candidate.payoutsEnabled && candidate.detailsSubmitted;
    if (!enabled) {
      // Stripe may have finished the onboarding since we last asked.
      const state = await provider.accountState(candidate.accountId).catch(() => null);
      if (state) {
        await q.updateAffiliate(db, candidate.userId, {
          connectDetailsSubmitted: state.detailsSubmitted,
          connectPayoutsEnabled: state.payoutsEnabled,
        });
        enabled = state.detailsSubmitted && state.payoutsEnabled;
      }
    }
    if (!enabled) continue;
    report.created += await makePayouts(db, provider, {
      affiliateUserId: candidate.userId,
      accountId: candidate.accountId,
      period,
      before: end,
    });
  }
  for (const payout of await q.unpaidPayouts(db, { period, provider: provider.name })) {
    const claimed = await q.claimPayout(db, {
      id: payout.id,
      at: now,
      staleBefore: new Date(now.getTime() - PAYOUT_ATTEMPT_STALE_MS),
    });
    if (!claimed) continue;
    try {
      const made = await provider.findTransfer(payout.transferGroup);
      const transferId =
        made ??
        (await provider.transfer({
          accountId: payout.destination,
          amount: payout.amount,
          currency: payout.currency,
          group: payout.transferGroup,
          idempotencyKey: payout.transferGroup,
          description: `Affiliate commissions for ${payout.period}`,
          metadata: { payoutId: String(payout.id), period: payout.period, userId: payout.affiliateUserId },
        }));
      await q.updatePayout(db, payout.id, { status: 'paid', transferId, failure: null, paidAt: now });
      report.paid += 1;
    } catch (error) {
      const failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await q.updatePayout(db, payout.id, { status: 'failed', failure });
      log?.warn({ err: error, payout: payout.id, period }, 'affiliate payout transfer failed');
      report.failed += 1;
    }
  }
  return report;
}

/** The affiliate's payouts of the period, one per currency with a positive sum; answers how many were made. */
async function makePayouts(
  db: Database,
  provider: ConnectProvider,
  params: { affiliateUserId: string; accountId: string; period: string; before: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await q.unpaidRowsForUpdate(tx, params);
    const byCurrency = new Map<string, { total: number; ids: number[] }>();
    for (const row of rows) {
      const entry = byCurrency.get(row.currency) ?? { total: 0, ids: [] };
      entry.total += row.amount;
      entry.ids.push(row.id);
      byCurrency.set(row.currency, entry);
    }
    let made = 0;
    for (const [currency, { total, ids }] of byCurrency) {
      // Reversals larger than what was earned since: nothing to pay; the rows wait for the next month.
      if (total <= 0) continue;
      const payout = await q.insertPayout(tx, {
        affiliateUserId: params.affiliateUserId,
        period: params.period,
        currency,
        amount: total,
        provider: provider.name,
        destination: params.accountId,
        // Filled in below, once the row has its id.
        transferGroup: `pending_${params.affiliateUserId}_${params.period}_${currency}`,
      });
      if (!payout) continue;
      await q.updatePayout(tx, payout.id, { transferGroup: transferGroupOf(payout.id) });
      await q.attachToPayout(tx, payout.id, ids);
      made += 1;
    }
    return made;
  });
}
