import { describe, expect, it } from 'vitest';
import {
  citationProblem,
  passagesOf,
  type SummaryTranscript,
  sentenceSpans,
  summariseTranscript,
  summaryProblems,
  summaryText,
} from './summary.ts';

const CALL: SummaryTranscript = {
  sections: [
    {
      title: 'Operator',
      paragraphs: [
        {
          speaker: 'Operator',
          role: null,
          text: 'Good afternoon, and welcome to the Example Corp. earnings call. Revenue was great, said nobody yet.',
        },
      ],
    },
    {
      title: 'Prepared Remarks',
      paragraphs: [
        {
          speaker: 'Head of Investor Relations',
          role: 'Example Corp.',
          text: "Today's remarks include forward-looking statements that involve risks and uncertainties; actual results may differ materially.",
        },
        {
          speaker: 'Dana Reyes',
          role: 'Chief Executive Officer',
          text: 'Thank you. We delivered a record quarter with strong momentum: total revenue was $12.4 billion, up 18% from a year ago. Mr. Smith will cover the details.',
        },
        {
          speaker: 'Lee Park',
          role: 'Chief Financial Officer',
          text: 'Diluted earnings per share were $2.31, against consensus of $2.10.\nGross margin expanded 120 basis points to 61.5%. Book value per share was $58.69.',
        },
        {
          speaker: 'Lee Park',
          role: 'Chief Financial Officer',
          text: 'For the full year, we now expect revenue between $50 billion and $52 billion, and we are raising our EPS guidance to $9.10 to $9.40. Supply chain constraints and tariff pressure remain a headwind in the second half.',
        },
      ],
    },
    {
      title: 'Q&A',
      paragraphs: [
        {
          speaker: 'Example Bank analyst',
          role: 'Analyst',
          text: 'Thanks for taking my question. How strong was demand, and did revenue grow 30% anywhere?',
        },
        {
          speaker: 'Dana Reyes',
          role: 'Chief Executive Officer',
          text: 'Demand was robust and accelerating in every region, and our new platform launch exceeded our plan. We remain cautious about inflation and weaker consumer spending, which could pressure volumes.',
        },
      ],
    },
  ],
};

describe(sentenceSpans.name, () => {
  it('cuts at sentence ends and line breaks, not at abbreviations, initials or decimals', () => {
    const text = 'Mr. J. Smith of Example Inc. said $1.65 is fine. Really?  Yes!\nNext line';
    expect(sentenceSpans(text).map(([start, end]) => text.slice(start, end))).toEqual([
      'Mr. J. Smith of Example Inc. said $1.65 is fine.',
      'Really?',
      'Yes!',
      'Next line',
    ]);
  });

  it('keeps a lower-case continuation in its sentence and trims white space', () => {
    const text = '  Up 3.5 vs. last year. and more.  ';
    expect(sentenceSpans(text).map(([start, end]) => text.slice(start, end))).toEqual([
      'Up 3.5 vs. last year. and more.',
    ]);
  });
});

describe(passagesOf.name, () => {
  it('numbers every sentence in reading order with its place and exact text', () => {
    const passages = passagesOf(CALL);
    expect(passages.map((passage) => passage.id)).toEqual(passages.map((_, index) => index + 1));
    for (const passage of passages) {
      expect(citationProblem(CALL, passage)).toBeNull();
      expect(passage.sectionTitle).toBe(CALL.sections[passage.section]?.title);
    }
    expect(passages.find((passage) => passage.quote.startsWith('Gross margin'))).toMatchObject({
      section: 1,
      paragraph: 2,
      quote: 'Gross margin expanded 120 basis points to 61.5%.',
    });
  });
});

describe(citationProblem.name, () => {
  it('names a citation whose text is not at its offsets', () => {
    const [passage] = passagesOf(CALL);
    if (!passage) throw new Error('no passage');
    expect(citationProblem(CALL, { ...passage, quote: `${passage.quote} ` })).toMatch(/not the quote/);
    expect(citationProblem(CALL, { ...passage, start: 1 })).toMatch(/not the quote/);
    expect(citationProblem(CALL, { ...passage, end: 10_000 })).toMatch(/outside/);
    expect(citationProblem(CALL, { ...passage, section: 9 })).toMatch(/no paragraph/);
  });
});

describe(summariseTranscript.name, () => {
  const summary = summariseTranscript(CALL);

  it('finds revenue, EPS, margin and guidance with the figure as written', () => {
    expect(summary.keyNumbers.map(({ metric, label, figure }) => ({ metric, label, figure }))).toEqual([
      { metric: 'revenue', label: 'Revenue', figure: '$12.4 billion' },
      { metric: 'eps', label: 'EPS', figure: '$2.31' },
      { metric: 'margin', label: 'Gross margin', figure: '120 basis points' },
      { metric: 'guidance', label: 'Revenue guidance', figure: 'between $50 billion and $52 billion' },
      { metric: 'guidance', label: 'EPS guidance', figure: '$9.10 to $9.40' },
    ]);
  });

  it('cites every statement at text that exists in the transcript', () => {
    expect(summaryProblems(CALL, summary)).toEqual([]);
    const all = [...summary.summary, ...summary.keyNumbers, ...summary.highlights, ...summary.risks];
    expect(all.length).toBeGreaterThan(5);
    for (const statement of all) expect(statement.citations.length).toBeGreaterThan(0);
  });

  it('never quotes the operator, an analyst, a question or the legal boilerplate', () => {
    const quoted = [...summary.summary, ...summary.keyNumbers, ...summary.highlights, ...summary.risks].flatMap(
      (statement) => statement.citations.map((citation) => citation.quote),
    );
    expect(quoted.some((quote) => /said nobody|forward-looking|\?$|Book value/.test(quote))).toBe(false);
  });

  it('sorts upbeat and wary sentences into highlights and risks', () => {
    expect(summary.highlights.map((statement) => statement.text)).toEqual([
      'Demand was robust and accelerating in every region, and our new platform launch exceeded our plan.',
    ]);
    expect(summary.risks.map((statement) => statement.text)).toEqual([
      'Supply chain constraints and tariff pressure remain a headwind in the second half.',
      'We remain cautious about inflation and weaker consumer spending, which could pressure volumes.',
    ]);
    expect(summary.sentiment).not.toBeNull();
  });

  it('writes the paragraph from the results, the outlook, a highlight and a risk', () => {
    expect(summaryText(summary.summary)).toBe(
      [
        'We delivered a record quarter with strong momentum: total revenue was $12.4 billion, up 18% from a year ago.',
        'Diluted earnings per share were $2.31, against consensus of $2.10.',
        'For the full year, we now expect revenue between $50 billion and $52 billion, and we are raising our EPS guidance to $9.10 to $9.40.',
        'Demand was robust and accelerating in every region, and our new platform launch exceeded our plan.',
        'Supply chain constraints and tariff pressure remain a headwind in the second half.',
      ].join(' '),
    );
  });

  it('gives the same summary for the same transcript', () => {
    expect(JSON.stringify(summariseTranscript(structuredClone(CALL)))).toBe(JSON.stringify(summary));
  });

  it('still cites something in a transcript with nothing to pick, and nothing in an empty one', () => {
    const thin: SummaryTranscript = {
      sections: [{ title: 'Remarks', paragraphs: [{ speaker: 'CEO', role: null, text: 'Thanks all.' }] }],
    };
    const result = summariseTranscript(thin);
    expect(result.summary.map((statement) => statement.text)).toEqual(['Thanks all.']);
    expect(summaryProblems(thin, result)).toEqual([]);
    expect(summariseTranscript({ sections: [] })).toEqual({
      summary: [],
      keyNumbers: [],
      highlights: [],
      risks: [],
      sentiment: null,
    });
  });
});
