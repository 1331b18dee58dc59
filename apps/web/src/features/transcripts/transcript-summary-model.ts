/**
 * The AI summary beside its transcript (decision 0024): each cited passage numbered once, in reading order, so the
 * same passage carries the same number wherever a statement cites it; where a citation's text stands in the
 * transcript as shown; and the words that say who wrote the summary. Pure.
 */
import type { Citation, CitedStatement, FileAnalysis } from '@eh/contracts';
import { EXTRACTIVE_MODEL } from '@eh/domain';
import type { TranscriptSectionLike } from './transcript-model.ts';

/** The anchor of a paragraph of the transcript: 'passage-2-4' (section and paragraph, from 1). */
export function passageAnchor(section: number, paragraph: number): string {
  return `passage-${section + 1}-${paragraph + 1}`;
}

const key = (citation: Pick<Citation, 'section' | 'paragraph' | 'start'>) =>
  `${citation.section}:${citation.paragraph}:${citation.start}`;

/** Every statement of an analysis with citations: the paragraph's, the key numbers, highlights and risks. */
export function citedStatements(analysis: FileAnalysis): CitedStatement[] {
  return [
    ...analysis.summaryStatements,
    ...analysis.keyNumbers,
    ...analysis.highlights.filter((item): item is CitedStatement => typeof item !== 'string'),
    ...analysis.risks,
  ];
}

/** Numbers from 1 for the cited passages, in the order they stand in the transcript. */
export function citationNumbers(statements: readonly CitedStatement[]): Map<string, number> {
  const unique = new Map<string, Citation>();
  for (const statement of statements) for (const citation of statement.citations) unique.set(key(citation), citation);
  const ordered = [...unique.values()].sort(
    (a, b) => a.section - b.section || a.paragraph - b.paragraph || a.start - b.start,
  );
  return new Map(ordered.map((citation, index) => [key(citation), index + 1]));
}

export const citationNumber = (numbers: ReadonlyMap<string, number>, citation: Citation) =>
  numbers.get(key(citation)) ?? 0;

export interface Located {
  section: number;
  paragraph: number;
  start: number;
  end: number;
}

/**
 * Where a citation's quote stands in the transcript shown: at its offsets, or (a transcript corrected since the
 * summary was written) wherever the quote is found in that paragraph; null when it is no longer there.
 */
export function locateCitation(sections: readonly TranscriptSectionLike[], citation: Citation): Located | null {
  const text = sections[citation.section]?.paragraphs[citation.paragraph]?.text;
  if (text === undefined || citation.quote.length === 0) return null;
  if (text.slice(citation.start, citation.end) === citation.quote) return { ...citation };
  const at = text.indexOf(citation.quote);
  return at < 0
    ? null
    : { section: citation.section, paragraph: citation.paragraph, start: at, end: at + citation.quote.length };
}

/** Who wrote the summary, in the reader's words. */
export function writtenBy(analysis: Pick<FileAnalysis, 'model' | 'source'>): string {
  if (analysis.model === EXTRACTIVE_MODEL || analysis.source === 'extractive')
    return 'Picked from the call by our built-in summariser: every statement is a sentence said on the call, linked to where it was said.';
  return `Written by ${analysis.model}. Every statement links to the passage it came from; check figures against the transcript.`;
}

/** Where a citation points, for its link's label: 'Prepared Remarks, Chief Financial Officer'. */
export function citationPlace(sections: readonly TranscriptSectionLike[], citation: Citation): string {
  const section = sections[citation.section];
  const speaker = section?.paragraphs[citation.paragraph]?.speaker;
  return [section?.title, speaker].filter(Boolean).join(', ') || 'the transcript';
}
