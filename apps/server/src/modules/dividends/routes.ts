import { getAssetDividends, getDividendCalendar } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Dividends: an asset's history and the calendar, trimmed by plan (a caller who sends a token is identified). */
export async function dividendsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (gated) => {
    identifyCaller(gated);
    mount(gated, getAssetDividends, async (req) =>
      service.assetDividends(ctx, req.params.symbol, req.query, await featuresOf(ctx, req.caller)),
    );
    mount(gated, getDividendCalendar, async (req) =>
      service.dividendCalendar(ctx, req.query, await featuresOf(ctx, req.caller)),
    );
  });
}
