import type { getCoupon, getPlans, getPrices, QueryOf, ResponseOf } from '@eh/contracts';
import { api } from '../../app/api.ts';

const PLANS_PATH: (typeof getPlans)['path'] = '/core/subscriptions/account/plans';
const COUPON_PATH: (typeof getCoupon)['path'] = '/core/subscriptions/account/coupons/:couponName';
const PRICES_PATH: (typeof getPrices)['path'] = '/core/subscriptions/account/prices';

export type PlansResponse = ResponseOf<typeof getPlans>;
export type CouponResponse = ResponseOf<typeof getCoupon>;
export type PricesResponse = ResponseOf<typeof getPrices>;

/** Issue 18, read side: the price list, a coupon by name and the price to pay (the server computes it). */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlansResponse, void>({ query: () => PLANS_PATH }),
    getCoupon: build.query<CouponResponse, { name: string } & QueryOf<typeof getCoupon>>({
      query: ({ name, ...params }) => ({
        url: COUPON_PATH.replace(':couponName', encodeURIComponent(name)),
        params,
      }),
    }),
    getPrices: build.query<PricesResponse, QueryOf<typeof getPrices>>({
      query: (params) => ({ url: PRICES_PATH, params }),
    }),
  }),
});

export const { useGetPlansQuery, useGetCouponQuery, useGetPricesQuery } = billingApi;
