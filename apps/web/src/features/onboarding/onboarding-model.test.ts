import { describe, expect, it } from 'vitest';
import {
  type AutoOpenInputs,
  autoOpenDecision,
  LAST_STEP,
  ONBOARDING_NEW_ACCOUNT_MS,
  ONBOARDING_SETTINGS_KEY,
  readOnboarding,
} from './onboarding-model.ts';

const NOW = Date.parse('2026-11-26T17:00:00Z');
const fresh: AutoOpenInputs = {
  email: 'new@example.com',
  createdAt: new Date(NOW - 5_000).toISOString(),
  record: null,
  viaLink: false,
  pathname: '/',
  modalOpen: false,
  now: NOW,
};

describe('autoOpenDecision', () => {
  it('opens for a new account that was never offered it', () => {
    expect(autoOpenDecision(fresh)).toBe('open');
  });
  it('never again once there is a record, whatever its status', () => {
    for (const status of ['started', 'deferred', 'done', 'skipped'] as const)
      expect(autoOpenDecision({ ...fresh, record: { status, step: 0, symbols: [] } })).toBe('none');
  });
  it('not for an account past the new-account window, nor a demo account', () => {
    expect(autoOpenDecision({ ...fresh, createdAt: new Date(NOW - ONBOARDING_NEW_ACCOUNT_MS - 1).toISOString() })).toBe(
      'none',
    );
    expect(autoOpenDecision({ ...fresh, email: 'Free@Demo.EarningsHub.dev' })).toBe('none');
    expect(autoOpenDecision({ ...fresh, createdAt: 'not a date' })).toBe('none');
  });
  it('waits while another modal is open', () => {
    expect(autoOpenDecision({ ...fresh, modalOpen: true })).toBe('none');
  });
  it('defers on a link to a task: a ?token= sign-in, checkout, a team invite, pricing, affiliates, the profile', () => {
    expect(autoOpenDecision({ ...fresh, viaLink: true })).toBe('defer');
    for (const pathname of ['/stripe/checkout', '/team', '/team/invite', '/pricing', '/affiliate-program', '/profile'])
      expect(autoOpenDecision({ ...fresh, pathname })).toBe('defer');
    expect(autoOpenDecision({ ...fresh, pathname: '/teams-of-the-week' })).toBe('open');
  });
});

describe('readOnboarding', () => {
  it('reads a saved record and clamps the step', () => {
    expect(
      readOnboarding({ [ONBOARDING_SETTINGS_KEY]: { status: 'started', step: 2, symbols: ['AAPL'], listId: 'x' } }),
    ).toEqual({ status: 'started', step: 2, symbols: ['AAPL'], listId: 'x' });
    expect(readOnboarding({ [ONBOARDING_SETTINGS_KEY]: { status: 'started', step: 99, symbols: [] } })?.step).toBe(
      LAST_STEP,
    );
    expect(readOnboarding({ [ONBOARDING_SETTINGS_KEY]: { status: 'started', step: -3 } })?.step).toBe(0);
  });
  it('treats a missing or malformed record as none', () => {
    expect(readOnboarding(undefined)).toBeNull();
    expect(readOnboarding({})).toBeNull();
    expect(readOnboarding({ [ONBOARDING_SETTINGS_KEY]: 'done' })).toBeNull();
    expect(readOnboarding({ [ONBOARDING_SETTINGS_KEY]: { status: 'finished', step: 1 } })).toBeNull();
    expect(readOnboarding({ [ONBOARDING_SETTINGS_KEY]: { status: 'done', symbols: [1, 'MSFT'] } })?.symbols).toEqual([
      'MSFT',
    ]);
  });
});
