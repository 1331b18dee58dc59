import { sql } from 'drizzle-orm';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { JobHandler, JobHandlers } from '../../kernel/jobs/handler.ts';
import { collectGarbageSoon } from '../../kernel/memory.ts';
import { HISTORY_JOB, HISTORY_STEPS, runHistoryJob } from './history.ts';

/** One step of a seeded market's history (history.ts); a stopped step is given back and runs again. */
export const runMarketHistoryJob: JobHandler = async ({ ctx, job, signal, log }) => {
  const started = performance.now();
  const finished = await runHistoryJob(job, {
    db: ctx.db,
    config: ctx.config,
    signal,
    // No datasets named (metrics and EH500): every cache clears.
    onChanged: (changed) => ctx.bus.publish(MARKET_CHANGED_CHANNEL, changed.length > 0 ? { datasets: changed } : {}),
  });
  // Embedded: a checkpoint after each step keeps the write-ahead log from growing across the whole fill.
  if (finished && ctx.database.driver === 'pglite') await ctx.db.execute(sql`checkpoint`);
  log.info({ job: job.id, step: job.payload.step, ms: Math.round(performance.now() - started) }, 'history step done');
  if (finished && job.payload.step === HISTORY_STEPS.length - 1) await collectGarbageSoon();
};

export const MARKET_HISTORY_JOB_HANDLERS: JobHandlers = { [HISTORY_JOB]: runMarketHistoryJob };
