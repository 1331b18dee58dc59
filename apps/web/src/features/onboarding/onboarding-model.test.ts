import { describe, expect, it } from 'vitest';
import {
  type AutoOpenInputs,
  autoOpenDecision,
  canContinue,
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
  openHere: false,
  now: NOW,
};

describe('autoOpenDecision', () => {
  it('opens for a new account that was never offered it', () => {
    expect(autoOpenDecision(fresh)).toBe('open');
  });
  it('never by itself once there is a record, whatever its status (started may be another device’s)', () => {
    for (const status of ['started', 'paused', 'deferred', 'done', 'skipped'] as const)
      expect(autoOpenDecision({ ...fresh, record: { status, step: 0, symbols: [] } })).toBe('none');
  });
  it('resumes a started onboarding in the tab that had it on screen (a reload), not elsewhere nor over a modal', () => {
    const started = { ...fresh, record: { status: 'started' as const, step: 2, symbols: ['AAPL'] }, openHere: true };
    expect(autoOpenDecision(started)).toBe('resume');
    // Older than the new-account window: a reload still brings back what was on screen.
    expect(
      autoOpenDecision({ ...started, createdAt: new Date(NOW - 2 * ONBOARDING_NEW_ACCOUNT_MS).toISOString() }),
    ).toBe('resume');
    expect(autoOpenDecision({ ...started, modalOpen: true })).toBe('wait');
    expect(autoOpenDecision({ ...started, openHere: false })).toBe('none');
    for (const status of ['paused', 'done', 'skipped'] as const)
      expect(autoOpenDecision({ ...started, record: { status, step: 2, symbols: [] } })).toBe('none');
  });
  it('not for an account past the new-account window, nor a demo account', () => {
    expect(autoOpenDecision({ ...fresh, createdAt: new Date(NOW - ONBOARDING_NEW_ACCOUNT_MS - 1).toISOString() })).toBe(
      'none',
    );
    expect(autoOpenDecision({ ...fresh, email: 'Free@Demo.EarningsHub.dev' })).toBe('none');
    expect(autoOpenDecision({ ...fresh, createdAt: 'not a date' })).toBe('none');
  });
  it('waits while another modal is open, and while signing in (the page moves on once it succeeds)', () => {
    expect(autoOpenDecision({ ...fresh, modalOpen: true })).toBe('wait');
    for (const pathname of ['/signin', '/create-account', '/forgot-password'])
      expect(autoOpenDecision({ ...fresh, pathname })).toBe('wait');
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

describe('canContinue', () => {
  it('offers to continue a paused or interrupted onboarding, and to set up again otherwise', () => {
    expect(canContinue({ status: 'paused', step: 1, symbols: [] })).toBe(true);
    expect(canContinue({ status: 'started', step: 1, symbols: [] })).toBe(true);
    for (const status of ['deferred', 'done', 'skipped'] as const)
      expect(canContinue({ status, step: 1, symbols: [] })).toBe(false);
    expect(canContinue(null)).toBe(false);
  });
});
