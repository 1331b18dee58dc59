import type { ServerModule } from '../../kernel/module.ts';
import { appleRoutes } from './apple/routes.ts';
import { paymentsRoutesWith } from './payments/routes.ts';

export {
  BILLING_OFF_MESSAGE,
  type BillingProvider,
  billingProviderFor,
  StripeBillingProvider,
  TestBillingProvider,
} from './payments/providers.ts';
export {
  activePrice,
  chargesOf,
  latestSubscription,
  type SubscriptionRow,
  updateSubscription,
} from './payments/queries.ts';
export {
  addMethod,
  chargeView,
  live,
  liveAtProvider,
  methods,
  provided,
  quoteAt,
  type SubscribeOrder,
  type SubscribeRequest,
  type SubscriberAccount,
  setup,
  subscribe,
  subscriptionOf,
} from './payments/service.ts';
export { listPrices, type PriceRow, setPrice, syncStripePrices } from './plans/price-config.ts';

import { billingRoutes } from './plans/routes.ts';

/** The plans and prices; the write side, with the App Store's notifications inside it. */
export const billingModule: ServerModule = {
  name: 'billing',
  routes: [billingRoutes, paymentsRoutesWith(appleRoutes)],
};
