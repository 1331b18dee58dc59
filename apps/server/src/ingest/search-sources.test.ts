import { describe, expect, it } from 'vitest';
import { filingText, newsParagraphs, passagesOfFiling, passagesOfNews, passagesOfSummary } from './search-sources.ts';

const where = (
  rows: { section: number; paragraph: number; start: number; end: number; speaker: string; text: string }[],
) => rows.map((row) => [row.speaker, `${row.section}.${row.paragraph}.${row.start}.${row.end}`, row.text]);

describe('a news article cut for search', () => {
  it('reads the paragraphs of a sanitised body as plain text', () => {
    expect(
      newsParagraphs('<p>One &amp; two.</p><h3>Head</h3><ul><li>Item <b>a</b></li><li>Item b</li></ul>Tail<br />end'),
    ).toEqual(['One & two.', 'Head', 'Item a', 'Item b', 'Tail', 'end']);
    expect(newsParagraphs(null)).toEqual([]);
    expect(newsParagraphs('<p> </p>')).toEqual([]);
  });

  it('is its headline, then its summary and body as one passage, the summary once', () => {
    const rows = passagesOfNews({
      id: 7,
      title: 'Acme <b>beats</b>',
      summary: 'Sales rose.',
      body: '<p>Sales rose.</p><p>One. Two. Three. Four.</p>',
      publishedAt: '2026-01-02T00:00:00.000Z',
      assetId: 3,
      symbol: 'ACME',
      hash: 'h',
    });
    expect(where(rows)).toEqual([
      ['Headline', '0.0.0.10', 'Acme beats'],
      ['Article', '1.0.0.34', 'Sales rose.\nOne. Two. Three. Four.'],
    ]);
    expect(rows.map((row) => [row.callId, row.seq, row.source, row.newsId, row.symbol])).toEqual(
      [0, 1].map((seq) => ['news:7', seq, 'news', 7, 'ACME']),
    );
    // A headline alone is one passage.
    expect(
      where(
        passagesOfNews({
          ...rows[0],
          id: 8,
          title: 'Only',
          summary: null,
          body: null,
          publishedAt: '',
          assetId: null,
          symbol: null,
          hash: 'h',
        }),
      ),
    ).toEqual([['Headline', '0.0.0.4', 'Only']]);
  });
});

describe('an AI summary cut for search', () => {
  const row = {
    fileId: 'f1',
    eventId: null,
    assetId: 3,
    symbol: 'ACME',
    date: '2026-01-02T00:00:00.000Z',
    periodYear: 2026,
    period: 'Q1',
    summary: 'Demand rose. Costs fell.',
    hash: 'h',
  };

  it('is a passage per statement, at its first citation, leaving out what cannot be read', () => {
    const rows = passagesOfSummary({
      ...row,
      highlights: [
        { kind: 'summary', text: 'Demand rose.', citations: [{ section: 1, paragraph: 2, start: 5, end: 17 }] },
        {
          kind: 'keyNumber',
          label: 'Revenue',
          text: 'Revenue was $2B.',
          citations: [{ section: 1, paragraph: 3, start: 0, end: 9 }],
        },
        { kind: 'risk', text: 'Costs may rise.', citations: [{ section: 'x' }] },
        'An older highlight.',
        { kind: 'meta', transcriptHash: 'h' },
        { kind: 'summary', text: '' },
        null,
      ],
    });
    expect(where(rows)).toEqual([
      ['AI summary', '1.2.5.17', 'Demand rose.'],
      ['Key number: Revenue', '1.3.0.9', 'Revenue was $2B.'],
      ['Risk', '0.0.0.0', 'Costs may rise.'],
      ['Highlight', '0.0.0.0', 'An older highlight.'],
    ]);
    expect(new Set(rows.map((passage) => `${passage.callId} ${passage.source} ${passage.fileId}`))).toEqual(
      new Set(['summary:f1 summary f1']),
    );
  });

  it('is its paragraph cut in passages when it has no statements', () => {
    expect(where(passagesOfSummary({ ...row, highlights: ['A highlight.'] }))).toEqual([
      ['Highlight', '0.0.0.0', 'A highlight.'],
      ['AI summary', '0.0.0.0', 'Demand rose. Costs fell.'],
    ]);
  });
});

describe('a filing cut for search', () => {
  it('is what is stored of it: the form, its kind, the description and the 8-K items by name', () => {
    const filing = {
      id: 5,
      assetId: 3,
      symbol: 'ACME',
      form: '8-K',
      kind: 'sec_8k',
      description: 'Current report on results.',
      items: ['2.02', '9.99'],
      date: '2026-01-02T00:00:00.000Z',
      hash: 'h',
    };
    expect(filingText(filing)).toBe(
      '8-K Current Report. Current report on results. Item 2.02 Results of operations (earnings). Item 9.99',
    );
    expect(filingText({ ...filing, form: 'D', kind: 'other', description: null, items: [] })).toBe('D');
    expect(filingText({ ...filing, form: '10-K', kind: 'sec_10k', description: 'Annual report', items: [] })).toBe(
      '10-K Annual Report',
    );
    const said = filingText(filing);
    expect(where(passagesOfFiling(filing))).toEqual([['8-K', `0.0.0.${said.length}`, said]]);
  });
});
