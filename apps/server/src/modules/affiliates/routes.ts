import {
  getAffiliateAccounts,
  getAffiliateArr,
  getAffiliateBalance,
  getAffiliateCharges,
  getAffiliatePayments,
  getAffiliateProgram,
  getAffiliateRequests,
  getConnectCountries,
  getMyAffiliate,
  getOnboardingStatus,
  postAffiliateDecision,
  postAffiliateRequest,
  postStripeConnect,
  postTestOnboarding,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Affiliate and payout (decision 0028): the program (public), membership and dashboard (signed in). */
export async function affiliatesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getAffiliateProgram, async () => service.program(ctx));
  mount(app, getConnectCountries, async () => service.countries());
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getMyAffiliate, async (req) => service.mine(ctx, callerOf(req)));
    mount(portfolios, postAffiliateRequest, async (req) => service.requestToJoin(ctx, callerOf(req)));
    mount(portfolios, getAffiliateRequests, async (req) => service.requests(ctx, callerOf(req), req.query.status));
    mount(portfolios, postAffiliateDecision, async (req) =>
      service.decide(ctx, callerOf(req), req.params.userId, req.body.status),
    );
    mount(portfolios, postStripeConnect, async (req) => service.connect(ctx, callerOf(req), req.body.countryCode));
    mount(portfolios, getOnboardingStatus, async (req) => service.onboardingStatus(ctx, callerOf(req)));
    mount(portfolios, postTestOnboarding, async (req) =>
      service.finishTestOnboarding(ctx, callerOf(req), req.body.accountId),
    );
    mount(portfolios, getAffiliateCharges, async (req) => service.charges(ctx, callerOf(req)));
    mount(portfolios, getAffiliateBalance, async (req) => service.balance(ctx, callerOf(req)));
    mount(portfolios, getAffiliatePayments, async (req) => service.payments(ctx, callerOf(req)));
    mount(portfolios, getAffiliateAccounts, async (req) => service.accounts(ctx, callerOf(req)));
    mount(portfolios, getAffiliateArr, async (req) => service.arr(ctx, callerOf(req)));
  });
}
