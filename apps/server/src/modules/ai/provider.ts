/**
 * Who writes a transcript's summary (decision 0024): the embedded extractive summariser (the default: offline and
 * deterministic), or any OpenAI-compatible Chat Completions endpoint by configuration (`openai.ts`), which falls
 * back to the extractive summary when its answer is unusable. `summaries.ts` picks one from AI_PROVIDER.
 */
import { EXTRACTIVE_MODEL, type SummaryTranscript, summariseTranscript, type TranscriptSummary } from '@eh/domain';
import type { Fallback } from '../files/index.ts';

export const SUMMARY_SOURCES = ['extractive', 'openai'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];

export interface SummaryRequest {
  fileId: string;
  symbol: string;
  /** The file's title ('Apple Inc. Q3 2026 earnings call transcript'). */
  title: string;
  transcript: SummaryTranscript;
}

export interface WrittenSummary {
  summary: TranscriptSummary;
  /** The model that wrote it. */
  model: string;
  source: SummarySource;
  /** Set when the configured model's answer was unusable and the extractive summary stands in. */
  fallback: Fallback | null;
}

export interface SummaryProvider {
  readonly name: SummarySource;
  /** Throws only when `signal` aborts (the worker stops): any other failure of a model falls back. */
  summarise(request: SummaryRequest, signal?: AbortSignal): Promise<WrittenSummary>;
}

export function extractiveSummary(request: SummaryRequest, fallback: Fallback | null = null): WrittenSummary {
  return { summary: summariseTranscript(request.transcript), model: EXTRACTIVE_MODEL, source: 'extractive', fallback };
}

export const extractiveProvider: SummaryProvider = {
  name: 'extractive',
  summarise: async (request) => extractiveSummary(request),
};
