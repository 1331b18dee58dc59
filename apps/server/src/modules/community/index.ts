import { LIVE_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { communityRoutes } from './routes.ts';

export { removeAsModerator, setSuperAdmin } from './service.ts';

export const communityModule: ServerModule = {
  name: 'community',
  routes: [communityRoutes],
  publishes: [LIVE_CHANNEL],
};
