/**
 * Who a checkout buys for, and what that changes in it, with no screen: a person buys a plan for their account
 * (their cards, POST /core/users/me/subscription with the coupon); an organization's owner buys the Team plan's
 * licences for it (the team's cards, POST …/organizations/{orgId}/subscription with the licence count). Pure
 * TypeScript.
 */
import type { BillingInterval, Plan } from '@eh/domain';

export type Subscriber =
  | { kind: 'person' }
  /** `licenseCount` is null while the count typed is not one that can be bought. */
  | { kind: 'team'; orgId: string; licenseCount: number | null };

export const PERSON: Subscriber = { kind: 'person' };

/** What is bought: the plan, its interval and (a person's) the coupon that fits it. */
export interface CheckoutOrder {
  plan: Plan;
  priceType: BillingInterval;
  coupon: string | null;
}

/** The subscribe call a checkout makes: the endpoint and its argument, in the order the body is sent. */
export type SubscribeCall =
  | {
      endpoint: 'subscribe';
      arg: {
        plan: Plan;
        priceType: BillingInterval;
        coupon?: string;
        stripePaymentMethodId?: string;
        affiliateId?: string;
      };
    }
  | {
      endpoint: 'subscribeTeam';
      arg: {
        orgId: string;
        plan: Plan;
        priceType: BillingInterval;
        licenseCount?: number;
        stripePaymentMethodId?: string;
        affiliateId?: string;
      };
    };

/** The call that pays for `order` with the card `method` (none: the provider's test mode), crediting the affiliate. */
export function subscribeCall(
  subscriber: Subscriber,
  order: CheckoutOrder,
  method: string | undefined,
  affiliateId: string | null | undefined,
): SubscribeCall {
  const paid = { ...(method ? { stripePaymentMethodId: method } : {}), ...(affiliateId ? { affiliateId } : {}) };
  if (subscriber.kind === 'team')
    return {
      endpoint: 'subscribeTeam',
      arg: {
        orgId: subscriber.orgId,
        plan: order.plan,
        priceType: order.priceType,
        ...(subscriber.licenseCount ? { licenseCount: subscriber.licenseCount } : {}),
        ...paid,
      },
    };
  return {
    endpoint: 'subscribe',
    arg: { plan: order.plan, priceType: order.priceType, ...(order.coupon ? { coupon: order.coupon } : {}), ...paid },
  };
}

/**
 * Whether the cards can be listed and paid with: billing on, and a person signed in (an organization's checkout is
 * its signed-in owner's).
 */
export function cardsReady(subscriber: Subscriber, billingOn: boolean, signedIn: boolean | null | undefined): boolean {
  return billingOn && (subscriber.kind === 'team' || signedIn === true);
}

/** The test ids of a checkout's root, its pay button and its refusal, the person's as the subscribe flow's. */
export const CHECKOUT_IDS: Readonly<Record<Subscriber['kind'], { root: string; pay: string; problem: string }>> = {
  person: { root: 'subscribe-flow', pay: 'subscribe-pay', problem: 'subscribe-error' },
  team: { root: 'team-checkout', pay: 'team-pay', problem: 'team-checkout-error' },
};
