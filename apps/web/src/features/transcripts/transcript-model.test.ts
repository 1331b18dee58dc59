import { describe, expect, it } from 'vitest';
import { clock, initials, readingMinutes, sectionAnchor, speakersOf } from './transcript-model.ts';

const sections = [
  {
    title: 'Operator',
    paragraphs: [{ speaker: 'Operator', role: null, text: 'Good afternoon and welcome.', startMs: 0 }],
  },
  {
    title: 'Q&A',
    paragraphs: [
      { speaker: 'Dana Okafor', role: 'Analyst, Example Securities', text: 'How is demand?', startMs: 65_000 },
      {
        speaker: 'Jordan Whitfield',
        role: 'Chief Executive Officer',
        text: 'Demand is strong across regions.',
        startMs: 70_000,
      },
      { speaker: 'Dana Okafor', role: null, text: 'Thanks.', startMs: 3_725_000 },
    ],
  },
];

describe(sectionAnchor.name, () => {
  it('numbers and slugs the title', () => {
    expect(sectionAnchor(1, 'Q&A')).toBe('section-2-q-a');
    expect(sectionAnchor(0, 'Prepared Remarks')).toBe('section-1-prepared-remarks');
    expect(sectionAnchor(4, '—')).toBe('section-5');
  });
});

describe(speakersOf.name, () => {
  it('lists speakers by first appearance with their role and word counts', () => {
    expect(speakersOf(sections)).toEqual([
      { name: 'Operator', role: null, paragraphs: 1, words: 4 },
      { name: 'Dana Okafor', role: 'Analyst, Example Securities', paragraphs: 2, words: 4 },
      { name: 'Jordan Whitfield', role: 'Chief Executive Officer', paragraphs: 1, words: 5 },
    ]);
  });
});

describe(clock.name, () => {
  it('reads offsets as a clock', () => {
    expect(clock(65_000)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
    expect(clock(-5)).toBe('0:00');
  });
});

describe(readingMinutes.name, () => {
  it('never says zero', () => {
    expect(readingMinutes(sections)).toBe(1);
  });
});

describe(initials.name, () => {
  it('takes first and last initials', () => {
    expect(initials('Jordan Whitfield')).toBe('JW');
    expect(initials('Operator')).toBe('O');
    expect(initials('')).toBe('?');
  });
});
