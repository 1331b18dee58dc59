/**
 * Transcript summaries (decision 0024): the worker's `transcript-summaries` job finds transcripts without
 * an analysis (or whose content changed since theirs), has the configured provider write one, checks every citation
 * against the transcript, stores it in `file_analysis` and announces the file on the live socket
 * (`marketDataAssetFile`). The job is enqueued when ingestion stores new or changed files, and once per database
 * (the `transcript-summaries` seed) for the transcripts it already holds. Each run does at most
 * {@link SUMMARY_RUN_MAX} and queues a follow-up for the rest; a transcript already summarised from the same content
 * is never redone.
 */
import { setImmediate } from 'node:timers/promises';
import type { Database } from '@eh/db';
import {
  accountFeaturesFor,
  citationProblem,
  type SummaryTranscript,
  summaryText,
  TEAM_PLAN,
  type TranscriptSummary,
} from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { indexSearchSourcesForIngest } from '../../ingest/search-sources.ts';
import { SUMMARIES_JOB } from '../../ingest/summaries-job.ts';
import type { MessageBus } from '../../kernel/bus/index.ts';
import type { JobHandler } from '../../kernel/jobs/handler.ts';
import { claim, complete, enqueue, fail } from '../../kernel/jobs/queue.ts';
import { publishLive } from '../../kernel/live.ts';
import { fileById, storedEntries, toFileMeta } from '../files/index.ts';
import { createOpenAiProvider } from './openai.ts';
import { extractiveProvider, type SummaryProvider } from './provider.ts';
import * as q from './queries.ts';

/** How often the AI lane looks for a queued job (it has one kind, queued by ingestion and a seed). */
export const SUMMARY_POLL_MS = 5000;
/** Transcripts looked up per query of a run. */
export const SUMMARY_BATCH = 25;
/** Transcripts one run summarises at most; a follow-up job takes the rest. */
export const SUMMARY_RUN_MAX = 200;

/** What the summaries need of the app: the database, the configuration, and the bus when there is one. */
export interface SummaryEnv {
  db: Database;
  config: Config;
  bus?: MessageBus | null;
  log?: FastifyBaseLogger;
}

/** The provider AI_PROVIDER names. */
export function createSummaryProvider(config: Config): SummaryProvider {
  if (config.AI_PROVIDER === 'openai' && config.AI_BASE_URL && config.AI_MODEL) {
    return createOpenAiProvider({
      baseUrl: config.AI_BASE_URL,
      model: config.AI_MODEL,
      apiKey: config.AI_API_KEY,
      timeoutMs: config.AI_TIMEOUT_MS,
    });
  }
  return extractiveProvider;
}

/** A transcript's stored content as the summariser reads it (stored content is vendor-shaped JSON). */
export function transcriptOfContent(content: Record<string, unknown> | null): SummaryTranscript {
  const sections = Array.isArray(content?.sections) ? content.sections : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    sections: sections.map((section: Record<string, unknown> | null) => ({
      title: text(section?.title),
      paragraphs: (Array.isArray(section?.paragraphs) ? section.paragraphs : []).map(
        (paragraph: Record<string, unknown> | null) => ({
          speaker: text(paragraph?.speaker),
          role: typeof paragraph?.role === 'string' ? paragraph.role : null,
          text: text(paragraph?.text),
        }),
      ),
    })),
  };
}

/** The summary with every statement whose citations do not hold (or that has none) left out. */
export function keepCited(transcript: SummaryTranscript, summary: TranscriptSummary): TranscriptSummary {
  const holds = (statement: { citations: readonly Parameters<typeof citationProblem>[1][] }) =>
    statement.citations.length > 0 &&
    statement.citations.every((citation) => citationProblem(transcript, citation) === null);
  return {
    summary: summary.summary.filter(holds),
    keyNumbers: summary.keyNumbers.filter(
      (item) => holds(item) && item.citations.some((citation) => citation.quote.includes(item.figure)),
    ),
    highlights: summary.highlights.filter(holds),
    risks: summary.risks.filter(holds),
    sentiment: summary.sentiment,
  };
}

/** Who sees a pushed file as published: every feature (the socket gates it per client, sync/gate.ts). */
const EVERY_FEATURE = accountFeaturesFor({ plan: TEAM_PLAN, subscriptionType: 'paid', status: 'active' });

export type SummaryOutcome = 'stored' | 'missing';

/** Summarises one transcript, stores the analysis and announces the file. */
export async function summariseFile(
  env: SummaryEnv,
  provider: SummaryProvider,
  fileId: string,
  signal?: AbortSignal,
): Promise<SummaryOutcome> {
  const row = await q.transcriptOf(env.db, { id: fileId });
  if (!row) return 'missing';
  const transcript = transcriptOfContent(row.content);
  const written = await provider.summarise({ fileId, symbol: row.symbol, title: row.title, transcript }, signal);
  const summary = keepCited(transcript, written.summary);
  if (written.fallback)
    env.log?.warn({ fileId, from: written.fallback.from, reason: written.fallback.reason }, 'AI summary fell back');
  await q.storeAnalysis(env.db, {
    fileId,
    summary: summaryText(summary.summary),
    highlights: storedEntries(summary, { transcriptHash: row.hash, fallback: written.fallback }),
    sentiment: summary.sentiment,
    model: written.model,
    source: written.source,
  });
  if (env.bus) {
    const file = await fileById(env.db, { id: fileId });
    if (file) {
      await publishLive(env.bus, { type: 'marketDataAssetFile', data: toFileMeta(file, EVERY_FEATURE) }).catch(
        (error: unknown) => env.log?.warn({ err: error, fileId }, 'could not announce a summarised file'),
      );
    }
  }
  return 'stored';
}

export interface SummaryRun {
  stored: number;
  /** True when the run stopped at {@link SUMMARY_RUN_MAX} with transcripts left. */
  more: boolean;
}

/**
 * Summarises pending transcripts, newest first, until none is left, the signal aborts or the run's cap; then
 * indexes the summaries written for search (decision 0044), queuing the keyword alerts for them.
 */
export async function summarisePending(
  env: SummaryEnv,
  options: { provider?: SummaryProvider; signal?: AbortSignal; max?: number } = {},
): Promise<SummaryRun> {
  const written: string[] = [];
  try {
    return await summariseSome(env, written, options);
  } finally {
    // What was written before a failure is indexed too.
    if (written.length > 0) await indexSearchSourcesForIngest(env.db, ['summary'], { summaryFileIds: written });
  }
}

async function summariseSome(
  env: SummaryEnv,
  written: string[],
  options: { provider?: SummaryProvider; signal?: AbortSignal; max?: number },
): Promise<SummaryRun> {
  const provider = options.provider ?? createSummaryProvider(env.config);
  const max = options.max ?? SUMMARY_RUN_MAX;
  const tried: string[] = [];
  while (!options.signal?.aborted) {
    const ids = await q.pendingTranscripts(env.db, { limit: SUMMARY_BATCH, skip: tried });
    if (ids.length === 0) return { stored: written.length, more: false };
    for (const id of ids) {
      if (options.signal?.aborted) break;
      if (tried.length >= max) return { stored: written.length, more: true };
      tried.push(id);
      if ((await summariseFile(env, provider, id, options.signal)) === 'stored') written.push(id);
      // PGlite and the summariser share the thread with the server: a turn for it between transcripts.
      await setImmediate();
    }
  }
  return { stored: written.length, more: false };
}

const FOLLOW_UP_KEY = `${SUMMARIES_JOB}:more`;

export const runSummariesJob: JobHandler = async ({ ctx, job, signal, log }) => {
  const started = performance.now();
  const run = await summarisePending({ db: ctx.db, config: ctx.config, bus: ctx.bus, log }, { signal });
  // The rest in a job of its own (the other key: this one is running), so other lanes' turns come in between.
  if (run.more)
    await enqueue(ctx.db, {
      name: SUMMARIES_JOB,
      uniqueKey: job.uniqueKey === FOLLOW_UP_KEY ? SUMMARIES_JOB : FOLLOW_UP_KEY,
    });
  if (run.stored > 0)
    log.info(
      { job: job.id, stored: run.stored, more: run.more, ms: Math.round(performance.now() - started) },
      'AI summaries written',
    );
};

export const AI_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = { [SUMMARIES_JOB]: runSummariesJob };

/**
 * Runs every queued summaries job here and now (the tests' seeded template: a database as the worker leaves it).
 * Returns the transcripts summarised.
 */
export async function summariseQueuedNow(env: SummaryEnv): Promise<number> {
  const worker = 'inline-summaries';
  let stored = 0;
  for (;;) {
    const [job] = await claim(env.db, worker, { names: [SUMMARIES_JOB] });
    if (!job) return stored;
    try {
      stored += (await summarisePending(env, { max: Number.POSITIVE_INFINITY })).stored;
    } catch (error) {
      await fail(env.db, { ...job, attempts: job.maxAttempts }, worker, error);
      throw error;
    }
    await complete(env.db, job, worker);
  }
}
