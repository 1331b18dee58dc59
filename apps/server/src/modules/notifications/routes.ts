import {
  getDeliveries,
  getNotificationPreferences,
  getNotificationProviders,
  getUnsubscribe,
  getVapidPublicKey,
  postNotificationPreferences,
  postTestNotification,
  postUnsubscribe,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** The user's delivery log, limits and tests (signed in); unsubscribe links and /dev's circuits (public). */
export async function notificationsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getVapidPublicKey, async () => service.vapidPublicKey(ctx));
  await app.register(async (open) => {
    // RFC 8058: a mail client's one-click POST is form-encoded (`List-Unsubscribe=One-Click`); the token is in the
    // URL, so the body is read and ignored.
    open.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );
    mount(open, getUnsubscribe, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.describeToken(ctx, req.query.token);
    });
    mount(open, postUnsubscribe, async (req) => service.unsubscribe(ctx, req.query.token));
    mount(open, getNotificationProviders, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.providers(ctx);
    });
  });
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getDeliveries, async (req) => service.deliveryLog(ctx, callerOf(req), req.query));
    mount(portfolios, postTestNotification, async (req) => service.sendTest(ctx, callerOf(req), req.body.channel));
    mount(portfolios, getNotificationPreferences, async (req) => service.preferences(ctx, callerOf(req)));
    mount(portfolios, postNotificationPreferences, async (req) =>
      service.savePreferences(ctx, callerOf(req), req.body),
    );
  });
}
