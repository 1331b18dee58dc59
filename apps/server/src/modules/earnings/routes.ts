import {
  getEarningsCalendar,
  getEarningsCalendarDaily,
  getEarningsFilterSymbols,
  getSymbolEarnings,
  getTopMarketEarnings,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import { REACTIONS_DATASET } from '../reactions/index.ts';
import { clearOnMarketChange, createResponseCache, mountSerialized } from './response-cache.ts';
import * as service from './service.ts';

/** SPEC §7 Alerts and earnings: the public earnings calls. A signed-in caller's plan decides what history it sees. */
export async function earningsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const calendarCache = createResponseCache();
  const unsubscribe = await clearOnMarketChange(ctx.bus, calendarCache, ['earnings', 'assets', REACTIONS_DATASET]);
  app.addHook('onClose', async () => unsubscribe());
  identifyCaller(app);

  mountSerialized(app, getEarningsCalendar, async (req) =>
    service.calendarBody(ctx, calendarCache, await featuresOf(ctx, req.caller), req.query),
  );
  mount(app, getEarningsCalendarDaily, async (req) => service.calendarDaily(ctx, req.query));
  mount(app, getSymbolEarnings, async (req) =>
    service.symbolEarnings(ctx, await featuresOf(ctx, req.caller), req.params.symbol, req.query),
  );
  mount(app, getTopMarketEarnings, async (req) =>
    service.topMarket(ctx, await featuresOf(ctx, req.caller), req.query.limit),
  );
  mount(app, getEarningsFilterSymbols, async (req) => service.filterSymbols(ctx, req.caller, req.query.filter));
}
