import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  passagesOf,
  type SummaryParagraph,
  type SummaryTranscript,
  summariseTranscript,
  summaryProblems,
} from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../src/modules/ai/openai.ts';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real', 'transcripts');

interface MotleyFool {
  prepared_remarks: { speaker: string; speech: string }[];
  q_and_a: { speaker: string; speech: string }[];
  participants: string[];
}

/** A Motley Fool transcript as our sections: prepared remarks and Q&A, each speaker's role from the participants. */
function motleyFool(name: string): SummaryTranscript {
  const call = JSON.parse(readFileSync(resolve(REAL, 'motley-fool-json', name), 'utf8')) as MotleyFool;
  const roles = new Map(
    call.participants.map((participant) => {
      const [who, ...role] = participant.split('--');
      return [
        who?.trim() ?? '',
        role
          .join(' ')
          .replace(/^\s*-*\s*/, '')
          .trim() || null,
      ];
    }),
  );
  const paragraphs = (turns: MotleyFool['prepared_remarks']): SummaryParagraph[] =>
    turns.map((turn) => ({ speaker: turn.speaker, role: roles.get(turn.speaker) ?? null, text: turn.speech }));
  return {
    sections: [
      { title: 'Prepared Remarks', paragraphs: paragraphs(call.prepared_remarks) },
      { title: 'Questions & Answers', paragraphs: paragraphs(call.q_and_a) },
    ],
  };
}

interface YahooCalls {
  [ticker: string]: { transcripts: { quarter: string; fiscal_year: string; content: string }[] };
}

/** A Yahoo transcript (markdown, `**Speaker** (Role)` before each turn) as one section of turns. */
function yahoo(content: string): SummaryTranscript {
  const paragraphs: SummaryParagraph[] = [];
  for (const block of content.split(/\n(?=\*\*[^*\n]+\*\*)/)) {
    const head = /^\*\*([^*\n]+)\*\*(?: \(([^)\n]*)\))?\n/.exec(block);
    if (!head) continue;
    paragraphs.push({ speaker: head[1] ?? '', role: head[2] ?? null, text: block.slice(head[0].length) });
  }
  return { sections: [{ title: 'Call', paragraphs }] };
}

const MOTLEY_FOOL = readdirSync(resolve(REAL, 'motley-fool-json'))
  .filter((name) => name.endsWith('.json'))
  .sort();
const YAHOO = JSON.parse(
  readFileSync(resolve(REAL, 'yahoo-finance', 'earnings_transcripts.json'), 'utf8'),
) as YahooCalls;
const YAHOO_CALLS = Object.entries(YAHOO).flatMap(([ticker, calls]) =>
  calls.transcripts.map((call) => [`${ticker} ${call.quarter} ${call.fiscal_year}`, call.content] as const),
);

describe('AI summaries of real transcripts (Motley Fool, 2019-2022)', () => {
  it('has the calls', () => {
    expect(MOTLEY_FOOL.length).toBe(36);
  });

  it.each(MOTLEY_FOOL)('%s: every citation is the transcript’s own text at its offsets', (name) => {
    const transcript = motleyFool(name);
    const summary = summariseTranscript(transcript);
    expect(summaryProblems(transcript, summary)).toEqual([]);
    expect(summary.summary.length).toBeGreaterThanOrEqual(2);
    expect(summary.highlights.length + summary.risks.length).toBeGreaterThan(0);
    // Deterministic: the same transcript, read again, gives the same summary.
    expect(JSON.stringify(summariseTranscript(motleyFool(name)))).toBe(JSON.stringify(summary));
  });

  it('reads the key numbers of a call as the executives say them (Coca-Cola, Q3 2021)', () => {
    const summary = summariseTranscript(motleyFool('KO_q3_2021.json'));
    expect(summary.keyNumbers.map(({ label, figure }) => `${label}: ${figure}`)).toEqual(
      expect.arrayContaining([
        'Organic revenue: 14%',
        'EPS: $0.65',
        'Gross margin: 160 basis points',
        'Revenue guidance: 13% to 14%',
        'EPS guidance: 15% to 17%',
      ]),
    );
    expect(summary.risks.map((risk) => risk.text).join(' ')).toMatch(/inflation/);
  });

  it('finds EPS in most calls and revenue or sales in most', () => {
    const summaries = MOTLEY_FOOL.map((name) => summariseTranscript(motleyFool(name)));
    const share = (metric: string) =>
      summaries.filter((summary) => summary.keyNumbers.some((k) => k.metric === metric)).length / summaries.length;
    expect(share('eps')).toBeGreaterThan(0.7);
    expect(share('revenue')).toBeGreaterThan(0.6);
    expect(share('guidance')).toBeGreaterThan(0.6);
  });
});

describe('AI summaries of real transcripts (Yahoo Finance, 2024-2026)', () => {
  it.each(YAHOO_CALLS)('%s: every citation is the transcript’s own text at its offsets', (_name, content) => {
    const transcript = yahoo(content);
    expect(transcript.sections[0]?.paragraphs.length).toBeGreaterThan(10);
    const summary = summariseTranscript(transcript);
    expect(summaryProblems(transcript, summary)).toEqual([]);
    expect(summary.summary.length).toBeGreaterThanOrEqual(1);
  });

  it("reads Apple's record quarter (Q1 fiscal 2026)", () => {
    const call = YAHOO.AAPL?.transcripts.find((t) => t.quarter === 'Q1' && t.fiscal_year === '2026');
    if (!call) throw new Error('no Apple Q1 2026 call');
    const summary = summariseTranscript(yahoo(call.content));
    expect(summary.keyNumbers.map(({ label, figure }) => `${label}: ${figure}`)).toEqual(
      expect.arrayContaining(['Revenue: $143.8 billion', 'EPS: $2.84']),
    );
  });

  it('keeps only citations of passages that exist when a model answers about a real call', () => {
    const call = YAHOO.NVDA?.transcripts[0];
    if (!call) throw new Error('no NVIDIA call');
    const transcript = yahoo(call.content);
    const passages = passagesOf(transcript);
    const revenue = passages.find(
      (passage) => /revenue/i.test(passage.quote) && /\$[\d.]+ billion/.test(passage.quote),
    );
    if (!revenue) throw new Error('no revenue passage');
    const figure = /\$[\d.]+ billion/.exec(revenue.quote)?.[0] ?? '';
    const { summary, dropped } = checkAnswer(
      JSON.stringify({
        summary: [
          { text: 'Revenue set a record.', passages: [revenue.id] },
          { text: 'Invented.', passages: [passages.length + 5] },
        ],
        keyNumbers: [{ metric: 'revenue', figure, text: 'Revenue', passages: [revenue.id] }],
      }),
      passages,
    );
    expect(dropped).toBe(1);
    expect(summary.keyNumbers.map((k) => k.figure)).toEqual([figure]);
    expect(summaryProblems(transcript, summary)).toEqual([]);
  });
});
