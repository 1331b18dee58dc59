import { getAssetMetrics } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import { assetMetrics } from './read.ts';

/** An asset's metrics and EHS history; the score is trimmed by plan (a caller who sends a token is identified). */
export async function ehsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (gated) => {
    identifyCaller(gated);
    mount(gated, getAssetMetrics, async (req) =>
      assetMetrics(ctx, req.params.symbol, req.query, await featuresOf(ctx, req.caller)),
    );
  });
}
