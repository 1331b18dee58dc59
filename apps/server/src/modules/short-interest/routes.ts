import { getAssetShortInterests, getMarketShortInterests } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Short interest: an asset's history and the market's, trimmed by plan (a caller who sends a token is identified). */
export async function shortInterestRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (gated) => {
    identifyCaller(gated);
    mount(gated, getAssetShortInterests, async (req) =>
      service.assetShortInterests(ctx, req.params.symbol, req.query, await featuresOf(ctx, req.caller)),
    );
    mount(gated, getMarketShortInterests, async (req) =>
      service.marketShortInterests(ctx, req.query, await featuresOf(ctx, req.caller)),
    );
  });
}
