/**
 * How a generated analysis sits in `file_analysis` (decision 0024): `summary` the paragraph, `sentiment`, `model`
 * and `source` in their columns, and every statement with its citations in the `highlights` jsonb array, each entry
 * tagged with its kind, beside one `meta` entry: the hash of the transcript content it was made from (a changed
 * transcript is summarised again) and the model call it fell back from, if any. Older rows (plain strings) read as
 * highlights without citations.
 */
import { CitedStatement, KeyNumber } from '@eh/contracts';
import type { TranscriptSummary } from '@eh/domain';
import { z } from 'zod';

/** A model call that did not give a usable answer, and why: the stored summary is then the extractive one. */
export interface Fallback {
  /** `openai:<model>`. */
  from: string;
  reason: string;
}

export interface AnalysisMeta {
  /** md5 of the transcript content's jsonb text, as PostgreSQL computes it. */
  transcriptHash: string;
  fallback: Fallback | null;
}

const Meta = z.object({
  kind: z.literal('meta'),
  transcriptHash: z.string(),
  fallback: z.object({ from: z.string(), reason: z.string() }).nullable(),
});

const StoredEntry = z.discriminatedUnion('kind', [
  CitedStatement.extend({ kind: z.literal('summary') }),
  KeyNumber.extend({ kind: z.literal('keyNumber') }),
  CitedStatement.extend({ kind: z.literal('highlight') }),
  CitedStatement.extend({ kind: z.literal('risk') }),
  Meta,
]);
type StoredEntry = z.infer<typeof StoredEntry>;

/** The `highlights` jsonb of a generated analysis. */
export function storedEntries(summary: TranscriptSummary, meta: AnalysisMeta): StoredEntry[] {
  return [
    ...summary.summary.map((statement) => ({ kind: 'summary' as const, ...statement })),
    ...summary.keyNumbers.map((statement) => ({ kind: 'keyNumber' as const, ...statement })),
    ...summary.highlights.map((statement) => ({ kind: 'highlight' as const, ...statement })),
    ...summary.risks.map((statement) => ({ kind: 'risk' as const, ...statement })),
    { kind: 'meta', ...meta },
  ];
}

export interface StoredStatements {
  summaryStatements: CitedStatement[];
  keyNumbers: KeyNumber[];
  highlights: (string | CitedStatement)[];
  risks: CitedStatement[];
  meta: AnalysisMeta | null;
}

const strip = <T extends { kind: string }>({ kind: _, ...rest }: T) => rest;

/** A stored `highlights` array in the contract's fields; anything unreadable is left out, never answered as 500. */
export function readStoredStatements(stored: readonly unknown[]): StoredStatements {
  const read: StoredStatements = { summaryStatements: [], keyNumbers: [], highlights: [], risks: [], meta: null };
  for (const value of stored) {
    if (typeof value === 'string') {
      read.highlights.push(value);
      continue;
    }
    const entry = StoredEntry.safeParse(value);
    if (!entry.success) {
      // An older analysis's highlight object: its text, without citations.
      const text = (value as { text?: unknown } | null)?.text;
      if (typeof text === 'string') read.highlights.push({ text, citations: [] });
      continue;
    }
    const item = entry.data;
    if (item.kind === 'summary') read.summaryStatements.push(strip(item));
    else if (item.kind === 'keyNumber') read.keyNumbers.push(strip(item));
    else if (item.kind === 'highlight') read.highlights.push(strip(item));
    else if (item.kind === 'risk') read.risks.push(strip(item));
    else read.meta = strip(item);
  }
  return read;
}
