import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from './webhook-events.ts';

const envelope = (type: string, object: Record<string, unknown>) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1_800_000_000,
  data: { object },
});

describe('parseStripeEvent', () => {
  it('reads an invoice of the older API (subscription and charge at the top)', () => {
    const parsed = parseStripeEvent(
      envelope('invoice.paid', {
        id: 'in_1',
        subscription: 'sub_1',
        charge: 'ch_1',
        amount_paid: 999,
        currency: 'usd',
        lines: { data: [{ period: { end: 1_900_000_000 } }] },
      }),
    );
    expect(parsed).toMatchObject({
      event: { id: 'evt_1', type: 'invoice.paid', created: new Date(1_800_000_000_000) },
      subscriptionId: 'sub_1',
      chargeId: 'ch_1',
      invoiceId: 'in_1',
      amount: 999,
    });
    expect(parsed?.event.currentPeriodEnd).toEqual(new Date(1_900_000_000_000));
  });

  it('reads an invoice of the newer API (parent.subscription_details) and a failed one by amount due', () => {
    const parsed = parseStripeEvent(
      envelope('invoice.payment_failed', {
        id: 'in_2',
        parent: { subscription_details: { subscription: 'sub_2' } },
        amount_due: 500,
      }),
    );
    expect(parsed).toMatchObject({ subscriptionId: 'sub_2', chargeId: null, invoiceId: 'in_2', amount: 500 });
  });

  it('reads a subscription with its period end on the first item', () => {
    const parsed = parseStripeEvent(
      envelope('customer.subscription.updated', {
        id: 'sub_3',
        status: 'past_due',
        cancel_at_period_end: true,
        items: { data: [{ current_period_end: 1_900_000_000 }] },
      }),
    );
    expect(parsed?.subscriptionId).toBe('sub_3');
    expect(parsed?.event).toMatchObject({ providerStatus: 'past_due', cancelAtPeriodEnd: true });
    expect(parsed?.event.currentPeriodEnd).toEqual(new Date(1_900_000_000_000));
  });

  it('reads refunds and disputes by charge id', () => {
    expect(parseStripeEvent(envelope('charge.refunded', { id: 'ch_4', amount: 100 }))?.chargeId).toBe('ch_4');
    expect(parseStripeEvent(envelope('charge.dispute.created', { id: 'dp_1', charge: 'ch_5' }))?.chargeId).toBe('ch_5');
  });

  it('ignores other events and malformed envelopes', () => {
    expect(parseStripeEvent(envelope('customer.created', { id: 'cus_1' }))).toBeNull();
    for (const bad of [
      null,
      'x',
      [],
      { id: 'evt', type: 'invoice.paid' },
      { ...envelope('invoice.paid', {}), created: 'x' },
    ])
      expect(parseStripeEvent(bad)).toBeNull();
  });
});
