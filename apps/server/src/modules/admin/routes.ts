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
import { mount } from '../../kernel/http/route.ts';
import { payOutNow, settleNow } from '../affiliates/index.ts';
import { setSuperAdmin as makeSuperAdmin } from '../community/index.ts';
import { setFlag } from '../flags/index.ts';
import { reportNow } from '../notifications/index.ts';
import { setPlan } from '../plans/index.ts';
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
    setFlag(ctx, { name: req.params.name, enabled: req.body.enabled, message: req.body.message }),
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
  mount(app, setUserPlan, async (req) => setPlan(ctx, req.body.email, req.body.plan));
  mount(app, reportDemoEarnings, async (req) => reportNow(ctx, req.body.symbol));
  mount(app, setSuperAdmin, async (req) => makeSuperAdmin(ctx, req.body));
  // The affiliate jobs run now, with a clock (decision 0028).
  mount(app, postAffiliateSettle, async (req) => settleNow(ctx, req.body.asOf));
  mount(app, postAffiliatePayouts, async (req) => payOutNow(ctx, req.body, app.log));
}
