import { getCoupon, getCouponById, getPlans, getPrices } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { identifyCaller } from '../../../kernel/http/auth.ts';
import { mount } from '../../../kernel/http/route.ts';
import * as service from './service.ts';

/** Billing, read side: plans and prices, coupons, the price to pay (a signed-in caller's upgrade is prorated). */
export async function billingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  mount(app, getPlans, async (req) => service.plans(ctx, req.query.app));
  mount(app, getCoupon, async (req) => service.coupon(ctx, req.params.couponName, req.query.plan, req.caller));
  mount(app, getCouponById, async (req) => service.couponById(ctx, req.params.id));
  mount(app, getPrices, async (req) => service.prices(ctx, req.caller, req.query));
}
