import { sql } from 'drizzle-orm';
import { untilQuiet } from '../../kernel/activity.ts';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import type { JobHandler, JobHandlers } from '../../kernel/jobs/handler.ts';
import { collectGarbageSoon } from '../../kernel/memory.ts';
import type { Dataset } from '../../providers/index.ts';
import { COMPACT_QUIET_MS, COMPACT_WAIT_MAX_MS, compactAfterFill } from './compaction.ts';
import { type FillThread, startFillThread } from './fill-thread.ts';
import { HISTORY_JOB, HISTORY_STEPS, runHistoryJob } from './history.ts';

/** The fill's thread of each server (an embedded database in its own thread has one), from its first step on. */
const fillThreads = new WeakMap<AppContext, Promise<FillThread>>();

function fillThreadOf(ctx: AppContext): Promise<FillThread> | null {
  const { share } = ctx.database;
  if (!share) return null;
  let thread = fillThreads.get(ctx);
  if (!thread) {
    thread = startFillThread({ share }, ctx.config);
    fillThreads.set(ctx, thread);
  }
  return thread;
}

async function endFillThread(ctx: AppContext): Promise<void> {
  const thread = fillThreads.get(ctx);
  fillThreads.delete(ctx);
  await (await thread)?.close();
}

/** One step of a seeded market's history (history.ts); a stopped step is given back and runs again. */
export const runMarketHistoryJob: JobHandler = async ({ ctx, job, signal, log }) => {
  const started = performance.now();
  // No datasets named (metrics and EH500): every cache clears.
  const onChanged = (changed: Dataset[]) =>
    ctx.bus.publish(MARKET_CHANGED_CHANNEL, changed.length > 0 ? { datasets: changed } : {});
  const thread = fillThreadOf(ctx);
  let finished: boolean;
  try {
    finished = await runHistoryJob(job, {
      db: ctx.db,
      config: ctx.config,
      signal,
      onChanged,
      ...(thread ? { runElsewhere: async (payload) => (await thread).run(payload, { signal, onChanged }) } : {}),
    });
  } catch (error) {
    // A thread that failed is not trusted with the retry: the next attempt starts a fresh one.
    await endFillThread(ctx);
    throw error;
  }
  const last = job.payload.step === HISTORY_STEPS.length - 1;
  if (signal.aborted || last) await endFillThread(ctx);
  log.info({ job: job.id, step: job.payload.step, ms: Math.round(performance.now() - started) }, 'history step done');
  if (finished && ctx.database.driver === 'pglite') {
    if (last) {
      // decision 0050: the indexes the fill left half empty are rebuilt, once, and the log's segments let go.
      const compacting = performance.now();
      const tables = await compactAfterFill(ctx.db, {
        beforeEach: () => untilQuiet({ quietMs: COMPACT_QUIET_MS, maxWaitMs: COMPACT_WAIT_MAX_MS, signal }),
        signal,
      });
      log.info({ tables, ms: Math.round(performance.now() - compacting) }, 'embedded database compacted');
    } else {
      // A checkpoint after each step keeps the write-ahead log from growing across the whole fill.
      await ctx.db.execute(sql`checkpoint`);
    }
  }
  if (finished && last) await collectGarbageSoon();
};

export const MARKET_HISTORY_JOB_HANDLERS: JobHandlers = { [HISTORY_JOB]: runMarketHistoryJob };
