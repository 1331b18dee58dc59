import type { getCoupon, getPlans, getPrices, QueryOf, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api } from '../../shared/api.ts';

const PLANS_PATH = paths.getPlans;
const COUPON_PATH = paths.getCoupon;
const PRICES_PATH = paths.getPrices;

export type PlansResponse = ResponseOf<typeof getPlans>;
export type CouponResponse = ResponseOf<typeof getCoupon>;
export type PricesResponse = ResponseOf<typeof getPrices>;

/** Billing's read side: the price list, a coupon by name and the price to pay (the server computes it). */
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
