/**
 * The plans on /pricing and what each unlocks, computed from the domain's feature rules (SPEC §4), never
 * restated by hand. Pure TypeScript.
 */
import {
  type AccountFeatures,
  accountFeaturesFor,
  BOOLEAN_ACCOUNT_FEATURES,
  type BooleanAccountFeature,
  CALENDAR_GATES,
  canUsePremium,
  FREE_PLAN,
  GATED_FEATURE_REQUIREMENTS,
  GATED_FEATURES,
  type GatedFeature,
  isPlan,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  type PremiumFeature,
  TEAM_PLAN,
  UNLIMITED_LIST_LIMIT,
} from '@eh/domain';

/** The four plans sold on the pricing page (partner pro comes through a partner, not from this page). */
export const PRICING_PLANS: readonly Plan[] = [FREE_PLAN, PLUS_PLAN, PRO_PLAN, TEAM_PLAN];

export const FEATURE_LABELS: Readonly<Record<BooleanAccountFeature, string>> = {
  alerts: 'Choose what each alert is for: results, calls, transcripts, ratings, digests and more',
  analystRatings: 'Analyst ratings and price targets',
  fedCalendar: 'Fed calendar',
  economicCalendar: 'Economic calendar',
  historicalAudio: 'Recordings of past calls',
  historicalEarnings: 'Full earnings history',
  historicalDividends: 'Full dividend history',
  eventSlides: 'Call slides',
  eventReports: 'Earnings reports',
  eventTranscripts: 'Call transcripts',
  eventTranscriptsAi: 'AI call summaries',
  corporateGuidance: 'Corporate guidance',
  shortInterest: 'Short interest history',
  prePostEarningsMove: 'Price move around each report',
  ehs: 'EHS scores and the EH500',
};

export interface PlanFeatures {
  plan: Plan;
  features: AccountFeatures;
  /** Features this plan adds over the plan before it. */
  added: BooleanAccountFeature[];
}

export function featuresOf(plan: Plan): AccountFeatures {
  return accountFeaturesFor({ plan, subscriptionType: plan === FREE_PLAN ? 'free' : 'paid', status: 'active' });
}

export function planLadder(plans: readonly Plan[] = PRICING_PLANS): PlanFeatures[] {
  let previous: AccountFeatures | null = null;
  return plans.map((plan) => {
    const features = featuresOf(plan);
    const added = BOOLEAN_ACCOUNT_FEATURES.filter((key) => features[key] && !previous?.[key]);
    previous = features;
    return { plan, features, added };
  });
}

export function listLimitLabel(limit: number): string {
  return limit === UNLIMITED_LIST_LIMIT ? 'Unlimited stock lists' : `${limit} stock list${limit === 1 ? '' : 's'}`;
}

/** Whether `value` names a gate of the API or the UI (a gated premium feature or a calendar gate). */
export function isPremiumFeature(value: unknown): value is PremiumFeature {
  return [...GATED_FEATURES, ...CALENDAR_GATES].some((feature) => feature === value);
}

/** The cheapest plan of the pricing page that unlocks a gated feature, from the domain's feature rules. */
export function cheapestPlanFor(feature: PremiumFeature, plans: readonly Plan[] = PRICING_PLANS): Plan | null {
  return plans.find((plan) => canUsePremium(featuresOf(plan), feature)) ?? null;
}

/** The plan a gate named by its label ('Plus', 'Pro') or its id; null for anything else. */
export function planNamed(value: unknown, labels: Readonly<Record<Plan, string>>): Plan | null {
  if (isPlan(value)) return value;
  return PRICING_PLANS.find((plan) => labels[plan] === value) ?? null;
}

/** Said wherever plans are shown until billing exists: no checkout is faked. */
export const NOT_FOR_SALE_YET =
  'Plans can’t be bought online yet. To change your plan, ask us through the feedback page.';

export interface PlanDifference {
  /** The new list limit when `to` changes it. */
  listLimit: number | null;
  /** The features `to` unlocks that `from` does not. */
  added: BooleanAccountFeature[];
}

/** What moving from one plan to another unlocks. */
export function planDifference(from: Plan, to: Plan): PlanDifference {
  const before = featuresOf(from);
  const after = featuresOf(to);
  return {
    listLimit: before.listLimit === after.listLimit ? null : after.listLimit,
    added: BOOLEAN_ACCOUNT_FEATURES.filter((key) => after[key] && !before[key]),
  };
}

/** The account feature behind a gate, or 'listLimit' for the list gate; null for gates any paid plan opens. */
export function accountFeatureOf(feature: PremiumFeature): BooleanAccountFeature | 'listLimit' | null {
  if ((CALENDAR_GATES as readonly string[]).includes(feature)) return feature as BooleanAccountFeature;
  const requirement = GATED_FEATURE_REQUIREMENTS[feature as GatedFeature];
  return requirement === 'multipleLists' ? 'listLimit' : requirement === 'paid' ? null : requirement;
}

/** The plans a person buys for themself on the web (team is bought for an organization). */
export const SUBSCRIBE_PLANS: readonly Plan[] = [PLUS_PLAN, PRO_PLAN];
