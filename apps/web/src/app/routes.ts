/**
 * The route table of SPEC §2, as data: every page, its path pattern, a concrete sample URL, its title and
 * description, and the redirects. The router (router.tsx), the more-menu, /other-pages and the e2e suite all
 * read it from here. Pure TypeScript, no React, so Node-side tests can import it.
 */

export type PageGroup = 'markets' | 'symbols' | 'account' | 'company' | 'partners' | 'developer' | 'hidden';

export const PAGE_GROUP_LABELS: Record<Exclude<PageGroup, 'hidden'>, string> = {
  markets: 'Markets',
  symbols: 'Symbols and transcripts',
  account: 'Account and plans',
  company: 'Help and company',
  partners: 'Partners and embeds',
  developer: 'Developer',
};

export interface PageDef {
  id: string;
  /** React Router path pattern. */
  path: string;
  /** A concrete URL for patterns with parameters (tests, the page index). */
  sample?: string;
  /** Heading and document title; `{param}` placeholders are filled from the URL. */
  title: string;
  /** What the page shows, in one or two sentences (also the meta description). */
  description: string;
  /** The issue that brings the page's content; omitted for pages that are complete. */
  arrivesWith?: string;
  /** Sections the page will hold (SPEC §2 section names), shown as empty frames until they arrive. */
  sections?: readonly string[];
  group: PageGroup;
  /** Listed in the more-menu (every page with a group other than hidden is listed on /other-pages). */
  menu?: boolean;
  /** 'none': no site chrome (embeds); 'partner': partner-branded home. */
  chrome?: 'none' | 'partner';
  partner?: string;
}

const HOME_SECTIONS = [
  'Earnings Feed',
  'Earnings Calendar',
  'News',
  'Top Gainers',
  'Top Losers',
  'Most Popular',
  'Top Market Cap',
] as const;

/** Every page route of SPEC §2 (redirects are in REDIRECT_RULES, symbol tabs in SYMBOL_TABS). */
export const PAGES = [
  // Home and entry points
  {
    id: 'home',
    path: '/',
    title: 'Earnings this week',
    description:
      'Who reports this week and exactly when, results against estimates as they land, live calls and the news that moves stocks.',
    arrivesWith: 'the earnings calendar and feed',
    sections: HOME_SECTIONS,
    group: 'hidden',
  },
  {
    id: 'homeAlias',
    path: '/home',
    title: 'Earnings this week',
    description:
      'Who reports this week and exactly when, results against estimates as they land, live calls and the news that moves stocks.',
    arrivesWith: 'the earnings calendar and feed',
    sections: HOME_SECTIONS,
    group: 'markets',
    menu: true,
  },
  {
    id: 'landing',
    path: '/landing',
    title: 'Never miss an earnings call',
    description:
      'Exact report dates with before and after-market labels, confirmed or estimated, live calls with transcripts and alerts by email, push and SMS.',
    arrivesWith: 'the product tour and plans',
    group: 'hidden',
  },
  {
    id: 'welcome',
    path: '/welcome',
    title: 'Welcome',
    description: 'Your first steps after creating an account: pick the stocks you follow and how you want alerts.',
    arrivesWith: 'accounts and onboarding',
    group: 'hidden',
  },
  {
    id: 'dashboard',
    path: '/dashboard',
    title: 'Dashboard',
    description: 'Your stocks’ upcoming reports, latest results, live calls and alerts in one place.',
    arrivesWith: 'accounts and My Stocks',
    sections: ['Earnings Feed', 'Earnings Calendar', 'Symbol News', 'Top Gainers', 'Top Losers'],
    group: 'account',
    menu: true,
  },
  // Markets
  {
    id: 'calendarWeek',
    path: '/earnings-calendar/this-week',
    title: 'Earnings calendar: this week',
    description:
      'Every company reporting Monday to Friday, with the time in your timezone, before or after market, and whether the date is confirmed.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calendarMonth',
    path: '/earnings-calendar/this-month',
    title: 'Earnings calendar: this month',
    description: 'The month at a glance: how many companies report each day and which ones matter most.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calendarWeekOf',
    path: '/earnings-calendar/week-of/:dateSlug',
    sample: '/earnings-calendar/week-of/2026-11-23',
    title: 'Earnings calendar: week of {dateSlug}',
    description: 'Every company reporting in the chosen week, Monday to Friday, with exact times and date status.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
  },
  {
    id: 'calendarMonthOf',
    path: '/earnings-calendar/month/:monthYearSlug',
    sample: '/earnings-calendar/month/november-2026',
    title: 'Earnings calendar: {monthYearSlug}',
    description: 'The chosen month at a glance: report counts per day and the biggest names.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
  },
  {
    id: 'listWeek',
    path: '/earnings-list/this-week',
    title: 'Earnings list: this week',
    description: 'This week’s reports as one sortable list: by popularity, time, market cap, name or growth.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
    menu: true,
  },
  {
    id: 'listWeekOf',
    path: '/earnings-list/week-of/:dateSlug',
    sample: '/earnings-list/week-of/2026-11-23',
    title: 'Earnings list: week of {dateSlug}',
    description: 'The chosen week’s reports as one sortable list.',
    arrivesWith: 'the earnings calendar',
    group: 'markets',
  },
  {
    id: 'earningsFeed',
    path: '/earnings-feed',
    title: 'Earnings feed',
    description:
      'Results against estimates the moment they land, transcripts and AI summaries as they are published, newest first.',
    arrivesWith: 'the earnings feed',
    group: 'markets',
    menu: true,
  },
  {
    id: 'calls',
    path: '/calls',
    title: 'Earnings calls',
    description: 'Calls happening now with live audio and transcript, the ones coming up today, and recordings.',
    arrivesWith: 'live calls',
    group: 'markets',
    menu: true,
  },
  {
    id: 'news',
    path: '/news',
    title: 'News',
    description: 'Top stories, headlines and why-it-is-moving notes, filtered to the content types you choose.',
    arrivesWith: 'the news feed',
    group: 'markets',
    menu: true,
  },
  {
    id: 'newsArticle',
    path: '/news/:articleId/:slug',
    sample: '/news/1001/apple-tops-estimates-on-services-growth',
    title: 'News article',
    description: 'One article with the symbols it mentions and their quotes.',
    arrivesWith: 'the news feed',
    group: 'markets',
  },
  {
    id: 'eh500',
    path: '/eh500',
    title: 'EH500',
    description: 'Our ranking of the top 500 companies by EHS, with its index and the history of its rebalances.',
    arrivesWith: 'EHS and the EH500 index',
    group: 'markets',
    menu: true,
  },
  {
    id: 'ehs',
    path: '/ehs',
    title: 'EHS scores',
    description:
      'The EarningsHub score of each company from price to sales, price to earnings, year-over-year EPS and revenue growth.',
    arrivesWith: 'EHS and the EH500 index',
    sections: ['Overall Score Widget', 'Price to Sales', 'Price to Earnings', 'YoY EPS', 'YoY Revenue'],
    group: 'markets',
    menu: true,
  },
  {
    id: 'ehsLearnMore',
    path: '/ehs/learn-more',
    title: 'How EHS is computed',
    description:
      'The published method behind the score: the metrics it uses, how each is weighted and how often it updates.',
    arrivesWith: 'EHS and the EH500 index',
    group: 'markets',
    menu: true,
  },
  {
    id: 'all',
    path: '/all',
    title: 'All symbols',
    description: 'Every stock, crypto and over-the-counter asset we cover, A to Z, with its next report date.',
    arrivesWith: 'symbol search',
    group: 'symbols',
    menu: true,
  },
  {
    id: 'search',
    path: '/search',
    title: 'Search symbols',
    description:
      'Find a stock, crypto or OTC asset by symbol or name; browse Popular, Market Cap, Gainers, Losers and your recent searches.',
    arrivesWith: 'symbol search',
    group: 'symbols',
    menu: true,
  },
  {
    id: 'quoteSearch',
    path: '/quote',
    title: 'Search symbols',
    description:
      'Find a stock, crypto or OTC asset by symbol or name; browse Popular, Market Cap, Gainers, Losers and your recent searches.',
    arrivesWith: 'symbol search',
    group: 'symbols',
  },
  {
    id: 'transcriptByPeriod',
    path: '/quote/:symbol/:periodYear/:period',
    sample: '/quote/AAPL/2026/Q3',
    title: '{symbol} {period} {periodYear} earnings call',
    description: 'The call’s transcript with speakers, the AI summary with citations into it, and the recording.',
    arrivesWith: 'transcripts and AI summaries',
    group: 'symbols',
  },
  {
    id: 'transcriptFile',
    path: '/:symbol/:period/:periodYear/:fileId',
    sample: '/AAPL/Q3/2026/123',
    title: '{symbol} {period} {periodYear} transcript',
    description: 'One transcript file with its summary and the recording when there is one.',
    arrivesWith: 'transcripts and AI summaries',
    group: 'symbols',
  },
  {
    id: 'transcript',
    path: '/transcripts/:fileId',
    sample: '/transcripts/123',
    title: 'Transcript',
    description: 'One transcript with its AI summary and citations.',
    arrivesWith: 'transcripts and AI summaries',
    group: 'symbols',
  },
  {
    id: 'symbolEvent',
    path: '/:symbol/events/:eventId',
    sample: '/AAPL/events/456',
    title: '{symbol} event',
    description: 'One call or event: live audio, live transcript and comments while it runs, the recording after.',
    arrivesWith: 'live calls',
    group: 'symbols',
  },
  // Account and plans
  {
    id: 'myStocks',
    path: '/my-stocks',
    title: 'My Stocks',
    description: 'Your stock lists with holdings and cash, their upcoming reports and performance.',
    arrivesWith: 'accounts and stock lists',
    group: 'account',
    menu: true,
  },
  {
    id: 'profile',
    path: '/profile',
    title: 'Profile',
    description: 'Your name, email, avatar, password, alerts delivery and subscription.',
    arrivesWith: 'accounts',
    group: 'account',
    menu: true,
  },
  {
    id: 'team',
    path: '/team',
    title: 'Team',
    description: 'Your organisation’s members and roles, licences and team billing.',
    arrivesWith: 'teams',
    group: 'account',
    menu: true,
  },
  {
    id: 'teamInvite',
    path: '/team/invite',
    title: 'Team invitation',
    description: 'Accept or decline an invitation to join a team.',
    arrivesWith: 'teams',
    group: 'account',
  },
  {
    id: 'pricing',
    path: '/pricing',
    title: 'Plans and pricing',
    description:
      'Free to browse. Plus adds alerts, transcripts, analyst ratings and the economic and Fed calendars; Pro adds EHS, short interest, guidance and earnings moves; Team is Pro for organisations.',
    arrivesWith: 'billing',
    group: 'account',
    menu: true,
  },
  {
    id: 'stripeCheckout',
    path: '/stripe/checkout',
    title: 'Checkout',
    description: 'Payment for a plan, with card details handled by Stripe.',
    arrivesWith: 'billing',
    group: 'hidden',
  },
  {
    id: 'affiliateProgram',
    path: '/affiliate-program',
    title: 'Affiliate program',
    description: 'Earn a commission for every subscriber you refer, paid out through Stripe.',
    arrivesWith: 'the affiliate program',
    group: 'account',
    menu: true,
  },
  {
    id: 'signin',
    path: '/signin',
    title: 'Sign in',
    description: 'Sign in with email, Google or Apple.',
    arrivesWith: 'accounts',
    group: 'account',
  },
  {
    id: 'createAccount',
    path: '/create-account',
    title: 'Create account',
    description: 'Create a free account with email, Google or Apple to keep lists and set alerts.',
    arrivesWith: 'accounts',
    group: 'account',
  },
  {
    id: 'forgotPassword',
    path: '/forgot-password',
    title: 'Reset your password',
    description: 'We email you a code to set a new password.',
    arrivesWith: 'accounts',
    group: 'account',
  },
  // Help and company
  {
    id: 'about',
    path: '/about',
    title: 'About',
    description: 'What EarningsHub is, who it is for and where its data comes from.',
    group: 'company',
    menu: true,
  },
  {
    id: 'faq',
    path: '/faq',
    title: 'Frequently asked questions',
    description: 'Answers about report dates, data sources, calls, alerts, plans and accounts.',
    group: 'company',
    menu: true,
  },
  {
    id: 'feedback',
    path: '/feedback',
    title: 'Send feedback',
    description: 'Tell the team about a bug, an idea or a data problem.',
    group: 'company',
    menu: true,
  },
  {
    id: 'terms',
    path: '/terms',
    title: 'Terms of service',
    description: 'The terms for using EarningsHub.',
    group: 'company',
    menu: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    title: 'Privacy policy',
    description: 'What we collect, why, how long we keep it and your choices.',
    group: 'company',
    menu: true,
  },
  {
    id: 'otherPages',
    path: '/other-pages',
    title: 'All pages',
    description: 'An index of every page of EarningsHub.',
    group: 'company',
    menu: true,
  },
  {
    id: 'appInfo',
    path: '/app-info',
    title: 'App info',
    description: 'The version of this app and of the server, the platform and the current feature flags.',
    group: 'company',
    menu: true,
  },
  // Partners and embeds
  {
    id: 'demo',
    path: '/demo',
    title: 'Demo',
    description: 'A guided tour of EarningsHub on the demo market: calendar, a live call, a transcript and alerts.',
    arrivesWith: 'the earnings calendar and live calls',
    group: 'partners',
    menu: true,
  },
  {
    id: 'embedCalendar',
    path: '/embed/calendar',
    title: 'Earnings calendar',
    description: 'This week’s earnings calendar for embedding in other sites.',
    arrivesWith: 'the earnings calendar',
    group: 'partners',
    menu: true,
    chrome: 'none',
  },
  {
    id: 'partnerCnbc',
    path: '/CNBC',
    title: 'EarningsHub for CNBC viewers',
    description: 'The earnings calendar and live calls, with the CNBC partner offer.',
    arrivesWith: 'the earnings calendar and the partner offer',
    sections: ['Earnings Calendar', 'Earnings Feed', 'Most Popular'],
    group: 'partners',
    menu: true,
    chrome: 'partner',
    partner: 'CNBC',
  },
  {
    id: 'partnerWolf',
    path: '/wolf',
    title: 'EarningsHub for Wolf members',
    description: 'The earnings calendar and live calls, with the Wolf partner offer.',
    arrivesWith: 'the earnings calendar and the partner offer',
    sections: ['Earnings Calendar', 'Earnings Feed', 'Most Popular'],
    group: 'partners',
    menu: true,
    chrome: 'partner',
    partner: 'Wolf',
  },
  // Developer
  {
    id: 'dev',
    path: '/dev',
    title: 'Developer tools',
    description: 'Feature flags, release notes of both platforms and the messages the embedded server would have sent.',
    group: 'developer',
  },
] as const satisfies readonly PageDef[];

export type PageId = (typeof PAGES)[number]['id'];

export function pageById(id: PageId): PageDef {
  const page = PAGES.find((p) => p.id === id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
}

/** Symbol page tabs (SPEC §2), in bar order; `path` is the sub-path under /quote/:symbol. */
export interface SymbolTab {
  key: string;
  path: string;
  label: string;
  /** Label on narrow screens. */
  shortLabel?: string;
  description: string;
  arrivesWith: string;
}

export const SYMBOL_TABS = [
  {
    key: 'overview',
    path: '',
    label: 'Overview',
    description: 'Quote, next report date and time, the latest results against estimates and the price chart.',
    arrivesWith: 'symbol pages',
  },
  {
    key: 'earnings',
    path: 'earnings',
    label: 'Earnings',
    description: 'Every quarter’s EPS and revenue against estimates, the price move around each report, and guidance.',
    arrivesWith: 'earnings history',
  },
  {
    key: 'ehs',
    path: 'ehs',
    label: 'EHS',
    description: 'The EarningsHub score and its parts: P/S, P/E, YoY EPS and YoY revenue, against the sector.',
    arrivesWith: 'EHS and the EH500 index',
  },
  {
    key: 'analysts',
    path: 'analysts',
    label: 'Analysts',
    description: 'Analyst ratings and price targets over time.',
    arrivesWith: 'analyst ratings',
  },
  {
    key: 'news',
    path: 'news',
    label: 'News',
    description: 'News that mentions the company, newest first.',
    arrivesWith: 'the news feed',
  },
  {
    key: 'short',
    path: 'short',
    label: 'Short Interest',
    shortLabel: 'Short',
    description: 'Short interest, days to cover and its history by settlement date.',
    arrivesWith: 'short interest',
  },
  {
    key: 'price',
    path: 'price',
    label: 'Price History',
    shortLabel: 'Price',
    description: 'Daily prices with line and candlestick charts, from one day to all history.',
    arrivesWith: 'price history',
  },
  {
    key: 'dividends',
    path: 'dividends',
    label: 'Dividends',
    description: 'Ex-dividend and payment dates, amounts and yield history.',
    arrivesWith: 'dividends',
  },
  {
    key: 'secFilings',
    path: 'sec-filings',
    label: 'SEC Filings',
    description: '10-K, 10-Q, 8-K, proxy, ownership and insider filings from SEC EDGAR.',
    arrivesWith: 'SEC filings',
  },
  {
    key: 'events',
    path: 'events',
    label: 'Events',
    description: 'Earnings calls and other events, upcoming and recorded.',
    arrivesWith: 'live calls',
  },
  {
    key: 'trades',
    path: 'trades',
    label: 'Trades',
    description: 'Buys and sells recorded in shared portfolios for this symbol.',
    arrivesWith: 'stock lists and trades',
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
export function symbolTabFromPath(pathname: string): SymbolTab {
  const sub = pathname.split('/').filter(Boolean)[2] ?? '';
  return SYMBOL_TABS.find((tab) => tab.path === sub.toLowerCase()) ?? SYMBOL_TABS[0];
}

/** Redirects of SPEC §2 as patterns: the router sends `from` to `to`, carrying the parameters across. */
export const CALENDAR_HOME = '/earnings-calendar/this-week';
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
  ...PAGES.map((page: PageDef) => page.sample ?? page.path),
  ...SYMBOL_TABS.map((tab) => symbolPath(SAMPLE_SYMBOL, tab)),
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

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
    if (match && month && (MONTHS as readonly string[]).includes(month)) {
      return `${month[0]?.toUpperCase()}${month.slice(1)} ${match[2]}`;
    }
  }
  return value;
}

/** Fills `{param}` placeholders of a page title. */
export function pageTitle(title: string, params: Record<string, string | undefined>): string {
  return title.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => formatRouteParam(name, params[name] ?? ''));
}
