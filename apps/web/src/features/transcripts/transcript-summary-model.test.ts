import type { FileAnalysis } from '@eh/contracts';
import { EXTRACTIVE_MODEL } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import {
  citationNumber,
  citationNumbers,
  citationPlace,
  citedStatements,
  locateCitation,
  passageAnchor,
  writtenBy,
} from './transcript-summary-model.ts';

const sections = [
  { title: 'Operator', paragraphs: [{ speaker: 'Operator', role: null, text: 'Welcome.', startMs: null }] },
  {
    title: 'Prepared Remarks',
    paragraphs: [
      {
        speaker: 'Chief Financial Officer',
        role: 'Example Corp',
        text: 'Thank you. Revenue was $5 billion. EPS was $1.10.',
        startMs: null,
      },
    ],
  },
];
const revenue = { section: 1, paragraph: 0, start: 11, end: 34, quote: 'Revenue was $5 billion.' };
const eps = { section: 1, paragraph: 0, start: 35, end: 49, quote: 'EPS was $1.10.' };

const analysis: FileAnalysis = {
  fileId: 'f',
  summary: 'EPS was $1.10. Revenue was $5 billion.',
  summaryStatements: [
    { text: 'EPS was $1.10.', citations: [eps] },
    { text: 'Revenue was $5 billion.', citations: [revenue] },
  ],
  keyNumbers: [{ metric: 'revenue', label: 'Revenue', figure: '$5 billion', text: 'x', citations: [revenue] }],
  highlights: ['an older highlight', { text: 'Revenue was $5 billion.', citations: [revenue] }],
  risks: [],
  sentiment: 0.2,
  model: EXTRACTIVE_MODEL,
  source: 'extractive',
  createdAt: '2026-11-26T00:00:00.000Z',
};

describe(citationNumbers.name, () => {
  it('numbers each cited passage once, in transcript order', () => {
    const numbers = citationNumbers(citedStatements(analysis));
    expect(citationNumber(numbers, revenue)).toBe(1);
    expect(citationNumber(numbers, eps)).toBe(2);
    expect(numbers.size).toBe(2);
  });
});

describe(locateCitation.name, () => {
  it('finds the quote at its offsets, or in its paragraph when the text moved', () => {
    expect(locateCitation(sections, revenue)).toEqual({ ...revenue });
    expect(locateCitation(sections, { ...revenue, start: 0, end: 23 })).toEqual({
      section: 1,
      paragraph: 0,
      start: 11,
      end: 34,
    });
    expect(locateCitation(sections, { ...revenue, quote: 'Revenue was $6 billion.' })).toBeNull();
    expect(locateCitation(sections, { ...revenue, section: 4 })).toBeNull();
  });
});

describe(writtenBy.name, () => {
  it('says who wrote the summary', () => {
    expect(writtenBy(analysis)).toMatch(/built-in summariser/);
    expect(writtenBy({ model: 'gpt-4o-mini', source: 'openai' })).toMatch(/^Written by gpt-4o-mini\./);
  });
});

describe(passageAnchor.name, () => {
  it('names a paragraph from 1', () => {
    expect(passageAnchor(1, 0)).toBe('passage-2-1');
  });
});

describe(citationPlace.name, () => {
  it('names the section and the speaker', () => {
    expect(citationPlace(sections, revenue)).toBe('Prepared Remarks, Chief Financial Officer');
    expect(citationPlace(sections, { ...revenue, section: 9 })).toBe('the transcript');
  });
});
