/** The ingestion job: one provider's datasets into the database, run by the worker's main lane. */
import { type Database, ingestionRuns } from '@eh/db';
import { addDays, type IsoDate, nyDate } from '@eh/domain';
import { and, eq, max, ne, sql } from 'drizzle-orm';
import { MARKET_CHANGED_CHANNEL } from '../kernel/channels.ts';
import type { JobHandler, JobHandlers } from '../kernel/jobs/handler.ts';
import { PROVIDERS } from '../providers/index.ts';
import type { Dataset } from '../providers/types.ts';
import { ingest } from './index.ts';

export const INGEST_JOB = 'ingest';

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
  // decision 0054: a quarter of daily bars is written anew with each day it gains, and the embedded database has no
  // autovacuum to free the row it replaces.
  if (
    ctx.database.driver === 'pglite' &&
    report.datasets.some((d) => d.dataset === 'dailyBars' && d.added + d.changed > 0)
  ) {
    await ctx.db.execute(sql`vacuum ohlc_quarters`);
  }
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

export const INGEST_JOB_HANDLERS: JobHandlers = { [INGEST_JOB]: runIngestJob };
