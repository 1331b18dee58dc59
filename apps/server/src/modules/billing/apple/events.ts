import type { BillingEventType } from '@eh/domain';
import type { ParsedEvent } from '../payments/webhook-events.ts';
import type { DecodedAppleNotification } from './verifier.ts';

/** What one App Store notification does to our rows, in the terms the shared state machine reads. */
export interface AppleNotice {
  notificationUUID: string;
  type: string;
  subtype: string | null;
  /** When Apple signed the notification: the order events are applied in (an older one never moves a row back). */
  signedDate: Date;
  originalTransactionId: string;
  transactionId: string | null;
  /** The UUID the native app bought with: it names the account (decision 0022). */
  appAccountToken: string | null;
  productId: string | null;
  /** When the subscription was first bought, and when this transaction was: our row's creation time. */
  originalPurchasedAt: Date;
  purchasedAt: Date;
  /** A paid period: may start our row again after it ended (a resubscription). */
  paid: boolean;
  /** Cents and currency the transaction (or, for a failed renewal, the renewal) costs; null when Apple says not. */
  amount: number | null;
  currency: string | null;
  /** In order; their `subscriptionId` is filled in by the service (our row's key). */
  events: ParsedEvent[];
}

const AUTO_RENEWABLE = 'Auto-Renewable Subscription';
/** Apple's originalTransactionId: digits (letters and dashes allowed, nothing a LIKE pattern reads). */
const TRANSACTION_ID = /^[0-9A-Za-z-]{1,64}$/;

const dateOf = (ms: number | undefined): Date | null =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null;
/** Apple's prices are in milliunits of the currency (9990 is $9.99). */
const centsOf = (milliunits: number | undefined): number | null =>
  typeof milliunits === 'number' && Number.isFinite(milliunits) && milliunits >= 0 ? Math.round(milliunits / 10) : null;

/**
 * Reads a verified notification (Apple's documented V2 shapes). SUBSCRIBED, DID_RENEW and an immediate upgrade pay a
 * period (invoice.paid with the transaction's expiry as the period end); DID_FAIL_TO_RENEW is a failed payment
 * (delinquent); EXPIRED and REVOKE end the subscription; REFUND refunds the transaction's charge and, when the
 * refunded period had not ended, ends the subscription (Apple takes the access back); DID_CHANGE_RENEWAL_STATUS
 * turns auto-renew off (cancel at period end) or on. Null: a notification the rules do not read (another product
 * kind, TEST, price or offer news), or one without the ids the rows need.
 */
export function parseAppleNotification(decoded: DecodedAppleNotification): AppleNotice | null {
  const { notification, transaction, renewal } = decoded;
  const id = notification.notificationUUID;
  const type = notification.notificationType;
  const subtype = notification.subtype ?? null;
  const signedDate = dateOf(notification.signedDate);
  const originalTransactionId = transaction?.originalTransactionId ?? renewal?.originalTransactionId;
  if (!id || !type || !signedDate || !transaction || transaction.type !== AUTO_RENEWABLE) return null;
  if (!originalTransactionId || !TRANSACTION_ID.test(originalTransactionId)) return null;

  const event = (type: BillingEventType, extra: Partial<ParsedEvent['event']> = {}, suffix = ''): ParsedEvent => ({
    event: { id: `${id}${suffix}`, type, created: signedDate, ...extra },
    subscriptionId: null,
    chargeId: null,
    invoiceId: null,
    amount: null,
    currency: null,
    receiptUrl: null,
    description: null,
  });
  const currency = transaction.currency?.toLowerCase() ?? null;
  const amount = centsOf(transaction.price);
  const periodEnd = dateOf(transaction.expiresDate);
  const payment = (parsed: ParsedEvent): ParsedEvent => ({
    ...parsed,
    chargeId: transaction.transactionId ?? null,
    amount,
    currency,
  });

  let events: ParsedEvent[] = [];
  let paid = false;
  switch (type) {
    case 'SUBSCRIBED':
    case 'DID_RENEW':
      paid = true;
      events = [payment(event('invoice.paid', { currentPeriodEnd: periodEnd }))];
      break;
    case 'DID_CHANGE_RENEWAL_PREF':
      // An upgrade takes effect at once with a new paid transaction; a downgrade waits for the next renewal.
      if (subtype === 'UPGRADE') {
        paid = true;
        events = [payment(event('invoice.paid', { currentPeriodEnd: periodEnd }))];
      }
      break;
    case 'DID_FAIL_TO_RENEW':
      // The renewal that failed is not a transaction: its charge is keyed by the notification, at the renewal price.
      events = [
        {
          ...event('invoice.payment_failed'),
          amount: centsOf(renewal?.renewalPrice) ?? amount,
          currency: renewal?.currency?.toLowerCase() ?? currency,
        },
      ];
      break;
    case 'EXPIRED':
    case 'REVOKE':
      events = [event('customer.subscription.deleted')];
      break;
    case 'REFUND': {
      events = [payment(event('charge.refunded'))];
      const revokedAt = dateOf(transaction.revocationDate) ?? signedDate;
      if (periodEnd && periodEnd.getTime() > revokedAt.getTime())
        events.push(event('customer.subscription.deleted', {}, ':revoked'));
      break;
    }
    case 'DID_CHANGE_RENEWAL_STATUS': {
      const off =
        subtype === 'AUTO_RENEW_DISABLED'
          ? true
          : subtype === 'AUTO_RENEW_ENABLED'
            ? false
            : renewal?.autoRenewStatus === 0;
      events = [event('customer.subscription.updated', { cancelAtPeriodEnd: off })];
      break;
    }
  }
  if (events.length === 0) return null;
  const purchasedAt = dateOf(transaction.purchaseDate) ?? signedDate;
  return {
    notificationUUID: id,
    type,
    subtype,
    signedDate,
    originalTransactionId,
    transactionId: transaction.transactionId ?? null,
    appAccountToken: (transaction.appAccountToken ?? renewal?.appAccountToken)?.toLowerCase() || null,
    productId: transaction.productId ?? null,
    originalPurchasedAt: dateOf(transaction.originalPurchaseDate) ?? purchasedAt,
    purchasedAt,
    paid,
    amount,
    currency,
    events,
  };
}
