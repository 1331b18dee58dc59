import {
  ALERTS_SIGN_IN_MESSAGE,
  addAlert,
  batchAlerts,
  deleteAlert,
  getAlertCounts,
  getAlerts,
  getEarningsFilter,
  postEarningsFilter,
  updateAllAlerts,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, requireCaller, unauthorized } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Alerts and the custom earnings filter: the portfolios group, each user only their own. */
export async function alertsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (subscribe) => {
    // SPEC §6/§8: an anonymous subscribe is a 401 with the message the client shows as it is.
    subscribe.addHook('onRequest', async (request) => {
      if (!request.headers.authorization) throw unauthorized(ALERTS_SIGN_IN_MESSAGE);
    });
    requireCaller(subscribe);
    mount(subscribe, addAlert, async (req) => service.add(ctx, callerOf(req), req.body));
  });
  await app.register(async (portfolios) => {
    requireCaller(portfolios);
    mount(portfolios, getAlerts, async (req) => service.list(ctx, callerOf(req)));
    mount(portfolios, getAlertCounts, async (req) => service.counts(ctx, callerOf(req), req.query.symbols));
    mount(portfolios, updateAllAlerts, async (req) => service.updateAll(ctx, callerOf(req), req.body));
    mount(portfolios, batchAlerts, async (req) => service.batch(ctx, callerOf(req), req.body));
    mount(portfolios, deleteAlert, async (req) => service.remove(ctx, callerOf(req), req.params.symbol));
    mount(portfolios, getEarningsFilter, async (req) => service.filter(ctx, callerOf(req)));
    mount(portfolios, postEarningsFilter, async (req) => service.saveFilter(ctx, callerOf(req), req.body.symbols));
  });
}
