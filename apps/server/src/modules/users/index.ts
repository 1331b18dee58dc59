import type { ServerModule } from '../../kernel/module.ts';

export { ensureUser, getUserRow } from './queries.ts';

import { usersRoutes } from './routes.ts';

export const usersModule: ServerModule = { name: 'users', routes: [usersRoutes] };
