import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Channel } from './channels.ts';
import type { AppContext } from './context.ts';
import type { JobHandlers } from './jobs/handler.ts';
import type { Schedule } from './jobs/schedule.ts';

/**
 * Background work a part runs beside the worker's lanes (a timer, a subscription): started once the app is ready,
 * given the worker's logger; what it returns stops it before the database closes.
 */
export type Loop = (ctx: AppContext, log: FastifyBaseLogger) => () => void | Promise<void>;

/** The worker lanes: each claims its own jobs, so a slow kind (a model call, an ingestion) never holds up another. */
export type LaneName = 'main' | 'mail' | 'notifications' | 'ai' | 'affiliates';

/** A part's jobs and the lane that runs them. */
export interface JobLane {
  lane: LaneName;
  handlers: JobHandlers;
  /** Wait between polls of the lane's empty queue (the worker's default otherwise). */
  pollMs?: number;
}

/**
 * What a module (or another part under the roles: ingest, mail) contributes to the server. Its `index.ts` exports
 * one, and the roles only put them together: the api role mounts `routes` under /api, the worker role runs
 * `jobs` in their lanes, enqueues due `schedules` and starts `loops`. `publishes` names the bus channels the part
 * announces on (kernel/channels.ts), so who talks to the live socket and the caches is read in one place.
 */
export interface ServerModule {
  name: string;
  routes?: readonly FastifyPluginAsync[];
  jobs?: JobLane;
  schedules?: readonly Schedule[];
  loops?: readonly Loop[];
  publishes?: readonly Channel[];
  /** Whether this server runs the part's worker side at all (mail: only with SMTP to deliver to). */
  works?: (config: Config) => boolean;
}
