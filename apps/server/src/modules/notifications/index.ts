/** The notifications module's jobs (issue 17): the triggers' and delivery's, run by the worker's notifications lane. */
import type { JobHandler } from '../../jobs/handlers.ts';
import { runDeliverJob } from './delivery/deliver.ts';
import { NOTIFICATION_DELIVER_JOB } from './jobs.ts';
import { TRIGGER_JOB_HANDLERS } from './triggers/index.ts';

export { kickDelivery, startDeliveryLoop } from './delivery/deliver.ts';
export { startTriggerLoop } from './triggers/index.ts';

export const NOTIFICATION_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  ...TRIGGER_JOB_HANDLERS,
  [NOTIFICATION_DELIVER_JOB]: runDeliverJob,
};
