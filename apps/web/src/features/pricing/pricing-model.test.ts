import { CALENDAR_GATES, FREE_LIST_LIMIT, GATED_FEATURES, PRO_ONLY_FEATURES, UNLIMITED_LIST_LIMIT } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { GATED_FEATURE_LABELS } from '../../shared/upgrade-prompt.tsx';
import {
  accountFeatureOf,
  cheapestPlanFor,
  featuresOf,
  isPremiumFeature,
  listLimitLabel,
  planDifference,
  planLadder,
  planNamed,
} from './pricing-model.ts';

describe(planLadder.name, () => {
  it('free unlocks nothing, plus the paid features, pro the pro-only ones, team nothing more than pro', () => {
    const [free, plus, pro, team] = planLadder();
    expect(free?.added).toEqual([]);
    expect(free?.features.listLimit).toBe(FREE_LIST_LIMIT);
    expect(plus?.added).toContain('alerts');
    expect(plus?.added).toContain('eventTranscriptsAi');
    for (const feature of PRO_ONLY_FEATURES) {
      expect(plus?.features[feature]).toBe(false);
      expect(pro?.added).toContain(feature);
    }
    expect(pro?.added).toHaveLength(PRO_ONLY_FEATURES.length);
    expect(team?.added).toEqual([]);
    expect(featuresOf('earningshub_team')).toEqual(featuresOf('earningshub_pro'));
  });
});

describe(listLimitLabel.name, () => {
  it('names the list limit', () => {
    expect(listLimitLabel(1)).toBe('1 stock list');
    expect(listLimitLabel(-1)).toBe('Unlimited stock lists');
  });
});

describe(cheapestPlanFor.name, () => {
  it('names plus for the paid features, pro for the pro-only ones, and free never', () => {
    expect(cheapestPlanFor('multipleAssetLists')).toBe('earningshub_plus');
    expect(cheapestPlanFor('alerts')).toBe('earningshub_plus');
    expect(cheapestPlanFor('stockFilter')).toBe('earningshub_plus');
    expect(cheapestPlanFor('economicCalendar')).toBe('earningshub_plus');
    expect(cheapestPlanFor('ehs')).toBe('earningshub_pro');
    expect(cheapestPlanFor('priceMove')).toBe('earningshub_pro');
    expect(cheapestPlanFor('guidance')).toBe('earningshub_pro');
    expect(cheapestPlanFor('shortInterestHistory')).toBe('earningshub_pro');
    for (const feature of [...GATED_FEATURES, ...CALENDAR_GATES]) {
      expect(cheapestPlanFor(feature), feature).not.toBe('free');
      expect(cheapestPlanFor(feature), feature).not.toBeNull();
    }
    // Asked against one plan: whether that plan already includes it.
    expect(cheapestPlanFor('ehs', ['earningshub_plus'])).toBeNull();
    expect(cheapestPlanFor('ehs', ['savvy_trader_pro'])).toBe('savvy_trader_pro');
  });

  it('every gate has a readable label', () => {
    for (const feature of [...GATED_FEATURES, ...CALENDAR_GATES]) {
      expect(GATED_FEATURE_LABELS[feature], feature).toMatch(/^[a-zA-Z]/);
    }
  });
});

describe(planDifference.name, () => {
  it('lists what the target plan unlocks over the current one', () => {
    const plus = planDifference('free', 'earningshub_plus');
    expect(plus.listLimit).toBe(UNLIMITED_LIST_LIMIT);
    expect(plus.added).toContain('alerts');
    expect(plus.added).not.toContain('ehs');
    const pro = planDifference('earningshub_plus', 'earningshub_pro');
    expect(pro.listLimit).toBeNull();
    expect([...pro.added].sort()).toEqual([...PRO_ONLY_FEATURES].sort());
    expect(planDifference('earningshub_pro', 'earningshub_plus').added).toEqual([]);
  });
});

describe(accountFeatureOf.name, () => {
  it('maps a gate to the account feature or the list limit behind it', () => {
    expect(accountFeatureOf('multipleAssetLists')).toBe('listLimit');
    expect(accountFeatureOf('call')).toBe('historicalAudio');
    expect(accountFeatureOf('fedCalendar')).toBe('fedCalendar');
    expect(accountFeatureOf('stockFilter')).toBeNull();
  });
});

describe('gate props', () => {
  it('reads the feature and the plan a gate passes', () => {
    expect(isPremiumFeature('multipleAssetLists')).toBe(true);
    expect(isPremiumFeature('economicCalendar')).toBe(true);
    expect(isPremiumFeature('listLimit')).toBe(false);
    expect(isPremiumFeature(null)).toBe(false);
    expect(planNamed('Pro', PLAN_LABELS)).toBe('earningshub_pro');
    expect(planNamed('earningshub_plus', PLAN_LABELS)).toBe('earningshub_plus');
    expect(planNamed('Gold', PLAN_LABELS)).toBeNull();
  });
});
