import { getAssetTransactions } from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** The trades users record in their lists, by asset (public). */
export async function transactionsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  mount(app, getAssetTransactions, async (req) =>
    service.assetTransactions(ctx, req.params.type, req.params.symbol, req.query),
  );
}
