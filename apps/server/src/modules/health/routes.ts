import { ErrorCode, getHealth } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, RETRY_AFTER_SECONDS } from '../../kernel/http/errors.ts';
import { mount } from '../../kernel/http/route.ts';

/** Whether this node answers and reaches its database (503 with the bus's state when it does not). */
export async function healthRoutes(app: FastifyInstance) {
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
}
