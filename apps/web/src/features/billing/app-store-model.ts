/**
 * The rules of buying a plan through the App Store in the iOS app (decisions 0022, 0034) that need no screen: which
 * App Store product buys the chosen plan and interval, what each purchase outcome says, and when the server has
 * applied the App Store's notification. Pure TypeScript.
 */
import type { BillingInterval, BillingProviderName, Plan } from '@eh/domain';

/** An App Store product of the server's price list (`appleProducts`, from APPLE_PRODUCT_IDS). */
export interface AppStoreProduct {
  productId: string;
  plan: Plan;
  priceType: BillingInterval;
}

/** The product id that buys `plan` billed `priceType`, or null when the server names none (not for sale in the app). */
export function appStoreProduct(
  products: readonly AppStoreProduct[] | undefined,
  plan: Plan,
  priceType: BillingInterval,
): string | null {
  return products?.find((product) => product.plan === plan && product.priceType === priceType)?.productId ?? null;
}

const UNIT: Readonly<Record<BillingInterval, string>> = { monthly: 'monthly', yearly: 'yearly' };

/** No product for this plan and interval: said instead of a card form (Apple's rule for plans bought in an iOS app). */
export function notInAppWords(planLabel: string, priceType: BillingInterval): string {
  return `${planLabel} billed ${UNIT[priceType]} can’t be bought in the app yet.`;
}

export type AppStoreOutcome = 'purchased' | 'pending' | 'cancelled';

/** What the flow says after the App Store's answer, in plain words. */
export function outcomeWords(
  outcome: AppStoreOutcome,
  planLabel: string,
): { severity: 'success' | 'info'; text: string } {
  switch (outcome) {
    case 'purchased':
      return {
        severity: 'success',
        text: `The App Store took your purchase. Your ${planLabel} plan becomes active as soon as Apple confirms it to us; this window shows it when it does.`,
      };
    case 'pending':
      return {
        severity: 'info',
        text: `Your purchase is waiting for approval (for example Ask to Buy). Your ${planLabel} plan becomes active once it is approved; nothing has changed yet.`,
      };
    case 'cancelled':
      return { severity: 'info', text: 'The purchase was cancelled. Nothing was charged and your plan is unchanged.' };
  }
}

/** After a purchase, still not confirmed once the refetches are done: the plan follows Apple's notification later. */
export function stillWaitingWords(planLabel: string): string {
  return `Apple has not confirmed the purchase to us yet. Your ${planLabel} plan becomes active when it does; you can close this window.`;
}

/** How often, and how many times, the user is fetched again after a purchase while Apple's notification is awaited. */
export const CONFIRM_POLL_MS = 3_000;
export const CONFIRM_POLL_TIMES = 10;

interface AccountSubscription {
  subscriptionType: 'free' | 'paid';
  status: string;
  plan: Plan;
  priceType?: BillingInterval | null | undefined;
}

/** Whether the account now pays for `plan` billed `priceType`: the App Store's notification reached the server. */
export function isConfirmed(sub: AccountSubscription | undefined, plan: Plan, priceType: BillingInterval): boolean {
  return (
    !!sub &&
    sub.subscriptionType === 'paid' &&
    sub.status === 'active' &&
    sub.plan === plan &&
    sub.priceType === priceType
  );
}

/**
 * A plan paid by card now (the web's checkout): buying in the App Store too would charge twice, so the app sends the
 * person to Manage subscription instead. Null when the App Store may sell.
 */
export function billedElsewhere(
  paying: boolean,
  subscription: { provider: BillingProviderName } | null | undefined,
): string | null {
  if (!paying || !subscription || subscription.provider === 'apple') return null;
  return 'Your plan is billed to your card. Change or cancel it from Manage subscription.';
}
