import type { getMySubscription, ResponseOf } from '@eh/contracts';

type Subscription = NonNullable<ResponseOf<typeof getMySubscription>['subscription']>;

/** The period end of the tests' subscription. */
export const FIXTURE_PERIOD_END = '2026-06-05T12:00:00.000Z';

/** A running yearly pro subscription for tests of what the web says about one; `over` changes a field. */
export const subscriptionFixture = (over: Partial<Subscription> = {}): Subscription => ({
  id: 1,
  provider: 'test',
  plan: 'earningshub_pro',
  priceType: 'yearly',
  amount: 19_900,
  nextChargeAmount: 19_900,
  currency: 'usd',
  status: 'active',
  currentPeriodEnd: FIXTURE_PERIOD_END,
  cancelAtPeriodEnd: false,
  couponId: null,
  affiliateId: null,
  createdAt: '2026-04-01T00:00:00.000Z',
  ...over,
});
