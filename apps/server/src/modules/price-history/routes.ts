import { getIntradaySummaries, getSummaries } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Price history: an asset's intraday bars (public) and its daily bars with dividends and splits (trimmed by plan). */
export async function priceHistoryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getIntradaySummaries, async (req) => service.intradaySummaries(ctx, req.params.symbol, req.query));
  // Premium history is trimmed by plan: this route identifies a caller who sends a token.
  await app.register(async (gated) => {
    identifyCaller(gated);
    mount(gated, getSummaries, async (req) =>
      service.summaries(ctx, req.params.symbol, req.query, await featuresOf(ctx, req.caller)),
    );
  });
}
