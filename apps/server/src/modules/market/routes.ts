import {
  getAssetDividends,
  getAssetInfo,
  getAssetMetrics,
  getAssetShortInterests,
  getAssetsInfo,
  getAssetTransactions,
  getDelayedMarketQuotes,
  getDividendCalendar,
  getIndexRebalances,
  getIntradaySummaries,
  getMarketHolidays,
  getMarketIndex,
  getMarketShortInterests,
  getMarketStatus,
  getMovers,
  getOhlc,
  getQuote,
  getQuotes,
  getStaticAssets,
  getStaticIndexes,
  getSummaries,
  getTopMarket,
  getTopMarketSymbols,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { identifyCaller } from '../../http/auth.ts';
import { featuresOf } from '../../http/features.ts';
import { mount } from '../../http/route.ts';
import * as service from './service.ts';
import { mountStaticList } from './static-files.ts';

/** SPEC §7 Market data and the static asset lists: the public group. */
export async function marketRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getMarketStatus, async () => service.marketStatus());
  mount(app, getMarketHolidays, async (req) => service.marketHolidays(req.query));
  mount(app, getQuote, async (req) => service.quote(ctx, req.params.type, req.params.symbol));
  mount(app, getQuotes, async (req) => service.quotes(ctx, req.query));
  mount(app, getDelayedMarketQuotes, async (req) => service.delayedMarket(ctx, req.query));
  mount(app, getOhlc, async (req) => service.ohlc(ctx, req.query));
  mount(app, getAssetInfo, async (req) => service.assetInfo(ctx, req.params.symbol, req.query.type));
  mount(app, getAssetsInfo, async (req) => service.assetsInfo(ctx, req.query));
  mount(app, getTopMarket, async (req) => service.topMarket(ctx, req.query));
  mount(app, getTopMarketSymbols, async (req) => service.topMarketSymbols(ctx, req.query));
  mount(app, getMovers, async (req) => service.movers(ctx, req.query));
  mount(app, getIntradaySummaries, async (req) => service.intradaySummaries(ctx, req.params.symbol, req.query));
  mount(app, getIndexRebalances, async (req) => service.indexRebalances(ctx, req.params.id, req.query));
  mount(app, getAssetTransactions, async (req) =>
    service.assetTransactions(ctx, req.params.type, req.params.symbol, req.query),
  );
  mountStaticList(app, getStaticAssets, 'assets');
  mountStaticList(app, getStaticIndexes, 'indexes');

  // Premium history is trimmed by plan: these routes identify a caller who sends a token.
  await app.register(async (gated) => {
    identifyCaller(gated);
    const features = (req: { caller?: Parameters<typeof featuresOf>[1] }) => featuresOf(ctx, req.caller);
    mount(gated, getSummaries, async (req) =>
      service.summaries(ctx, req.params.symbol, req.query, await features(req)),
    );
    mount(gated, getAssetDividends, async (req) =>
      service.assetDividends(ctx, req.params.symbol, req.query, await features(req)),
    );
    mount(gated, getDividendCalendar, async (req) => service.dividendCalendar(ctx, req.query, await features(req)));
    mount(gated, getAssetShortInterests, async (req) =>
      service.assetShortInterests(ctx, req.params.symbol, req.query, await features(req)),
    );
    mount(gated, getMarketShortInterests, async (req) =>
      service.marketShortInterests(ctx, req.query, await features(req)),
    );
    mount(gated, getAssetMetrics, async (req) =>
      service.assetMetrics(ctx, req.params.symbol, req.query, await features(req)),
    );
    mount(gated, getMarketIndex, async (req) => service.marketIndex(ctx, req.params.id, await features(req)));
  });
}
