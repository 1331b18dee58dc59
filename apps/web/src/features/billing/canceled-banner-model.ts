import type { SubscriptionResponse } from './payments-api.ts';

export type Subscription = NonNullable<SubscriptionResponse['subscription']>;

/**
 * What the canceled-subscription banner says (SPEC §2): `ending` while a subscription set to cancel at its period
 * end still runs (it can be reactivated), `ended` once it is canceled (it can only be bought again); null when
 * there is nothing to say. `resetClosed`: the subscription runs and is not set to cancel (reactivated, or bought
 * again), so a banner closed for an earlier cancellation must show for the next one.
 */
export type CanceledBanner =
  | { kind: 'ending'; subscription: Subscription; resetClosed: false }
  | { kind: 'ended'; subscription: Subscription; resetClosed: false }
  | { kind: 'none'; resetClosed: boolean };

export function canceledBannerOf(subscription: Subscription | null | undefined): CanceledBanner {
  if (!subscription) return { kind: 'none', resetClosed: false };
  if (subscription.status === 'canceled') return { kind: 'ended', subscription, resetClosed: false };
  if (subscription.cancelAtPeriodEnd) return { kind: 'ending', subscription, resetClosed: false };
  return { kind: 'none', resetClosed: true };
}
