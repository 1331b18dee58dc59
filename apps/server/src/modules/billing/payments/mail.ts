/**
 * What the subscription engine tells the subscriber (a person, or a team through its billing email) when their money
 * or plan moves: a receipt, a failed payment, a refund, a cancel and a reactivation, a change of plan. Each is called
 * in the transaction of the write that made the move, after that write said it moved (a charge's status that
 * changed, a row inserted, a flag that flipped): a replayed webhook moves nothing and so tells nothing twice. A
 * refund asked for in the app is the one told after its write: once the provider took it (the charge was marked
 * refunded first, so only one request gets that far).
 */
import type { Database } from '@eh/db';
import type { PaymentStatus, SubscriptionSnapshot } from '@eh/domain';
import type { Config } from '../../../config.ts';
import { type AccountMail, type AccountMailRecipient, sendAccountMail } from '../../notifications/index.ts';
import type * as q from './queries.ts';

/** The subscriber a subscription or charge row belongs to (exactly one of the two ids is set). */
export function subscriberOf(row: {
  userId: string | null;
  organizationId: string | null;
}): AccountMailRecipient | null {
  if (row.organizationId) return { organizationId: row.organizationId };
  if (row.userId) return { userId: row.userId };
  return null;
}

const planOf = (sub: q.SubscriptionRow) => ({ plan: sub.plan, interval: sub.interval });

export async function tell(db: Database, config: Config, to: AccountMailRecipient | null, mail: AccountMail) {
  if (to) await sendAccountMail(db, config, to, mail);
}

/**
 * A charge whose status has just moved to `status` (inserted so, or changed): a paid one gets its receipt, a failed
 * one what to do, a refunded one (refunded at the provider, not asked for in the app) its refund. `state` is the
 * subscription after the event, for the next charge date.
 */
export async function tellCharge(
  db: Database,
  config: Config,
  params: {
    charge: q.ChargeRow;
    status: PaymentStatus;
    sub: q.SubscriptionRow;
    state: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;
    at: Date;
    receiptUrl: string | null;
  },
) {
  const { charge, sub, state, at } = params;
  const to = subscriberOf(charge);
  const money = { amount: charge.amount, currency: charge.currency };
  switch (params.status) {
    case 'paid':
      return tell(db, config, to, {
        kind: 'receipt',
        ...planOf(sub),
        ...money,
        provider: charge.provider,
        paidAt: at,
        period: {
          at: state.currentPeriodEnd,
          renews: state.status !== 'canceled' && !state.cancelAtPeriodEnd,
        },
        receiptUrl: params.receiptUrl ?? charge.receiptUrl,
      });
    case 'failed':
      return tell(db, config, to, {
        kind: 'paymentFailed',
        ...planOf(sub),
        ...money,
        provider: charge.provider,
        failedAt: at,
      });
    case 'refunded':
      return tell(db, config, to, {
        kind: 'refund',
        ...planOf(sub),
        ...money,
        paidAt: charge.createdAt,
        refundedAt: at,
        planEnded: state.status === 'canceled',
      });
    default:
      return;
  }
}

/** Cancel at period end turned on (the features stay until the period's end) or off again (it renews). */
export async function tellCancelMove(
  db: Database,
  config: Config,
  sub: q.SubscriptionRow,
  cancel: boolean,
  periodEnd: Date | null,
) {
  const to = subscriberOf(sub);
  if (cancel) return tell(db, config, to, { kind: 'canceled', ...planOf(sub), accessUntil: periodEnd });
  return tell(db, config, to, {
    kind: 'reactivated',
    ...planOf(sub),
    amount: sub.amount,
    currency: sub.currency,
    nextChargeAt: periodEnd,
  });
}
