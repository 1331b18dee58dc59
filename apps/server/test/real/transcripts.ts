/**
 * The real transcripts of ../shared/fixtures/real (tests only, never product code) read as the product's sections of
 * speaker turns: the Motley Fool calls (2019-2022: prepared remarks and Q&A, each speaker's role from the
 * participants) and the Yahoo calls (2024-2026: markdown, `**Speaker** (Role)` before each turn).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const REAL_TRANSCRIPTS = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'real',
  'transcripts',
);

export interface Turn {
  speaker: string;
  role: string | null;
  text: string;
}
export interface Sections {
  sections: { title: string; paragraphs: Turn[] }[];
}

interface MotleyFool {
  prepared_remarks: { speaker: string; speech: string }[];
  q_and_a: { speaker: string; speech: string }[];
  participants: string[];
}

/** The Motley Fool calls' file names (`AAP_q1_2021.json`), in order. */
export const motleyFoolNames = (): string[] =>
  readdirSync(resolve(REAL_TRANSCRIPTS, 'motley-fool-json'))
    .filter((name) => name.endsWith('.json'))
    .sort();

/** A Motley Fool call: prepared remarks and Q&A, each speaker's role from the participants. */
export function motleyFool(name: string): Sections {
  const call = JSON.parse(readFileSync(resolve(REAL_TRANSCRIPTS, 'motley-fool-json', name), 'utf8')) as MotleyFool;
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
  const paragraphs = (turns: MotleyFool['prepared_remarks']): Turn[] =>
    turns.map((turn) => ({ speaker: turn.speaker, role: roles.get(turn.speaker) ?? null, text: turn.speech }));
  return {
    sections: [
      { title: 'Prepared Remarks', paragraphs: paragraphs(call.prepared_remarks) },
      { title: 'Questions & Answers', paragraphs: paragraphs(call.q_and_a) },
    ],
  };
}

export interface YahooCall {
  ticker: string;
  quarter: string;
  fiscalYear: string;
  publishedDate: string;
  content: string;
}

/** Every Yahoo call as listed upstream (a call may be listed twice). */
export function yahooCalls(): YahooCall[] {
  const all = JSON.parse(
    readFileSync(resolve(REAL_TRANSCRIPTS, 'yahoo-finance', 'earnings_transcripts.json'), 'utf8'),
  ) as Record<
    string,
    { transcripts: { quarter: string; fiscal_year: string; published_date: string; content: string }[] }
  >;
  return Object.entries(all).flatMap(([ticker, { transcripts }]) =>
    transcripts.map((call) => ({
      ticker,
      quarter: call.quarter,
      fiscalYear: call.fiscal_year,
      publishedDate: call.published_date,
      content: call.content,
    })),
  );
}

/** A Yahoo call's markdown as one section of turns. */
export function yahooSections(content: string): Sections {
  const paragraphs: Turn[] = [];
  for (const block of content.split(/\n(?=\*\*[^*\n]+\*\*)/)) {
    const head = /^\*\*([^*\n]+)\*\*(?: \(([^)\n]*)\))?\n/.exec(block);
    if (head) paragraphs.push({ speaker: head[1] ?? '', role: head[2] ?? null, text: block.slice(head[0].length) });
  }
  return { sections: [{ title: 'Call', paragraphs }] };
}
