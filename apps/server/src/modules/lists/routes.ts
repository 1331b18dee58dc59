import {
  addListItem,
  batchListItems,
  createList,
  deleteList,
  getList,
  getLists,
  getListTransactions,
  getMySymbolTransactions,
  removeListItem,
  updateList,
  updateListItem,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Lists (My Stocks) and the caller's own transactions: the portfolios group, owner only. */
export async function listsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  requireCaller(app);
  mount(app, createList, async (req) => service.create(ctx, callerOf(req), req.body));
  mount(app, getLists, async (req) => service.all(ctx, callerOf(req), req.query.includeItems));
  mount(app, batchListItems, async (req) => service.batch(ctx, callerOf(req), req.body));
  mount(app, getList, async (req) => service.one(ctx, callerOf(req), req.params.id));
  mount(app, updateList, async (req) => service.update(ctx, callerOf(req), req.params.id, req.body));
  mount(app, deleteList, async (req) => service.remove(ctx, callerOf(req), req.params.id));
  mount(app, addListItem, async (req) => service.addItem(ctx, callerOf(req), req.params.listId, req.body));
  mount(app, updateListItem, async (req) =>
    service.updateItem(ctx, callerOf(req), req.params.listId, req.params.symbol, req.body),
  );
  mount(app, removeListItem, async (req) =>
    service.removeItem(ctx, callerOf(req), req.params.listId, req.params.symbol),
  );
  mount(app, getListTransactions, async (req) => service.transactionsOfList(ctx, callerOf(req), req.params.listId));
  mount(app, getMySymbolTransactions, async (req) =>
    service.transactionsOfSymbol(ctx, callerOf(req), req.params.type, req.params.symbol),
  );
}
