import { getSignInOptions } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** What the sign-in pages offer this client. */
export async function signInOptionsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The answer depends on the client's address and the dev flag: never cached.
  mount(app, getSignInOptions, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.signInOptions(ctx, req);
  });
}
