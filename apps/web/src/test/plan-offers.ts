/**
 * The price list the plan modals read (GET /core/subscriptions/account/plans's shape) where plans are sold: test billing on,
 * each plan at the starting prices in cents (the team's per licence), a year about ten monthly charges, the yearly
 * saving worked out as the billing service does.
 */
import type { getPlans, PlanOffer, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  DEFAULT_APP,
  DEFAULT_PRICE_TYPE,
  FREE_PLAN,
  isPerLicense,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  TEAM_PLAN,
  TEST_BILLING_LABEL,
  yearlySaving,
} from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { network } from './network.ts';

const PRICES: readonly [Plan, number, number][] = [
  [FREE_PLAN, 0, 0],
  [PLUS_PLAN, 999, 9588],
  [PRO_PLAN, 2499, 23988],
  [TEAM_PLAN, 2999, 28788],
];

export const OFFERS: readonly PlanOffer[] = PRICES.map(([plan, monthly, yearly], i) => ({
  plan,
  perLicense: isPerLicense(plan),
  monthly: { priceId: 2 * i + 1, amount: monthly, currency: 'usd' },
  yearly: { priceId: 2 * i + 2, amount: yearly, currency: 'usd' },
  yearlySaving: yearlySaving(monthly, yearly),
}));

/** Answers the price list with the plans on sale through test billing. */
export function answerPlansOnSale(): void {
  network.use(
    http.get(`*${paths.getPlans}`, () =>
      HttpResponse.json({
        app: DEFAULT_APP,
        defaultPriceType: DEFAULT_PRICE_TYPE,
        plans: [...OFFERS],
        billing: { provider: 'test', testMode: true, label: TEST_BILLING_LABEL },
        appleProducts: [],
      } satisfies ResponseOf<typeof getPlans>),
    ),
  );
}
