import { describe, expect, it } from 'vitest';
import { subscriptionFixture as subscription } from '../../shared/subscription.fixture.ts';
import { canceledBannerOf } from './canceled-banner-model.ts';

describe(canceledBannerOf.name, () => {
  it('shows while a subscription set to cancel runs, and once it is canceled', () => {
    expect(canceledBannerOf(subscription({ cancelAtPeriodEnd: true })).kind).toBe('ending');
    expect(canceledBannerOf(subscription({ status: 'canceled' })).kind).toBe('ended');
  });

  it('resets a closed banner once the subscription runs again without a cancel, and not before', () => {
    expect(canceledBannerOf(subscription())).toEqual({ kind: 'none', resetClosed: true });
    expect(canceledBannerOf(subscription({ status: 'delinquent' })).resetClosed).toBe(true);
    expect(canceledBannerOf(null)).toEqual({ kind: 'none', resetClosed: false });
    expect(canceledBannerOf(undefined)).toEqual({ kind: 'none', resetClosed: false });
  });
});
