import { MAIL_JOB_HANDLERS } from '../mail/smtp.ts';
import type { Role } from '../role.ts';
import { createWorker } from './worker.ts';

/**
 * Background jobs on the Postgres queue (ingestion refreshes and the demo market's daily roll, email delivery in a
 * lane of its own; alert delivery, reminders and digests come with their issues). The workers start once the app is
 * ready and stop before the database closes.
 */
export const jobsRole: Role = {
  name: 'worker',
  async register(app) {
    const worker = createWorker(app.ctx, app.log.child({ role: 'worker' }));
    // Email has a lane of its own, so a sign-up code never waits behind a long ingestion job; without SMTP there is
    // nothing to deliver (the outbox is the local mailbox).
    const mail = app.ctx.config.SMTP_URL
      ? createWorker(app.ctx, app.log.child({ role: 'worker', lane: 'mail' }), {
          handlers: MAIL_JOB_HANDLERS,
          schedules: [],
        })
      : null;
    app.addHook('onReady', async () => {
      worker.start();
      mail?.start();
    });
    // preClose runs before every onClose hook, so the database is still open while the running job lets go.
    app.addHook('preClose', async () => {
      await Promise.all([worker.stop(), mail?.stop()]);
    });
  },
};
