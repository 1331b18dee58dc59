/**
 * A seeded market's history, filled in the background (docs/decisions/0011-fast-first-start.md). The first start
 * seeds only what the first pages need ({@link firstPagesPlan}) and enqueues the first of {@link HISTORY_STEPS};
 * the worker runs one step per job, records it in `seed_runs` and enqueues the next in the same transaction, so
 * the fill goes on in order after a crash or a restart. Every step ingests the provider at the seed's own instant
 * (`asOf`), so the result does not depend on when the steps run, and re-running a step only rewrites equal rows.
 */
import { setImmediate } from 'node:timers/promises';
import { type Database, jobs, seedRuns } from '@eh/db';
import { addDays, type IsoDate, nyDate } from '@eh/domain';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type IngestOptions, ingest } from '../../ingest/index.ts';
import { claim, complete, enqueue, fail, type Job } from '../../kernel/jobs/queue.ts';
import { type Dataset, type MarketDataProvider, PROVIDERS, type ProviderFactory } from '../../providers/index.ts';
import type { FetchParams } from '../../providers/types.ts';
import { refreshMetricsAndIndexes } from '../ehs/index.ts';

/** The job that runs one history step. */
export const HISTORY_JOB = 'market-history';
/** Days of daily bars, and of the past calendar, seeded before the server listens. */
export const RECENT_DAYS = 35;

export interface HistoryStep {
  name: string;
  /** What the step fills, for the start banner and /dev. */
  label: string;
  datasets?: readonly Dataset[];
  /** Dates of the step relative to the seed's New York day. */
  from?: (today: IsoDate) => IsoDate;
  to?: (today: IsoDate) => IsoDate;
  /** Recomputes metrics and EH500 over everything ingested. */
  metrics?: true;
  /** Rough cost (thousands of rows) for the progress figure. */
  weight: number;
}

/** The first day the first start seeds (bars and the calendar's past). */
export const recentFrom = (today: IsoDate) => addDays(today, -RECENT_DAYS);
const beforeRecent = (today: IsoDate) => addDays(recentFrom(today), -1);
const yearsBack = (years: number) => (today: IsoDate) => addDays(today, -Math.round(years * 365.25));

/**
 * In order: what a reader meets soonest first (today's chart, the last year, news, reports), the older years of
 * daily bars after, and metrics and EH500 last, once every bar and report they are computed from is in.
 */
export const HISTORY_STEPS: readonly HistoryStep[] = [
  { name: 'intraday-today', label: "today's intraday bars", datasets: ['intradayBars'], from: (t) => t, weight: 70 },
  {
    name: 'intraday-earlier',
    label: 'earlier intraday bars',
    datasets: ['intradayBars'],
    to: (t) => addDays(t, -1),
    weight: 130,
  },
  {
    name: 'bars-1y',
    label: 'daily bars of the last year',
    datasets: ['dailyBars'],
    from: yearsBack(1),
    to: beforeRecent,
    weight: 160,
  },
  { name: 'news', label: 'news', datasets: ['news'], weight: 40 },
  { name: 'reports', label: 'guidance and earnings files', datasets: ['guidance', 'files'], weight: 15 },
  {
    name: 'calendar-history',
    label: 'past earnings, dividends and events',
    datasets: ['earnings', 'dividends', 'events'],
    to: beforeRecent,
    weight: 30,
  },
  { name: 'filings', label: 'SEC filings', datasets: ['filings'], weight: 30 },
  {
    name: 'analysts',
    label: 'analyst ratings and short interest',
    datasets: ['shortInterest', 'analystRatings', 'analystTrends'],
    weight: 80,
  },
  ...[2, 3, 4, 5].map(
    (year): HistoryStep => ({
      name: `bars-${year}y`,
      label: `daily bars, year ${year} back`,
      datasets: ['dailyBars'],
      ...(year < 5 ? { from: yearsBack(year) } : {}),
      to: (t) => addDays(yearsBack(year - 1)(t), -1),
      weight: 190,
    }),
  ),
  { name: 'metrics', label: 'EHS metrics and EH500', metrics: true, weight: 120 },
];

const TOTAL_WEIGHT = HISTORY_STEPS.reduce((sum, step) => sum + step.weight, 0);

/**
 * What the first start ingests before it listens: the universe, quotes and splits whole, and from `from` on (and
 * everything ahead) the daily bars and the calendar: earnings, dividends and events.
 */
export function firstPagesPlan(today: IsoDate) {
  return {
    whole: ['assets', 'quotes', 'splits'] as Dataset[],
    recent: ['dailyBars', 'earnings', 'dividends', 'events'] as Dataset[],
    from: recentFrom(today),
  };
}

export interface HistoryPayload {
  /** The provider (its queue lane: one job per provider at a time, so the daily roll never runs beside a step). */
  provider: string;
  /** The market seed whose history this is. */
  seed: string;
  /** The seed's instant: every step generates the market as of then. */
  asOf: string;
  step: number;
}

const stepRecord = (seed: string, step: HistoryStep) => `${seed}/history/${step.name}`;
/** Recorded once every step is in. */
export const historyDone = (seed: string) => `${seed}/history`;

/**
 * How long after the first-pages seed the history starts: the newcomer's first page loads (the shell, its scripts
 * and a dozen API calls) get the CPU first. Later steps follow at once.
 */
export const HISTORY_START_DELAY_MS = 10_000;

/** Queues the first step not yet recorded; `db` is usually the seed's own transaction. */
export async function enqueueHistory(db: Database, payload: Omit<HistoryPayload, 'step'>, runAt?: Date): Promise<void> {
  const done = await recordedSteps(db, payload.seed);
  const step = HISTORY_STEPS.findIndex((candidate) => !done.has(candidate.name));
  if (step < 0) {
    await db
      .insert(seedRuns)
      .values({ name: historyDone(payload.seed) })
      .onConflictDoNothing();
    return;
  }
  await enqueue(db, {
    name: HISTORY_JOB,
    payload: { ...payload, step },
    uniqueKey: `${HISTORY_JOB}:${payload.seed}:${step}`,
    ...(runAt ? { runAt } : {}),
  });
}

async function recordedSteps(db: Database, seed: string): Promise<Set<string>> {
  const prefix = `${seed}/history/`;
  const rows = await db
    .select({ name: seedRuns.name })
    .from(seedRuns)
    .where(like(seedRuns.name, `${prefix}%`));
  return new Set(rows.map((row) => row.name.slice(prefix.length)));
}

function historyPayload(payload: Record<string, unknown>): HistoryPayload {
  const { provider, seed, asOf, step } = payload;
  if (typeof provider !== 'string' || typeof seed !== 'string' || typeof asOf !== 'string') {
    throw new Error('history job without provider, seed or asOf');
  }
  if (typeof step !== 'number' || !HISTORY_STEPS[step]) throw new Error(`history job with an unknown step ${step}`);
  return { provider, seed, asOf, step };
}

export interface StepRun {
  db: Database;
  config: Config;
  signal?: AbortSignal;
  /** Told which datasets changed, so API caches drop stale answers (an empty list: everything may have). */
  onChanged?: (datasets: Dataset[]) => void | Promise<void>;
  /** Providers by name (tests pass their own). */
  providers?: Readonly<Record<string, ProviderFactory | undefined>>;
  /** Runs the step somewhere else (the fill's own thread) instead of {@link runStep} here. */
  runElsewhere?: (payload: HistoryPayload) => Promise<void>;
}

/** Ingests one step; throws when any dataset failed (the job is retried and the step runs again). */
export async function runStep(
  step: HistoryStep,
  payload: Pick<HistoryPayload, 'provider' | 'asOf'>,
  run: StepRun,
): Promise<void> {
  const asOf = new Date(payload.asOf);
  const today = nyDate(asOf);
  if (step.metrics) {
    await refreshMetricsAndIndexes(run.db, { asOf });
    await run.onChanged?.([]);
    return;
  }
  const factory = (run.providers ?? PROVIDERS)[payload.provider];
  if (!factory) throw new Error(`provider '${payload.provider}' is not registered`);
  await ingestChecked(run.db, factory, run.config, {
    now: asOf,
    ...(step.datasets ? { datasets: step.datasets } : {}),
    ...(step.from ? { from: step.from(today) } : {}),
    ...(step.to ? { to: step.to(today) } : {}),
    ...(run.signal ? { signal: run.signal } : {}),
    ...(run.onChanged ? { onChanged: run.onChanged } : {}),
  });
}

/**
 * Records per batch while the history fills. Each batch is written in one transaction, and a transaction holds the
 * embedded database: the readers of the pages a newcomer opens meanwhile wait for the batch in hand, so batches are
 * cut to a few tens of milliseconds of writing (a provider's own batches run to 5,000 records).
 */
export const HISTORY_BATCH_RECORDS = 1000;

/**
 * The provider with its batches cut to {@link HISTORY_BATCH_RECORDS} and a turn of the event loop before each: the
 * demo market is generated in memory on the server's thread, and a step would otherwise be one unbroken chain of
 * promises.
 */
function yielding(provider: MarketDataProvider): MarketDataProvider {
  return {
    name: provider.name,
    datasets: provider.datasets,
    batchSize: provider.batchSize,
    rateLimitPerSecond: provider.rateLimitPerSecond,
    canHandle: (asset) => provider.canHandle(asset),
    async *fetch<D extends Dataset>(dataset: D, params: FetchParams) {
      for await (const batch of provider.fetch(dataset, params)) {
        for (let start = 0; start < batch.length; start += HISTORY_BATCH_RECORDS) {
          await setImmediate();
          yield batch.slice(start, start + HISTORY_BATCH_RECORDS);
        }
      }
    },
  };
}

/** A provider's ingestion at `options.now`; any dataset that did not succeed throws. */
export async function ingestChecked(
  db: Database,
  factory: ProviderFactory,
  config: Config,
  options: IngestOptions & { now: Date },
) {
  const provider = factory({ config, now: options.now });
  // A provider that does not serve a dataset of the plan simply has none of it.
  const datasets = options.datasets?.filter((dataset) => provider.datasets.includes(dataset));
  const report = await ingest(db, yielding(provider), { ...options, ...(datasets ? { datasets } : {}) });
  const broken = report.datasets.filter((d) => d.status !== 'succeeded');
  if (broken.length > 0 && !report.aborted) {
    throw new Error(
      `${provider.name} market: ${broken.map((d) => `${d.dataset} ${d.status} (${d.message ?? `${d.errors} errors`})`).join('; ')}`,
    );
  }
  return report;
}

/**
 * Runs the job's step, then records it and queues the next in one transaction (or records the whole history).
 * Returns false when the signal stopped the step before its end: nothing is recorded and the job runs it again.
 */
export async function runHistoryJob(job: Pick<Job, 'payload'>, run: StepRun): Promise<boolean> {
  const payload = historyPayload(job.payload);
  const step = HISTORY_STEPS[payload.step] as HistoryStep;
  const done = await recordedSteps(run.db, payload.seed);
  if (!done.has(step.name)) await (run.runElsewhere ? run.runElsewhere(payload) : runStep(step, payload, run));
  if (run.signal?.aborted) return false;
  const { step: _, ...rest } = payload;
  await run.db.transaction(async (tx) => {
    await tx
      .insert(seedRuns)
      .values({ name: stepRecord(payload.seed, step) })
      .onConflictDoNothing();
    await enqueueHistory(tx as unknown as Database, rest);
  });
  return true;
}

/** Gives the history steps of the embedded database back to the queue after a crash, or after they failed. */
export async function resumeHistory(db: Database): Promise<number> {
  const [latest] = await db.select().from(jobs).where(eq(jobs.name, HISTORY_JOB)).orderBy(desc(jobs.id)).limit(1);
  if (latest?.status !== 'failed') return 0;
  const payload = historyPayload(latest.payload);
  if (await isRecorded(db, historyDone(payload.seed))) return 0;
  const { step: _, ...rest } = payload;
  await enqueueHistory(db, rest);
  return 1;
}

async function isRecorded(db: Database, name: string) {
  return (await db.select().from(seedRuns).where(eq(seedRuns.name, name))).length > 0;
}

/** Whether a history step is queued or running (the provider's daily roll waits for it). */
export async function historyPending(db: Database, provider: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, HISTORY_JOB),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload}->>'provider' = ${provider}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether any market's history is still filling (a step queued or running). */
export async function historyFilling(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.name, HISTORY_JOB), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  return rows.length > 0;
}

/**
 * Runs every remaining step here and now, in order (the tests' seeded template: a database as the history leaves
 * it, without a worker). Returns the steps run.
 */
export async function fillHistoryNow(run: StepRun): Promise<number> {
  const worker = 'inline-history';
  let ran = 0;
  // Nobody is waiting for a first page here: the first step need not wait its turn.
  await run.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.name, HISTORY_JOB), eq(jobs.status, 'queued')));
  for (;;) {
    const [job] = await claim(run.db, worker, { names: [HISTORY_JOB] });
    if (!job) return ran;
    try {
      await runHistoryJob(job, run);
    } catch (error) {
      await fail(run.db, { ...job, attempts: job.maxAttempts }, worker, error);
      throw error;
    }
    await complete(run.db, job, worker);
    ran += 1;
  }
}

export interface HistoryStatus {
  /** `none`: no seeded market; `filling`: steps remain; `failed`: a step spent its attempts (resumed at the next start). */
  state: 'none' | 'filling' | 'failed' | 'done';
  /** 0-100, by the steps' weights. */
  percent: number;
  stepsDone: number;
  stepsTotal: number;
  /** What is being filled now (or next). */
  current: string | null;
  message: string | null;
}

/** Where the history of the `seed` market stands, from the database alone (any node answers alike). */
export async function historyStatus(db: Database, seed: string): Promise<HistoryStatus> {
  const total = HISTORY_STEPS.length;
  const base = { stepsTotal: total, current: null, message: null };
  if (!(await isRecorded(db, seed))) return { ...base, state: 'none', percent: 0, stepsDone: 0 };
  if (await isRecorded(db, historyDone(seed))) return { ...base, state: 'done', percent: 100, stepsDone: total };
  const done = await recordedSteps(db, seed);
  const [latest] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, HISTORY_JOB), sql`${jobs.payload}->>'seed' = ${seed}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  // A market seeded whole by an earlier version: nothing to fill.
  if (!latest && done.size === 0) return { ...base, state: 'done', percent: 100, stepsDone: total };
  const weight = HISTORY_STEPS.filter((step) => done.has(step.name)).reduce((sum, step) => sum + step.weight, 0);
  const next = HISTORY_STEPS.find((step) => !done.has(step.name));
  return {
    state: latest?.status === 'failed' ? 'failed' : 'filling',
    percent: Math.min(99, Math.floor((weight / TOTAL_WEIGHT) * 100)),
    stepsDone: done.size,
    stepsTotal: total,
    current: next?.label ?? null,
    message: latest?.status === 'failed' ? latest.lastError : null,
  };
}
