import { describe, expect, it } from 'vitest';
import {
  ALERT_DEFAULTS,
  ALERT_SETTINGS,
  accountFeaturesFor,
  alertForAdd,
  BOOLEAN_ACCOUNT_FEATURES,
  canUse,
  displayedPlan,
  FREE_ACCOUNT_FEATURES,
  GATED_FEATURES,
  isPaying,
  isPayingPartnerPro,
  isPayingPlus,
  isPayingPro,
  isPayingTeam,
  isPlan,
  PLANS,
  type Plan,
  PRO_ONLY_FEATURES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionState,
  UPGRADE_NEXT_CHARGE_DAYS,
  upgradeSuccessState,
} from './plans.ts';

const paid = (plan: Plan, status: SubscriptionState['status'] = 'active'): SubscriptionState => ({
  plan,
  subscriptionType: 'paid',
  status,
});

describe(accountFeaturesFor.name, () => {
  it('gives free users one list and no premium feature', () => {
    const features = accountFeaturesFor({ plan: 'free', subscriptionType: 'free', status: 'active' });
    expect(features.subscriptionType).toBe('free');
    expect(features.listLimit).toBe(1);
    for (const feature of BOOLEAN_ACCOUNT_FEATURES) expect(features[feature], feature).toBe(false);
    expect(features).toEqual(FREE_ACCOUNT_FEATURES);
  });

  it('gives plus unlimited lists and every paid feature except the pro-only ones', () => {
    expect(accountFeaturesFor(paid('earningshub_plus'))).toEqual({
      subscriptionType: 'paid',
      listLimit: -1,
      alerts: true,
      analystRatings: true,
      fedCalendar: true,
      economicCalendar: true,
      historicalAudio: true,
      historicalEarnings: true,
      historicalDividends: true,
      eventSlides: true,
      eventReports: true,
      eventTranscripts: true,
      eventTranscriptsAi: true,
      corporateGuidance: false,
      shortInterest: false,
      prePostEarningsMove: false,
      ehs: false,
    });
  });

  it('gives pro, partner pro and team everything', () => {
    for (const plan of ['earningshub_pro', 'savvy_trader_pro', 'earningshub_team'] as const) {
      const features = accountFeaturesFor(paid(plan));
      expect(features.listLimit).toBe(-1);
      for (const feature of BOOLEAN_ACCOUNT_FEATURES) expect(features[feature], `${plan} ${feature}`).toBe(true);
    }
  });

  it('keeps the pro-only list in step with the plus features', () => {
    const plus = accountFeaturesFor(paid('earningshub_plus'));
    expect(BOOLEAN_ACCOUNT_FEATURES.filter((feature) => !plus[feature])).toEqual([...PRO_ONLY_FEATURES]);
  });

  it('treats a delinquent or unpaid subscription as free', () => {
    expect(accountFeaturesFor(paid('earningshub_pro', 'delinquent'))).toEqual(FREE_ACCOUNT_FEATURES);
    expect(accountFeaturesFor({ plan: 'earningshub_pro', subscriptionType: 'free', status: 'active' })).toEqual(
      FREE_ACCOUNT_FEATURES,
    );
    expect(accountFeaturesFor({ plan: 'free', subscriptionType: 'paid', status: 'active' })).toEqual(
      FREE_ACCOUNT_FEATURES,
    );
  });
});

describe(isPayingPlus.name, () => {
  it('needs the plan, a paid type and a status other than delinquent', () => {
    expect(isPayingPlus(paid('earningshub_plus'))).toBe(true);
    expect(isPayingPlus(paid('earningshub_plus', 'pending'))).toBe(true);
    expect(isPayingPlus(paid('earningshub_plus', 'canceled'))).toBe(true);
    expect(isPayingPlus(paid('earningshub_plus', 'delinquent'))).toBe(false);
    expect(isPayingPlus({ plan: 'earningshub_plus', subscriptionType: 'free', status: 'active' })).toBe(false);
    expect(isPayingPlus(paid('earningshub_pro'))).toBe(false);
  });
});

describe(isPayingPro.name, () => {
  it('matches only the pro plan', () => {
    expect(isPayingPro(paid('earningshub_pro'))).toBe(true);
    expect(isPayingPro(paid('earningshub_pro', 'delinquent'))).toBe(false);
    expect(isPayingPro(paid('savvy_trader_pro'))).toBe(false);
    expect(isPayingPartnerPro(paid('savvy_trader_pro'))).toBe(true);
  });
});

describe(isPayingTeam.name, () => {
  it('matches only the team plan', () => {
    expect(isPayingTeam(paid('earningshub_team'))).toBe(true);
    expect(isPayingTeam(paid('earningshub_team', 'delinquent'))).toBe(false);
    expect(isPayingTeam(paid('earningshub_plus'))).toBe(false);
  });
});

describe(isPaying.name, () => {
  it('is any paid plan that is not delinquent', () => {
    for (const plan of PLANS) {
      for (const status of SUBSCRIPTION_STATUSES) {
        expect(isPaying(paid(plan, status)), `${plan} ${status}`).toBe(plan !== 'free' && status !== 'delinquent');
      }
    }
  });
});

describe(isPlan.name, () => {
  it('recognises the plan names', () => {
    expect(isPlan('earningshub_team')).toBe(true);
    expect(isPlan('earningshub_alerts')).toBe(false);
    expect(isPlan(undefined)).toBe(false);
  });
});

describe(displayedPlan.name, () => {
  it('shows an override instead of the real plan', () => {
    const plus = { plan: 'earningshub_plus', subscriptionType: 'paid', status: 'active' } as const;
    expect(displayedPlan(plus, 'earningshub_pro')).toBe('earningshub_pro');
    expect(displayedPlan(plus, null)).toBe('earningshub_plus');
    expect(displayedPlan(plus)).toBe('earningshub_plus');
  });

  it('shows the team’s plan to a member whose features come from it, while the team’s subscription runs', () => {
    const free = { plan: 'free', subscriptionType: 'free', status: 'active' } as const;
    const lapsed = { plan: 'earningshub_plus', subscriptionType: 'paid', status: 'delinquent' } as const;
    const plus = { plan: 'earningshub_plus', subscriptionType: 'paid', status: 'active' } as const;
    const running = { plan: 'earningshub_team', subscriptionType: 'paid', status: 'active' } as const;
    const team = { plan: 'earningshub_team', features: accountFeaturesFor(running) } as const;
    const stopped = { ...team, features: accountFeaturesFor({ ...running, status: 'delinquent' }) };
    expect(displayedPlan(free, null, team)).toBe('earningshub_team');
    expect(displayedPlan(lapsed, null, team)).toBe('earningshub_team');
    expect(displayedPlan(plus, null, team)).toBe('earningshub_team');
    const pro = { plan: 'earningshub_pro', subscriptionType: 'paid', status: 'active' } as const;
    expect(displayedPlan(pro, null, team)).toBe('earningshub_pro');
    expect(displayedPlan(free, null, stopped)).toBe('free');
    expect(displayedPlan(free, 'earningshub_pro', team)).toBe('earningshub_pro');
  });
});

describe(canUse.name, () => {
  const free = accountFeaturesFor({ plan: 'free', subscriptionType: 'free', status: 'active' });
  const plus = accountFeaturesFor(paid('earningshub_plus'));
  const pro = accountFeaturesFor(paid('earningshub_pro'));

  it('locks every gated feature for free users', () => {
    for (const feature of GATED_FEATURES) expect(canUse(free, feature), feature).toBe(false);
  });

  it('unlocks every gated feature for pro', () => {
    for (const feature of GATED_FEATURES) expect(canUse(pro, feature), feature).toBe(true);
  });

  it('locks exactly the pro-only gated features for plus', () => {
    expect(GATED_FEATURES.filter((feature) => !canUse(plus, feature))).toEqual([
      'priceMove',
      'guidance',
      'ehs',
      'shortInterestHistory',
    ]);
  });

  it('maps features to their account flag', () => {
    const only = (flag: keyof typeof free) => ({ ...free, [flag]: true });
    expect(canUse(only('eventTranscriptsAi'), 'aiSummary')).toBe(true);
    expect(canUse(only('eventTranscriptsAi'), 'transcript')).toBe(false);
    expect(canUse(only('historicalDividends'), 'dividendHistory')).toBe(true);
    expect(canUse(only('eventSlides'), 'slides')).toBe(true);
    expect(canUse(only('eventReports'), 'report')).toBe(true);
    expect(canUse(only('historicalAudio'), 'call')).toBe(true);
    expect(canUse({ ...free, listLimit: 3 }, 'multipleAssetLists')).toBe(true);
  });
});

describe(alertForAdd.name, () => {
  it('uses the SPEC defaults without the alerts feature, whatever was saved', () => {
    expect(alertForAdd(false, { notifyBySms: true, liveCall: true })).toEqual(ALERT_DEFAULTS);
    expect(ALERT_DEFAULTS).toEqual({
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
    expect(Object.keys(ALERT_DEFAULTS).sort()).toEqual([...ALERT_SETTINGS].sort());
  });

  it('uses the saved preferences with the alerts feature, defaults for anything unsaved', () => {
    expect(alertForAdd(true, { notifyBySms: true, earningsReminder: false, liveCall: true })).toEqual({
      ...ALERT_DEFAULTS,
      notifyBySms: true,
      earningsReminder: false,
      liveCall: true,
    });
    expect(alertForAdd(true, null)).toEqual(ALERT_DEFAULTS);
    expect(alertForAdd(true)).toEqual(ALERT_DEFAULTS);
  });

  it('returns a fresh object and never changes the defaults', () => {
    const alert = alertForAdd(false);
    alert.liveCall = true;
    expect(ALERT_DEFAULTS.liveCall).toBe(false);
    expect(Object.isFrozen(ALERT_DEFAULTS)).toBe(true);
  });
});

describe(upgradeSuccessState.name, () => {
  it('is paid and active with the next charge 30 days ahead', () => {
    const now = new Date('2026-11-23T15:04:05.000Z');
    expect(upgradeSuccessState('earningshub_pro', 29.99, 'monthly', now)).toEqual({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
      price: 29.99,
      priceType: 'monthly',
      nextChargeDate: '2026-12-23T15:04:05.000Z',
    });
    expect(UPGRADE_NEXT_CHARGE_DAYS).toBe(30);
  });

  it('makes the upgraded user paying for the plan', () => {
    const state = upgradeSuccessState('earningshub_plus', 199, 'yearly', new Date('2026-01-01T00:00:00Z'));
    expect(isPayingPlus(state)).toBe(true);
    expect(accountFeaturesFor(state).alerts).toBe(true);
  });
});
