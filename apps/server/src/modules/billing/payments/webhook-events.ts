import { type BillingEvent, isBillingEventType } from '@eh/domain';

/** A webhook event as the service applies it: the rules' part and the ids that find our rows. */
export interface ParsedEvent {
  event: BillingEvent;
  subscriptionId: string | null;
  /** The charge an invoice paid (or tried to), or the charge refunded or disputed. */
  chargeId: string | null;
  /** An invoice's id: the charge key when the invoice names no charge (newer Stripe API versions). */
  invoiceId: string | null;
  amount: number | null;
  currency: string | null;
  receiptUrl: string | null;
  description: string | null;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value)?.id);
const dateOf = (unixSeconds: unknown): Date | null => {
  const n = num(unixSeconds);
  return n === null ? null : new Date(n * 1000);
};

/**
 * Reads a verified Stripe event (Stripe's documented shapes; the test provider sends the same). Both API styles
 * are read: `invoice.subscription`/`invoice.charge` (before 2025-03-31) and `invoice.parent.subscription_details`
 * (after); a subscription's period end at the top or on its first item. Null: an event the state machine ignores.
 */
export function parseStripeEvent(raw: unknown): ParsedEvent | null {
  const envelope = obj(raw);
  const id = str(envelope?.id);
  const type = str(envelope?.type);
  const created = dateOf(envelope?.created);
  const object = obj(obj(envelope?.data)?.object);
  if (!id || !type || !created || !object || !isBillingEventType(type)) return null;
  const base: ParsedEvent = {
    event: { id, type, created },
    subscriptionId: null,
    chargeId: null,
    invoiceId: null,
    amount: null,
    currency: str(object.currency),
    receiptUrl: null,
    description: str(object.description),
  };
  switch (type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = obj(obj(object.parent)?.subscription_details);
      const line = obj((obj(object.lines)?.data as unknown[] | undefined)?.[0]);
      return {
        ...base,
        event: { ...base.event, currentPeriodEnd: dateOf(obj(line?.period)?.end) ?? dateOf(object.period_end) },
        subscriptionId: idOf(object.subscription) ?? idOf(parent?.subscription),
        chargeId: idOf(object.charge),
        invoiceId: str(object.id),
        amount: num(type === 'invoice.paid' ? object.amount_paid : object.amount_due),
        receiptUrl: str(object.hosted_invoice_url),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const item = obj((obj(object.items)?.data as unknown[] | undefined)?.[0]);
      const cancel = object.cancel_at_period_end;
      return {
        ...base,
        event: {
          ...base.event,
          providerStatus: str(object.status) ?? undefined,
          currentPeriodEnd: dateOf(object.current_period_end) ?? dateOf(item?.current_period_end),
          cancelAtPeriodEnd: typeof cancel === 'boolean' ? cancel : undefined,
        },
        subscriptionId: str(object.id),
      };
    }
    case 'charge.refunded':
      return {
        ...base,
        chargeId: str(object.id),
        invoiceId: idOf(object.invoice),
        amount: num(object.amount),
        receiptUrl: str(object.receipt_url),
      };
    case 'charge.dispute.created':
      return { ...base, chargeId: idOf(object.charge), amount: num(object.amount) };
  }
}
