import { type SummaryTranscript, summariseTranscript, summaryProblems } from '@eh/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, market } from '../../providers/demo/test-support.ts';
import type { FileRecord } from '../../providers/types.ts';
import { readStoredStatements, storedEntries } from '../files/index.ts';
import { keepCited, transcriptOfContent } from './summaries.ts';

const SAMPLE = ['AAPL', 'MSFT', 'NVDA', 'KO', 'JPM', 'GOOG', 'WMT', 'TSM'].map((symbol) => ({
  symbol,
  type: 'stock' as const,
}));

let transcripts: FileRecord[] = [];
beforeAll(async () => {
  const files = await collect(market(), 'files', { assets: SAMPLE });
  transcripts = files.filter((file) => file.fileType === 'transcript');
}, 60_000);

const transcriptOf = (file: FileRecord) => transcriptOfContent(file.content as Record<string, unknown>);

describe('the extractive summary of the demo transcripts', () => {
  it('cites, for every statement, text that exists at its offsets', () => {
    expect(transcripts.length).toBeGreaterThan(30);
    for (const file of transcripts) {
      const transcript = transcriptOf(file);
      const summary = summariseTranscript(transcript);
      expect(summaryProblems(transcript, summary), file.id).toEqual([]);
      expect(summary.summary.length, file.id).toBeGreaterThanOrEqual(2);
    }
  });

  it("finds the quarter's revenue, EPS and the guidance the company issued, as the CFO says them", () => {
    for (const file of transcripts) {
      const summary = summariseTranscript(transcriptOf(file));
      const cfo = (file.content?.sections ?? []).flatMap((section) => section.paragraphs).map((p) => p.text);
      const eps = /Earnings per share were (-?\$\d+\.\d\d)/.exec(cfo.join(' '))?.[1];
      const revenue = /revenue was (\$[\d.]+ (?:billion|million))/.exec(cfo.join(' '))?.[1];
      const figures = (metric: string) => summary.keyNumbers.filter((k) => k.metric === metric).map((k) => k.figure);
      expect(figures('revenue'), file.id).toContain(revenue);
      expect(figures('eps'), file.id).toContain(eps);
      const outlook = /we expect revenue (between \$[\d.]+ (?:billion|million) and \$[\d.]+ (?:billion|million))/.exec(
        cfo.join(' '),
      )?.[1];
      if (outlook) expect(figures('guidance'), file.id).toContain(outlook);
      else expect(figures('guidance'), file.id).toEqual([]);
    }
    // Some sampled companies guide and some do not: both branches ran.
    const guiding = transcripts.filter((file) => JSON.stringify(file.content).includes('we expect revenue between'));
    expect(guiding.length).toBeGreaterThan(0);
    expect(guiding.length).toBeLessThan(transcripts.length);
  });

  it('is the same summary for the same transcript, on a market drawn afresh', async () => {
    const again = (await collect(market(), 'files', { assets: SAMPLE })).filter((f) => f.fileType === 'transcript');
    expect(again.map((file) => JSON.stringify(summariseTranscript(transcriptOf(file))))).toEqual(
      transcripts.map((file) => JSON.stringify(summariseTranscript(transcriptOf(file)))),
    );
  });
});

describe(transcriptOfContent.name, () => {
  it('reads vendor-shaped content, whatever is missing', () => {
    expect(
      transcriptOfContent({
        sections: [{ title: 'A', paragraphs: [{ speaker: 'CEO', text: 'Hi.' }, { text: 5 }, null] }, null],
      }),
    ).toEqual({
      sections: [
        {
          title: 'A',
          paragraphs: [
            { speaker: 'CEO', role: null, text: 'Hi.' },
            { speaker: '', role: null, text: '' },
            { speaker: '', role: null, text: '' },
          ],
        },
        { title: '', paragraphs: [] },
      ],
    });
    expect(transcriptOfContent(null)).toEqual({ sections: [] });
  });
});

describe(keepCited.name, () => {
  it('leaves out statements whose citations do not hold, and key numbers whose figure is not quoted', () => {
    const transcript: SummaryTranscript = {
      sections: [{ title: 'R', paragraphs: [{ speaker: 'CFO', role: null, text: 'Revenue was $5 billion.' }] }],
    };
    const good = { section: 0, paragraph: 0, start: 0, end: 23, quote: 'Revenue was $5 billion.' };
    const kept = keepCited(transcript, {
      summary: [
        { text: 'ok', citations: [good] },
        { text: 'moved', citations: [{ ...good, start: 1 }] },
        { text: 'none', citations: [] },
      ],
      keyNumbers: [
        { metric: 'revenue', label: 'Revenue', figure: '$5 billion', text: 'ok', citations: [good] },
        { metric: 'revenue', label: 'Revenue', figure: '$6 billion', text: 'made up', citations: [good] },
      ],
      highlights: [],
      risks: [{ text: 'elsewhere', citations: [{ ...good, section: 3 }] }],
      sentiment: 0.2,
    });
    expect(kept.summary.map((s) => s.text)).toEqual(['ok']);
    expect(kept.keyNumbers.map((s) => s.figure)).toEqual(['$5 billion']);
    expect(kept.risks).toEqual([]);
  });
});

describe(readStoredStatements.name, () => {
  it('reads back what was stored, and older rows as uncited highlights', () => {
    const file = transcripts[0];
    if (!file) throw new Error('no transcript');
    const summary = summariseTranscript(transcriptOf(file));
    const stored = JSON.parse(
      JSON.stringify(
        storedEntries(summary, { transcriptHash: 'abc', fallback: { from: 'openai:m', reason: 'HTTP 500' } }),
      ),
    );
    expect(readStoredStatements(stored)).toEqual({
      summaryStatements: summary.summary,
      keyNumbers: summary.keyNumbers,
      highlights: summary.highlights,
      risks: summary.risks,
      meta: { transcriptHash: 'abc', fallback: { from: 'openai:m', reason: 'HTTP 500' } },
    });
    expect(readStoredStatements(['Revenue +12%', { text: 'Margins up' }, 7, null, { kind: 'risk' }])).toEqual({
      summaryStatements: [],
      keyNumbers: [],
      highlights: ['Revenue +12%', { text: 'Margins up', citations: [] }],
      risks: [],
      meta: null,
    });
  });
});
