/**
 * The head of a page's first screen, as the server writes it into index.html: the document title and description
 * search engines read, and the page's heading (and on symbol pages the facts line) painted with the HTML, before
 * any script has run. The app's own render replaces it with the same words in the same place and size, so the
 * first screen is readable at first paint and the largest text never has to wait for the scripts and the data.
 * Pure TypeScript without React or Vite, so the server loads it as it is (apps/server/src/http/page-head.ts).
 */

import { calendarPageText } from '../features/calendar/calendar-format.ts';
import {
  CALENDAR_PAGE_IDS,
  type CalendarPageId,
  fetchWindow,
  resolveCalendarLocation,
} from '../features/calendar/calendar-route.ts';
import { PAGE_DEFS } from '../shared/page-content.ts';
import {
  matchPattern,
  matchRoute,
  PAGES,
  type PageId,
  pageTitle,
  paramsAreValid,
  SYMBOL_TABS,
  symbolTabFromPath,
} from '../shared/routes.ts';
import { type HeadAsset, symbolFacts, symbolPageMeta } from '../shared/symbol-head.ts';

export type { HeadAsset };

export type PageHead =
  /** Pages drawn by PageFrame: the heading, then the description as the lead paragraph. */
  | { kind: 'frame'; title: string; description: string }
  | { kind: 'calendar'; title: string; description: string; heading: string }
  | { kind: 'symbol'; title: string; description: string; symbol: string; name: string; facts: string }
  /** Every other page: the title and description only (its first screen is its own). */
  | { kind: 'meta'; title: string; description: string };

/** The pages whose first screen is a PageFrame with the page's own title and description. */
const FRAME_PAGES: readonly string[] = [
  'home',
  'homeAlias',
  'landing',
  'welcome',
  'dashboard',
  'partnerCnbc',
  'partnerWolf',
];

/** The symbol a path shows (`/quote/:symbol` and its tabs), when it is a valid symbol: the server looks it up. */
export function symbolOfPath(pathname: string): string | null {
  const params =
    matchPattern('/quote/:symbol', pathname) ??
    SYMBOL_TABS.reduce<Record<string, string> | null>(
      (found, tab) => found ?? (tab.path ? matchPattern(`/quote/:symbol/${tab.path}`, pathname) : null),
      null,
    );
  const symbol = params?.symbol;
  return symbol && paramsAreValid({ symbol }) ? symbol.toUpperCase() : null;
}

/**
 * What the page at `pathname` shows that the market may not hold: a symbol, a news article, a transcript (by
 * file id) or a company's quarter of files. The server looks it up and answers 404 when it is not there, where
 * the app draws its not-found page (apps/server/src/http/page-head.ts).
 */
export type PageSubject =
  | { kind: 'symbol'; symbol: string }
  | { kind: 'news'; id: number }
  | { kind: 'file'; id: string }
  | { kind: 'quarter'; symbol: string; periodYear: number; period: string };

const pageIdOf = (pattern: string): PageId | undefined => PAGES.find((page) => page.path === pattern)?.id;

/** The subject of the page at `pathname`, or null for a page about no one thing (or no page at all). */
export function pageSubject(pathname: string): PageSubject | null {
  const symbol = symbolOfPath(pathname);
  if (symbol) return { kind: 'symbol', symbol };
  const match = matchRoute(pathname);
  if (!match || !paramsAreValid(match.params)) return null;
  const { articleId, fileId, symbol: company, periodYear, period } = match.params;
  switch (pageIdOf(match.pattern)) {
    case 'newsArticle':
      return { kind: 'news', id: Number(articleId) };
    case 'transcript':
    case 'transcriptFile':
      return fileId ? { kind: 'file', id: fileId } : null;
    case 'transcriptByPeriod':
      return company && periodYear && period
        ? {
            kind: 'quarter',
            symbol: company.toUpperCase(),
            periodYear: Number(periodYear),
            period: period.toUpperCase(),
          }
        : null;
    default:
      return null;
  }
}

/** The head of the page at `pathname`, or null where the app draws its first screen differently. */
export function pageHead(pathname: string, now: Date, asset?: HeadAsset | null): PageHead | null {
  const symbol = symbolOfPath(pathname);
  if (symbol) {
    if (!asset || asset.symbol.toUpperCase() !== symbol) return null;
    const meta = symbolPageMeta(symbolTabFromPath(pathname), symbol, asset.name);
    return { kind: 'symbol', ...meta, symbol, name: asset.name, facts: symbolFacts(asset) };
  }
  const match = matchRoute(pathname);
  const page = match && paramsAreValid(match.params) && PAGE_DEFS.find((def) => def.path === match.pattern);
  if (!match || !page) return null;
  const { params } = match;
  if (FRAME_PAGES.includes(page.id)) return { kind: 'frame', title: page.title, description: page.description };
  if ((CALENDAR_PAGE_IDS as readonly string[]).includes(page.id)) {
    const location = resolveCalendarLocation(page.id as CalendarPageId, params, now);
    if ('invalid' in location) return null;
    const window = fetchWindow(location);
    const text = calendarPageText({
      view: location.view,
      current: location.current,
      start: window.start,
      end: window.end,
      ...(location.view === 'month' ? { year: location.month.year, month: location.month.month } : {}),
    });
    return { kind: 'calendar', title: text.title, description: text.description, heading: text.heading };
  }
  return { kind: 'meta', title: pageTitle(page.title, params), description: page.description };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The head's markup inside the boot shell. The classes are index.html's, written to the theme's sizes
 * (Container, the h1 and body typography): same words, same box, so the app's render takes its place unseen.
 */
export function pageHeadHtml(head: PageHead): string {
  switch (head.kind) {
    case 'frame':
      return `<div class="boot-page boot-frame"><h1 class="boot-h1">${escapeHtml(head.title)}</h1><p class="boot-lead">${escapeHtml(head.description)}</p></div>`;
    case 'calendar':
      return `<div class="boot-page boot-calendar"><h1 class="boot-h1">${escapeHtml(head.heading)}</h1></div>`;
    case 'symbol':
      return `<div class="boot-page boot-symbol"><h1 class="boot-h1 boot-symbol-h1"><span>${escapeHtml(head.symbol)}</span><span class="boot-symbol-name">${escapeHtml(head.name)}</span></h1><p class="boot-facts">${escapeHtml(head.facts)}</p></div>`;
    case 'meta':
      return '';
  }
}

/**
 * The HTTP status of the page at `pathname`: 404 where the app draws its not-found page (no route, or parameters
 * out of shape) or a calendar's "No such week"; the server sends the shell with it (apps/server/src/http/static.ts).
 */
export function pageStatus(pathname: string, now: Date): 200 | 404 {
  const match = matchRoute(pathname);
  if (!match || !paramsAreValid(match.params)) return 404;
  const page = PAGE_DEFS.find((def) => def.path === match.pattern);
  if (page && (CALENDAR_PAGE_IDS as readonly string[]).includes(page.id)) {
    const location = resolveCalendarLocation(page.id as CalendarPageId, match.params, now);
    if ('invalid' in location) return 404;
  }
  return 200;
}
