import {
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  COUPON_DURATIONS,
  DEFAULT_APP,
  DISCOUNT_TYPES,
  MAX_TEAM_LICENSES,
  PLANS,
} from '@eh/domain';
import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

const TAGS = ['subscriptions'];

/** Amounts are integer cents. */
const Cents = z.number().int();

/** An app's name as plans are priced for it (`earningshub`). */
const AppName = SafeString.trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-z][a-z0-9_]*$/, 'must be an app name such as earningshub (lower-case letters, digits, _)');

export const CouponNameSchema = SafeString.trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

export const PlanPrice = z.object({ priceId: z.number().int(), amount: Cents, currency: z.string() });

export const PlanOffer = z.object({
  plan: z.enum(PLANS),
  /** Team: the price is per licence. */
  perLicense: z.boolean(),
  monthly: PlanPrice.nullable(),
  yearly: PlanPrice.nullable(),
  /** Twelve monthly charges minus the yearly one. */
  yearlySaving: z.object({ amount: Cents, percent: z.number().int() }),
});
export type PlanOffer = z.infer<typeof PlanOffer>;

/** An App Store product id and the plan and interval it buys (an auto-renewable subscription). */
export const AppleProductOffer = z.object({
  productId: z.string(),
  plan: z.enum(PLANS),
  priceType: z.enum(BILLING_INTERVALS),
});
export type AppleProductOffer = z.infer<typeof AppleProductOffer>;

export const getPlans = defineRoute({
  method: 'GET',
  path: paths.getPlans,
  group: 'public',
  summary: "An app's plans with their monthly and yearly prices (cents) and the yearly saving",
  tags: TAGS,
  query: z.object({ app: AppName.default(DEFAULT_APP) }),
  response: z.object({
    app: z.string(),
    /** SPEC §3 Payment: priceType defaults to yearly. */
    defaultPriceType: z.enum(BILLING_INTERVALS),
    plans: z.array(PlanOffer),
    /**
     * Whether plans can be bought here and through which provider (the label: "Test billing — no card is charged"
     * in test mode); null when billing is off and every payment call answers 503.
     */
    billing: z
      .object({ provider: z.enum(BILLING_PROVIDERS), testMode: z.boolean(), label: z.string().nullable() })
      .nullable(),
    /**
     * The App Store products of the server's APPLE_PRODUCT_IDS (decision 0022): which product id buys which of these
     * plans and intervals in the iOS app (decision 0034). Empty when none is configured or billing is off.
     */
    appleProducts: z.array(AppleProductOffer).optional(),
  }),
});

export const CouponView = z.object({
  id: z.number().int(),
  name: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Cents off for `amount`, a whole percent for `percent`. */
  value: z.number().int(),
  duration: z.enum(COUPON_DURATIONS),
  durationMonths: z.number().int().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  isFreeAfterPromo: z.boolean(),
  /** Empty: every paid plan. */
  plans: z.array(z.enum(PLANS)),
  /** The partner handing it out (cnbc, wolf). */
  source: z.string().nullable(),
});
export type CouponView = z.infer<typeof CouponView>;

export const getCoupon = defineRoute({
  method: 'GET',
  path: paths.getCoupon,
  group: 'public',
  summary:
    'A coupon by name (any case) if it can be used now for the plan: 404 unknown, 400 expired/used up/other plan',
  tags: TAGS,
  params: z.object({ couponName: CouponNameSchema }),
  query: z.object({
    plan: z.enum(PLANS).optional(),
    subscriberId: z.uuid().optional(),
    subscriberType: z.enum(['user', 'organization']).optional(),
  }),
  response: CouponView,
});

export const PriceQuoteSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  currency: z.string(),
  unitAmount: Cents,
  licenseCount: z.number().int(),
  subtotal: Cents,
  discount: Cents,
  prorationCredit: Cents,
  dueNow: Cents,
  afterPromo: Cents,
  isFreeAfterPromo: z.boolean(),
  promoCharges: z.number().int().nullable(),
});
export type PriceQuoteView = z.infer<typeof PriceQuoteSchema>;

export const getPrices = defineRoute({
  method: 'GET',
  path: paths.getPrices,
  group: 'public',
  summary:
    'What a plan costs now and after the promotion, monthly and yearly (cents): licences, coupon, plus → pro proration',
  tags: TAGS,
  query: z.object({
    plan: z.enum(PLANS),
    couponId: z.coerce.number().int('must be a whole number').min(1).max(2_147_483_647).optional(),
    licenseCount: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_TEAM_LICENSES, `must be at most ${MAX_TEAM_LICENSES}`)
      .default(1),
    upgradePro: z.stringbool().default(false),
    app: AppName.default(DEFAULT_APP),
  }),
  response: z.object({
    plan: z.enum(PLANS),
    coupon: CouponView.nullable(),
    monthly: PriceQuoteSchema.nullable(),
    yearly: PriceQuoteSchema.nullable(),
    /** The plus period credited on an upgrade to pro; null when there is none (or the caller is signed out). */
    proration: z
      .object({
        fromPlan: z.enum(PLANS),
        interval: z.enum(BILLING_INTERVALS),
        paid: Cents,
        daysLeft: z.number().int(),
        periodDays: z.number().int(),
        credit: Cents,
      })
      .nullable(),
  }),
});

export const getCouponById = defineRoute({
  method: 'GET',
  path: paths.getCouponById,
  group: 'public',
  summary: 'A coupon by id as it is stored (expiry and plans included, whether or not it can be used now)',
  tags: TAGS,
  params: z.object({ id: z.coerce.number().int('must be a whole number').min(1).max(2_147_483_647) }),
  response: CouponView,
});
