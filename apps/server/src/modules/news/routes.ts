import { getAssetNews, getNews, getNewsItem, getTagNews } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 News: the public group. */
export async function newsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The custom filter group is the caller's own symbols: this call identifies a caller who sends a token.
  await app.register(async (personal) => {
    identifyCaller(personal);
    mount(personal, getNews, async (req) => service.list(ctx, req.caller, req.query));
  });
  mount(app, getAssetNews, async (req) => service.forAsset(ctx, req.params.symbol, req.query));
  mount(app, getTagNews, async (req) => service.forTag(ctx, req.params.tag, req.query));
  mount(app, getNewsItem, async (req) => service.one(ctx, req.params.id));
}
