/**
 * Stripe's SDK as billing (subscriptions, the webhook's signature) and the affiliates' payouts use it. It loads on
 * first use (decision 0053): a start that sells nothing yet (test billing, the demo) does not spend the 0.2 s of CPU
 * and 8 MB of heap its modules take.
 */
import type Stripe from 'stripe';

export const loadStripe = () => import('stripe').then((module) => module.default);

/** The SDK's options: one network retry, and another host where STRIPE_API_BASE names one (a mock of Stripe). */
export function stripeOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const base = apiBase ? new URL(apiBase) : null;
  return {
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  };
}
