import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Job } from './queue.ts';

/** What a job's handler is given. A handler throws to have its job retried (SPEC §9 backoff) or failed. */
export interface JobRun {
  ctx: AppContext;
  job: Job;
  /** Aborted when the worker stops or the provider's kill switch is turned on: stop at the next safe point. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export type JobHandler = (run: JobRun) => Promise<void>;

/** The handlers of one worker lane, by job name. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;
