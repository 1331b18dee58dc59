/** Triggers: turn new market data into notification events and queued deliveries (filled in by issue 17's work). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { JobHandler } from '../../../jobs/handlers.ts';

export const TRIGGER_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {};

/** Starts what enqueues the trigger job (a timer, the bus's market-changed messages); returns its stop. */
export function startTriggerLoop(_ctx: AppContext, _log: FastifyBaseLogger): () => void {
  return () => {};
}
