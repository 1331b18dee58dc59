import type { Role } from '../role.ts';
import { adminRoutes } from './admin/routes.ts';
import { affiliatesRoutes } from './affiliates/routes.ts';
import { alertsRoutes } from './alerts/routes.ts';
import { paymentsRoutes } from './billing/payments-routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { calendarFeedRoutes } from './calendar-feed/routes.ts';
import { communityRoutes } from './community/routes.ts';
import { coreRoutes } from './core/routes.ts';
import { earningsRoutes } from './earnings/routes.ts';
import { eventsRoutes } from './events/routes.ts';
import { filesRoutes } from './files/routes.ts';
import { listsRoutes } from './lists/routes.ts';
import { liveCallsRoutes } from './live-calls/routes.ts';
import { marketRoutes } from './market/routes.ts';
import { marketHistoryRoutes } from './market-history/routes.ts';
import { newsRoutes } from './news/routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { teamsRoutes } from './teams/routes.ts';
import { usersRoutes } from './users/routes.ts';

/** The REST API of SPEC §7 under /api: one plugin per domain module. */
export const apiRole: Role = {
  name: 'api',
  async register(app) {
    await app.register(
      async (api) => {
        await api.register(coreRoutes);
        await api.register(adminRoutes);
        await api.register(usersRoutes);
        await api.register(earningsRoutes);
        await api.register(eventsRoutes);
        await api.register(liveCallsRoutes);
        await api.register(communityRoutes);
        await api.register(filesRoutes);
        await api.register(marketRoutes);
        await api.register(marketHistoryRoutes);
        await api.register(newsRoutes);
        await api.register(listsRoutes);
        await api.register(alertsRoutes);
        await api.register(calendarFeedRoutes);
        await api.register(notificationsRoutes);
        await api.register(billingRoutes);
        await api.register(paymentsRoutes);
        await api.register(teamsRoutes);
        await api.register(affiliatesRoutes);
      },
      { prefix: '/api' },
    );
  },
};
