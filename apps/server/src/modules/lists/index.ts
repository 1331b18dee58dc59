import { LISTS_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';

export { itemsOf, ownListIds } from './queries.ts';

import { listsRoutes } from './routes.ts';

export const listsModule: ServerModule = {
  name: 'lists',
  routes: [listsRoutes],
  publishes: [LISTS_CHANGED_CHANNEL],
};
