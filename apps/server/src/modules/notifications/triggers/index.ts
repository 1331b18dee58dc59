/**
 * Triggers: turn new market data into notification events and queued deliveries. One job runs every
 * trigger; it is enqueued every TRIGGER_INTERVAL_MS and whenever the bus says market data changed. When a run queued
 * deliveries, the delivery job is enqueued.
 */
import type { Database } from '@eh/db';
import type { FastifyBaseLogger } from 'fastify';
import { MARKET_CHANGED_CHANNEL } from '../../../kernel/channels.ts';
import type { AppContext } from '../../../kernel/context.ts';
import type { JobHandler } from '../../../kernel/jobs/handler.ts';
import { enqueue } from '../../../kernel/jobs/queue.ts';
import { NOTIFICATION_DELIVER_JOB, NOTIFICATION_TRIGGERS_JOB } from '../jobs.ts';
import { runDigests } from './digests.ts';
import {
  analystRatings,
  dateChange,
  dividendPayment,
  earningsReminder,
  earningsResults,
  eventTranscript,
  eventTranscriptSummary,
  guidance,
  liveCall,
  type Trigger,
  type TriggerOutcome,
} from './sources.ts';

/** How often the triggers look for what is due even when no market change was announced (reminders, digests). */
export const TRIGGER_INTERVAL_MS = 60_000;

/** Every trigger, by the notification kind it makes. */
export const TRIGGERS = {
  earningsResults,
  earningsReminder,
  liveCall,
  eventTranscript,
  eventTranscriptSummary,
  analystRatings,
  guidance,
  dividendPayment,
  dateChange,
  dailySummary: (env) => runDigests(env, 'dailySummary'),
  weeklySummary: (env) => runDigests(env, 'weeklySummary'),
} as const satisfies Record<string, Trigger>;

export type TriggerName = keyof typeof TRIGGERS;

/**
 * Runs every trigger (one failing does not stop the others; the run then throws, so the job is retried and the
 * failed trigger picks up from its watermark) and enqueues delivery when anything was queued.
 */
export async function runTriggers(
  db: Database,
  now: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<Record<TriggerName, TriggerOutcome>> {
  const outcomes = {} as Record<TriggerName, TriggerOutcome>;
  const failures: string[] = [];
  for (const [name, trigger] of Object.entries(TRIGGERS) as [TriggerName, Trigger][]) {
    try {
      outcomes[name] = await trigger({ db, now });
    } catch (error) {
      outcomes[name] = { events: 0, deliveries: 0 };
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      log?.warn({ err: error, trigger: name }, 'notification trigger failed');
    }
  }
  const deliveries = Object.values(outcomes).reduce((sum, outcome) => sum + outcome.deliveries, 0);
  if (deliveries > 0) await enqueue(db, { name: NOTIFICATION_DELIVER_JOB, uniqueKey: NOTIFICATION_DELIVER_JOB });
  if (failures.length > 0) throw new Error(`notification triggers failed: ${failures.join('; ')}`);
  return outcomes;
}

export const runTriggersJob: JobHandler = async ({ ctx, log }) => {
  const outcomes = await runTriggers(ctx.db, new Date(), log);
  const made = Object.entries(outcomes).filter(([, outcome]) => outcome.events > 0);
  if (made.length > 0) log.info({ triggers: Object.fromEntries(made) }, 'notifications queued');
};

export const TRIGGER_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  [NOTIFICATION_TRIGGERS_JOB]: runTriggersJob,
};

/** Starts what enqueues the trigger job (a timer, the bus's market-changed messages); returns its stop. */
export function startTriggerLoop(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  const kick = () => {
    if (stopped) return;
    // One queued or running at a time (its key): a burst of market changes makes one run.
    enqueue(ctx.db, { name: NOTIFICATION_TRIGGERS_JOB, uniqueKey: NOTIFICATION_TRIGGERS_JOB }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not enqueue the notification triggers'),
    );
  };
  const timer = setInterval(kick, TRIGGER_INTERVAL_MS);
  timer.unref();
  kick();
  ctx.bus
    .subscribe(MARKET_CHANGED_CHANNEL, kick)
    .then((stop) => {
      if (stopped) void stop();
      else unsubscribe = stop;
    })
    .catch((error: unknown) => log.warn({ err: error }, 'could not watch market changes for notifications'));
  return () => {
    stopped = true;
    clearInterval(timer);
    void unsubscribe?.();
  };
}
