import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../kernel/context.ts';
import * as q from '../payments/queries.ts';
import { APPLE } from '../payments/queries.ts';
import { applyEvent } from '../payments/service.ts';
import { type AppleNotice, parseAppleNotification } from './events.ts';
import * as aq from './queries.ts';
import type { AppleVerifier, DecodedAppleNotification } from './verifier.ts';

const APPLE_PROVIDER = { name: APPLE };

/** Plain facts for the log: never the signed data itself. */
const about = (notice: AppleNotice) => ({
  notificationUUID: notice.notificationUUID,
  notificationType: notice.type,
  subtype: notice.subtype,
  originalTransactionId: notice.originalTransactionId,
  productId: notice.productId,
});

/**
 * Applies one verified App Store notification through the same `applyEvent` as Stripe's webhook (decision 0022):
 * the account is the one the transaction's appAccountToken names (or, without one, the one the subscription is
 * already linked to); our row for the subscription is made on the first notification about it (pending, with the
 * plan its product sells, created at Apple's purchase date) and made again when a paid period follows its end.
 * An unknown token, product or subscription is acknowledged and logged, and changes nothing.
 */
export async function applyAppleNotification(
  ctx: AppContext,
  verifier: AppleVerifier,
  decoded: DecodedAppleNotification,
  log: FastifyBaseLogger,
) {
  const ack = { received: true as const, duplicate: false };
  const notice = parseAppleNotification(decoded);
  if (!notice) return ack;

  let row = await aq.currentAppleSubscription(ctx.db, notice.originalTransactionId);
  let userId = row?.userId;
  if (notice.appAccountToken) {
    const owner = await aq.userOfAppAccountToken(ctx.db, notice.appAccountToken);
    if (!owner) {
      log.warn(about(notice), 'App Store notification for an unknown appAccountToken: acknowledged, nothing changed');
      return ack;
    }
    if (userId && owner !== userId)
      log.warn(about(notice), 'App Store notification names another account than the subscription is linked to');
    userId ??= owner;
  }
  if (!userId) {
    log.warn(about(notice), 'App Store notification without an appAccountToken for an unknown subscription: ignored');
    return ack;
  }

  const product = notice.productId ? verifier.products[notice.productId] : undefined;
  const newer = (at: Date | null) => !at || notice.signedDate.getTime() > at.getTime();
  const restart = row?.status === 'canceled' && notice.paid && newer(row.lastEventAt);
  if (!row || restart) {
    if (!product) {
      log.warn(about(notice), 'App Store notification for a product APPLE_PRODUCT_IDS does not name: ignored');
      return ack;
    }
    row = await aq.startAppleSubscription(ctx.db, {
      userId,
      providerSubscriptionId: row
        ? `${notice.originalTransactionId}:${notice.transactionId ?? notice.notificationUUID}`
        : notice.originalTransactionId,
      plan: product.plan,
      interval: product.interval,
      amount: notice.amount ?? 0,
      currency: notice.currency ?? undefined,
      createdAt: row ? notice.purchasedAt : notice.originalPurchasedAt,
    });
  } else if (notice.paid && product && newer(row.lastEventAt)) {
    // A paid period of another product (an upgrade, or a renewal after a downgrade): the row sells that plan now.
    if (product.plan !== row.plan || product.interval !== row.interval || (notice.amount ?? row.amount) !== row.amount)
      await q.updateSubscription(ctx.db, row.id, {
        plan: product.plan,
        interval: product.interval,
        amount: notice.amount ?? row.amount,
      });
  }

  let duplicate = true;
  for (const parsed of notice.events) {
    const result = await applyEvent(ctx, APPLE_PROVIDER, { ...parsed, subscriptionId: row.providerSubscriptionId });
    duplicate &&= result.duplicate;
  }
  if (!duplicate) {
    // What the account pays each period, as the upgrade screens read it (applyEvent sets plan and status).
    const newest = await q.latestSubscription(ctx.db, { userId });
    if (newest?.id === row.id && (newest.status === 'active' || newest.status === 'delinquent'))
      await q.updateAccount(ctx.db, userId, { price: newest.amount / 100, priceType: newest.interval });
  }
  return { received: true as const, duplicate };
}
