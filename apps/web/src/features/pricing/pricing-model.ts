/**
 * The plans on /pricing and what each unlocks, computed from the domain's feature rules (SPEC §4), never
 * restated by hand. Pure TypeScript.
 */
import {
  type AccountFeatures,
  accountFeaturesFor,
  BOOLEAN_ACCOUNT_FEATURES,
  type BooleanAccountFeature,
  FREE_PLAN,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  TEAM_PLAN,
  UNLIMITED_LIST_LIMIT,
} from '@eh/domain';

/** The four plans sold on the pricing page (partner pro comes through a partner, not from this page). */
export const PRICING_PLANS: readonly Plan[] = [FREE_PLAN, PLUS_PLAN, PRO_PLAN, TEAM_PLAN];

export const FEATURE_LABELS: Readonly<Record<BooleanAccountFeature, string>> = {
  alerts: 'Earnings alerts by email, push and SMS',
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
