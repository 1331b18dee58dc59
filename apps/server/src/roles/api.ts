import type { Role } from '../kernel/role.ts';
import { MODULES } from '../modules/index.ts';

/** The REST API of SPEC §7 under /api: every module's routes, one plugin each. */
export const apiRole: Role = {
  name: 'api',
  async register(app) {
    await app.register(
      async (api) => {
        for (const routes of MODULES.flatMap((module) => module.routes ?? [])) await api.register(routes);
      },
      { prefix: '/api' },
    );
  },
};
