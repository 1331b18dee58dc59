import {
  addSavedCallSearch,
  deleteSavedCallSearch,
  getCallMentionTrends,
  getSavedCallSearches,
  searchCalls,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { callerOf, identifyCaller, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** Search inside calls for everyone (a caller who sends a token may narrow to a list); saved searches per user. */
export async function callSearchRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (open) => {
    identifyCaller(open);
    mount(open, searchCalls, async (req) => service.search(ctx, req.query, req.caller));
    mount(open, getCallMentionTrends, async (req) => service.trends(ctx, req.query, req.caller));
  });
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getSavedCallSearches, async (req) => service.savedSearches(ctx, callerOf(req)));
    mount(portfolios, addSavedCallSearch, async (req) =>
      service.saveSearch(ctx, callerOf(req), req.body, await featuresOf(ctx, req.caller)),
    );
    mount(portfolios, deleteSavedCallSearch, async (req) => service.deleteSearch(ctx, callerOf(req), req.params.id));
  });
}
