import {
  deleteMe,
  getMarketingStatus,
  getMe,
  getPushTokenCount,
  getSettings,
  getUsersByIds,
  postMarketingStatus,
  postPushToken,
  postSettings,
  postSource,
  updateUser,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller } from '../../http/auth.ts';
import { mount } from '../../http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Users: the portfolios group (bearer identity token) plus the public profile lookup. */
export async function usersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getUsersByIds, async (req) => service.publicProfiles(ctx, req.query.ids));
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getMe, async (req) => service.me(ctx, callerOf(req)));
    mount(portfolios, updateUser, async (req) => service.update(ctx, callerOf(req), req.params.id, req.body));
    mount(portfolios, deleteMe, async (req) => service.deleteAccount(ctx, callerOf(req)));
    mount(portfolios, postSource, async (req) => service.recordSource(ctx, callerOf(req), req.body));
    mount(portfolios, getMarketingStatus, async (req) => service.marketing(ctx, callerOf(req)));
    mount(portfolios, postMarketingStatus, async (req) => service.marketing(ctx, callerOf(req), req.body.subscribed));
    mount(portfolios, getSettings, async (req) => service.settings(ctx, callerOf(req)));
    mount(portfolios, postSettings, async (req) => service.settings(ctx, callerOf(req), req.body.settings));
    mount(portfolios, postPushToken, async (req) => service.addPushToken(ctx, callerOf(req), req.body));
    mount(portfolios, getPushTokenCount, async (req) => service.pushTokenCount(ctx, callerOf(req), req.query.appName));
  });
}
