import { MAIL_JOB_HANDLERS } from '../mail/smtp.ts';
import { AI_JOB_HANDLERS, SUMMARY_POLL_MS } from '../modules/ai/summaries.ts';
import { startLiveCallsLoop } from '../modules/live-calls/index.ts';
import { NOTIFICATION_JOB_HANDLERS, startDeliveryLoop, startTriggerLoop } from '../modules/notifications/index.ts';
import type { Role } from '../role.ts';
import { registerAffiliateJobs } from './affiliate-payouts.ts';
import { createDemoResults } from './demo-results.ts';
import { createWorker } from './worker.ts';

/**
 * Background jobs on the Postgres queue (ingestion refreshes and the demo market's daily roll, email delivery in a
 * lane of its own, notifications in another, AI summaries in a fourth). The workers start once the app is
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
    // Notifications (issue 17) too: triggers turn market data into deliveries, delivery sends them; a timer kicks
    // the delivery job whenever one is due (new, a retry's time, quiet hours over).
    const notificationsLog = app.log.child({ role: 'worker', lane: 'notifications' });
    const notifications = createWorker(app.ctx, notificationsLog, {
      handlers: NOTIFICATION_JOB_HANDLERS,
      schedules: [],
    });
    // AI summaries (issue 19) too: a model call may take a minute, and never holds up ingestion or notifications.
    const ai = createWorker(app.ctx, app.log.child({ role: 'worker', lane: 'ai' }), {
      handlers: AI_JOB_HANDLERS,
      schedules: [],
      pollMs: SUMMARY_POLL_MS,
    });
    // Affiliates (issue 20): commissions settle and the month that ended is paid out, in a lane of their own.
    registerAffiliateJobs(app);
    const loops: (() => void)[] = [];
    // Live calls (issue 19): calls move on by the clock, live transcripts are spoken, the demo's replays scheduled.
    let stopLiveCalls: (() => Promise<void>) | null = null;
    let demoResults: ReturnType<typeof createDemoResults> | null = null;
    app.addHook('onReady', async () => {
      stopLiveCalls = startLiveCallsLoop(app.ctx, app.log.child({ role: 'worker' }));
      worker.start();
      mail?.start();
      notifications.start();
      ai.start();
      loops.push(startTriggerLoop(app.ctx, notificationsLog), startDeliveryLoop(app.ctx, notificationsLog));
      // The demo market's results land at their time (not at tomorrow's roll), and so reach the calendar live.
      if (app.ctx.config.SEED_DEMO) {
        demoResults = createDemoResults(app.ctx, app.log.child({ role: 'worker', loop: 'demo-results' }));
        demoResults.start();
      }
    });
    // preClose runs before every onClose hook, so the database is still open while the running job lets go.
    app.addHook('preClose', async () => {
      for (const stop of loops.splice(0)) stop();
      await stopLiveCalls?.();
      await demoResults?.stop();
      await Promise.all([worker.stop(), mail?.stop(), notifications.stop(), ai.stop()]);
    });
  },
};
