/** What each kind of job does. A handler throws to have its job retried (SPEC §9 backoff) or failed. */
import { type Database, ingestionRuns } from '@eh/db';
import { addDays, type IsoDate, nyDate } from '@eh/domain';
import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { ingest } from '../ingest/index.ts';
import { MARKET_CHANGED_CHANNEL } from '../modules/earnings/response-cache.ts';
import { PROVIDERS } from '../providers/index.ts';
import type { Dataset } from '../providers/types.ts';
import { HISTORY_JOB, runHistoryJob } from '../seed/history.ts';
import type { Job } from './queue.ts';

export interface JobRun {
  ctx: AppContext;
  job: Job;
  /** Aborted when the worker stops or the provider's kill switch is turned on: stop at the next safe point. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export type JobHandler = (run: JobRun) => Promise<void>;

export interface IngestJobPayload {
  provider: string;
  datasets?: Dataset[];
  from?: IsoDate;
  to?: IsoDate;
  /** The demo market's daily roll: re-ingest from the last day it was brought up to date. */
  rollForward?: boolean;
}

/** A job's payload as an ingestion job, or an error a retry cannot fix. */
function ingestPayload(payload: Record<string, unknown>): IngestJobPayload {
  if (typeof payload.provider !== 'string') throw new Error('ingest job without a provider');
  return payload as unknown as IngestJobPayload;
}

export const runIngestJob: JobHandler = async ({ ctx, job, signal, log }) => {
  const payload = ingestPayload(job.payload);
  const factory = PROVIDERS[payload.provider];
  if (!factory) throw new Error(`unknown provider '${payload.provider}'`);
  const now = new Date();
  const provider = factory({ config: ctx.config, now });
  // A schedule names the datasets it refreshes; a provider that lacks one simply skips it.
  const datasets = payload.datasets?.filter((dataset) => provider.datasets.includes(dataset));
  const from = payload.rollForward ? await rollForwardFrom(ctx.db, now) : payload.from;
  const report = await ingest(ctx.db, provider, {
    ...(datasets ? { datasets } : {}),
    ...(from ? { from } : {}),
    ...(payload.to ? { to: payload.to } : {}),
    now,
    signal,
    onChanged: (changed) => ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: changed }),
  });
  log.info(
    {
      job: job.id,
      provider: provider.name,
      ms: report.ms,
      datasets: report.datasets.map((d) => `${d.dataset}:${d.status}+${d.added}~${d.changed}=${d.skipped}!${d.errors}`),
    },
    'ingestion job finished',
  );
  if (!report.aborted && report.datasets.length > 0 && report.datasets.every((d) => d.status === 'failed')) {
    throw new Error(`every dataset of ${provider.name} failed: ${report.datasets[0]?.message ?? 'no message'}`);
  }
};

/** Beyond this many days away, the demo roll re-ingests everything (cheaper to reason about than a patchwork). */
export const ROLL_FORWARD_MAX_GAP_DAYS = 31;

/**
 * The demo roll re-ingests from the day before the demo provider last ran, so the days the server was off are
 * filled in too; after a long absence (or with no run at all) it re-ingests everything.
 */
export async function rollForwardFrom(db: Database, now: Date): Promise<IsoDate | undefined> {
  const [row] = await db
    .select({ last: max(ingestionRuns.startedAt) })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.provider, 'demo'), ne(ingestionRuns.status, 'failed')));
  if (!row?.last) return undefined;
  const from = addDays(nyDate(row.last), -1);
  return from < addDays(nyDate(now), -ROLL_FORWARD_MAX_GAP_DAYS) ? undefined : from;
}

/** One step of a seeded market's history (seed/history.ts); a stopped step is given back and runs again. */
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
};

export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  ingest: runIngestJob,
  [HISTORY_JOB]: runMarketHistoryJob,
};
