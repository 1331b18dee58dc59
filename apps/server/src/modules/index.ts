import type { Role } from '../roles.ts';
import { adminRoutes } from './admin/routes.ts';
import { coreRoutes } from './core/routes.ts';
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
      },
      { prefix: '/api' },
    );
  },
};
