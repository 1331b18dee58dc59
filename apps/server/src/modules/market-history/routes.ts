import { getMarketHistoryStatus } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import { demoMarketSeed } from './demo-market.ts';
import { historyStatus } from './history.ts';

export async function marketHistoryRoutes(app: FastifyInstance) {
  // Polled while the fill runs: an answer from a cache would hold the notice up after it ended.
  mount(app, getMarketHistoryStatus, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return historyStatus(app.ctx.db, demoMarketSeed.name);
  });
}
