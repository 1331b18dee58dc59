import {
  deleteMe,
  getAvatar,
  getMarketingStatus,
  getMe,
  getPushTokenCount,
  getSettings,
  getUsersByIds,
  postAvatar,
  postMarketingStatus,
  postPushToken,
  postSettings,
  postSource,
  syncFromIdentity,
  updateUser,
  verifyPhone,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { identityContext } from '../../idp/index.ts';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as avatar from './avatar.ts';
import * as service from './service.ts';

/** SPEC §7 Users: the portfolios group (bearer identity token) plus the public profile lookup. */
export async function usersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getUsersByIds, async (req) => service.publicProfiles(ctx, req.query.ids));
  mount(app, getAvatar, async (req, reply) => {
    const image = avatar.readAvatar(ctx, req.params.id);
    reply.type(image.type).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
    return image.bytes;
  });
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getMe, async (req) => service.me(ctx, callerOf(req)));
    mount(portfolios, updateUser, async (req) => service.update(ctx, callerOf(req), req.params.id, req.body));
    mount(portfolios, verifyPhone, async (req) =>
      service.verifyPhone(await identityContext(app), callerOf(req), req.params.id, req.body.code),
    );
    mount(portfolios, syncFromIdentity, async (req) => service.syncFromIdentity(ctx, callerOf(req), req.params.id));
    mount(portfolios, deleteMe, async (req) => {
      avatar.removeAvatar(ctx, callerOf(req).sub);
      return service.deleteAccount(ctx, callerOf(req));
    });
    mount(portfolios, postAvatar, async (req) => avatar.setAvatar(ctx, callerOf(req), req.body.avatar));
    mount(portfolios, postSource, async (req) => service.recordSource(ctx, callerOf(req), req.body));
    mount(portfolios, getMarketingStatus, async (req) => service.marketing(ctx, callerOf(req)));
    mount(portfolios, postMarketingStatus, async (req) => service.marketing(ctx, callerOf(req), req.body.subscribed));
    mount(portfolios, getSettings, async (req) => service.settings(ctx, callerOf(req)));
    mount(portfolios, postSettings, async (req) => service.settings(ctx, callerOf(req), req.body.settings));
    mount(portfolios, postPushToken, async (req) => service.addPushToken(ctx, callerOf(req), req.body));
    mount(portfolios, getPushTokenCount, async (req) => service.pushTokenCount(ctx, callerOf(req), req.query.appName));
  });
}
