/**
 * Live earnings calls and their community posts (SPEC §3 Event, Community post, §4 event status, §9):
 * when a call is live, how a transcript is spoken as a live one (sentence by sentence, at speaking pace, with
 * speaker turns), the demo's schedule of replayed calls that keeps a few live at any hour, and the rules of a post's
 * text. Pure, so the server and the web client share them.
 */
import { MS_PER_MINUTE } from './time.ts';

// ---- when a call is live ---------------------------------------------------------------------------------------

/** How long a call stays live when nothing says otherwise (the demo market's calls last an hour). */
export const CALL_LIVE_MINUTES = 60;

export type CallStatus = 'upcoming' | 'live' | 'closed';

/** A call's status at `now`: upcoming before its start, live for its length, closed after. */
export function callStatusAt(startMs: number, lengthMs: number, nowMs: number): CallStatus {
  if (nowMs < startMs) return 'upcoming';
  return nowMs < startMs + lengthMs ? 'live' : 'closed';
}

// ---- a transcript spoken live ----------------------------------------------------------------------------------

/** Speaking pace of a call (words a minute): earnings calls run at about 140–160. */
export const SPEAKING_WORDS_PER_MINUTE = 150;
/** The pause between two sentences of one speaker. */
export const SENTENCE_PAUSE_MS = 400;
/** The pause when the line passes to another speaker. */
export const TURN_PAUSE_MS = 2000;

export interface ScriptParagraph {
  speaker: string;
  role: string | null;
  text: string;
}
export interface ScriptSection {
  title: string;
  paragraphs: readonly ScriptParagraph[];
}

/** One segment of a live transcript: a sentence, said by `speaker`, finished `endMs` after the call began. */
export interface ScriptSegment {
  seq: number;
  section: string;
  speaker: string;
  role: string | null;
  /** Consecutive segments of one speaker share a turn (numbered from 0). */
  turn: number;
  text: string;
  startMs: number;
  endMs: number;
}

export interface CallScript {
  segments: ScriptSegment[];
  /** When the last word is said. */
  lengthMs: number;
}

/**
 * A paragraph's sentences: split after ., ! or ? followed by a space and a capital, digit or quote, so figures
 * ("$1.25", "3.5%") and initials ("U.S. sales" stays whole only when lower-case follows) keep their sentence.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“'(A-Z0-9$])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const wordsIn = (text: string) => text.split(/\s+/u).filter(Boolean).length;

/** How long a sentence takes to say at {@link SPEAKING_WORDS_PER_MINUTE}. */
export const speakingMs = (text: string) => Math.round((wordsIn(text) / SPEAKING_WORDS_PER_MINUTE) * MS_PER_MINUTE);

/**
 * A transcript as it is said live: its sentences in order, each timed at speaking pace from the call's start, a
 * short pause between sentences and a longer one when the speaker changes.
 */
export function callScript(sections: readonly ScriptSection[]): CallScript {
  const segments: ScriptSegment[] = [];
  let clock = 0;
  let turn = -1;
  let lastSpeaker: string | null = null;
  for (const section of sections) {
    for (const paragraph of section.paragraphs) {
      const speaker = paragraph.speaker.trim() || 'Speaker';
      for (const sentence of sentencesOf(paragraph.text)) {
        if (speaker !== lastSpeaker) {
          if (lastSpeaker !== null) clock += TURN_PAUSE_MS;
          turn += 1;
          lastSpeaker = speaker;
        } else if (segments.length > 0) {
          clock += SENTENCE_PAUSE_MS;
        }
        const startMs = clock;
        clock += Math.max(speakingMs(sentence), 500);
        segments.push({
          seq: segments.length,
          section: section.title,
          speaker,
          role: paragraph.role,
          turn,
          text: sentence,
          startMs,
          endMs: clock,
        });
      }
    }
  }
  return { segments, lengthMs: clock };
}

/** How many segments have been said `elapsedMs` into the call (a segment counts once its last word is said). */
export function segmentsSaid(script: Pick<CallScript, 'segments'>, elapsedMs: number): number {
  let low = 0;
  let high = script.segments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((script.segments[middle]?.endMs ?? Number.POSITIVE_INFINITY) <= elapsedMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

// ---- the demo's replayed calls ---------------------------------------------------------------------------------

/**
 * The demo starts a replay of one of its recorded calls every this often, on the clock, so a few are live at any
 * hour (a demo call takes 4–6 minutes at speaking pace: two or three at a time).
 */
export const DEMO_REPLAY_EVERY_MS = 2 * MS_PER_MINUTE;
/** Replays are scheduled (upcoming) this far ahead. */
export const DEMO_REPLAY_AHEAD_MS = 10 * MS_PER_MINUTE;
/** A finished replay, its transcript and its comments are removed this long after it ends. */
export const DEMO_REPLAY_KEEP_MS = 60 * MS_PER_MINUTE;
/** The time after the last word before a replay closes (the operator's goodbye, the line dropping). */
export const DEMO_REPLAY_TAIL_MS = 15_000;
/** Source of the replays' events (each one's external id is `replay:<start ms>`). */
export const DEMO_REPLAY_SOURCE = 'demo-replay';

/**
 * Whether an event belongs on the calendar: the demo's replays are live calls to join (on /calls), not scheduled
 * reports; one every two minutes would bury the day's real calls.
 */
export const onCalendar = (event: { source: string }) => event.source !== DEMO_REPLAY_SOURCE;

/** The replay slots starting in [fromMs, toMs]: their start instants, on the schedule's clock. */
export function replaySlots(fromMs: number, toMs: number, everyMs = DEMO_REPLAY_EVERY_MS): number[] {
  const slots: number[] = [];
  for (let start = Math.ceil(fromMs / everyMs) * everyMs; start <= toMs; start += everyMs) slots.push(start);
  return slots;
}

/** Which of `count` recorded calls a slot replays: in turn, so consecutive replays are different calls. */
export function replayChoice(startMs: number, count: number, everyMs = DEMO_REPLAY_EVERY_MS): number {
  if (count <= 0) return -1;
  return Math.floor(startMs / everyMs) % count;
}

export const replayExternalId = (startMs: number) => `replay:${startMs}`;

// ---- community posts -------------------------------------------------------------------------------------------

/** A post's longest text, in characters (code points) after normalising. */
export const COMMUNITY_POST_MAX_CHARS = 1000;
/** A post's most lines. */
export const COMMUNITY_POST_MAX_LINES = 20;
/** Posts one member may write in a minute, and in an hour (deleted ones count). */
export const COMMUNITY_POSTS_PER_MINUTE = 5;
export const COMMUNITY_POSTS_PER_HOUR = 60;
/** Times the author may edit one post. */
export const COMMUNITY_POST_EDITS_MAX = 10;

/**
 * Characters with no visible meaning in plain text that change how other text shows: C0 and C1 controls (tab and
 * newline excepted, handled apart), bidirectional embeddings, overrides and isolates (they can make a post read
 * backwards), and the byte-order mark.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/**
 * A post's text as stored: plain text, never markup (every client shows it as text, so `<b>` is shown as typed),
 * in Unicode NFC, line breaks as \n, tabs as spaces, invisible formatting characters removed, trailing spaces cut,
 * at most one blank line in a row, trimmed.
 */
export function normalisePostText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Why a normalised post's text cannot be stored, or null. */
export function postTextProblem(text: string): string | null {
  if (text.length === 0) return 'must not be empty';
  const chars = [...text].length;
  if (chars > COMMUNITY_POST_MAX_CHARS)
    return `must be at most ${COMMUNITY_POST_MAX_CHARS} characters (this one is ${chars})`;
  const lines = text.split('\n').length;
  if (lines > COMMUNITY_POST_MAX_LINES)
    return `must be at most ${COMMUNITY_POST_MAX_LINES} lines (this one is ${lines})`;
  return null;
}
