/**
 * Plans, the features they unlock, alert defaults and the upgrade-success state (SPEC §3, §4, §5, §9).
 */
import { MS_PER_DAY } from './time.ts';

/** SPEC §1: plan (product tier) names. `savvy_trader_pro` is the partner-brand pro plan. */
export const PLANS = ['free', 'savvy_trader_pro', 'earningshub_plus', 'earningshub_pro', 'earningshub_team'] as const;
export type Plan = (typeof PLANS)[number];

/** How each plan is named to people: on screen, in messages and in Stripe's product names. */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free: 'Free',
  earningshub_plus: 'Plus',
  earningshub_pro: 'Pro',
  savvy_trader_pro: 'Partner Pro',
  earningshub_team: 'Team',
};

export const FREE_PLAN: Plan = 'free';
export const PLUS_PLAN: Plan = 'earningshub_plus';
export const PRO_PLAN: Plan = 'earningshub_pro';
export const PARTNER_PRO_PLAN: Plan = 'savvy_trader_pro';
export const TEAM_PLAN: Plan = 'earningshub_team';

/** Plans that unlock the pro-only features (SPEC §4). */
export const PRO_FEATURE_PLANS: readonly Plan[] = [PRO_PLAN, PARTNER_PRO_PLAN, TEAM_PLAN];

/** SPEC §3 enumerations. */
export const SUBSCRIPTION_TYPES = ['free', 'paid'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'delinquent', 'pending', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PRICE_TYPES = ['yearly', 'monthly'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** SPEC §9: free users keep one list; paid users unlimited (-1). */
export const FREE_LIST_LIMIT = 1;
export const UNLIMITED_LIST_LIMIT = -1;

/** SPEC §4, §9: after an upgrade the next charge is 30 days ahead. */
export const UPGRADE_NEXT_CHARGE_DAYS = 30;

export function isPlan(value: unknown): value is Plan {
  return PLANS.some((plan) => plan === value);
}

export interface SubscriptionState {
  plan: Plan;
  subscriptionType: SubscriptionType;
  status: SubscriptionStatus;
}

/** SPEC §3 accountSubscription. */
export interface AccountSubscription extends SubscriptionState {
  price: number;
  priceType: PriceType;
  /** ISO 8601 instant */
  nextChargeDate: string;
}

/** The on/off features of SPEC §3 accountFeatures. */
export const BOOLEAN_ACCOUNT_FEATURES = [
  'alerts',
  'analystRatings',
  'fedCalendar',
  'economicCalendar',
  'historicalAudio',
  'historicalEarnings',
  'historicalDividends',
  'eventSlides',
  'eventReports',
  'eventTranscripts',
  'eventTranscriptsAi',
  'corporateGuidance',
  'shortInterest',
  'prePostEarningsMove',
  'ehs',
] as const;
export type BooleanAccountFeature = (typeof BOOLEAN_ACCOUNT_FEATURES)[number];

/** SPEC §4: features only pro, partner pro and team get. */
export const PRO_ONLY_FEATURES: readonly BooleanAccountFeature[] = [
  'corporateGuidance',
  'shortInterest',
  'prePostEarningsMove',
  'ehs',
];

/** SPEC §3 accountFeatures. */
export type AccountFeatures = { subscriptionType: SubscriptionType; listLimit: number } & Record<
  BooleanAccountFeature,
  boolean
>;

/**
 * Whether a subscription is paying for `plan`: the plan matches, the type is paid and the status is not
 * delinquent (SPEC §4). Pending and canceled count as paying, as SPEC states only the delinquent exclusion.
 */
function isPayingFor(subscription: SubscriptionState, plans: readonly Plan[]): boolean {
  return (
    plans.includes(subscription.plan) &&
    subscription.subscriptionType === 'paid' &&
    subscription.status !== 'delinquent'
  );
}

export function isPayingPlus(subscription: SubscriptionState): boolean {
  return isPayingFor(subscription, [PLUS_PLAN]);
}

export function isPayingPro(subscription: SubscriptionState): boolean {
  return isPayingFor(subscription, [PRO_PLAN]);
}

export function isPayingPartnerPro(subscription: SubscriptionState): boolean {
  return isPayingFor(subscription, [PARTNER_PRO_PLAN]);
}

export function isPayingTeam(subscription: SubscriptionState): boolean {
  return isPayingFor(subscription, [TEAM_PLAN]);
}

/** Paying for any paid plan. */
export function isPaying(subscription: SubscriptionState): boolean {
  return isPayingFor(
    subscription,
    PLANS.filter((plan) => plan !== FREE_PLAN),
  );
}

/** A team's plan as its member has it: the plan, and the features its subscription gives now. */
export interface TeamPlan {
  plan: Plan;
  features: AccountFeatures;
}

/** How many of the plan's switches a set of features has on: what "gives more" compares. */
const switchesOn = (features: AccountFeatures) => Object.values(features).filter((value) => value === true).length;

/**
 * The plan an account shows, everywhere it is named (SPEC §4: a plan override replaces it for display only): the
 * plan its features come from. Its team's while the team's subscription gives more than the account's own plan
 * (a free member, a Plus member in a Pro team), else its own (free, paid, or one it no longer pays for).
 */
export function displayedPlan(own: SubscriptionState, override?: Plan | null, team?: TeamPlan | null): Plan {
  if (override) return override;
  if (team && team.features.subscriptionType === 'paid') {
    if (switchesOn(team.features) > switchesOn(accountFeaturesFor(own))) return team.plan;
  }
  return own.plan;
}

/**
 * SPEC §3/§4 accountFeatures for a subscription. A subscription that is not paying (free, or delinquent) gets
 * the free features and `subscriptionType: 'free'`; paying plus gets every paid feature except the pro-only
 * ones; paying pro, partner pro and team get everything.
 */
export function accountFeaturesFor(subscription: SubscriptionState): AccountFeatures {
  const paying = isPaying(subscription);
  const pro = paying && PRO_FEATURE_PLANS.includes(subscription.plan);
  return {
    subscriptionType: paying ? 'paid' : 'free',
    listLimit: paying ? UNLIMITED_LIST_LIMIT : FREE_LIST_LIMIT,
    alerts: paying,
    analystRatings: paying,
    fedCalendar: paying,
    economicCalendar: paying,
    historicalAudio: paying,
    historicalEarnings: paying,
    historicalDividends: paying,
    eventSlides: paying,
    eventReports: paying,
    eventTranscripts: paying,
    eventTranscriptsAi: paying,
    corporateGuidance: pro,
    shortInterest: pro,
    prePostEarningsMove: pro,
    ehs: pro,
  };
}

/** The features of a signed-out visitor or a free user. */
export const FREE_ACCOUNT_FEATURES: Readonly<AccountFeatures> = Object.freeze(
  accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' }),
);

// ---- gated premium features -----------------------------------------------------------------------------------

/** SPEC §3: the premium features the UI gates. */
export const GATED_FEATURES = [
  'priceMove',
  'guidance',
  'call',
  'slides',
  'report',
  'aiSummary',
  'transcript',
  'analystRatings',
  'ehs',
  'earningsHistory',
  'dividendHistory',
  'shortInterestHistory',
  'stockFilter',
  'calendarSettings',
  'historicalAudio',
  'alerts',
  'multipleAssetLists',
  /** Saved call searches that alert on new transcripts (decision 0044). */
  'keywordAlerts',
] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/**
 * What unlocks each gated feature: an accountFeatures flag, any paid subscription ('paid'), or a list limit above
 * one ('multipleLists'). SPEC names no flag for the stock filter and calendar settings, so any paid plan unlocks
 * them; `call` (listening to a recorded call) is the historical-audio feature.
 */
export const GATED_FEATURE_REQUIREMENTS: Readonly<
  Record<GatedFeature, BooleanAccountFeature | 'paid' | 'multipleLists'>
> = {
  priceMove: 'prePostEarningsMove',
  guidance: 'corporateGuidance',
  call: 'historicalAudio',
  slides: 'eventSlides',
  report: 'eventReports',
  aiSummary: 'eventTranscriptsAi',
  transcript: 'eventTranscripts',
  analystRatings: 'analystRatings',
  ehs: 'ehs',
  earningsHistory: 'historicalEarnings',
  dividendHistory: 'historicalDividends',
  shortInterestHistory: 'shortInterest',
  stockFilter: 'paid',
  calendarSettings: 'paid',
  historicalAudio: 'historicalAudio',
  alerts: 'alerts',
  multipleAssetLists: 'multipleLists',
  keywordAlerts: 'paid',
};

export function canUse(features: AccountFeatures, feature: GatedFeature): boolean {
  const requirement = GATED_FEATURE_REQUIREMENTS[feature];
  if (requirement === 'paid') return features.subscriptionType === 'paid';
  if (requirement === 'multipleLists') return features.listLimit === UNLIMITED_LIST_LIMIT || features.listLimit > 1;
  return features[requirement];
}

// ---- alerts -------------------------------------------------------------------------------------------------------

/** The on/off settings of an alert (SPEC §3 Alert, without userId and symbol). */
export const ALERT_SETTINGS = [
  'liveCall',
  'earningsResults',
  'eventTranscript',
  'eventTranscriptSummary',
  'dailySummary',
  'weeklySummary',
  'analystRatings',
  'guidance',
  'dividendPayment',
  'earningsReminder',
  'notifyByEmail',
  'notifyBySms',
  'notifyByPush',
] as const;
export type AlertSetting = (typeof ALERT_SETTINGS)[number];
export type AlertSettings = Record<AlertSetting, boolean>;

/** The settings that say how an alert reaches its reader; the others say what it is about. */
export const ALERT_CHANNEL_SETTINGS = [
  'notifyByEmail',
  'notifyBySms',
  'notifyByPush',
] as const satisfies readonly AlertSetting[];
export type AlertChannelSetting = (typeof ALERT_CHANNEL_SETTINGS)[number];
export const ALERT_TOPIC_SETTINGS: readonly Exclude<AlertSetting, AlertChannelSetting>[] = ALERT_SETTINGS.filter(
  (setting): setting is Exclude<AlertSetting, AlertChannelSetting> =>
    !(ALERT_CHANNEL_SETTINGS as readonly string[]).includes(setting),
);

/** SPEC §3: earningsReminder, email and push on; SMS and everything else off. */
export const ALERT_DEFAULTS: Readonly<AlertSettings> = Object.freeze({
  liveCall: false,
  earningsResults: false,
  eventTranscript: false,
  eventTranscriptSummary: false,
  dailySummary: false,
  weeklySummary: false,
  analystRatings: false,
  guidance: false,
  dividendPayment: false,
  earningsReminder: true,
  notifyByEmail: true,
  notifyBySms: false,
  notifyByPush: true,
});

/**
 * The settings of an alert added for a symbol (SPEC §5): without the alerts feature, the defaults; with it, the
 * user's saved alert preferences (any setting they never saved takes its default).
 */
export function alertForAdd(
  hasAlertsFeature: boolean,
  savedPreferences?: Partial<AlertSettings> | null,
): AlertSettings {
  const settings: AlertSettings = { ...ALERT_DEFAULTS };
  if (!hasAlertsFeature || savedPreferences == null) return settings;
  for (const setting of ALERT_SETTINGS) {
    const saved = savedPreferences[setting];
    if (typeof saved === 'boolean') settings[setting] = saved;
  }
  return settings;
}

// ---- upgrade ------------------------------------------------------------------------------------------------------

/**
 * The subscription the client stores after a successful upgrade (SPEC §4): paid, active, the plan, price and
 * price type bought, and the next charge {@link UPGRADE_NEXT_CHARGE_DAYS} days after `now`.
 */
export function upgradeSuccessState(plan: Plan, price: number, priceType: PriceType, now: Date): AccountSubscription {
  return {
    plan,
    subscriptionType: 'paid',
    status: 'active',
    price,
    priceType,
    nextChargeDate: new Date(now.getTime() + UPGRADE_NEXT_CHARGE_DAYS * MS_PER_DAY).toISOString(),
  };
}
