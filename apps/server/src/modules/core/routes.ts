import {
  ErrorCode,
  getAppInfo,
  getDevOutbox,
  getFlags,
  getHealth,
  getReleaseNotes,
  getSignInOptions,
  postFeedback,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, RETRY_AFTER_SECONDS } from '../../http/errors.ts';
import { mount } from '../../http/route.ts';
import * as service from './service.ts';

export async function coreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getHealth, async (_req, reply) => {
    await ctx.database.ping().catch((cause: unknown) => {
      // Logged once per outage by the database handle's listener.
      ctx.database.markUnreachable(cause);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new HttpError(503, ErrorCode.unavailable, 'Database is unreachable', {
        database: 'down',
        bus: ctx.bus.connected ? 'ok' : 'down',
      });
    });
    return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  });
  mount(app, getFlags, async (req) => service.getFlags(ctx, req.query));
  mount(app, getReleaseNotes, async (req) => service.getReleaseNotes(ctx, req.query));
  mount(app, postFeedback, async (req) => service.submitFeedback(ctx, req.body, req.headers['user-agent']));
  mount(app, getAppInfo, async () => service.appInfo(ctx));
  mount(app, getDevOutbox, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.devOutbox(ctx, req.query, req);
  });
  // The answer depends on the client's address and the dev flag: never cached.
  mount(app, getSignInOptions, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.signInOptions(ctx, req);
  });
}
