import { FREE_LIST_LIMIT, PRO_ONLY_FEATURES } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { featuresOf, listLimitLabel, planLadder } from './pricing-model.ts';

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
