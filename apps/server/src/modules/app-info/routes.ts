import { getAppInfo } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** What this server is and how it runs: version, mode, database, bus, roles and market data. */
export async function appInfoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getAppInfo, async () => service.appInfo(ctx));
}
