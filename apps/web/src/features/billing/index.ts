/** The billing feature's public face: what other features use of it. */

export { CheckoutForm, CheckoutSection, PayWith, PriceRow, QuotePart } from './checkout-form.tsx';
export { useGetMySubscriptionQuery } from './payments-api.ts';
export type { Subscriber } from './subscriber.ts';
export { useCheckout } from './use-checkout.ts';
