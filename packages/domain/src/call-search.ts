/**
 * Search inside calls (decision 0044): the query language people type, parsed and bounded before anything runs.
 *
 * - words are ANDed: `guidance cut` finds passages with both (stemmed: `cuts`, `cutting`);
 * - `"exact phrase"` keeps its words adjacent and in order;
 * - `-word` or `-"a phrase"` excludes;
 * - `OR` (upper case, between two terms) makes alternatives: `tariffs OR duties`.
 *
 * A word is a run of letters and digits; any other character separates words, so a bare term like `AI-capex` or
 * `2.5%` is read as the phrase of its parts, and no character a person types ever reaches the database as an
 * operator. English stop words (the list PostgreSQL's `english` configuration drops) carry nothing, so a query of
 * only stop words is empty. Every problem is a message naming it, never an exception.
 */

/** The bounds a query is held to before it runs (each refusal names the one it broke). */
export const CALL_SEARCH_LIMITS = {
  /** Characters of the whole query. */
  maxLength: 200,
  /** Words to look for, phrases' words and excluded words included. */
  maxWords: 12,
  /** Alternatives of one OR group. */
  maxAlternatives: 6,
  /** Characters of one word (longer runs are no English word nor a symbol). */
  maxWordLength: 40,
} as const;

/** Calls a page of results holds, and passages shown per call. */
export const CALL_SEARCH_PAGE_SIZE = 20;
export const CALL_SEARCH_SNIPPETS_PER_CALL = 3;
/** Sentences in one indexed passage (a paragraph is cut into groups of this many). */
export const CALL_SEARCH_PASSAGE_SENTENCES = 3;
/** Companies in "who mentions it most this season", and the days a season looks back. */
export const CALL_SEARCH_TOP_COMPANIES = 10;
export const CALL_SEARCH_SEASON_DAYS = 92;
/** Quarters the mention trend shows. */
export const CALL_SEARCH_TREND_QUARTERS = 12;

export const CALL_SEARCH_SORTS = ['relevance', 'date'] as const;
export type CallSearchSort = (typeof CALL_SEARCH_SORTS)[number];
/** Parts of a call a passage belongs to. */
export const CALL_SECTIONS = ['prepared', 'qa'] as const;
export type CallSection = (typeof CALL_SECTIONS)[number];
/**
 * What a search looks in (decision 0044): call transcripts (stored, and live calls as they are spoken), the calls'
 * AI summaries, news articles, and SEC filings (what is stored of them: form, kind, description and items).
 */
export const CALL_SEARCH_SOURCES = ['transcript', 'summary', 'news', 'filing'] as const;
export type CallSearchSource = (typeof CALL_SEARCH_SOURCES)[number];
/** What a search without sources looks in: transcripts only, so a link or saved search made before keeps its answer. */
export const CALL_SEARCH_DEFAULT_SOURCES: readonly CallSearchSource[] = ['transcript'];

/** The sources a search looks in: the ones given, each once and in {@link CALL_SEARCH_SOURCES} order, or the default. */
export function searchSourcesOf(sources: readonly string[] | null | undefined): CallSearchSource[] {
  const chosen = CALL_SEARCH_SOURCES.filter((source) => sources?.includes(source));
  return chosen.length > 0 ? chosen : [...CALL_SEARCH_DEFAULT_SOURCES];
}

/** Who spoke a passage. */
export const CALL_SPEAKER_ROLES = ['executive', 'analyst', 'operator'] as const;
export type CallSpeakerRole = (typeof CALL_SPEAKER_ROLES)[number];

/** PostgreSQL's English stop words (`english.stop`): `to_tsvector('english', …)` indexes none of them. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for ' +
    'with about against between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more most other some such no ' +
    'nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** One thing to look for: a single word, or the words of a phrase in order. */
export interface CallSearchTerm {
  words: string[];
}

/** A parsed query: every group must match (one of its alternatives), no excluded term may. */
export interface CallSearchQuery {
  groups: CallSearchTerm[][];
  excluded: CallSearchTerm[];
}

export type CallSearchParse =
  | { kind: 'query'; query: CallSearchQuery }
  /** Nothing to look for (blank, or only stop words): an empty result, not an error. */
  | { kind: 'empty' }
  | { kind: 'problem'; problem: string };

interface Token {
  kind: 'term' | 'or';
  text: string;
  phrase: boolean;
  excluded: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as the index reads them: lower case runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).slice();
}

function tokenize(input: string): Token[] | string {
  const tokens: Token[] = [];
  let at = 0;
  while (at < input.length) {
    const char = input[at] as string;
    if (/\s/u.test(char)) {
      at += 1;
      continue;
    }
    let excluded = false;
    if (char === '-' && at + 1 < input.length && !/\s/u.test(input[at + 1] as string)) {
      excluded = true;
      at += 1;
    } else if (char === '-') {
      return 'a "-" must come right before the word or "phrase" it excludes';
    }
    if (input[at] === '"') {
      const close = input.indexOf('"', at + 1);
      if (close < 0) return 'a quote is not closed: every "phrase" needs its closing quote';
      tokens.push({ kind: 'term', text: input.slice(at + 1, close), phrase: true, excluded });
      at = close + 1;
      continue;
    }
    let end = at;
    while (end < input.length && !/\s/u.test(input[end] as string) && input[end] !== '"') end += 1;
    const text = input.slice(at, end);
    at = end;
    if (text === 'OR' && !excluded) tokens.push({ kind: 'or', text, phrase: false, excluded: false });
    else tokens.push({ kind: 'term', text, phrase: false, excluded });
  }
  return tokens;
}

/** A term's words, stop words dropped from a lone word but kept inside a phrase (they hold its words' places). */
function termOf(token: Token): CallSearchTerm | null {
  const words = wordsOf(token.text);
  const meaningful = words.filter((word) => !ENGLISH_STOP_WORDS.has(word));
  if (meaningful.length === 0) return null;
  return { words: words.length > 1 ? words : meaningful };
}

/** Parses and bounds a query; never throws. */
export function parseCallSearch(input: string): CallSearchParse {
  if (typeof input !== 'string') return { kind: 'problem', problem: 'the query must be text' };
  if (input.includes('\u0000')) return { kind: 'problem', problem: 'the query must not contain the NUL character' };
  if (!input.isWellFormed()) return { kind: 'problem', problem: 'the query must be well-formed Unicode text' };
  if (input.length > CALL_SEARCH_LIMITS.maxLength)
    return { kind: 'problem', problem: `the query must be at most ${CALL_SEARCH_LIMITS.maxLength} characters` };
  const tokens = tokenize(input);
  if (typeof tokens === 'string') return { kind: 'problem', problem: tokens };

  const groups: CallSearchTerm[][] = [];
  const excluded: CallSearchTerm[] = [];
  let joinNext = false;
  let words = 0;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'or') {
      const previous = tokens[index - 1];
      const next = tokens[index + 1];
      if (previous?.kind !== 'term' || previous.excluded || !next || next.kind !== 'term' || next.excluded)
        return { kind: 'problem', problem: 'OR must stand between two words or phrases to look for' };
      joinNext = true;
      continue;
    }
    const term = termOf(token);
    if (term) {
      for (const word of term.words)
        if (word.length > CALL_SEARCH_LIMITS.maxWordLength)
          return {
            kind: 'problem',
            problem: `a word must be at most ${CALL_SEARCH_LIMITS.maxWordLength} characters`,
          };
      words += term.words.length;
      if (words > CALL_SEARCH_LIMITS.maxWords)
        return { kind: 'problem', problem: `the query may look for at most ${CALL_SEARCH_LIMITS.maxWords} words` };
    }
    if (token.excluded) {
      if (term) excluded.push(term);
    } else if (joinNext && groups.length > 0) {
      const group = groups[groups.length - 1] as CallSearchTerm[];
      if (term) group.push(term);
      if (group.length > CALL_SEARCH_LIMITS.maxAlternatives)
        return {
          kind: 'problem',
          problem: `an OR group may have at most ${CALL_SEARCH_LIMITS.maxAlternatives} alternatives`,
        };
    } else {
      groups.push(term ? [term] : []);
    }
    joinNext = false;
  }
  const kept = groups.filter((group) => group.length > 0);
  if (kept.length === 0) {
    if (excluded.length > 0)
      return { kind: 'problem', problem: 'the query must look for at least one word, not only exclude' };
    return { kind: 'empty' };
  }
  return { kind: 'query', query: { groups: kept, excluded } };
}

const termText = (term: CallSearchTerm) => (term.words.length === 1 ? term.words[0] : `(${term.words.join(' <-> ')})`);

/**
 * The query as `to_tsquery('english', …)` text. Its lexemes are only letters and digits (see {@link wordsOf}), so
 * the text holds no operator but the ones written here; it is still passed as a parameter, never spliced into SQL.
 */
export function toTsQueryText(query: CallSearchQuery): string {
  const parts = query.groups.map((group) =>
    group.length === 1 ? termText(group[0] as CallSearchTerm) : `(${group.map(termText).join(' | ')})`,
  );
  for (const term of query.excluded) parts.push(`!${termText(term)}`);
  return parts.join(' & ');
}

/** The query without the lone words given (a company named in it), or null when nothing would remain. */
export function withoutWords(query: CallSearchQuery, words: ReadonlySet<string>): CallSearchQuery | null {
  const groups = query.groups.filter(
    (group) => !(group.length === 1 && group[0]?.words.length === 1 && words.has(group[0].words[0] as string)),
  );
  return groups.length > 0 ? { groups, excluded: query.excluded } : null;
}

/** The lone words of a query's groups: what may name a company (a symbol or the first word of its name). */
export function loneWords(query: CallSearchQuery): string[] {
  return query.groups.flatMap((group) =>
    group.length === 1 && group[0]?.words.length === 1 ? [group[0].words[0] as string] : [],
  );
}

/** A stable text of the query (what a cursor is tied to): the same for `Cut  guidance` and `cut guidance`. */
export function canonicalCallSearch(query: CallSearchQuery): string {
  return toTsQueryText(query);
}

/** A transcript paragraph cut into passages of a few sentences: offsets into the paragraph's text. */
export function passageSpans(
  text: string,
  sentences: readonly [number, number][],
  perPassage = CALL_SEARCH_PASSAGE_SENTENCES,
): [number, number][] {
  const spans: [number, number][] = [];
  for (let index = 0; index < sentences.length; index += perPassage) {
    const first = sentences[index] as [number, number];
    const last = sentences[Math.min(index + perPassage, sentences.length) - 1] as [number, number];
    spans.push([first[0], last[1]]);
  }
  if (spans.length === 0 && text.trim() !== '') spans.push([0, text.length]);
  return spans;
}

/** A section title as one of {@link CALL_SECTIONS}, or null (the operator's opening). */
export function callSectionOf(title: string): CallSection | null {
  const lower = title.toLowerCase();
  if (/q\s*&\s*a|question/.test(lower)) return 'qa';
  if (/prepared|remarks|presentation|call/.test(lower)) return 'prepared';
  return null;
}

/** Who spoke, from the speaker's name and role as transcripts give them. */
export function callSpeakerRoleOf(speaker: string, role: string | null): CallSpeakerRole {
  if (/^operator$/i.test(speaker.trim())) return 'operator';
  if (role && /analyst/i.test(role)) return 'analyst';
  if (/\banalyst\b/i.test(speaker)) return 'analyst';
  return 'executive';
}

/** A snippet as `ts_headline` marks it (between the two markers), as parts a page can show without markup. */
export const SNIPPET_START = '\u0001';
export const SNIPPET_STOP = '\u0002';
export function snippetParts(marked: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  let rest = marked;
  while (rest.length > 0) {
    const open = rest.indexOf(SNIPPET_START);
    if (open < 0) {
      parts.push({ text: rest, hit: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), hit: false });
    const close = rest.indexOf(SNIPPET_STOP, open + 1);
    const end = close < 0 ? rest.length : close;
    parts.push({ text: rest.slice(open + 1, end), hit: true });
    rest = close < 0 ? '' : rest.slice(close + 1);
  }
  // Neighbouring hits ("guidance" "cut") read as one.
  return parts.reduce<{ text: string; hit: boolean }[]>((merged, part) => {
    const last = merged[merged.length - 1];
    if (part.text === '') return merged;
    if (last && last.hit === part.hit) last.text += part.text;
    else merged.push({ ...part });
    return merged;
  }, []);
}

/** Text indexed as a passage: control characters (the snippet markers among them) read as spaces. */
export function indexableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
}

/**
 * Words of the query that may be ticker symbols: typed in capitals (`AAPL`) or as a cashtag (`$aapl`), looked for,
 * not excluded. Lower case symbols are read as words: `on`, `it` and `all` are tickers too.
 */
export function symbolCandidates(input: string): string[] {
  const tokens = tokenize(input);
  if (typeof tokens === 'string') return [];
  const found = tokens.flatMap((token) => {
    if (token.kind !== 'term' || token.phrase || token.excluded) return [];
    const match = /^\$?([A-Za-z]{1,6})$/.exec(token.text) ?? null;
    if (!match?.[1]) return [];
    const bare = match[1];
    return token.text.startsWith('$') || (bare === bare.toUpperCase() && bare.length >= 2) ? [bare.toUpperCase()] : [];
  });
  return [...new Set(found)];
}

/** The URL parameter that opens a transcript at a passage (marked and scrolled to, like an AI summary citation). */
export const PASSAGE_PARAM = 'passage';

export interface PassageLocation {
  section: number;
  paragraph: number;
  start: number;
  end: number;
}

/** `section.paragraph.start.end`, as {@link PASSAGE_PARAM} carries it. */
export const passageParam = (at: PassageLocation) => `${at.section}.${at.paragraph}.${at.start}.${at.end}`;

/** The location a {@link PASSAGE_PARAM} value names, or null when it names none. */
export function readPassageParam(value: string | null | undefined): PassageLocation | null {
  const match = /^(\d{1,4})\.(\d{1,5})\.(\d{1,7})\.(\d{1,7})$/.exec(value ?? '');
  if (!match) return null;
  const [section, paragraph, start, end] = match.slice(1).map(Number) as [number, number, number, number];
  return end > start ? { section, paragraph, start, end } : null;
}

/** The page of a call at a passage: a stored transcript's page, or the live call's event page. */
export function callPassagePath(
  call: { fileId: string | null; eventId: number | null; symbol: string },
  at: PassageLocation,
): string {
  if (call.fileId) return `/transcripts/${encodeURIComponent(call.fileId)}?${PASSAGE_PARAM}=${passageParam(at)}`;
  return `/${encodeURIComponent(call.symbol)}/events/${call.eventId ?? ''}`;
}

/** The URL parameter that opens a transcript's AI summary at the statement citing a passage. */
export const SUMMARY_PARAM = 'summary';

/** What a search hit's link needs of it: its source and the ids of the page that shows it. */
export interface SearchHitTarget {
  source: CallSearchSource;
  fileId: string | null;
  eventId: number | null;
  symbol: string | null;
  newsId: number | null;
  slug: string | null;
  url: string | null;
}

/**
 * The page a hit opens at a passage: a transcript at the passage (or the live call's event page), a transcript's AI
 * summary at the statement (its first citation is the location), a news article's page, a company's SEC filings
 * (the filing's own address for a filing of no company we list).
 */
export function searchHitPath(hit: SearchHitTarget, at: PassageLocation): string {
  switch (hit.source) {
    case 'summary':
      return `/transcripts/${encodeURIComponent(hit.fileId ?? '')}?${SUMMARY_PARAM}=${passageParam(at)}`;
    case 'news':
      return `/news/${hit.newsId ?? ''}/${encodeURIComponent(hit.slug ?? '')}`;
    case 'filing':
      return hit.symbol ? `/quote/${encodeURIComponent(hit.symbol.toUpperCase())}/sec-filings` : (hit.url ?? '/');
    default:
      return callPassagePath({ fileId: hit.fileId, eventId: hit.eventId, symbol: hit.symbol ?? '' }, at);
  }
}

/** The sectors a search may be narrowed to (GICS, as the market's companies are classed). */
export const CALL_SEARCH_SECTORS = [
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Information Technology',
  'Materials',
  'Real Estate',
  'Utilities',
] as const;

/** The page that searches inside calls, for a query. */
export const CALL_SEARCH_PAGE_PATH = '/search/calls';
export const callSearchPagePath = (query: string) =>
  query.trim() === '' ? CALL_SEARCH_PAGE_PATH : `${CALL_SEARCH_PAGE_PATH}?q=${encodeURIComponent(query.trim())}`;
