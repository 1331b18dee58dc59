import { LISTS_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { alertsRoutes } from './routes.ts';

export { customFilterSymbols } from './service.ts';

export const alertsModule: ServerModule = {
  name: 'alerts',
  routes: [alertsRoutes],
  publishes: [LISTS_CHANGED_CHANNEL],
};
