import { getLikelyMovers, getSymbolReactions } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** A company's reactions to its reports beside its earnings; the caller's plan decides whether it sees them. */
export async function reactionsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  mount(app, getLikelyMovers, async (req) => service.likelyMovers(ctx, await featuresOf(ctx, req.caller)));
  mount(app, getSymbolReactions, async (req) =>
    service.symbolReactions(ctx, await featuresOf(ctx, req.caller), req.params.symbol),
  );
}
