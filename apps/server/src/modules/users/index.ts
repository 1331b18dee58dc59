import type { ServerModule } from '../../kernel/module.ts';

export { ensureUser, getUserRow, getUserRows, type UserRow } from './queries.ts';

import { usersRoutes } from './routes.ts';

export const usersModule: ServerModule = { name: 'users', routes: [usersRoutes] };
