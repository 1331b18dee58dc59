/**
 * What each page of the route table says: its title (with `{param}` placeholders) and what it shows. Kept apart from routes.ts so the first load carries only paths; the pages,
 * the menu and the page index load this with them.
 */
import { PAGES, type PageId, type PageRoute, type SymbolTabKey } from './routes.ts';

export interface PageContent {
  /** Heading and document title; `{param}` placeholders are filled from the URL. */
  title: string;
  /** Shorter label for the menu and the page index. */
  menuLabel?: string;
  /** What the page shows, in one or two sentences (also the meta description). */
  description: string;
}

export type PageDef = PageRoute & PageContent;

export const PAGE_CONTENT: Record<PageId, PageContent> = {
  home: {
    title: 'Earnings this week',
    description:
      'Who reports this week and exactly when, results against estimates as they come in, earnings calls and the news that moves stocks.',
  },
  homeAlias: {
    menuLabel: 'Home',
    title: 'Earnings this week',
    description:
      'Who reports this week and exactly when, results against estimates as they come in, earnings calls and the news that moves stocks.',
  },
  landing: {
    title: 'Never miss an earnings call',
    description:
      'Exact report dates with before and after-market labels, confirmed or estimated, earnings calls with transcripts and AI summaries, and your own stock lists.',
  },
  welcome: {
    title: 'Welcome',
    description:
      'Your first steps: pick the stocks you follow, keep them in a list, turn on their alerts and choose a theme.',
  },
  dashboard: {
    title: 'Dashboard',
    description:
      'Who reports this week and exactly when, results against estimates as they come in, earnings calls and the news that moves stocks.',
  },
  calendarWeek: {
    menuLabel: 'Calendar: this week',
    title: 'Earnings calendar: this week',
    description:
      'Every company reporting Monday to Friday, with the time in your timezone, before or after market, and whether the date is confirmed.',
  },
  calendarMonth: {
    menuLabel: 'Calendar: this month',
    title: 'Earnings calendar: this month',
    description: 'The month at a glance: how many companies report each day and which ones matter most.',
  },
  calendarWeekOf: {
    title: 'Earnings calendar: week of {dateSlug}',
    description: 'Every company reporting in the chosen week, Monday to Friday, with exact times and date status.',
  },
  calendarMonthOf: {
    title: 'Earnings calendar: {monthYearSlug}',
    description: 'The chosen month at a glance: report counts per day and the biggest names.',
  },
  listWeek: {
    menuLabel: 'Earnings list: this week',
    title: 'Earnings list: this week',
    description: 'This week’s reports as one sortable list: by popularity, time, market cap, name or growth.',
  },
  listWeekOf: {
    title: 'Earnings list: week of {dateSlug}',
    description: 'The chosen week’s reports as one sortable list.',
  },
  earningsFeed: {
    menuLabel: 'Earnings feed',
    title: 'Earnings feed',
    description:
      'Results against estimates the moment they land, transcripts and AI summaries as they are published, newest first.',
  },
  calls: {
    title: 'Earnings calls',
    description:
      'Earnings calls live now and coming up, with the exact time in your time zone, and recorded calls with their transcripts.',
  },
  news: {
    title: 'News',
    description: 'Top stories, headlines and why-it-is-moving notes, filtered to the content types you choose.',
  },
  newsArticle: {
    title: 'News article',
    description: 'One article with the symbols it mentions and their quotes.',
  },
  eh500: {
    title: 'EH500',
    description: 'Our ranking of the top 500 companies by EHS, with its index and the history of its rebalances.',
  },
  ehs: {
    menuLabel: 'EHS scores',
    title: 'EHS scores',
    description:
      'The EarningsHub score of each company from price to sales, price to earnings, year-over-year EPS and revenue growth.',
  },
  ehsLearnMore: {
    menuLabel: 'How EHS works',
    title: 'How EHS is computed',
    description:
      'The published method behind the score: the metrics it uses, how each is weighted and how often it updates.',
  },
  all: {
    title: 'All symbols',
    description:
      'Every stock, crypto, over-the-counter asset and index we cover, A to Z, with its exchange and market cap.',
  },
  search: {
    menuLabel: 'Search',
    title: 'Search symbols',
    description:
      'Find a stock, crypto or OTC asset by symbol or name; browse Popular, Market Cap, Gainers, Losers and your recent searches.',
  },
  callSearch: {
    menuLabel: 'Search inside calls',
    title: 'Search inside calls',
    description:
      'Who said what on which earnings call: search every transcript for words and phrases, by sector, quarter and speaker, with mention trends.',
  },
  quoteSearch: {
    title: 'Search symbols',
    description:
      'Find a stock, crypto or OTC asset by symbol or name; browse Popular, Market Cap, Gainers, Losers and your recent searches.',
  },
  transcriptByPeriod: {
    title: '{symbol} {period} {periodYear} earnings call',
    description: 'The call’s transcript with speakers, the AI summary with citations into it, and the recording.',
  },
  transcriptFile: {
    title: '{symbol} {period} {periodYear} transcript',
    description: 'One transcript file with its summary and the recording when there is one.',
  },
  transcript: {
    title: 'Transcript',
    description: 'One transcript with its AI summary and citations.',
  },
  symbolEvent: {
    title: '{symbol} event',
    description:
      'One earnings call or event: when it happens in your time zone, its details, and the transcript once published.',
  },
  myStocks: {
    title: 'My Stocks',
    description: 'Your stock lists with holdings and cash, their upcoming reports and performance.',
  },
  profile: {
    title: 'Profile',
    description: 'Your name, email, avatar, password, alerts delivery and subscription.',
  },
  team: {
    title: 'Team',
    description: 'Your organization’s members and roles, licences and team billing.',
  },
  teamInvite: {
    title: 'Invite people',
    description: 'Paste many addresses at once and see who is new.',
  },
  pricing: {
    menuLabel: 'Pricing',
    title: 'Plans and pricing',
    description:
      'Free to browse. Plus adds alerts, transcripts, analyst ratings and the economic and Fed calendars; Pro adds EHS, short interest, guidance and earnings moves; Team is Pro for organizations.',
  },
  stripeCheckout: {
    title: 'Checkout',
    description: 'Pay for a plan: choose it and the interval, apply a coupon and enter a card.',
  },
  affiliateProgram: {
    title: 'Affiliate program',
    description: 'Earn a commission on every payment of the subscribers you refer, paid out monthly through Stripe.',
  },
  signin: {
    title: 'Sign in',
    description: 'Sign in to reach your stock lists, alerts and plan.',
  },
  createAccount: {
    title: 'Create account',
    description: 'Create a free account to keep stock lists and set alerts.',
  },
  forgotPassword: {
    title: 'Reset your password',
    description: 'We email you a code to set a new password.',
  },
  about: {
    title: 'About',
    description: 'What EarningsHub is, who it is for and where its data comes from.',
  },
  faq: {
    menuLabel: 'FAQ',
    title: 'Frequently asked questions',
    description: 'Answers about report dates, data sources, calls, alerts, plans and accounts.',
  },
  feedback: {
    menuLabel: 'Feedback',
    title: 'Send feedback',
    description: 'Tell the team about a bug, an idea or a data problem.',
  },
  terms: {
    menuLabel: 'Terms of service',
    title: 'Terms of service',
    description: 'The terms for using EarningsHub.',
  },
  privacy: {
    menuLabel: 'Privacy policy',
    title: 'Privacy policy',
    description: 'What we collect, why, how long we keep it and your choices.',
  },
  otherPages: {
    menuLabel: 'All pages',
    title: 'All pages',
    description: 'An index of every page of EarningsHub.',
  },
  appInfo: {
    title: 'App info',
    description: 'The version of this app and of the server, the platform and the current feature flags.',
  },
  demo: {
    menuLabel: 'Demo tour',
    title: 'Take the tour',
    description:
      'Six stops on the demo market: the earnings calendar, results against estimates, a live call, a transcript with its AI summary, lists and alerts, and the plans.',
  },
  embedCalendar: {
    menuLabel: 'Calendar embed',
    title: 'Earnings calendar',
    description: 'This week’s earnings calendar for embedding in other sites.',
  },
  partnerCnbc: {
    menuLabel: 'CNBC partner home',
    title: 'EarningsHub for CNBC viewers',
    description: 'The earnings calendar and earnings calls, with the CNBC partner offer.',
  },
  partnerWolf: {
    menuLabel: 'Wolf partner home',
    title: 'EarningsHub for Wolf members',
    description: 'The earnings calendar and earnings calls, with the Wolf partner offer.',
  },
  dev: {
    title: 'Developer tools',
    description: 'Feature flags, release notes of both platforms and the messages the embedded server would have sent.',
  },
  devMail: {
    title: 'Mailbox',
    description:
      'Email and text messages this server keeps instead of sending (no mail server is configured), newest first.',
  },
  unsubscribe: { title: 'Unsubscribe', description: 'Turn off the email an unsubscribe link names.' },
  admin: {
    title: 'Admin',
    description:
      'Feature flags and maintenance, release notes, community moderation, affiliate requests and ingestion.',
  },
};

/** Every page with its route and content. */
export const PAGE_DEFS: readonly PageDef[] = PAGES.map((page: PageRoute) => ({
  ...page,
  ...PAGE_CONTENT[page.id as PageId],
}));

export function pageById(id: PageId): PageDef {
  const page = PAGE_DEFS.find((p) => p.id === id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
}

export interface SymbolTabContent {
  description: string;
}

export const SYMBOL_TAB_CONTENT: Record<SymbolTabKey, SymbolTabContent> = {
  overview: {
    description: 'Quote, next report date and time, the latest results against estimates and the price chart.',
  },
  earnings: {
    description: 'Every quarter’s EPS and revenue against estimates, the price move around each report, and guidance.',
  },
  ehs: {
    description: 'The EarningsHub score and its parts: P/S, P/E, YoY EPS and YoY revenue, against the sector.',
  },
  analysts: {
    description: 'Analyst ratings and price targets over time.',
  },
  news: {
    description: 'News that mentions the company, newest first.',
  },
  short: {
    description: 'Short interest, days to cover and its history by settlement date.',
  },
  price: {
    description: 'Daily prices with line and candlestick charts, from one day to all history.',
  },
  dividends: {
    description: 'Ex-dividend and payment dates, amounts and yield history.',
  },
  secFilings: {
    description: '10-K, 10-Q, 8-K, proxy, ownership and insider filings from SEC EDGAR.',
  },
  events: {
    description: 'Earnings calls and other events, upcoming and recorded.',
  },
  trades: {
    description: 'Buys and sells recorded in shared portfolios for this symbol.',
  },
};
