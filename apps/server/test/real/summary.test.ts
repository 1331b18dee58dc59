import { passagesOf, type SummaryTranscript, summariseTranscript, summaryProblems } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../src/modules/ai/openai.ts';
import { motleyFool, motleyFoolNames, yahooCalls, yahooSections } from './transcripts.ts';

const MOTLEY_FOOL = motleyFoolNames();
const YAHOO = yahooCalls();
const YAHOO_CALLS = YAHOO.map((call) => [`${call.ticker} ${call.quarter} ${call.fiscalYear}`, call.content] as const);
const yahoo = (content: string): SummaryTranscript => yahooSections(content);

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
    const call = YAHOO.find((t) => t.ticker === 'AAPL' && t.quarter === 'Q1' && t.fiscalYear === '2026');
    if (!call) throw new Error('no Apple Q1 2026 call');
    const summary = summariseTranscript(yahoo(call.content));
    expect(summary.keyNumbers.map(({ label, figure }) => `${label}: ${figure}`)).toEqual(
      expect.arrayContaining(['Revenue: $143.8 billion', 'EPS: $2.84']),
    );
  });

  it('keeps only citations of passages that exist when a model answers about a real call', () => {
    const call = YAHOO.find((t) => t.ticker === 'NVDA');
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
