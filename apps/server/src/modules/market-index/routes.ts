import { getIndexRebalances, getMarketIndex } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Our indexes (EH500): their rebalances (public) and constituents, whose scores are trimmed by plan. */
export async function marketIndexRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getIndexRebalances, async (req) => service.indexRebalances(ctx, req.params.id, req.query));
  await app.register(async (gated) => {
    identifyCaller(gated);
    mount(gated, getMarketIndex, async (req) =>
      service.marketIndex(ctx, req.params.id, await featuresOf(ctx, req.caller)),
    );
  });
}
