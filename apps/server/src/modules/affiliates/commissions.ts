/**
 * Commissions (decision 0028). The billing webhook calls {@link accountCharge} once per payment event, in
 * its own transaction: a paid payment of a referred subscription earns the affiliate the configured percentage
 * (pending until it settles), a refunded or disputed one takes it back. {@link settle} accounts what is due.
 */
import type { Database } from '@eh/db';
import { type BillingProviderName, commissionCents, isAffiliateCode, type PaymentStatus, settlesAt } from '@eh/domain';
import type { Config } from '../../config.ts';
import * as q from './queries.ts';

/** Payments that earn nothing for an affiliate: the App Store's are refunded by Apple, beyond our settling. */
const NO_COMMISSION_PROVIDERS: ReadonlySet<BillingProviderName> = new Set(['apple']);

/**
 * The payment the keys name (the ids the webhook files it under), accounted for its affiliate: a paid payment earns
 * a pending commission, a refunded or disputed one lapses its pending commission or reverses an accounted one.
 * Safe to call again for the same event: each charge has at most one commission and one reversal.
 */
export async function accountCharge(
  tx: Database,
  config: Pick<Config, 'AFFILIATE_COMMISSION_PERCENT'>,
  provider: BillingProviderName,
  keys: (string | null | undefined)[],
  now = new Date(),
) {
  if (NO_COMMISSION_PROVIDERS.has(provider)) return;
  const charge = await q.chargeByKeys(
    tx,
    provider,
    keys.filter((key): key is string => typeof key === 'string'),
  );
  if (!charge?.subscriptionId) return;
  if (charge.status === 'paid' && !charge.refunded) {
    await earn(tx, config.AFFILIATE_COMMISSION_PERCENT, { ...charge, subscriptionId: charge.subscriptionId });
    return;
  }
  if (charge.refunded || charge.status === 'refunded' || charge.status === 'disputed')
    await takeBack(tx, charge.id, charge.status, now);
}

interface PaidCharge {
  id: number;
  subscriptionId: number;
  amount: number;
  currency: string;
  createdAt: Date;
}

async function earn(tx: Database, percent: number, charge: PaidCharge) {
  if (await q.commissionOfCharge(tx, charge.id)) return;
  const referral = await q.referralOf(tx, charge.subscriptionId);
  if (!referral) return;
  // First source wins: the affiliate recorded at sign-up, else the one the subscription was bought with.
  const code = [referral.signupAffiliateId, referral.subscription.affiliateId].find(
    (value): value is string => typeof value === 'string' && isAffiliateCode(value),
  );
  if (!code) return;
  const affiliate = await q.affiliateByCode(tx, code);
  if (affiliate?.status !== 'approved') return;
  // Nobody earns on their own payments (or their own team's).
  if (affiliate.userId === referral.subscriberId) return;
  const amount = commissionCents(charge.amount, percent);
  if (amount <= 0) return;
  const { subscription } = referral;
  await q.insertCommission(tx, {
    affiliateUserId: affiliate.userId,
    kind: 'commission',
    chargeId: charge.id,
    subscriptionId: subscription.id,
    chargeAmount: charge.amount,
    amount,
    currency: charge.currency,
    percent,
    plan: subscription.plan,
    interval: subscription.interval,
    accountingStatus: 'pending',
    chargedAt: charge.createdAt,
    settlesAt: settlesAt(charge.createdAt),
  });
}

async function takeBack(tx: Database, chargeId: number, status: PaymentStatus, now: Date) {
  const commission = await q.commissionOfCharge(tx, chargeId);
  if (!commission) return;
  const reason = status === 'disputed' ? 'disputed' : 'refunded';
  if (commission.accountingStatus === 'pending') {
    await q.lapseCommission(tx, commission.id, reason, now);
    return;
  }
  if (commission.accountingStatus !== 'accounted') return;
  // Accounted already (perhaps paid out): a negative row, accounted now, nets it in the next payout.
  await q.insertCommission(tx, {
    affiliateUserId: commission.affiliateUserId,
    kind: 'reversal',
    chargeId,
    subscriptionId: commission.subscriptionId,
    reversesId: commission.id,
    chargeAmount: commission.chargeAmount,
    amount: -commission.amount,
    currency: commission.currency,
    percent: commission.percent,
    plan: commission.plan,
    interval: commission.interval,
    accountingStatus: 'accounted',
    reason,
    chargedAt: commission.chargedAt,
    settlesAt: now,
    accountedAt: now,
  });
}

/** Accounts every pending commission due by `asOf` (or lapses it when its payment went back meanwhile). */
export async function settle(db: Database, asOf = new Date()): Promise<{ accounted: number; lapsed: number }> {
  return db.transaction(async (tx) => {
    const rows = [...(await q.settleDue(tx, asOf)), ...(await q.settleOrphans(tx, asOf))];
    const accounted = rows.filter((row) => row.status === 'accounted').length;
    return { accounted, lapsed: rows.length - accounted };
  });
}
