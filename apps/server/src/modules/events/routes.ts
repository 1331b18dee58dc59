import { getEvent, getEvents, getSymbolEvents, getYoutubeStream } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Events: public; a signed-in caller's plan decides whether economic and Fed figures and recordings show. */
export async function eventsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  mount(app, getEvents, async (req) => service.list(ctx, await featuresOf(ctx, req.caller), req.query));
  mount(app, getYoutubeStream, async () => service.youtubeStream(ctx));
  mount(app, getSymbolEvents, async (req) =>
    service.ofSymbol(ctx, await featuresOf(ctx, req.caller), req.params.symbol, req.query.limit),
  );
  mount(app, getEvent, async (req) => service.one(ctx, await featuresOf(ctx, req.caller), req.params.id));
}
