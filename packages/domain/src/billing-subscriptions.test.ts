import { describe, expect, it } from 'vitest';
import {
  accountOfSubscription,
  applySubscriptionEvent,
  type BillingEvent,
  nextPaymentStatus,
  paymentStatusOf,
  type SubscriptionSnapshot,
  subscriptionStatusOf,
  testCardOf,
} from './billing.ts';
import { accountFeaturesFor, PRO_PLAN } from './plans.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const start: SubscriptionSnapshot = {
  status: 'pending',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  lastEventAt: null,
};
const event = (type: BillingEvent['type'], seconds: number, extra: Partial<BillingEvent> = {}): BillingEvent => ({
  id: `evt_${type}_${seconds}`,
  type,
  created: at(seconds),
  ...extra,
});
const run = (events: BillingEvent[], from = start) =>
  events.reduce((state, e) => applySubscriptionEvent(state, e).next, from);

describe('applySubscriptionEvent', () => {
  it('invoice.paid makes a subscription active with the period it paid for', () => {
    const { next, applied } = applySubscriptionEvent(start, event('invoice.paid', 10, { currentPeriodEnd: at(99) }));
    expect(applied).toBe(true);
    expect(next).toEqual({ status: 'active', currentPeriodEnd: at(99), cancelAtPeriodEnd: false, lastEventAt: at(10) });
  });

  it('a failed payment makes it delinquent; paying again makes it active', () => {
    const failed = run([event('invoice.paid', 1), event('invoice.payment_failed', 2)]);
    expect(failed.status).toBe('delinquent');
    expect(run([event('invoice.paid', 3)], failed).status).toBe('active');
  });

  it('an event older than the last applied one changes nothing', () => {
    const delinquent = run([event('invoice.paid', 1), event('invoice.payment_failed', 5)]);
    const late = applySubscriptionEvent(delinquent, event('invoice.paid', 3));
    expect(late.applied).toBe(false);
    expect(late.next).toBe(delinquent);
  });

  it('delivered out of order, the final state is the newest event’s', () => {
    const events = [
      event('invoice.paid', 1, { currentPeriodEnd: at(100) }),
      event('invoice.payment_failed', 2),
      event('invoice.paid', 3, { currentPeriodEnd: at(200) }),
    ];
    const inOrder = run(events);
    const shuffled = run([events[2], events[0], events[1]] as BillingEvent[]);
    expect(shuffled).toEqual(inOrder);
    expect(shuffled.status).toBe('active');
    expect(shuffled.currentPeriodEnd).toEqual(at(200));
  });

  it('subscription.updated maps Stripe statuses and keeps cancel at period end', () => {
    const updated = run([
      event('customer.subscription.updated', 1, {
        providerStatus: 'past_due',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: at(50),
      }),
    ]);
    expect(updated).toMatchObject({ status: 'delinquent', cancelAtPeriodEnd: true, currentPeriodEnd: at(50) });
    // An unknown status word keeps the status, but the other fields apply.
    const odd = run(
      [event('customer.subscription.updated', 2, { providerStatus: 'weird', cancelAtPeriodEnd: false })],
      updated,
    );
    expect(odd).toMatchObject({ status: 'delinquent', cancelAtPeriodEnd: false });
  });

  it('deleted is final: nothing later brings the subscription back', () => {
    const canceled = run([event('invoice.paid', 1), event('customer.subscription.deleted', 2)]);
    expect(canceled.status).toBe('canceled');
    expect(applySubscriptionEvent(canceled, event('invoice.paid', 9)).applied).toBe(false);
  });

  it('charge events leave the subscription as it is', () => {
    const active = run([event('invoice.paid', 1)]);
    expect(run([event('charge.refunded', 2), event('charge.dispute.created', 3)], active)).toBe(active);
  });
});

describe('statuses', () => {
  it('maps Stripe subscription words to SPEC statuses', () => {
    expect(
      ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'canceled', 'incomplete_expired', 'x'].map(
        subscriptionStatusOf,
      ),
    ).toEqual(['active', 'active', 'delinquent', 'delinquent', 'pending', 'canceled', 'canceled', null]);
  });

  it('maps events to payment statuses and never moves a charge backwards', () => {
    expect(paymentStatusOf('invoice.paid')).toBe('paid');
    expect(paymentStatusOf('invoice.payment_failed')).toBe('failed');
    expect(paymentStatusOf('charge.refunded')).toBe('refunded');
    expect(paymentStatusOf('charge.dispute.created')).toBe('disputed');
    expect(paymentStatusOf('customer.subscription.updated')).toBeNull();
    expect(nextPaymentStatus('pending', 'paid')).toBe('paid');
    expect(nextPaymentStatus('refunded', 'paid')).toBe('refunded');
    expect(nextPaymentStatus('paid', 'failed')).toBe('paid');
    expect(nextPaymentStatus('paid', 'disputed')).toBe('disputed');
  });

  it('a delinquent subscriber loses the paid features and regains them when active', () => {
    const delinquent = accountOfSubscription('delinquent', PRO_PLAN);
    expect(accountFeaturesFor(delinquent).ehs).toBe(false);
    expect(accountFeaturesFor(accountOfSubscription('active', PRO_PLAN)).ehs).toBe(true);
    expect(accountFeaturesFor(accountOfSubscription('pending', PRO_PLAN)).ehs).toBe(false);
    expect(accountOfSubscription('canceled', PRO_PLAN)).toEqual({
      plan: 'free',
      subscriptionType: 'free',
      status: 'canceled',
    });
  });

  it('knows Stripe’s documented test cards, spaced or not', () => {
    expect(testCardOf('4242 4242 4242 4242')).toEqual({ number: '4242424242424242', brand: 'visa', decline: null });
    expect(testCardOf('4000-0000-0000-0002')?.decline).toBe('Your card was declined.');
    expect(testCardOf('4000000000009995')?.decline).toBe('Your card has insufficient funds.');
    expect(testCardOf('1234')).toBeNull();
  });
});
