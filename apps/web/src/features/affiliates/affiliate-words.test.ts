import { describe, expect, it } from 'vitest';
import { periodLabel, programSteps, referralLink, signedCents } from './affiliate-words.ts';

describe(referralLink.name, () => {
  it('puts the code in the affiliate parameter of the home page', () => {
    expect(referralLink('https://earningshub.example', 'ab3de7gh')).toBe(
      'https://earningshub.example/?affiliate=ab3de7gh',
    );
  });
});

describe(programSteps.name, () => {
  it('says the server’s rate and settling days', () => {
    const steps = programSteps({ commissionPercent: 25, settleDays: 14 });
    expect(steps[0]).toContain('25% of every payment');
    expect(steps[1]).toContain('pending for 14 days');
  });
});

describe(signedCents.name, () => {
  it('marks a reversal with a minus sign', () => {
    expect(signedCents(4797, 'usd')).toBe('$47.97');
    expect(signedCents(-4797, 'usd')).toBe('−$47.97');
  });
});

describe(periodLabel.name, () => {
  it('names the month of a period', () => {
    expect(periodLabel('2026-01')).toBe('January 2026');
    expect(periodLabel('nonsense')).toBe('nonsense');
  });
});
