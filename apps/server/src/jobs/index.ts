import type { Role } from '../roles.ts';

/** Background jobs on the Postgres queue: ingestion, alert delivery, reminders, digests. None scheduled yet. */
export const jobsRole: Role = {
  name: 'worker',
  async register(app) {
    app.log.debug('role worker: no jobs scheduled yet');
  },
};
