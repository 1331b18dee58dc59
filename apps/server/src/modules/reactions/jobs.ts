/**
 * When the reactions are recomputed: whenever market data that they read is committed. Every writer of prices,
 * splits and report dates announces itself on the bus (`market.changed` with its datasets): the history fill's
 * steps, a provider's ingestion and the demo market's daily roll, the demo results landing, an admin's demo report.
 * One listener here queues the job for all of them, a moment later so a burst of announcements makes one run (the
 * job's key keeps one queued at a time across nodes). A price change made while no worker listened is caught at the
 * next change (the daily roll announces one every day).
 */

import type { FastifyBaseLogger } from 'fastify';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import type { JobHandler, JobHandlers } from '../../kernel/jobs/handler.ts';
import { enqueue } from '../../kernel/jobs/queue.ts';
import type { Loop } from '../../kernel/module.ts';
import { historyFilling } from '../market-history/index.ts';
import { reactionsBehind } from './queries.ts';
import { recomputeReactions } from './recompute.ts';

export const REACTIONS_JOB = 'reactions.recompute';
/** The datasets a reaction is worked out from. */
export const REACTION_INPUT_DATASETS: readonly string[] = ['dailyBars', 'earnings', 'splits'];
/** What the job announces when it wrote: the caches of answers that carry reactions drop them. */
export const REACTIONS_DATASET = 'reactions';
/** How long after a change the job runs, so the rest of the burst is in. */
export const REACTIONS_DEBOUNCE_MS = 5_000;
/** The run at start waits this long: a newcomer's first pages get the CPU first. */
export const REACTIONS_START_DELAY_MS = 30_000;

/** Whether a `market.changed` message concerns the reactions (a message without datasets concerns everything). */
export function concernsReactions(message: unknown): boolean {
  const datasets =
    message && typeof message === 'object' && 'datasets' in message && Array.isArray(message.datasets)
      ? (message.datasets as unknown[])
      : null;
  return (
    datasets === null || datasets.some((name) => typeof name === 'string' && REACTION_INPUT_DATASETS.includes(name))
  );
}

/** Whether a `market.changed` message names its datasets (one without names concerns everything). */
const namesDatasets = (message: unknown) =>
  Boolean(message && typeof message === 'object' && 'datasets' in message && Array.isArray(message.datasets));

export async function enqueueReactions(ctx: Pick<AppContext, 'db'>, runAt?: Date): Promise<number | null> {
  return enqueue(ctx.db, { name: REACTIONS_JOB, uniqueKey: REACTIONS_JOB, ...(runAt ? { runAt } : {}) });
}

export const runReactionsJob: JobHandler = async ({ ctx, job, signal, log }) => {
  const result = await recomputeReactions(ctx.db, { signal });
  if (result.written.reactions + result.written.stats > 0)
    await ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: [REACTIONS_DATASET] });
  log.info(
    {
      job: job.id,
      companies: result.companies,
      reactions: result.reactions,
      written: result.written,
      ms: Math.round(result.timings.read + result.timings.compute + result.timings.write),
    },
    'reactions recomputed',
  );
};

export const REACTION_JOB_HANDLERS: JobHandlers = { [REACTIONS_JOB]: runReactionsJob };

/**
 * Queues the job after every change of its inputs, and at start when some report has no current reaction (a change
 * made while no worker listened, or a database that never had them); a start on reactions already in step costs
 * one query, not a recompute.
 */
export const reactionsLoop: Loop = (ctx: AppContext, log: FastifyBaseLogger) => {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  const kick = (delayMs: number) => {
    if (stopped) return;
    enqueueReactions(ctx, new Date(Date.now() + delayMs)).catch((error: unknown) =>
      log.warn({ err: error }, 'could not enqueue the reactions job'),
    );
  };
  // While a market's history fills, each of its steps announces the bars it wrote: a recompute of the whole market
  // after each held the embedded database for seconds at a time, and a newcomer's pages with it. The fill's last
  // step (EHS) announces a change of everything once the bars are in: that one queues the run.
  const filling = () => historyFilling(ctx.db).catch(() => false);
  Promise.all([reactionsBehind(ctx.db), filling()])
    .then(([behind, busy]) => {
      if (behind && !busy) kick(REACTIONS_START_DELAY_MS);
    })
    .catch((error: unknown) => log.warn({ err: error }, 'could not check whether the reactions are current'));
  ctx.bus
    .subscribe(MARKET_CHANGED_CHANNEL, async (message) => {
      if (!concernsReactions(message)) return;
      if (namesDatasets(message) && (await filling())) return;
      kick(REACTIONS_DEBOUNCE_MS);
    })
    .then((stop) => {
      if (stopped) void stop();
      else unsubscribe = stop;
    })
    .catch((error: unknown) => log.warn({ err: error }, 'could not watch market changes for reactions'));
  return () => {
    stopped = true;
    void unsubscribe?.();
  };
};
