import type { ServerModule } from '../../kernel/module.ts';

export { itemsOf, ownListIds } from './queries.ts';

import { listsRoutes } from './routes.ts';

export const listsModule: ServerModule = { name: 'lists', routes: [listsRoutes] };
