import { getFlags } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Feature flags and their messages, as every client reads them. */
export async function flagsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getFlags, async (req) => service.getFlags(ctx, req.query));
}
