/** The notifications module's public face: its routes, its jobs and loops (the worker's notifications lane). */
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { JobHandlers } from '../../kernel/jobs/handler.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { runDeliverJob, startDeliveryLoop } from './delivery/deliver.ts';
import { NOTIFICATION_DELIVER_JOB } from './jobs.ts';
import { notificationsRoutes } from './routes.ts';
import { startTriggerLoop, TRIGGER_JOB_HANDLERS } from './triggers/index.ts';

export type { AccountMail, Payer } from './account/messages.ts';
export { type AccountMailRecipient, sendAccountMail } from './account/send.ts';
export { kickDelivery } from './delivery/deliver.ts';
export { reportNow } from './triggers/demo-report.ts';
export { publishEvent } from './triggers/fanout.ts';
export { NOTICE_PATHS } from './triggers/messages.ts';

/** The jobs of the triggers and of delivery, run by the worker's notifications lane. */
const NOTIFICATION_JOB_HANDLERS: JobHandlers = {
  ...TRIGGER_JOB_HANDLERS,
  [NOTIFICATION_DELIVER_JOB]: runDeliverJob,
};

/**
 * Triggers turn market data into deliveries, delivery sends them; a timer kicks the delivery job whenever one is
 * due (new, a retry's time, quiet hours over). The demo's report-now announces its earnings.
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: [notificationsRoutes],
  jobs: { lane: 'notifications', handlers: NOTIFICATION_JOB_HANDLERS },
  loops: [(ctx, log) => startTriggerLoop(ctx, log), (ctx, log) => startDeliveryLoop(ctx, log)],
  publishes: [MARKET_CHANGED_CHANNEL],
};
