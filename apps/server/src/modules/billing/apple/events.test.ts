import { describe, expect, it } from 'vitest';
import { parseAppleNotification } from './events.ts';
import type { DecodedAppleNotification } from './verifier.ts';

const DAY = 86_400_000;
const SIGNED = Date.UTC(2026, 10, 20, 12);

/** Apple's documented V2 fields, as the verifier hands them over once checked. */
function decoded(
  notificationType: string,
  options: { subtype?: string; transaction?: Record<string, unknown>; renewal?: Record<string, unknown> } = {},
): DecodedAppleNotification {
  return {
    notification: {
      notificationType,
      subtype: options.subtype,
      notificationUUID: '7f9c1a52-1111-4222-8333-944455556666',
      signedDate: SIGNED,
      version: '2.0',
    },
    transaction: {
      transactionId: '2000000000000002',
      originalTransactionId: '1000000000000001',
      productId: 'com.example.pro.monthly',
      purchaseDate: SIGNED - 1000,
      originalPurchaseDate: SIGNED - 60 * DAY,
      expiresDate: SIGNED + 30 * DAY,
      type: 'Auto-Renewable Subscription',
      appAccountToken: 'A1B2C3D4-0000-4000-8000-000000000001',
      price: 24990,
      currency: 'USD',
      ...options.transaction,
    },
    renewal: { originalTransactionId: '1000000000000001', renewalPrice: 19990, currency: 'EUR', ...options.renewal },
  };
}

const types = (notice: ReturnType<typeof parseAppleNotification>) => notice?.events.map((e) => e.event.type);

describe('App Store notifications in the state machine’s terms', () => {
  it('SUBSCRIBED and DID_RENEW pay a period: the transaction is the charge, its expiry the period end', () => {
    for (const type of ['SUBSCRIBED', 'DID_RENEW']) {
      const notice = parseAppleNotification(decoded(type));
      expect(notice).toMatchObject({
        paid: true,
        originalTransactionId: '1000000000000001',
        appAccountToken: 'a1b2c3d4-0000-4000-8000-000000000001',
        amount: 2499,
        currency: 'usd',
        originalPurchasedAt: new Date(SIGNED - 60 * DAY),
      });
      expect(notice?.events).toEqual([
        {
          event: {
            id: '7f9c1a52-1111-4222-8333-944455556666',
            type: 'invoice.paid',
            created: new Date(SIGNED),
            currentPeriodEnd: new Date(SIGNED + 30 * DAY),
          },
          subscriptionId: null,
          chargeId: '2000000000000002',
          invoiceId: null,
          amount: 2499,
          currency: 'usd',
          receiptUrl: null,
          description: null,
        },
      ]);
    }
  });

  it('DID_FAIL_TO_RENEW is a failed payment at the renewal price, keyed by the notification', () => {
    const [failed] = parseAppleNotification(decoded('DID_FAIL_TO_RENEW', { subtype: 'GRACE_PERIOD' }))?.events ?? [];
    expect(failed).toMatchObject({
      event: { type: 'invoice.payment_failed' },
      chargeId: null,
      amount: 1999,
      currency: 'eur',
    });
  });

  it('EXPIRED and REVOKE end it; auto-renew off or on is cancel at period end', () => {
    expect(types(parseAppleNotification(decoded('EXPIRED', { subtype: 'VOLUNTARY' })))).toEqual([
      'customer.subscription.deleted',
    ]);
    expect(types(parseAppleNotification(decoded('REVOKE')))).toEqual(['customer.subscription.deleted']);
    const off = parseAppleNotification(decoded('DID_CHANGE_RENEWAL_STATUS', { subtype: 'AUTO_RENEW_DISABLED' }));
    expect(off?.events[0]?.event).toMatchObject({ type: 'customer.subscription.updated', cancelAtPeriodEnd: true });
    const on = parseAppleNotification(decoded('DID_CHANGE_RENEWAL_STATUS', { subtype: 'AUTO_RENEW_ENABLED' }));
    expect(on?.events[0]?.event.cancelAtPeriodEnd).toBe(false);
  });

  it('REFUND refunds the charge, and ends the subscription only when the refunded period had not ended', () => {
    const running = parseAppleNotification(decoded('REFUND', { transaction: { revocationDate: SIGNED - DAY } }));
    expect(running?.events.map((e) => [e.event.type, e.event.id, e.chargeId])).toEqual([
      ['charge.refunded', '7f9c1a52-1111-4222-8333-944455556666', '2000000000000002'],
      ['customer.subscription.deleted', '7f9c1a52-1111-4222-8333-944455556666:revoked', null],
    ]);
    const past = parseAppleNotification(
      decoded('REFUND', { transaction: { expiresDate: SIGNED - 10 * DAY, revocationDate: SIGNED - DAY } }),
    );
    expect(types(past)).toEqual(['charge.refunded']);
  });

  it('an upgrade pays at once; a downgrade waits for the renewal', () => {
    expect(types(parseAppleNotification(decoded('DID_CHANGE_RENEWAL_PREF', { subtype: 'UPGRADE' })))).toEqual([
      'invoice.paid',
    ]);
    expect(parseAppleNotification(decoded('DID_CHANGE_RENEWAL_PREF', { subtype: 'DOWNGRADE' }))).toBeNull();
  });

  it('reads nothing from other kinds of notification, other products, or a transaction without its ids', () => {
    expect(parseAppleNotification(decoded('TEST'))).toBeNull();
    expect(parseAppleNotification(decoded('PRICE_INCREASE'))).toBeNull();
    expect(parseAppleNotification(decoded('REFUND', { transaction: { type: 'Consumable' } }))).toBeNull();
    const noIds = decoded('SUBSCRIBED', { transaction: { originalTransactionId: undefined }, renewal: {} });
    expect(parseAppleNotification({ ...noIds, renewal: null })).toBeNull();
    expect(
      parseAppleNotification(decoded('SUBSCRIBED', { transaction: { originalTransactionId: "1%' or 1=1" } })),
    ).toBeNull();
    expect(parseAppleNotification({ ...decoded('SUBSCRIBED'), transaction: null })).toBeNull();
  });
});
