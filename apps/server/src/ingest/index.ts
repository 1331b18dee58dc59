/**
 * The ingestion writer: runs a provider's datasets in {@link DATASETS} order and writes each batch in one
 * transaction (a failing batch rolls back alone), counting rows added, changed, skipped and in error. Every
 * dataset's run is recorded in `ingestion_runs`.
 */

import { type Database, ingestionRuns } from '@eh/db';
import { type IsoDate, nyDate } from '@eh/domain';
import { eq } from 'drizzle-orm';
import type { AssetKey, Dataset, DatasetRecords, MarketDataProvider } from '../providers/index.ts';
import { DATASETS } from '../providers/types.ts';
import { AssetIds } from './asset-ids.ts';
import type { BatchCounts, WriteContext } from './batch.ts';
import { indexTranscriptsForIngest } from './call-passages.ts';
import { confirmEarningsFromFilings } from './earnings.ts';
import { indexSearchSourcesForIngest } from './search-sources.ts';
import { enqueueSummaries } from './summaries-job.ts';
import { WRITERS } from './writers.ts';

export { newsSlug } from './news-text.ts';

export type RunStatus = 'succeeded' | 'partial' | 'failed';

export interface DatasetReport {
  dataset: Dataset;
  /** The `ingestion_runs` row. */
  runId: number;
  status: RunStatus;
  /** Records the provider delivered. */
  records: number;
  added: number;
  changed: number;
  skipped: number;
  errors: number;
  batches: number;
  failedBatches: number;
  ms: number;
  /** What went wrong, shortest first; also stored as the run's message. */
  message: string | null;
}

export interface IngestReport {
  provider: string;
  datasets: DatasetReport[];
  /** Estimated earnings dates confirmed from 8-K Item 2.02 filings after this run. */
  confirmedFromFilings: number;
  /** True when the signal stopped the run before it finished. */
  aborted: boolean;
  ms: number;
}

export interface IngestProgress {
  dataset: Dataset;
  /** 0-based position of the dataset among those this run writes, and how many there are. */
  index: number;
  total: number;
  phase: 'start' | 'batch' | 'done';
  records: number;
  batches: number;
  counts: Omit<BatchCounts, 'problems'>;
}

export interface IngestOptions {
  /** Only these datasets (default: all the provider serves); each must be one it serves. */
  datasets?: readonly Dataset[];
  /** Only these assets (those the provider cannot handle are left out). */
  assets?: readonly AssetKey[];
  from?: IsoDate;
  to?: IsoDate;
  /** "Now" of the run: the day 8-K confirmations may reach (default: the clock). */
  now?: Date;
  /** Stops between batches; the run is recorded as partial. */
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
  /**
   * Told after each dataset which ones gained or changed rows, so API caches on every node can drop stale answers.
   * Its batches are committed by then unless `db` is itself a transaction (a seed), when nobody is listening yet.
   */
  onChanged?: (datasets: Dataset[]) => void | Promise<void>;
}

export class IngestError extends Error {}

const MAX_MESSAGES = 5;

function errorText(error: unknown): string {
  // Drizzle wraps the driver's error ("Failed query: …"); the cause says what the database refused.
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = reason instanceof Error ? reason.message : String(reason);
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}

/** The datasets a run would write, in order; throws for one the provider does not serve. */
export function datasetsToRun(provider: MarketDataProvider, requested?: readonly Dataset[]): Dataset[] {
  const served = new Set(provider.datasets);
  if (requested) {
    const unserved = requested.filter((dataset) => !served.has(dataset));
    if (unserved.length > 0) {
      throw new IngestError(
        `Provider '${provider.name}' does not serve ${unserved.join(', ')} (it serves ${provider.datasets.join(', ')})`,
      );
    }
  }
  const wanted = new Set(requested ?? provider.datasets);
  return DATASETS.filter((dataset) => wanted.has(dataset) && served.has(dataset));
}

export async function ingest(
  db: Database,
  provider: MarketDataProvider,
  options: IngestOptions = {},
): Promise<IngestReport> {
  const started = performance.now();
  const datasets = datasetsToRun(provider, options.datasets);
  const assets = options.assets?.filter((asset) => provider.canHandle(asset));
  const ctx: WriteContext = {
    source: provider.name,
    assets: new AssetIds(),
    now: options.now ?? new Date(),
    insertHints: new Map(),
  };
  const report: IngestReport = {
    provider: provider.name,
    datasets: [],
    confirmedFromFilings: 0,
    aborted: false,
    ms: 0,
  };

  for (const [index, dataset] of datasets.entries()) {
    if (options.signal?.aborted) {
      report.aborted = true;
      break;
    }
    const result = await ingestDataset(db, provider, dataset, ctx, {
      ...options,
      assets,
      progress: (phase, partial) => options.onProgress?.({ dataset, index, total: datasets.length, phase, ...partial }),
    });
    report.datasets.push(result);
    if (dataset === 'assets') ctx.assets.clear();
    if (result.added + result.changed > 0) await options.onChanged?.([dataset]);
    // New or changed transcripts get their AI summary from the worker (modules/ai, decision 0024).
    if (dataset === 'files' && result.added + result.changed > 0) await enqueueSummaries(db);
    // New or changed transcripts are cut into the passages search reads, and tried on the saved searches.
    if (dataset === 'files' && result.added + result.changed > 0) await indexTranscriptsForIngest(db);
    // So are news articles and filings, the further sources a search may look in (decision 0044).
    // Only what was added, unless a stored row changed: a whole pass over five years of news after every step of a
    // history fill was most of the fill's indexing.
    if (dataset === 'news' && result.added + result.changed > 0)
      await indexSearchSourcesForIngest(db, ['news'], { addedOnly: result.changed === 0 });
    if (dataset === 'filings' && result.added + result.changed > 0)
      await indexSearchSourcesForIngest(db, ['filing'], { addedOnly: result.changed === 0 });
    if (options.signal?.aborted) report.aborted = true;
  }

  // Once filings and earnings are both in, past estimates may be confirmed by the company's own 8-K.
  if (datasets.includes('earnings') || datasets.includes('filings')) {
    report.confirmedFromFilings = await db.transaction((tx) =>
      confirmEarningsFromFilings(tx as unknown as Database, nyDate(ctx.now)),
    );
    if (report.confirmedFromFilings > 0) await options.onChanged?.(['earnings']);
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

interface DatasetRunOptions extends Omit<IngestOptions, 'assets' | 'onProgress'> {
  assets: readonly AssetKey[] | undefined;
  progress(phase: IngestProgress['phase'], partial: Pick<IngestProgress, 'records' | 'batches' | 'counts'>): void;
}

async function ingestDataset<D extends Dataset>(
  db: Database,
  provider: MarketDataProvider,
  dataset: D,
  ctx: WriteContext,
  options: DatasetRunOptions,
): Promise<DatasetReport> {
  const started = performance.now();
  const [run] = await db
    .insert(ingestionRuns)
    .values({ provider: provider.name, dataset, status: 'running', startedAt: new Date() })
    .returning({ id: ingestionRuns.id });
  if (!run) throw new Error('ingestion run was not recorded');
  const counts = { added: 0, changed: 0, skipped: 0, errors: 0 };
  const problems: string[] = [];
  let records = 0;
  let batches = 0;
  let failedBatches = 0;
  let fetchFailed = false;
  const writer = WRITERS[dataset];
  const progress = (phase: IngestProgress['phase']) =>
    options.progress(phase, { records, batches, counts: { ...counts } });
  progress('start');

  try {
    const source = provider.fetch(dataset, {
      ...(options.assets ? { assets: [...options.assets] } : {}),
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for await (const batch of source as AsyncIterable<DatasetRecords[D][]>) {
      batches += 1;
      records += batch.length;
      try {
        // Made ready first where it can be: the transaction then only writes.
        const ready = writer.prepare ? await writer.prepare(db, batch, ctx) : null;
        const written = await db.transaction((tx) =>
          ready ? ready(tx as unknown as Database) : writer(tx as unknown as Database, batch, ctx),
        );
        counts.added += written.added;
        counts.changed += written.changed;
        counts.skipped += written.skipped;
        counts.errors += written.errors;
        for (const problem of written.problems) if (problems.length < MAX_MESSAGES) problems.push(problem);
      } catch (error) {
        // The batch rolled back: nothing of it is stored, every record of it is in error.
        failedBatches += 1;
        counts.errors += batch.length;
        if (problems.length < MAX_MESSAGES) problems.push(`batch ${batches} failed: ${errorText(error)}`);
      }
      progress('batch');
      if (options.signal?.aborted) {
        problems.push('stopped before the end');
        fetchFailed = true;
        break;
      }
    }
  } catch (error) {
    fetchFailed = true;
    if (problems.length < MAX_MESSAGES + 1) problems.push(`fetching batch ${batches + 1} failed: ${errorText(error)}`);
  }

  const wrote = counts.added + counts.changed + counts.skipped > 0;
  const status: RunStatus = !fetchFailed && counts.errors === 0 ? 'succeeded' : wrote ? 'partial' : 'failed';
  const message = problems.length > 0 ? problems.join('; ') : null;
  await db
    .update(ingestionRuns)
    .set({ status, ...counts, message, finishedAt: new Date() })
    .where(eq(ingestionRuns.id, run.id));
  progress('done');
  return {
    dataset,
    runId: run.id,
    status,
    records,
    ...counts,
    batches,
    failedBatches,
    ms: Math.round(performance.now() - started),
    message,
  };
}
