/**
 * The guided tour of /demo (SPEC §2 route /demo): a few stops over the real pages on the demo market, each saying
 * what the reader sees there. Pure: the steps, where each one leads (some depend on what the market holds right
 * now: the call that is live, the latest call with a transcript) and the tour's progress as it is stored.
 */
import type { CalendarEvent } from '@eh/contracts';
import { PAGES, type PageId, SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { callLink, callPagePath } from '../calls/index.ts';

/** Where a step leads: a fixed page, or one chosen from the market when the step is opened. */
export type TourTarget =
  | { kind: 'page'; path: string }
  /** The page of a call that is live now (the demo replays one every two minutes); else the calls page. */
  | { kind: 'liveCall' }
  /** The transcript page of the latest recorded call that has one; else the recorded calls. */
  | { kind: 'transcript' }
  /** My Stocks when signed in; signed out, a symbol page, whose header adds to lists and alerts. */
  | { kind: 'listsAndAlerts' };

export interface TourStep {
  key: string;
  title: string;
  /** What the reader sees there, in a sentence or three (the tour page). */
  body: string;
  /** What to look at, in one short line (the tour bar over the page). */
  look: string;
  target: TourTarget;
}

const pathOf = (id: PageId): string => PAGES.find((page) => page.id === id)?.path ?? '/';
const tab = (key: (typeof SYMBOL_TABS)[number]['key']) => SYMBOL_TABS.find((t) => t.key === key) ?? SYMBOL_TABS[0];

/** The company whose results the tour shows: a large one the demo market always reports. */
export const TOUR_RESULTS_SYMBOL = 'NVDA';
/** The symbol page the lists-and-alerts stop opens for a visitor who is not signed in. */
export const TOUR_ALERTS_SYMBOL = 'AAPL';

export const TOUR_STEPS: readonly TourStep[] = [
  {
    key: 'calendar',
    title: 'The earnings calendar',
    body: 'Who reports this week, Monday to Friday, grouped before the market opens and after it closes, with the time in your time zone. Each report says whether its date is confirmed by the company or still estimated, and once a company has reported, its EPS and revenue sit beside the estimates.',
    look: 'Before open / after close groups, Conf. or Est. on each report, results against estimates.',
    target: { kind: 'page', path: pathOf('calendarWeek') },
  },
  {
    key: 'results',
    title: 'Results against estimates',
    body: `A company’s Earnings tab (${TOUR_RESULTS_SYMBOL} here): its next report date and whether it is confirmed, the EPS and revenue estimates, and each quarter’s results against them with the surprise. The free plan shows the current quarter and the one before; Plus shows the full history.`,
    look: 'The upcoming report, then each quarter’s EPS and revenue against the estimates.',
    target: { kind: 'page', path: symbolPath(TOUR_RESULTS_SYMBOL, tab('earnings')) },
  },
  {
    key: 'live',
    title: 'A live call',
    body: 'The demo market replays one of its recorded calls every two minutes, spoken at speaking pace as if live, so a live call can be tried at any hour. Its page follows the transcript sentence by sentence as it is spoken, with listener comments. Demo replays have no audio.',
    look: 'The live transcript grows as the call is spoken; the comments are next to it.',
    target: { kind: 'liveCall' },
  },
  {
    key: 'transcript',
    title: 'The transcript and its AI summary',
    body: 'After a call, its transcript by speaker and an AI summary: key numbers, highlights and risks, each statement linked to the sentence of the call it quotes. Transcripts and summaries are part of Plus; without it the page lists the call’s files and what Plus opens.',
    look: 'The call’s files, its transcript and the AI tab (Plus opens the text and the summary).',
    target: { kind: 'transcript' },
  },
  {
    key: 'alerts',
    title: 'Lists and alerts',
    body: 'Add to list keeps a stock in your lists (My Stocks, with holdings and cash); Add to alerts turns on its alerts: an earnings reminder by email and push on the free plan, and with Plus the choice of results, live call, transcript, summaries and more, by email, push or text. Both need a free account.',
    look: 'Add to list and Add to alerts are in the header of every stock’s page.',
    target: { kind: 'listsAndAlerts' },
  },
  {
    key: 'plans',
    title: 'Plans',
    body: 'Browsing is free. Plus adds alerts, transcripts, AI summaries, analyst ratings and the full earnings history; Pro adds EHS, short interest, guidance and earnings moves; Team is Pro for organizations.',
    look: 'Each plan, its price and what it adds.',
    target: { kind: 'page', path: pathOf('pricing') },
  },
];

export const TOUR_LENGTH = TOUR_STEPS.length;

/** The calls page, and its recorded tab: where the live and transcript stops go when the market has none. */
export const CALLS_PATH = pathOf('calls');
export const RECORDED_CALLS_PATH = `${CALLS_PATH}?tab=recorded`;

/** The page of a live call among `calls` (live and upcoming, as /calls lists them), else the calls page. */
export function liveCallPath(calls: readonly CalendarEvent[]): string {
  const live = calls.find((call) => call.eventType === 'call' && call.eventStatus === 'live' && call.symbol);
  return (live && callPagePath(live)) ?? CALLS_PATH;
}

/**
 * The transcript page of the newest recorded call that has one among `calls` (closed, newest first): a company's
 * own call before a demo replay of an older one (a replay points at the call it repeats, so either opens a real
 * transcript). Else the recorded calls.
 */
export function transcriptPath(calls: readonly CalendarEvent[]): string {
  const withTranscript = calls.filter((call) => callLink(call)?.kind === 'transcript');
  const call = withTranscript.find((c) => c.source !== 'demo-replay') ?? withTranscript[0];
  return (call && callLink(call)?.to) ?? RECORDED_CALLS_PATH;
}

export function listsAndAlertsPath(signedIn: boolean): string {
  return signedIn ? pathOf('myStocks') : symbolPath(TOUR_ALERTS_SYMBOL);
}

/** The step at `index`, when there is one (a stored number from an older tour may be past the end). */
export function tourStepAt(index: number | null): TourStep | null {
  return index === null ? null : (TOUR_STEPS[index] ?? null);
}
