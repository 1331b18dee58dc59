/** The pricing feature's public face: what other features use of it. */
export { useGetCouponQuery, useGetPlansQuery, useGetPricesQuery } from './billing-api.ts';
export { CheckedCouponField } from './coupon-field.tsx';
export { IntervalSwitch, PlanIntervalSwitch } from './interval-switch.tsx';
export { PlanFeatureList } from './plan-card.tsx';
export { PlanPrice } from './plan-price.tsx';
export type { Quote } from './price-lines.ts';
export { COUPON_PARAM, couponFits, couponSummary, priceLine, withoutField } from './price-lines.ts';
export { NOT_FOR_SALE_YET, planDifference, SUBSCRIBE_PLANS } from './pricing-model.ts';
export type { PlanPrices } from './use-plan-prices.ts';
export { usePlanPrices } from './use-plan-prices.ts';
