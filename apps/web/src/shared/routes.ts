/**
 * The route table of SPEC §2, as data: every page, its path pattern, a concrete sample URL, and the redirects.
 * The router (router.tsx), the more-menu, /other-pages and the e2e suite all read it from here. What each page
 * says (title, description, empty state) is in page-content.ts, loaded with the pages. Pure TypeScript, no
 * React, so Node-side tests can import it.
 */

import { MONTH_NAMES } from '@eh/domain';
export type PageGroup = 'markets' | 'symbols' | 'account' | 'company' | 'partners' | 'developer' | 'hidden';

export const PAGE_GROUP_LABELS: Record<Exclude<PageGroup, 'hidden'>, string> = {
  markets: 'Markets',
  symbols: 'Symbols and transcripts',
  account: 'Account and plans',
  company: 'Help and company',
  partners: 'Partners and embeds',
  developer: 'Developer',
};

export interface PageRoute {
  id: string;
  /** React Router path pattern. */
  path: string;
  /** A concrete URL for patterns with parameters (tests, the page index). */
  sample?: string;
  group: PageGroup;
  /**
   * Listed in the more-menu: product pages only, never the partner homes, embeds or demo tour (every page with a
   * group other than hidden is listed on /other-pages).
   */
  menu?: boolean;
  /** 'none': no site chrome (embeds); 'partner': partner-branded home. */
  chrome?: 'none' | 'partner';
  partner?: string;
}

/**
 * A transcript the demo market holds, so the sample transcript pages show a real call (no 404). The demo keeps
 * files for the last two years: move this forward before the third quarter of 2028.
 */
const SAMPLE_TRANSCRIPT = 'demo-AAPL-2026-Q3-transcript';

/** Every page route of SPEC §2 (redirects are in REDIRECT_RULES, symbol tabs in SYMBOL_TABS). */
export const PAGES = [
  {
    id: 'home',
    path: '/',
    group: 'hidden',
  },
  {
    id: 'homeAlias',
    path: '/home',
    group: 'markets',
    menu: true,
  },
  {
    id: 'landing',
    path: '/landing',
    group: 'hidden',
  },
  {
    id: 'welcome',
    path: '/welcome',
    group: 'hidden',
  },
  {
    id: 'dashboard',
    path: '/dashboard',
    group: 'account',
    menu: true,
  },
  {
    id: 'calendarWeek',
    path: '/earnings-calendar/this-week',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calendarMonth',
    path: '/earnings-calendar/this-month',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calendarWeekOf',
    path: '/earnings-calendar/week-of/:dateSlug',
    sample: '/earnings-calendar/week-of/2026-11-23',
    group: 'markets',
  },
  {
    id: 'calendarMonthOf',
    path: '/earnings-calendar/month/:monthYearSlug',
    sample: '/earnings-calendar/month/november-2026',
    group: 'markets',
  },
  {
    id: 'listWeek',
    path: '/earnings-list/this-week',
    group: 'markets',
    menu: true,
  },
  {
    id: 'listWeekOf',
    path: '/earnings-list/week-of/:dateSlug',
    sample: '/earnings-list/week-of/2026-11-23',
    group: 'markets',
  },
  {
    id: 'earningsFeed',
    path: '/earnings-feed',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calls',
    path: '/calls',
    group: 'markets',
    menu: true,
  },
  {
    id: 'news',
    path: '/news',
    group: 'markets',
    menu: true,
  },
  {
    id: 'newsArticle',
    path: '/news/:articleId/:slug',
    sample: '/news/1001/apple-tops-estimates-on-services-growth',
    group: 'markets',
  },
  {
    id: 'eh500',
    path: '/eh500',
    group: 'markets',
    menu: true,
  },
  {
    id: 'ehs',
    path: '/ehs',
    group: 'markets',
    menu: true,
  },
  {
    id: 'ehsLearnMore',
    path: '/ehs/learn-more',
    group: 'markets',
    menu: true,
  },
  {
    id: 'all',
    path: '/all',
    group: 'symbols',
    menu: true,
  },
  {
    id: 'search',
    path: '/search',
    group: 'symbols',
    menu: true,
  },
  {
    id: 'callSearch',
    path: '/search/calls',
    group: 'symbols',
    menu: true,
  },
  {
    id: 'quoteSearch',
    path: '/quote',
    group: 'symbols',
  },
  {
    id: 'transcriptByPeriod',
    path: '/quote/:symbol/:periodYear/:period',
    sample: '/quote/AAPL/2026/Q3',
    group: 'symbols',
  },
  {
    id: 'transcriptFile',
    path: '/:symbol/:period/:periodYear/:fileId',
    sample: `/AAPL/Q3/2026/${SAMPLE_TRANSCRIPT}`,
    group: 'symbols',
  },
  {
    id: 'transcript',
    path: '/transcripts/:fileId',
    sample: `/transcripts/${SAMPLE_TRANSCRIPT}`,
    group: 'symbols',
  },
  {
    id: 'symbolEvent',
    path: '/:symbol/events/:eventId',
    sample: '/AAPL/events/456',
    group: 'symbols',
  },
  {
    id: 'myStocks',
    path: '/my-stocks',
    group: 'account',
    menu: true,
  },
  {
    id: 'profile',
    path: '/profile',
    group: 'account',
    menu: true,
  },
  {
    id: 'team',
    path: '/team',
    group: 'account',
    menu: true,
  },
  {
    id: 'teamInvite',
    path: '/team/invite',
    group: 'account',
  },
  {
    id: 'pricing',
    path: '/pricing',
    group: 'account',
    menu: true,
  },
  {
    id: 'stripeCheckout',
    path: '/stripe/checkout',
    group: 'hidden',
  },
  {
    id: 'affiliateProgram',
    path: '/affiliate-program',
    group: 'account',
    menu: true,
  },
  {
    id: 'signin',
    path: '/signin',
    group: 'account',
  },
  {
    id: 'createAccount',
    path: '/create-account',
    group: 'account',
  },
  {
    id: 'forgotPassword',
    path: '/forgot-password',
    group: 'account',
  },
  {
    id: 'about',
    path: '/about',
    group: 'company',
    menu: true,
  },
  {
    id: 'faq',
    path: '/faq',
    group: 'company',
    menu: true,
  },
  {
    id: 'feedback',
    path: '/feedback',
    group: 'company',
    menu: true,
  },
  {
    id: 'terms',
    path: '/terms',
    group: 'company',
    menu: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    group: 'company',
    menu: true,
  },
  {
    id: 'otherPages',
    path: '/other-pages',
    group: 'company',
    menu: true,
  },
  {
    id: 'appInfo',
    path: '/app-info',
    group: 'company',
    menu: true,
  },
  {
    id: 'demo',
    path: '/demo',
    group: 'partners',
  },
  {
    id: 'embedCalendar',
    path: '/embed/calendar',
    group: 'partners',
    chrome: 'none',
  },
  {
    id: 'partnerCnbc',
    path: '/CNBC',
    group: 'partners',
    chrome: 'partner',
    partner: 'CNBC',
  },
  {
    id: 'partnerWolf',
    path: '/wolf',
    group: 'partners',
    chrome: 'partner',
    partner: 'Wolf',
  },
  {
    id: 'dev',
    path: '/dev',
    group: 'developer',
  },
  {
    id: 'devMail',
    path: '/dev/mail',
    group: 'developer',
  },
  { id: 'unsubscribe', path: '/unsubscribe', group: 'hidden' },
  // The super-admin tools, linked nowhere (the server refuses everyone else).
  { id: 'admin', path: '/admin', group: 'hidden' },
] as const satisfies readonly PageRoute[];

export type PageId = (typeof PAGES)[number]['id'];

/** Symbol page tabs (SPEC §2), in bar order; `path` is the sub-path under /quote/:symbol. */
export interface SymbolTab {
  key: string;
  path: string;
  label: string;
  /** Label on narrow screens. */
  shortLabel?: string;
}

export const SYMBOL_TABS = [
  {
    key: 'overview',
    path: '',
    label: 'Overview',
  },
  {
    key: 'earnings',
    path: 'earnings',
    label: 'Earnings',
  },
  {
    key: 'ehs',
    path: 'ehs',
    label: 'EHS',
  },
  {
    key: 'analysts',
    path: 'analysts',
    label: 'Analysts',
  },
  {
    key: 'news',
    path: 'news',
    label: 'News',
  },
  {
    key: 'short',
    path: 'short',
    label: 'Short Interest',
    shortLabel: 'Short',
  },
  {
    key: 'price',
    path: 'price',
    label: 'Price History',
    shortLabel: 'Price',
  },
  {
    key: 'dividends',
    path: 'dividends',
    label: 'Dividends',
  },
  {
    key: 'secFilings',
    path: 'sec-filings',
    label: 'SEC Filings',
  },
  {
    key: 'events',
    path: 'events',
    label: 'Events',
  },
  {
    key: 'trades',
    path: 'trades',
    label: 'Trades',
  },
] as const satisfies readonly SymbolTab[];

export type SymbolTabKey = (typeof SYMBOL_TABS)[number]['key'];

export const SYMBOL_PAGE_PATH = '/quote/:symbol';
export const SAMPLE_SYMBOL = 'AAPL';

export function symbolPath(symbol: string, tab: SymbolTab = SYMBOL_TABS[0]): string {
  const base = `/quote/${encodeURIComponent(symbol)}`;
  return tab.path ? `${base}/${tab.path}` : base;
}

/** Which tab a symbol URL shows: the sub-path after /quote/:symbol. */
export function symbolTabFromPath(pathname: string): (typeof SYMBOL_TABS)[number] {
  const sub = pathname.split('/').filter(Boolean)[2] ?? '';
  return SYMBOL_TABS.find((tab) => tab.path === sub.toLowerCase()) ?? SYMBOL_TABS[0];
}

/** Redirects of SPEC §2 as patterns: the router sends `from` to `to`, carrying the parameters across. */
export const CALENDAR_HOME = '/earnings-calendar/this-week';
/** The current window of each calendar view; the calendar redirects open the reader's saved view. */
export const CALENDAR_VIEW_HOMES = {
  week: CALENDAR_HOME,
  list: '/earnings-list/this-week',
  month: '/earnings-calendar/this-month',
} as const;
export const REDIRECT_RULES = [
  { from: '/earnings', to: CALENDAR_HOME },
  { from: '/earnings-calendar', to: CALENDAR_HOME },
  { from: '/earnings-list', to: CALENDAR_HOME },
  { from: '/quote/:symbol/pricing', to: '/quote/:symbol/price' },
  { from: '/quote/:symbol/shorts', to: '/quote/:symbol/short' },
  { from: '/ehs/:symbol', to: '/quote/:symbol/ehs' },
] as const satisfies readonly { from: string; to: string }[];

/** Fills `:name` placeholders with values (encoded). */
export function fillPath(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

const SAMPLE_PARAMS = { symbol: SAMPLE_SYMBOL };

/** Concrete redirects, one per rule: from → expected pathname. */
export const REDIRECTS: Readonly<Record<string, string>> = Object.fromEntries(
  REDIRECT_RULES.map((rule) => [fillPath(rule.from, SAMPLE_PARAMS), fillPath(rule.to, SAMPLE_PARAMS)]),
);

/** Every page route as a concrete URL (sample parameters filled), symbol tabs included. */
export const ROUTE_PATHS: readonly string[] = [
  ...PAGES.map((page: PageRoute) => page.sample ?? page.path),
  ...SYMBOL_TABS.map((tab) => symbolPath(SAMPLE_SYMBOL, tab)),
];

/** A URL parameter as people read it: AAPL for aapl, "Nov 23, 2026" for 2026-11-23, "November 2026". */
export function formatRouteParam(name: string, value: string): string {
  if (name === 'symbol') return value.toUpperCase();
  if (name === 'period') return value.toUpperCase();
  if (name === 'dateSlug' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) {
      return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    }
  }
  if (name === 'monthYearSlug') {
    const match = /^([a-z]+)-(\d{4})$/i.exec(value);
    const month = match?.[1]?.toLowerCase();
    if (match && month && (MONTH_NAMES as readonly string[]).includes(month)) {
      return `${month[0]?.toUpperCase()}${month.slice(1)} ${match[2]}`;
    }
  }
  return value;
}

/** Fills `{param}` placeholders of a page title. */
export function pageTitle(title: string, params: Record<string, string | undefined>): string {
  return title.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => formatRouteParam(name, params[name] ?? ''));
}

/** Links of the navigation bar (SPEC §2 layout), in order. `match` marks the link active for these path prefixes. */
export const NAV_LINKS = [
  { label: 'Calendar', to: CALENDAR_HOME, match: ['/earnings-calendar', '/earnings-list'] },
  { label: 'News', to: '/news', match: ['/news'] },
  { label: 'Calls', to: '/calls', match: ['/calls'] },
  { label: 'EH500', to: '/eh500', match: ['/eh500'] },
  { label: 'My Stocks', to: '/my-stocks', match: ['/my-stocks'] },
  { label: 'Pricing', to: '/pricing', match: ['/pricing'] },
] as const;

/** Footer links (SPEC §2 layout). */
export const FOOTER_LINKS = [
  { label: 'About', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Feedback', to: '/feedback' },
  { label: 'All pages', to: '/other-pages' },
  { label: 'App info', to: '/app-info' },
] as const;

export function isLinkActive(pathname: string, prefixes: readonly string[]): boolean {
  const lower = pathname.toLowerCase();
  return prefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** Shapes of route parameters; a URL whose parameters do not fit shows the not-found page. */
export const PARAM_PATTERNS: Readonly<Record<string, RegExp>> = {
  symbol: /^[A-Za-z0-9][A-Za-z0-9.\-^=]{0,14}$/,
  period: /^(Q[1-4]|H[12]|FY)$/i,
  periodYear: /^(19|20)\d{2}$/,
  fileId: /^[A-Za-z0-9_-]{1,64}$/,
  /** Events and articles are looked up by their positive whole-number id. */
  eventId: /^0*[1-9]\d{0,15}$/,
  articleId: /^0*[1-9]\d{0,15}$/,
  dateSlug: /^\d{4}-\d{2}-\d{2}$/,
  monthYearSlug: /^[a-z]+-\d{4}$/i,
};

export function paramsAreValid(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => {
    const pattern = PARAM_PATTERNS[name];
    return !pattern || (value !== undefined && pattern.test(value));
  });
}

/** A route pattern the router answers, with its parameters from a path. */
export interface RouteMatch {
  pattern: string;
  params: Record<string, string>;
}

interface CompiledPattern {
  pattern: string;
  regexp: RegExp;
  names: string[];
  score: number;
}

/**
 * React Router's matching and ranking, for the server to know which addresses are pages (http/static.ts answers
 * the others 404: page-head.ts pageStatus): case-insensitive, any number of trailing slashes, a parameter is one non-empty segment; a
 * static segment outweighs a parameter, so /quote/:symbol/... beats /:symbol/.... routes.test.ts holds it to the
 * router's own matchRoutes.
 */
function compilePattern(pattern: string): CompiledPattern {
  const source = pattern
    .replace(/\/*$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/([^\\/]+)');
  const segments = pattern.split('/');
  return {
    pattern,
    regexp: new RegExp(`^${source}\\/*$`, 'i'),
    names: [...pattern.matchAll(/:([\w-]+)/g)].map((match) => match[1] ?? ''),
    score: segments.reduce(
      (score, segment) => score + (segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
      segments.length,
    ),
  };
}

/** Each segment decoded as the router decodes the address before matching (a malformed one stays as it is). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

function execPattern(compiled: CompiledPattern, decoded: string): Record<string, string> | null {
  const found = compiled.regexp.exec(decoded);
  if (!found) return null;
  return Object.fromEntries(compiled.names.map((name, i) => [name, (found[i + 1] ?? '').replace(/%2F/g, '/')]));
}

/** Matches one route pattern as the router would: its parameters, or null when the path is not that route's. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  return execPattern(compilePattern(pattern), decodePath(pathname));
}

/**
 * Every pattern the router matches, in the order it ranks ties: the pages, the symbol pages and their tabs, the
 * redirects. Anything else is the not-found page.
 */
const ROUTES: readonly CompiledPattern[] = [
  ...PAGES.filter((page: PageRoute) => page.chrome === 'none').map((page) => page.path),
  ...PAGES.filter((page: PageRoute) => page.chrome !== 'none').map((page) => page.path),
  ...SYMBOL_TABS.map((tab) => (tab.path ? `${SYMBOL_PAGE_PATH}/${tab.path}` : SYMBOL_PAGE_PATH)),
  ...REDIRECT_RULES.map((rule) => rule.from),
].map(compilePattern);

/** The route the router picks for a path (the highest ranked match), or null where it shows the not-found page. */
export function matchRoute(pathname: string): RouteMatch | null {
  const decoded = decodePath(pathname);
  let best: { route: CompiledPattern; params: Record<string, string> } | null = null;
  for (const route of ROUTES) {
    if (best && route.score <= best.route.score) continue;
    const params = execPattern(route, decoded);
    if (params) best = { route, params };
  }
  return best && { pattern: best.route.pattern, params: best.params };
}
