import {
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  DEFAULT_PRICE_TYPE,
  PAYMENT_STATUSES,
  PLANS,
  PRO_PLAN,
  SUBSCRIPTION_STATUSES,
} from '@eh/domain';
import { z } from 'zod';
import { CouponNameSchema } from './billing.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/** Issue 18, write side: cards, subscriptions, charges and the provider's webhook (SPEC §7 Payments and subscription). */
const TAGS = ['subscriptions'];

const RowId = z.coerce.number().int('must be a whole number').min(1).max(2_147_483_647);

/** Which billing runs, and what the client needs of it (the publishable key for Stripe Elements). */
const ProviderInfo = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  /** True for the offline `test` provider: nothing is charged. */
  testMode: z.boolean(),
  /** "Test billing — no card is charged" in test mode, else null. */
  label: z.string().nullable(),
  publishableKey: z.string().nullable(),
});

export const postPaymentsSetup = defineRoute({
  method: 'POST',
  path: paths.postPaymentsSetup,
  group: 'portfolios',
  summary: 'A SetupIntent to collect a card (the test provider answers a labelled test client secret)',
  tags: TAGS,
  response: ProviderInfo.extend({ setupIntentId: z.string(), clientSecret: z.string() }),
});

export const PaymentMethodView = z.object({
  id: z.number().int(),
  provider: z.enum(BILLING_PROVIDERS),
  stripePaymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type PaymentMethodView = z.infer<typeof PaymentMethodView>;

export const getPaymentMethods = defineRoute({
  method: 'GET',
  path: paths.getPaymentMethods,
  group: 'portfolios',
  summary: "The caller's saved cards, newest first",
  tags: TAGS,
  response: z.object({ paymentMethods: z.array(PaymentMethodView) }),
});

/** Stripe's payment method id (`pm_…`), or with the test provider one of Stripe's documented test card numbers. */
const PaymentMethodInput = SafeString.trim()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .regex(/^[A-Za-z0-9_ -]+$/, 'must be a payment method id (pm_…) or, in test billing, a test card number');

export const postPaymentMethod = defineRoute({
  method: 'POST',
  path: paths.postPaymentMethod,
  group: 'portfolios',
  summary:
    'Saves a card: a Stripe payment method id (pm_…), or in test billing a test card number (4242 4242 4242 4242)',
  tags: TAGS,
  body: z.object({ stripePaymentMethodId: PaymentMethodInput }),
  status: 201,
  response: PaymentMethodView,
});

export const deletePaymentMethod = defineRoute({
  method: 'DELETE',
  path: paths.deletePaymentMethod,
  group: 'portfolios',
  summary: "Removes one of the caller's cards (another user's is a 404)",
  tags: TAGS,
  params: z.object({ id: RowId }),
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

export const SubscriptionDetail = z.object({
  id: z.number().int(),
  provider: z.enum(BILLING_PROVIDERS),
  plan: z.enum(PLANS),
  priceType: z.enum(BILLING_INTERVALS),
  /** Cents of the period paid now (after the coupon and any credit, for the first one). */
  amount: z.number().int(),
  /** Cents the next charge will be (a first-period coupon or credit over), or null when none will come. */
  nextChargeAmount: z.number().int().nullable(),
  currency: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  couponId: z.number().int().nullable(),
  affiliateId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const SubscriptionView = ProviderInfo.extend({
  /** The caller's newest subscription, or null when they never subscribed. */
  subscription: SubscriptionDetail.nullable(),
  /**
   * The caller's own UUID for App Store purchases (decision 0022): the native app passes it as the purchase's
   * `appAccountToken`, so the App Store's notifications name this account. Stable; absent before the account exists.
   */
  appAccountToken: z.uuid().optional(),
});

export const getMySubscription = defineRoute({
  method: 'GET',
  path: paths.getMySubscription,
  group: 'portfolios',
  summary: "The caller's subscription and the billing provider in use",
  tags: TAGS,
  response: SubscriptionView,
});

export const postMySubscription = defineRoute({
  method: 'POST',
  path: paths.postMySubscription,
  group: 'portfolios',
  summary:
    'Subscribes (plan defaults to pro, priceType to yearly, optional coupon and affiliateId), or with cancelAtPeriodEnd cancels at the period end',
  tags: TAGS,
  body: z.object({
    plan: z.enum(PLANS).default(PRO_PLAN),
    priceType: z.enum(BILLING_INTERVALS).default(DEFAULT_PRICE_TYPE),
    /** A coupon by name (any case) or by id. */
    coupon: CouponNameSchema.optional(),
    couponId: RowId.optional(),
    /** A card to pay with: a saved one is used when absent. */
    stripePaymentMethodId: PaymentMethodInput.optional(),
    /** SPEC §3 Payment: accepted; the server computes whether the first payment is free. */
    isFreeAfterPromo: z.boolean().optional(),
    affiliateId: SafeString.trim().min(1).max(100, 'must be at most 100 characters').optional(),
    /** true: cancel at the end of the period paid for (nothing else in the body applies). */
    cancelAtPeriodEnd: z.boolean().optional(),
  }),
  response: SubscriptionView,
});

export const getRefundEligibility = defineRoute({
  method: 'GET',
  path: paths.getRefundEligibility,
  group: 'portfolios',
  summary: "Whether the caller's last payment can be refunded, and why not",
  tags: TAGS,
  response: z.object({
    eligible: z.boolean(),
    reason: z.string().nullable(),
    chargeId: z.number().int().nullable(),
    amount: z.number().int().nullable(),
    refundableUntil: z.iso.datetime().nullable(),
  }),
});

export const postRefund = defineRoute({
  method: 'POST',
  path: paths.postRefund,
  group: 'portfolios',
  summary:
    'Refunds the last payment while the refund call says it is eligible, and ends the subscription it paid for now',
  tags: TAGS,
  response: SubscriptionView,
});

export const postReactivate = defineRoute({
  method: 'POST',
  path: paths.postReactivate,
  group: 'portfolios',
  summary: 'Undoes a cancel at period end before the period ends',
  tags: TAGS,
  response: SubscriptionView,
});

export const ChargeView = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(BILLING_PROVIDERS),
  description: z.string(),
  receiptUrl: z.string().nullable(),
  refunded: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ChargeView = z.infer<typeof ChargeView>;

export const getCharges = defineRoute({
  method: 'GET',
  path: paths.getCharges,
  group: 'portfolios',
  summary: "The caller's charge history, newest first",
  tags: TAGS,
  response: z.object({ charges: z.array(ChargeView) }),
});

export const postSubscriptionCharge = defineRoute({
  method: 'POST',
  path: paths.postSubscriptionCharge,
  group: 'portfolios',
  summary: "Pays a delinquent subscription's open payment now (with a saved card, or the one given)",
  tags: TAGS,
  body: z.object({ paymentMethodId: RowId.optional() }).default({}),
  response: SubscriptionView,
});

export const postStripeWebhook = defineRoute({
  method: 'POST',
  path: paths.postStripeWebhook,
  group: 'public',
  summary: "The billing provider's webhook: signature checked (Stripe-Signature), each event applied once",
  tags: TAGS,
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});

/** A JWS compact serialisation: three base64url parts (Apple's signedPayload). */
const SignedPayload = SafeString.max(262_144, 'must be at most 262144 characters').regex(
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
  'must be a signed JWS (three base64url parts)',
);

export const postAppleNotification = defineRoute({
  method: 'POST',
  path: paths.postAppleNotification,
  group: 'public',
  summary:
    "App Store Server Notifications V2: the signed payload verified against Apple's root certificates, each notification applied once",
  tags: TAGS,
  body: z.object({ signedPayload: SignedPayload }),
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});
