import {
  getAssetInfo,
  getAssetsInfo,
  getDelayedMarketQuotes,
  getMarketHolidays,
  getMarketStatus,
  getMovers,
  getOhlc,
  getQuote,
  getQuotes,
  getStaticAssets,
  getStaticIndexes,
  getTopMarket,
  getTopMarketSymbols,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';
import { mountStaticList } from './static-files.ts';

/** SPEC §7 Market data, public: the market's status and holidays, assets and their quotes, and the static lists. */
export async function quotesRoutes(app: FastifyInstance) {
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
  mountStaticList(app, getStaticAssets, 'assets');
  mountStaticList(app, getStaticIndexes, 'indexes');
}
