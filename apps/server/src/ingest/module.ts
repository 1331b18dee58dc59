import { MARKET_CHANGED_CHANNEL } from '../kernel/channels.ts';
import type { ServerModule } from '../kernel/module.ts';
import { INGEST_JOB_HANDLERS } from './job.ts';
import { SCHEDULES } from './schedules.ts';

/** Ingestion in the worker's main lane: the providers' refreshes, enqueued when their schedules are due. */
export const ingestModule: ServerModule = {
  name: 'ingest',
  jobs: { lane: 'main', handlers: INGEST_JOB_HANDLERS },
  schedules: SCHEDULES,
  publishes: [MARKET_CHANGED_CHANNEL],
};
