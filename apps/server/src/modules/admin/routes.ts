import { timingSafeEqual } from 'node:crypto';
import {
  ADMIN_TOKEN_HEADER,
  ErrorCode,
  postAffiliatePayouts,
  postAffiliateSettle,
  putFlag,
  reportDemoEarnings,
  setSuperAdmin,
  setUserPlan,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { mount } from '../../http/route.ts';
import * as affiliateJobs from '../affiliates/jobs.ts';
import * as community from '../community/service.ts';
import * as core from '../core/service.ts';
import { reportNow } from '../notifications/triggers/demo-report.ts';
import * as plans from '../plans/service.ts';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('onRequest', async (request) => {
    const given = request.headers[ADMIN_TOKEN_HEADER];
    if (!ctx.adminToken) throw new HttpError(403, ErrorCode.forbidden, 'Admin routes are disabled: set ADMIN_TOKEN');
    if (typeof given !== 'string' || !sameToken(given, ctx.adminToken)) {
      throw new HttpError(401, ErrorCode.unauthorized, `Missing or wrong ${ADMIN_TOKEN_HEADER} header`);
    }
  });
  mount(app, putFlag, async (req) =>
    core.setFlag(ctx, { name: req.params.name, enabled: req.body.enabled, message: req.body.message }),
  );
  mount(app, setUserPlan, async (req) => plans.setPlan(ctx, req.body.email, req.body.plan));
  mount(app, reportDemoEarnings, async (req) => reportNow(ctx, req.body.symbol));
  mount(app, setSuperAdmin, async (req) => community.setSuperAdmin(ctx, req.body));
  // Issue 20: the affiliate jobs run now, with a clock (decision 0028).
  mount(app, postAffiliateSettle, async (req) => affiliateJobs.settleNow(ctx, req.body.asOf));
  mount(app, postAffiliatePayouts, async (req) => affiliateJobs.payOutNow(ctx, req.body, app.log));
}
