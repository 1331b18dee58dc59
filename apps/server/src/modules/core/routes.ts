import { ErrorCode, getAppInfo, getDevOutbox, getFlags, getHealth, getReleaseNotes, postFeedback } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { mount } from '../../http/route.ts';
import * as service from './service.ts';

export async function coreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getHealth, async () => {
    await ctx.database.ping().catch((cause: unknown) => {
      app.log.error({ err: cause }, 'health: database unreachable');
      throw new HttpError(503, ErrorCode.unavailable, 'Database is unreachable');
    });
    return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  });
  mount(app, getFlags, async (req) => service.getFlags(ctx, req.query));
  mount(app, getReleaseNotes, async (req) => service.getReleaseNotes(ctx, req.query));
  mount(app, postFeedback, async (req) => service.submitFeedback(ctx, req.body, req.headers['user-agent']));
  mount(app, getAppInfo, async () => service.appInfo(ctx));
  mount(app, getDevOutbox, async (req) => service.devOutbox(ctx, req.query));
}
