import { getDevOutbox } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** The local mailbox (/dev/mail): what the product sent, for whoever may read it. */
export async function devOutboxRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getDevOutbox, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.devOutbox(ctx, req.query, req);
  });
}
