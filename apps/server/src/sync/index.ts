import type { Role } from '../role.ts';

/** The live socket at /sync (SPEC §7): subscriptions, quotes, news, events, community posts. Serves nothing yet. */
export const syncRole: Role = {
  name: 'sync',
  async register(app) {
    app.log.debug('role sync: no socket service yet');
  },
};
