import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_WINDOW_MS, referralCodeOf, signupSourceOf } from './referral.ts';

describe(referralCodeOf.name, () => {
  it('reads a well-formed code and ignores anything else', () => {
    expect(referralCodeOf('?affiliate=ab3de7gh')).toBe('ab3de7gh');
    expect(referralCodeOf('?theme=dark&affiliate=%20ab3de7gh%20')).toBe('ab3de7gh');
    expect(referralCodeOf('?affiliate=')).toBeNull();
    expect(referralCodeOf('?affiliate=<script>')).toBeNull();
    expect(referralCodeOf('?token=x')).toBeNull();
  });
});

describe(signupSourceOf.name, () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const fresh = { createdAt: new Date(now - 60_000).toISOString() };
  it('reports a new account with its platform and the affiliate kept on this device', () => {
    expect(signupSourceOf(fresh, 'ab3de7gh', 'web', now)).toEqual({
      signupProduct: 'earningshub',
      signupSource: 'web',
      affiliateId: 'ab3de7gh',
    });
    expect(signupSourceOf(fresh, null, 'ios', now)).toEqual({ signupProduct: 'earningshub', signupSource: 'ios' });
  });
  it('says nothing for an account that is not new', () => {
    const old = { createdAt: new Date(now - NEW_ACCOUNT_WINDOW_MS - 1).toISOString() };
    expect(signupSourceOf(old, 'ab3de7gh', 'web', now)).toBeNull();
  });
});
