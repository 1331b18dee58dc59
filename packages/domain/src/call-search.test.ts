import { describe, expect, it } from 'vitest';
import {
  CALL_SEARCH_LIMITS,
  callPassagePath,
  callSectionOf,
  callSpeakerRoleOf,
  loneWords,
  parseCallSearch,
  passageParam,
  passageSpans,
  readPassageParam,
  type SearchHitTarget,
  SNIPPET_START,
  SNIPPET_STOP,
  searchHitPath,
  searchSourcesOf,
  snippetParts,
  symbolCandidates,
  toTsQueryText,
  withoutWords,
} from './call-search.ts';

const tsquery = (input: string) => {
  const parsed = parseCallSearch(input);
  if (parsed.kind !== 'query') throw new Error(`expected a query, got ${JSON.stringify(parsed)}`);
  return toTsQueryText(parsed.query);
};
const problem = (input: string) => {
  const parsed = parseCallSearch(input);
  return parsed.kind === 'problem' ? parsed.problem : parsed.kind;
};

describe('the call search query language', () => {
  it('ANDs words, lower cased, stop words dropped', () => {
    expect(tsquery('Guidance the CUT')).toBe('guidance & cut');
  });

  it('keeps a phrase in order, its stop words holding their places', () => {
    expect(tsquery('"cut the guidance" margin')).toBe('(cut <-> the <-> guidance) & margin');
  });

  it('excludes words and phrases', () => {
    expect(tsquery('tariffs -china -"supply chain"')).toBe('tariffs & !china & !(supply <-> chain)');
  });

  it('makes OR groups of neighbouring terms', () => {
    expect(tsquery('tariffs OR duties OR "trade war" pricing')).toBe('(tariffs | duties | (trade <-> war)) & pricing');
  });

  it('reads a lower case "or" as a stop word, not an operator', () => {
    expect(tsquery('tariffs or duties')).toBe('tariffs & duties');
  });

  it('splits a term on punctuation into a phrase of its parts', () => {
    expect(tsquery('AI-capex')).toBe('(ai <-> capex)');
    expect(tsquery('$AAPL')).toBe('aapl');
    expect(tsquery('2.5%')).toBe('(2 <-> 5)');
  });

  it('never lets an operator or SQL through: metacharacters are separators', () => {
    expect(tsquery("x'); drop table files; --")).toBe('x & drop & table & files');
    expect(tsquery('a&b|c!d<->e:*')).toBe('(a <-> b <-> c <-> d <-> e)');
    expect(tsquery(`.*+?^$\{}()[]\\ margin`)).toBe('margin');
  });

  it('gives an empty query for blank input and for only stop words', () => {
    expect(parseCallSearch('')).toEqual({ kind: 'empty' });
    expect(parseCallSearch('   ')).toEqual({ kind: 'empty' });
    expect(parseCallSearch('the and of')).toEqual({ kind: 'empty' });
    expect(parseCallSearch('"the of"')).toEqual({ kind: 'empty' });
    expect(parseCallSearch('(){}')).toEqual({ kind: 'empty' });
  });

  it('names each problem of bad input', () => {
    expect(problem('"guidance cut')).toBe('a quote is not closed: every "phrase" needs its closing quote');
    expect(problem('-')).toBe('a "-" must come right before the word or "phrase" it excludes');
    expect(problem('margin - tariffs')).toBe('a "-" must come right before the word or "phrase" it excludes');
    expect(problem('-tariffs')).toBe('the query must look for at least one word, not only exclude');
    expect(problem('OR')).toBe('OR must stand between two words or phrases to look for');
    expect(problem('tariffs OR')).toBe('OR must stand between two words or phrases to look for');
    expect(problem('tariffs OR -duties')).toBe('OR must stand between two words or phrases to look for');
    expect(problem('a\u0000b')).toBe('the query must not contain the NUL character');
    expect(problem('margin \ud800')).toBe('the query must be well-formed Unicode text');
    expect(problem('x'.repeat(10 * 1024))).toBe(`the query must be at most ${CALL_SEARCH_LIMITS.maxLength} characters`);
    expect(problem(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' OR '))).toBe(
      `the query must be at most ${CALL_SEARCH_LIMITS.maxLength} characters`,
    );
  });

  it('bounds the words and the alternatives before anything runs', () => {
    const words = Array.from({ length: CALL_SEARCH_LIMITS.maxWords + 1 }, (_, i) => `w${i}`);
    expect(problem(words.join(' '))).toBe(`the query may look for at most ${CALL_SEARCH_LIMITS.maxWords} words`);
    expect(parseCallSearch(words.slice(1).join(' ')).kind).toBe('query');
    const alternatives = Array.from({ length: CALL_SEARCH_LIMITS.maxAlternatives + 1 }, (_, i) => `a${i}`);
    expect(problem(alternatives.join(' OR '))).toBe(
      `an OR group may have at most ${CALL_SEARCH_LIMITS.maxAlternatives} alternatives`,
    );
    expect(problem('x'.repeat(CALL_SEARCH_LIMITS.maxWordLength + 1))).toBe(
      `a word must be at most ${CALL_SEARCH_LIMITS.maxWordLength} characters`,
    );
  });

  it('finds the lone words that may name a company, and drops them when something remains', () => {
    const parsed = parseCallSearch('AAPL "services revenue" tariffs OR duties');
    if (parsed.kind !== 'query') throw new Error(parsed.kind);
    expect(loneWords(parsed.query)).toEqual(['aapl']);
    const rest = withoutWords(parsed.query, new Set(['aapl']));
    expect(rest && toTsQueryText(rest)).toBe('(services <-> revenue) & (tariffs | duties)');
    const alone = parseCallSearch('aapl');
    if (alone.kind !== 'query') throw new Error(alone.kind);
    expect(withoutWords(alone.query, new Set(['aapl']))).toBeNull();
  });
});

describe('symbols in a query', () => {
  it('reads capitals and cashtags as symbols, lower case words as words', () => {
    expect(symbolCandidates('AAPL tariffs $msft on it -TSLA "NVDA chips" A')).toEqual(['AAPL', 'MSFT']);
    expect(symbolCandidates('"unclosed AAPL')).toEqual([]);
  });
});

describe('passages, sections, roles and snippets', () => {
  it('groups sentences into passages', () => {
    const spans: [number, number][] = [
      [0, 5],
      [6, 10],
      [11, 20],
      [21, 30],
    ];
    expect(passageSpans('x'.repeat(30), spans, 3)).toEqual([
      [0, 20],
      [21, 30],
    ]);
    expect(passageSpans('no stop', [], 3)).toEqual([[0, 7]]);
    expect(passageSpans('  ', [], 3)).toEqual([]);
  });

  it('reads sections and speakers as transcripts name them', () => {
    expect(callSectionOf('Prepared Remarks')).toBe('prepared');
    expect(callSectionOf('Questions & Answers')).toBe('qa');
    expect(callSectionOf('Q&A')).toBe('qa');
    expect(callSectionOf('Operator')).toBeNull();
    expect(callSpeakerRoleOf('Operator', null)).toBe('operator');
    expect(callSpeakerRoleOf('Goldman Sachs analyst', 'Analyst')).toBe('analyst');
    expect(callSpeakerRoleOf('Jane Doe', 'Morgan Stanley -- Analyst')).toBe('analyst');
    expect(callSpeakerRoleOf('Chief Financial Officer', 'Apple')).toBe('executive');
  });

  it('turns marked snippets into parts without markup', () => {
    const marked = `We ${SNIPPET_START}cut${SNIPPET_STOP} ${SNIPPET_START}guidance${SNIPPET_STOP} <b>today</b>`;
    expect(snippetParts(marked)).toEqual([
      { text: 'We ', hit: false },
      { text: 'cut', hit: true },
      { text: ' ', hit: false },
      { text: 'guidance', hit: true },
      { text: ' <b>today</b>', hit: false },
    ]);
    expect(snippetParts(`${SNIPPET_START}open`)).toEqual([{ text: 'open', hit: true }]);
  });
});

describe('a passage in a URL', () => {
  it('writes and reads section.paragraph.start.end', () => {
    const at = { section: 2, paragraph: 14, start: 0, end: 212 };
    expect(passageParam(at)).toBe('2.14.0.212');
    expect(readPassageParam('2.14.0.212')).toEqual(at);
    expect(readPassageParam('2.14.5.5')).toBeNull();
    expect(readPassageParam('a.b.c.d')).toBeNull();
    expect(readPassageParam(null)).toBeNull();
    expect(callPassagePath({ fileId: 'demo-AAPL-2026-Q3-transcript', eventId: 9, symbol: 'AAPL' }, at)).toBe(
      '/transcripts/demo-AAPL-2026-Q3-transcript?passage=2.14.0.212',
    );
    expect(callPassagePath({ fileId: null, eventId: 9, symbol: 'AAPL' }, at)).toBe('/AAPL/events/9');
  });
});

describe('the sources a search looks in', () => {
  it('are the ones asked for, once each and in a fixed order, or transcripts alone', () => {
    expect(searchSourcesOf(undefined)).toEqual(['transcript']);
    expect(searchSourcesOf([])).toEqual(['transcript']);
    expect(searchSourcesOf(['news', 'transcript', 'news'])).toEqual(['transcript', 'news']);
    expect(searchSourcesOf(['filing', 'summary'])).toEqual(['summary', 'filing']);
    expect(searchSourcesOf(['tweets'])).toEqual(['transcript']);
  });

  it('each open their own page at a hit', () => {
    const at = { section: 1, paragraph: 4, start: 10, end: 52 };
    const none = { fileId: null, eventId: null, symbol: null, newsId: null, slug: null, url: null };
    const hit = (fields: Partial<SearchHitTarget> & Pick<SearchHitTarget, 'source'>) =>
      searchHitPath({ ...none, ...fields }, at);
    expect(hit({ source: 'transcript', fileId: 'f 1', symbol: 'AAPL' })).toBe('/transcripts/f%201?passage=1.4.10.52');
    expect(hit({ source: 'transcript', eventId: 9, symbol: 'AAPL' })).toBe('/AAPL/events/9');
    expect(hit({ source: 'summary', fileId: 'f1', symbol: 'AAPL' })).toBe('/transcripts/f1?summary=1.4.10.52');
    expect(hit({ source: 'news', newsId: 12, slug: 'apple-beats-1a2b' })).toBe('/news/12/apple-beats-1a2b');
    expect(hit({ source: 'filing', symbol: 'brk.b', url: 'https://www.sec.gov/x' })).toBe('/quote/BRK.B/sec-filings');
    expect(hit({ source: 'filing', url: 'https://www.sec.gov/x' })).toBe('https://www.sec.gov/x');
  });
});
