import {
  deleteAdminCommunityPost,
  deleteAdminReleaseNote,
  getAdminCommunityPosts,
  getAdminFlags,
  getAdminIngestion,
  getAdminReleaseNotes,
  getAdminSession,
  postAdminReleaseNote,
  postAffiliatePayouts,
  postAffiliateSettle,
  putAdminIngestionSwitch,
  putAdminReleaseNote,
  putFlag,
  reportDemoEarnings,
  setSuperAdmin,
  setUserPlan,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../http/route.ts';
import * as affiliateJobs from '../affiliates/jobs.ts';
import * as community from '../community/service.ts';
import * as core from '../core/service.ts';
import { reportNow } from '../notifications/triggers/demo-report.ts';
import * as plans from '../plans/service.ts';
import { adminOf, requireAdmin } from './guard.ts';
import * as service from './service.ts';

/**
 * /api/admin: every route here is behind the one guard (a super admin's session or the operator's token; 401
 * signed out, 403 otherwise). Register admin routes only inside this plugin: the integration test walks every
 * /api/admin route the server documents and expects the guard's answers.
 */
export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  requireAdmin(app);
  mount(app, getAdminSession, async (req) => adminOf(req));

  mount(app, getAdminFlags, async () => service.flags(ctx));
  mount(app, putFlag, async (req) =>
    core.setFlag(ctx, { name: req.params.name, enabled: req.body.enabled, message: req.body.message }),
  );

  mount(app, getAdminReleaseNotes, async (req) => service.releaseNotes(ctx, req.query.platform));
  mount(app, postAdminReleaseNote, async (req) => service.addReleaseNote(ctx, req.body));
  mount(app, putAdminReleaseNote, async (req) => service.editReleaseNote(ctx, req.params.id, req.body));
  mount(app, deleteAdminReleaseNote, async (req) => service.removeReleaseNote(ctx, req.params.id));

  mount(app, getAdminCommunityPosts, async (req) => service.recentPosts(ctx, req.query.limit));
  mount(app, deleteAdminCommunityPost, async (req) => service.removePost(ctx, req.params.id));

  mount(app, getAdminIngestion, async () => service.ingestion(ctx));
  mount(app, putAdminIngestionSwitch, async (req) => service.setIngestionSwitch(ctx, req.body));

  // The operator's calls (the users command, demo reports, the affiliate jobs with a clock).
  mount(app, setUserPlan, async (req) => plans.setPlan(ctx, req.body.email, req.body.plan));
  mount(app, reportDemoEarnings, async (req) => reportNow(ctx, req.body.symbol));
  mount(app, setSuperAdmin, async (req) => community.setSuperAdmin(ctx, req.body));
  // Issue 20: the affiliate jobs run now, with a clock (decision 0028).
  mount(app, postAffiliateSettle, async (req) => affiliateJobs.settleNow(ctx, req.body.asOf));
  mount(app, postAffiliatePayouts, async (req) => affiliateJobs.payOutNow(ctx, req.body, app.log));
}
