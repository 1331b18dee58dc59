import type { Role } from '../roles.ts';
import { createWorker } from './worker.ts';

/**
 * Background jobs on the Postgres queue (ingestion refreshes and the demo market's daily roll; alert delivery,
 * reminders and digests come with their issues). The worker starts once the app is ready and stops before the
 * database closes.
 */
export const jobsRole: Role = {
  name: 'worker',
  async register(app) {
    const worker = createWorker(app.ctx, app.log.child({ role: 'worker' }));
    app.addHook('onReady', async () => worker.start());
    // preClose runs before every onClose hook, so the database is still open while the running job lets go.
    app.addHook('preClose', async () => worker.stop());
  },
};
