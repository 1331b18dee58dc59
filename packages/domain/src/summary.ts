/**
 * AI summaries of earnings call transcripts with citations (docs/decisions/0024-ai-summaries.md): the
 * transcript cut into numbered passages (sentences, each with its section, paragraph and character offsets), and
 * the embedded extractive summariser over them. It finds the key numbers (revenue, EPS, margins, guidance: the
 * figure as written), highlights, risks and a one-paragraph summary, and every statement cites the passage it came
 * from: section and paragraph index, offsets into the paragraph's text (UTF-16 code units, as JavaScript strings
 * count) and the quoted text itself, which is always `text.slice(start, end)` of that paragraph. Pure and
 * deterministic: the same transcript gives the same summary, byte for byte.
 */

export interface SummaryParagraph {
  speaker: string;
  role: string | null;
  text: string;
}

export interface SummarySection {
  title: string;
  paragraphs: readonly SummaryParagraph[];
}

export interface SummaryTranscript {
  sections: readonly SummarySection[];
}

/** Where a statement came from: `quote` is exactly `sections[section].paragraphs[paragraph].text.slice(start, end)`. */
export interface Citation {
  section: number;
  paragraph: number;
  start: number;
  end: number;
  quote: string;
}

export interface CitedStatement {
  text: string;
  citations: Citation[];
}

/** The figures a summary's key numbers are about. */
export const KEY_METRICS = ['revenue', 'eps', 'margin', 'guidance'] as const;
export type KeyMetric = (typeof KEY_METRICS)[number];

export interface KeyNumber extends CitedStatement {
  metric: KeyMetric;
  /** What the figure measures, in a few words ('Revenue', 'EPS guidance', 'Gross margin'). */
  label: string;
  /** The figure as the transcript writes it ('$69.3 billion', '$1.10 to $1.20'); found in the cited quote. */
  figure: string;
}

export interface TranscriptSummary {
  /** The one-paragraph summary, statement by statement. */
  summary: CitedStatement[];
  keyNumbers: KeyNumber[];
  highlights: CitedStatement[];
  risks: CitedStatement[];
  /** −1 (negative) … 1 (positive) from the tone of what the company said; null when nothing leaned either way. */
  sentiment: number | null;
}

/** The embedded summariser's model name, as analyses record it. */
export const EXTRACTIVE_MODEL = 'earningshub-extractive-1';

/** How many of each list a summary keeps. */
export const SUMMARY_LIMITS = { summary: 5, keyNumbers: 8, highlights: 5, risks: 4 } as const;

/** The summary paragraph of a summary: its statements' text, one after another. */
export const summaryText = (statements: readonly CitedStatement[]) =>
  statements.map((statement) => statement.text).join(' ');

// ---- passages ----------------------------------------------------------------------------------------------------

/** A sentence of the transcript, numbered from 1 in reading order. */
export interface Passage extends Citation {
  id: number;
  speaker: string;
  role: string | null;
  sectionTitle: string;
}

/** Words before a full stop that do not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'co',
  'corp',
  'ltd',
  'llc',
  'plc',
  'vs',
  'no',
  'approx',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'fig',
  'est',
]);

/** [start, end) of each sentence of `text`, trimmed of surrounding white space. */
export function sentenceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const push = (from: number, to: number) => {
    let start = from;
    let end = to;
    while (start < end && /\s/.test(text[start] ?? '')) start += 1;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
    if (end > start) spans.push([start, end]);
  };
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\n') {
      push(from, i);
      from = i + 1;
      continue;
    }
    if (char !== '.' && char !== '!' && char !== '?') continue;
    // Closing quotes and brackets stay with the sentence they close.
    let end = i + 1;
    while (end < text.length && /["'”’)\]]/.test(text[end] ?? '')) end += 1;
    if (end < text.length && !/\s/.test(text[end] ?? '')) continue;
    let next = end;
    while (next < text.length && /[ \t\r\f\v]/.test(text[next] ?? '')) next += 1;
    if (next < text.length && text[next] !== '\n' && !/[A-Z0-9"'“‘([$]/.test(text[next] ?? '')) continue;
    if (char === '.') {
      const word = /([A-Za-z.]+)$/.exec(text.slice(Math.max(from, i - 12), i))?.[1] ?? '';
      // An abbreviation ('Mr.', 'Inc.') or an initial ('John F. Kennedy') does not end the sentence.
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]$/.test(word)) continue;
    }
    push(from, end);
    from = end;
    i = end - 1;
  }
  push(from, text.length);
  return spans;
}

/** Every sentence of the transcript as a numbered passage. */
export function passagesOf(transcript: SummaryTranscript): Passage[] {
  const passages: Passage[] = [];
  transcript.sections.forEach((section, s) => {
    section.paragraphs.forEach((paragraph, p) => {
      for (const [start, end] of sentenceSpans(paragraph.text)) {
        passages.push({
          id: passages.length + 1,
          section: s,
          paragraph: p,
          start,
          end,
          quote: paragraph.text.slice(start, end),
          speaker: paragraph.speaker,
          role: paragraph.role,
          sectionTitle: section.title,
        });
      }
    });
  });
  return passages;
}

/** A passage as a citation (what a statement stores of it). */
export const citationOf = (passage: Citation): Citation => ({
  section: passage.section,
  paragraph: passage.paragraph,
  start: passage.start,
  end: passage.end,
  quote: passage.quote,
});

/** Why a citation does not point at the transcript's text, or null when it does. */
export function citationProblem(transcript: SummaryTranscript, citation: Citation): string | null {
  const paragraph = transcript.sections[citation.section]?.paragraphs[citation.paragraph];
  if (!paragraph) return `no paragraph ${citation.paragraph} in section ${citation.section}`;
  const { start, end } = citation;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > paragraph.text.length)
    return `offsets ${start}–${end} are outside the paragraph (${paragraph.text.length} characters)`;
  if (paragraph.text.slice(start, end) !== citation.quote) return `the text at ${start}–${end} is not the quote`;
  return null;
}

/** Every statement of the summary with a citation that does not hold, or none at all. */
export function summaryProblems(transcript: SummaryTranscript, summary: TranscriptSummary): string[] {
  const problems: string[] = [];
  const lists = { summary: summary.summary, keyNumbers: summary.keyNumbers, highlights: summary.highlights };
  for (const [name, statements] of Object.entries({ ...lists, risks: summary.risks })) {
    statements.forEach((statement: CitedStatement, index) => {
      if (statement.citations.length === 0) problems.push(`${name}[${index}] has no citation`);
      for (const citation of statement.citations) {
        const problem = citationProblem(transcript, citation);
        if (problem) problems.push(`${name}[${index}]: ${problem}`);
      }
      if ('figure' in statement && typeof statement.figure === 'string') {
        if (!statement.citations.some((citation) => citation.quote.includes(statement.figure as string)))
          problems.push(`${name}[${index}]: the figure ${statement.figure} is not in its quote`);
      }
    });
  }
  return problems;
}

// ---- what sentences say --------------------------------------------------------------------------------------------

const SCALE = String.raw`(?:\s?(?:trillion|billion|million|thousand)\b|\s?(?:bn|mn|mm)\b|[BMK]\b)`;
const AMOUNT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const MONEY = String.raw`(?:US)?\$\s?-?${AMOUNT}${SCALE}?|\b${AMOUNT}\s(?:trillion|billion|million)\b(?:\sdollars\b)?`;
const CENTS = String.raw`\b${AMOUNT}\s?(?:cents?\b|¢)`;
const PERCENT = String.raw`[-+]?\b${AMOUNT}\s?(?:%|percent\b|per cent\b)`;
const BASIS_POINTS = String.raw`\b${AMOUNT}\s?(?:basis points?|bps)\b`;
const FIGURE = `(?:${MONEY}|${CENTS}|${PERCENT}|${BASIS_POINTS})`;
const BARE = String.raw`(?:\$\s?)?${AMOUNT}`;
const RANGE = `(?:\\bbetween\\s${FIGURE}\\sand\\s${FIGURE}|\\bbetween\\s${BARE}\\sand\\s${FIGURE}|(?:${FIGURE}|${BARE})\\s?(?:to|-|–|—)\\s?${FIGURE})`;

const RANGE_RE = new RegExp(RANGE, 'gi');
const FIGURE_RE = new RegExp(FIGURE, 'gi');
const IS_MONEY = new RegExp(`^(?:${MONEY}|${CENTS})$`, 'i');
/** Revenue is counted in millions and billions: '$0.02' in a revenue sentence is a per-share effect. */
const SCALED_MONEY_RE = new RegExp(
  String.raw`(?:US)?\$\s?${AMOUNT}${SCALE}|\b${AMOUNT}\s(?:trillion|billion|million)\b(?:\sdollars\b)?`,
  'gi',
);
/** EPS is a per-share amount: never millions or billions. */
const PER_SHARE_RE = new RegExp(
  String.raw`(?:US)?\$\s?-?${AMOUNT}(?!\d|[.,]\d|\s?(?:trillion|billion|million|thousand|bn|mn|mm)\b|[BMK]\b)|${CENTS}`,
  'gi',
);
const PERCENT_RE = new RegExp(PERCENT, 'gi');
const POINTS_RE = new RegExp(`${PERCENT}|${BASIS_POINTS}`, 'gi');

interface Found {
  text: string;
  index: number;
}

function findAll(re: RegExp, text: string): Found[] {
  return [...text.matchAll(re)].map((match) => ({ text: match[0], index: match.index }));
}

const REVENUE =
  /\b(?:(?:total|net|organic) )?revenues?\b|\b(?:net|total|comparable(?: store)?|same[- ]store|organic|retail) sales\b|\bsales (?:were|was|grew|rose|increased|declined|decreased|of)\b/i;
const EPS =
  /\b(?:EPS|earnings per (?:diluted |basic )?share|(?<!book value |dividends? |cash flow |distributions? )per (?:diluted )?share|diluted earnings)\b/i;
const MARGIN = /\b(?:gross|operating|ebitda|ebit|net|profit|segment|adjusted) margins?\b/i;
const GUIDANCE_WORD =
  /\b(?:guidance|guide|guiding|outlook|expects?|expecting|(?:is|are) expected to|anticipat\w*|forecast\w*|projects?|projecting|targets?|targeting|reaffirm\w*|we see)\b/i;
const FUTURE =
  /\b(?:next|coming|upcoming|following) (?:quarter|year|fiscal year)|\bfull[- ]year\b|\bfiscal (?:year )?(?:20)?\d\d\b|\bfor the (?:full )?year\b|\b(?:first|second|third|fourth) quarter\b|\bQ[1-4]\b|\b(?:second|back) half\b|\b(?:remainder|rest) of (?:the )?(?:year|fiscal)|\b20\d\d\b|\bgoing forward\b/i;

const CHANGE = /\b(?:up|down|grew|grow|growth|increas\w*|declin\w*|decreas\w*|rose|fell|gained|by)\b/i;

const OPERATOR = /\boperator\b/i;
const ANALYST = /\banalyst\b/i;
/** Legal and call-logistics lines: they say nothing about the quarter. */
const BOILERPLATE =
  /forward[- ]looking|safe harbor|risks? and uncertaint|differ materially|risk factors|obligation to update|non[- ]gaap|reconcil|listen[- ]only|being recorded|press release|webcast|replay|investor relations website|turn the call (?:over|back)|open the (?:line|call)|question(?:s)? comes? from|next question|thanks? (?:you )?for (?:taking|joining|participating)|good (?:morning|afternoon|evening)|this concludes|(?:may|can) now disconnect|operator instructions/i;

const POSITIVE: [RegExp, number][] = [
  [/\brecord\b/gi, 2],
  [/\bstrong(?:er|est)?\b|\bstrength\b/gi, 2],
  [/\bmomentum\b/gi, 2],
  [/\baccelerat\w*/gi, 2],
  [/\bexceed\w*|\bbeat\b|\boutperform\w*/gi, 2],
  [/\brais(?:e|ed|ing)\b/gi, 1],
  [/\bgrowth\b|\bgrew\b|\bgrowing\b/gi, 1],
  [/\bincreas(?:e|ed|es|ing)\b|\bhigher\b|\bup\s(?=\$?\d)/gi, 1],
  [/\bimprov\w*/gi, 1],
  [/\bexpan(?:d|ded|ding|sion)\b/gi, 1],
  [/\bencouraged\b|\bconfident\b|\bpleased\b|\bproud\b/gi, 1],
  [/\bopportunit(?:y|ies)\b|\btailwinds?\b/gi, 1],
  [/\bdelivered\b|\blaunch\w*/gi, 1],
  [/\bbuybacks?\b|\brepurchas\w*|\bdividends?\b|\breturned cash\b/gi, 1],
  [/\bresilien\w*|\brobust\b|\bhealthy\b|\bsolid\b/gi, 1],
];

const NEGATIVE: [RegExp, number][] = [
  [/\brisks?\b|\buncertain\w*/gi, 2],
  [/\bheadwinds?\b/gi, 2],
  [/\bpressures?\b|\bpressured\b/gi, 2],
  [/\bclose eye\b|\bwatchful\b|\bcautious\w*|\bcaution\b/gi, 2],
  [/\bchalleng\w*|\btough\b|\bdifficult\w*/gi, 2],
  [/\bdeclin\w*|\bdecreas\w*/gi, 2],
  [/\bshortages?\b|\bdisruption\w*|\bconstrain\w*|\bbottlenecks?\b/gi, 2],
  [/\btariffs?\b|\binflation\w*|\brecession\w*/gi, 2],
  [/\bimpairment\w*|\blosses\b|\bloss\b|\bwrite[- ]?downs?\b/gi, 2],
  [/\bdown\s(?=\$?\d)|\blower\b|\bslow\w*|\bsoft\w*|\bweak\w*/gi, 1],
  [/\bcompress\w*|\bmiss(?:ed|es)?\b|\bdelay\w*|\bvolatil\w*|\bmixed\b/gi, 1],
  [/\bcompetiti\w*|\bcosts? (?:increases|inflation)\b|\blockdowns?\b|\bpandemic\b|\bcovid\b/gi, 1],
];

const weigh = (cues: readonly [RegExp, number][], text: string) =>
  cues.reduce((sum, [re, weight]) => sum + (text.match(re)?.length ?? 0) * weight, 0);

interface Sentence extends Passage {
  words: number;
  eligible: boolean;
  qa: boolean;
  positive: number;
  negative: number;
  guidance: boolean;
  figures: Found[];
  tokens: Set<string>;
}

function readSentence(passage: Passage): Sentence {
  const text = passage.quote;
  const words = text.split(/\s+/).filter(Boolean).length;
  const who = `${passage.speaker} ${passage.role ?? ''}`;
  const eligible =
    !OPERATOR.test(passage.speaker) &&
    !OPERATOR.test(passage.sectionTitle) &&
    !ANALYST.test(who) &&
    !text.trimEnd().endsWith('?') &&
    !BOILERPLATE.test(text) &&
    words >= 6 &&
    words <= 90;
  const figures = findAll(FIGURE_RE, text);
  return {
    ...passage,
    words,
    eligible,
    qa: /\bq\s*&\s*a\b|question/i.test(passage.sectionTitle),
    positive: weigh(POSITIVE, text),
    negative: weigh(NEGATIVE, text),
    guidance: figures.length > 0 && GUIDANCE_WORD.test(text) && FUTURE.test(text) && !/\bexpected\.?$/i.test(text),
    figures,
    tokens: new Set(
      text
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((word) => word.length > 3),
    ),
  };
}

/** Two sentences that say nearly the same (the demo's answers differ only in their topic). */
function similar(a: Sentence, b: Sentence): boolean {
  let shared = 0;
  for (const token of a.tokens) if (b.tokens.has(token)) shared += 1;
  const union = a.tokens.size + b.tokens.size - shared;
  return union > 0 && shared / union >= 0.6;
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
const statementOf = (sentence: Sentence): CitedStatement => ({
  text: tidy(sentence.quote),
  citations: [citationOf(sentence)],
});

/**
 * The figure the keyword is about: the first of the kinds given (in order of preference) that follows it closely,
 * or else the nearest that closely precedes it ('$5.3 billion in revenue').
 */
function figureNear(sentence: Sentence, keyword: RegExp, kinds: readonly RegExp[]): Found | null {
  const match = keyword.exec(sentence.quote);
  if (!match) return null;
  const from = match.index;
  const to = match.index + match[0].length;
  for (const kind of kinds) {
    const near = findAll(kind, sentence.quote).flatMap((item) => {
      const end = item.index + item.text.length;
      if (item.index >= to && item.index - to <= FIGURE_REACH.after) return [{ item, distance: item.index - to }];
      const gap = sentence.quote.slice(end, from);
      if (end <= from && gap.length <= FIGURE_REACH.before && !/[,;:]/.test(gap))
        return [{ item, distance: gap.length }];
      return [];
    });
    const nearest = near.sort((a, b) => a.distance - b.distance || b.item.index - a.item.index)[0];
    if (nearest) return nearest.item;
  }
  return null;
}

/** Whether the figure stands right by the keyword ('revenue was $5 billion', '$5 billion in revenue'). */
function adjacent(text: string, keyword: RegExp, figure: Found): boolean {
  const match = keyword.exec(text);
  if (!match) return false;
  const end = match.index + match[0].length;
  const gap =
    figure.index >= end ? text.slice(end, figure.index) : text.slice(figure.index + figure.text.length, match.index);
  return gap.length <= 16 && !/[,;:]/.test(gap);
}

/** Words that say a figure is the whole company's, not a segment's. */
const WHOLE = /\b(?:total|overall|company|consolidated|record|best[- ]ever|all[- ]time)\b/i;

/** How far (characters) from its keyword a figure may stand. */
const FIGURE_REACH = { after: 80, before: 12 } as const;

interface Candidate {
  sentence: Sentence;
  metric: KeyMetric;
  label: string;
  figure: Found;
  score: number;
}

function labelOf(metric: KeyMetric, text: string): string {
  if (metric === 'eps') return 'EPS';
  if (metric === 'revenue') return /organic/i.test(text) ? 'Organic revenue' : 'Revenue';
  const margin = MARGIN.exec(text)?.[0];
  return margin ? `${margin[0]?.toUpperCase()}${margin.slice(1).toLowerCase()}` : 'Margin';
}

/** What a guidance range or figure is about: the nearest metric word before it. */
function guidanceLabel(text: string, index: number): string {
  const before = text.slice(0, index);
  const last = (re: RegExp) => {
    let at = -1;
    for (const match of before.matchAll(new RegExp(re.source, 'gi'))) at = match.index;
    return at;
  };
  const spots: [string, number][] = [
    ['Revenue guidance', last(REVENUE)],
    ['EPS guidance', last(EPS)],
    ['Margin guidance', last(MARGIN)],
  ];
  const best = spots.filter(([, at]) => at >= 0).sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : 'Guidance';
}

function keyNumberCandidates(sentences: readonly Sentence[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const sentence of sentences) {
    if (!sentence.eligible || sentence.figures.length === 0) continue;
    const early = 1 - sentence.id / (sentences.length + 1);
    const prepared = sentence.qa ? 0 : 1;
    if (sentence.guidance) {
      const ranges = findAll(RANGE_RE, sentence.quote);
      const ahead = findAll(FIGURE_RE, sentence.quote).find(
        (item) => item.index > (GUIDANCE_WORD.exec(sentence.quote)?.index ?? 0),
      );
      const picks = ranges.length > 0 ? ranges.slice(0, 2) : [ahead];
      for (const figure of picks) {
        if (!figure) continue;
        const label = guidanceLabel(sentence.quote, figure.index);
        const score = 4 + (ranges.length > 0 ? 2 : 0) + (/\bguid/i.test(sentence.quote) ? 1 : 0) + prepared + early;
        candidates.push({ sentence, metric: 'guidance', label, figure, score });
      }
      continue;
    }
    if (REVENUE.test(sentence.quote)) {
      const figure = figureNear(sentence, REVENUE, [SCALED_MONEY_RE, PERCENT_RE]);
      // A percentage is the revenue's only when it says how revenue moved ('revenue was up 14%').
      const moved =
        figure && (IS_MONEY.test(figure.text) || CHANGE.test(sentence.quote.slice(0, figure.index).slice(-30)));
      if (figure && moved) {
        const money = IS_MONEY.test(figure.text);
        const score =
          3 +
          (money ? 2 : 0) +
          (adjacent(sentence.quote, REVENUE, figure) ? 1 : 0) +
          (WHOLE.test(sentence.quote) ? 1 : 0) +
          prepared +
          early;
        candidates.push({ sentence, metric: 'revenue', label: labelOf('revenue', sentence.quote), figure, score });
      }
    }
    // A dividend per share is not earnings per share.
    if (
      EPS.test(sentence.quote) &&
      (!/\bdividends?\b/i.test(sentence.quote) || /\bearnings\b|\bEPS\b/.test(sentence.quote))
    ) {
      const figure = figureNear(sentence, EPS, [PER_SHARE_RE, PERCENT_RE]);
      if (figure) {
        const score = 3 + (IS_MONEY.test(figure.text) ? 2 : 0) + prepared + early;
        candidates.push({ sentence, metric: 'eps', label: 'EPS', figure, score });
      }
    }
    if (MARGIN.test(sentence.quote)) {
      const figure = figureNear(sentence, MARGIN, [POINTS_RE]);
      if (figure) {
        const score = 2 + prepared + early;
        candidates.push({ sentence, metric: 'margin', label: labelOf('margin', sentence.quote), figure, score });
      }
    }
  }
  return candidates;
}

/** Beyond this many words a sentence ranks lower as a highlight or risk: it rambles. */
const LONG_SENTENCE_WORDS = 45;

/** How many key numbers of each metric a summary keeps. */
const PER_METRIC: Record<KeyMetric, number> = { revenue: 2, eps: 2, margin: 2, guidance: 3 };

function pickKeyNumbers(sentences: readonly Sentence[]): Candidate[] {
  const byScore = keyNumberCandidates(sentences).sort(
    (a, b) => b.score - a.score || a.sentence.id - b.sentence.id || a.figure.index - b.figure.index,
  );
  const chosen: Candidate[] = [];
  for (const candidate of byScore) {
    const same = chosen.filter((item) => item.metric === candidate.metric);
    if (same.length >= PER_METRIC[candidate.metric]) continue;
    // The same figure said twice (the CEO and then the CFO) is one key number.
    if (same.some((item) => item.figure.text === candidate.figure.text && item.label === candidate.label)) continue;
    if (chosen.length >= SUMMARY_LIMITS.keyNumbers) break;
    chosen.push(candidate);
  }
  chosen.sort(
    (a, b) =>
      KEY_METRICS.indexOf(a.metric) - KEY_METRICS.indexOf(b.metric) ||
      a.sentence.id - b.sentence.id ||
      a.figure.index - b.figure.index,
  );
  return chosen;
}

function pickDistinct(ranked: readonly Sentence[], limit: number, taken: readonly Sentence[]): Sentence[] {
  const picked: Sentence[] = [];
  for (const sentence of ranked) {
    if (picked.length >= limit) break;
    if ([...taken, ...picked].some((other) => other.id === sentence.id || similar(other, sentence))) continue;
    picked.push(sentence);
  }
  return picked.sort((a, b) => a.id - b.id);
}

/**
 * The embedded extractive summariser: every statement is a sentence of the transcript, cited where it stands.
 * Operator lines, analysts' questions and legal boilerplate are never quoted as the company's word.
 */
export function summariseTranscript(transcript: SummaryTranscript): TranscriptSummary {
  const sentences = passagesOf(transcript).map(readSentence);
  const chosen = pickKeyNumbers(sentences);
  const used = new Set(chosen.map((item) => item.sentence.id));
  const usedSentences = sentences.filter((sentence) => used.has(sentence.id));
  const open = sentences.filter((sentence) => sentence.eligible && !used.has(sentence.id));

  // Short, prepared words rank above long answers in the Q&A at the same tone.
  const rank = (sentence: Sentence, tone: number) =>
    tone + (sentence.qa ? 0 : 1) + (sentence.figures.length ? 1 : 0) - (sentence.words > LONG_SENTENCE_WORDS ? 2 : 0);
  const upbeat = open
    .filter((sentence) => sentence.positive > sentence.negative && sentence.positive >= 2)
    .map((sentence) => ({ sentence, score: rank(sentence, sentence.positive - sentence.negative) }))
    .sort((a, b) => b.score - a.score || a.sentence.id - b.sentence.id)
    .map((item) => item.sentence);
  const highlights = pickDistinct(upbeat, SUMMARY_LIMITS.highlights, usedSentences);

  const wary = open
    .filter((sentence) => sentence.negative >= 2 && sentence.negative >= sentence.positive)
    .map((sentence) => ({ sentence, score: rank(sentence, sentence.negative - sentence.positive / 2) }))
    .sort((a, b) => b.score - a.score || a.sentence.id - b.sentence.id)
    .map((item) => item.sentence);
  const risks = pickDistinct(wary, SUMMARY_LIMITS.risks, [...usedSentences, ...highlights]);

  // The paragraph: the results (revenue, EPS), the outlook, the best highlight and the first risk.
  const paragraph: Sentence[] = [];
  const add = (sentence: Sentence | undefined) => {
    if (sentence && paragraph.length < SUMMARY_LIMITS.summary && !paragraph.some((s) => s.id === sentence.id))
      paragraph.push(sentence);
  };
  for (const metric of ['revenue', 'eps', 'guidance'] as const)
    add(chosen.find((item) => item.metric === metric)?.sentence);
  add([...highlights].sort((a, b) => b.positive - b.negative - (a.positive - a.negative) || a.id - b.id)[0]);
  add(risks[0]);
  // A transcript with nothing to pick still says who spoke first about the quarter.
  if (paragraph.length === 0) add(open[0] ?? sentences.find((s) => !OPERATOR.test(s.speaker)) ?? sentences[0]);

  const tone = sentences.filter((sentence) => sentence.eligible);
  const positive = tone.reduce((sum, sentence) => sum + sentence.positive, 0);
  const negative = tone.reduce((sum, sentence) => sum + sentence.negative, 0);
  return {
    summary: paragraph.map(statementOf),
    keyNumbers: chosen.map((item) => ({
      metric: item.metric,
      label: item.label,
      figure: item.figure.text,
      ...statementOf(item.sentence),
    })),
    highlights: highlights.map(statementOf),
    risks: risks.map(statementOf),
    sentiment: positive + negative > 0 ? Math.round(((positive - negative) / (positive + negative)) * 100) / 100 : null,
  };
}
