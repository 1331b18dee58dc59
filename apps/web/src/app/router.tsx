import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import type { MarketPageId } from '../features/home/market-pages.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { preferences } from './preferences.ts';
import { BootFallback, RootShell } from './root-shell.tsx';
import { PageErrorBoundary, RootErrorBoundary } from './route-error.tsx';
import {
  CALENDAR_HOME,
  CALENDAR_VIEW_HOMES,
  fillPath,
  PAGES,
  type PageId,
  REDIRECT_RULES,
  SYMBOL_PAGE_PATH,
  SYMBOL_TABS,
} from './routes.ts';

type Lazy = LazyRouteFunction<RouteObject>;

/** A lazily loaded page module (its default export is the page). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Lazy {
  return async () => ({ Component: (await load()).default });
}

const planned = lazyPage(() => import('../features/shell/planned-page.tsx'));
const calendar = lazyPage(() => import('../features/calendar/calendar-page.tsx'));
const transcript = lazyPage(() => import('../features/transcripts/transcript-page.tsx'));
/** The market pages come through one table of their own (one import in the first load instead of one per page). */
const market =
  (id: MarketPageId): Lazy =>
  async () => ({ Component: (await (await import('../features/home/market-pages.ts')).MARKET_PAGES[id]()).default });
/** The home is the first page most visits open: loaded directly, one step sooner. */
const home = lazyPage(() => import('../features/home/home-page.tsx'));

/** Pages with their real content in this release; every other page shows its planned frame. */
const PAGE_MODULES: Partial<Record<PageId, Lazy>> = {
  about: lazyPage(() => import('../features/info/about-page.tsx')),
  faq: lazyPage(() => import('../features/info/faq-page.tsx')),
  terms: lazyPage(() => import('../features/info/terms-page.tsx')),
  privacy: lazyPage(() => import('../features/info/privacy-page.tsx')),
  otherPages: lazyPage(() => import('../features/info/other-pages-page.tsx')),
  feedback: lazyPage(() => import('../features/feedback/feedback-page.tsx')),
  appInfo: lazyPage(() => import('../features/app-info/app-info-page.tsx')),
  dev: lazyPage(() => import('../features/dev/dev-page.tsx')),
  signin: lazyPage(() => import('../features/auth/sign-in-page.tsx')),
  createAccount: lazyPage(() => import('../features/auth/create-account-page.tsx')),
  forgotPassword: lazyPage(() => import('../features/auth/forgot-password-page.tsx')),
  profile: lazyPage(() => import('../features/profile/profile-page.tsx')),
  myStocks: lazyPage(() => import('../features/my-stocks/my-stocks-page.tsx')),
  embedCalendar: lazyPage(() => import('../features/embed/embed-calendar-page.tsx')),
  calendarWeek: calendar,
  calendarMonth: calendar,
  calendarWeekOf: calendar,
  calendarMonthOf: calendar,
  listWeek: calendar,
  listWeekOf: calendar,
  transcriptByPeriod: transcript,
  transcriptFile: transcript,
  transcript,
  home,
  homeAlias: home,
  landing: home,
  welcome: home,
  dashboard: home,
  partnerCnbc: home,
  partnerWolf: home,
  earningsFeed: market('earningsFeed'),
  search: market('search'),
  quoteSearch: market('quoteSearch'),
  news: market('news'),
  newsArticle: market('newsArticle'),
  ehs: market('ehs'),
  ehsLearnMore: market('ehsLearnMore'),
  eh500: market('eh500'),
  all: market('all'),
  pricing: market('pricing'),
};

/** Pages that use the sticky-header variant of the navigation bar (long, scrolling tables). */
const STICKY_HEADER_PAGES: ReadonlySet<PageId> = new Set([
  'calendarWeek',
  'calendarMonth',
  'calendarWeekOf',
  'calendarMonthOf',
  'listWeek',
  'listWeekOf',
  'earningsFeed',
]);

function pageRoute(page: (typeof PAGES)[number]): RouteObject {
  return {
    path: page.path,
    handle: {
      pageId: page.id,
      ...('partner' in page ? { partner: page.partner } : {}),
      ...(STICKY_HEADER_PAGES.has(page.id) ? { stickyHeader: true } : {}),
    },
    lazy: PAGE_MODULES[page.id] ?? planned,
  };
}

const symbolTab = lazyPage(() => import('../features/quote/symbol-tab-page.tsx'));

const symbolRoute: RouteObject = {
  path: SYMBOL_PAGE_PATH,
  lazy: lazyPage(() => import('../features/quote/symbol-layout.tsx')),
  children: SYMBOL_TABS.map(
    (tab): RouteObject => (tab.path ? { path: tab.path, lazy: symbolTab } : { index: true, lazy: symbolTab }),
  ),
};

/** /earnings, /earnings-calendar and /earnings-list open the calendar in the reader's saved view (SPEC §3). */
function calendarHome(): string {
  return CALENDAR_VIEW_HOMES[preferences.get('earningsSettings').calendarView];
}

/** SPEC §2 redirects, carrying parameters and the query string (e.g. ?theme=) across. */
const redirectRoutes: RouteObject[] = REDIRECT_RULES.map((rule) => ({
  path: rule.from,
  loader: ({ params, request }) =>
    redirect(`${rule.to === CALENDAR_HOME ? calendarHome() : fillPath(rule.to, params)}${new URL(request.url).search}`),
}));

const notFound = lazyPage(() => import('../features/info/not-found-page.tsx'));

export function appRoutes(): RouteObject[] {
  const chromeless = PAGES.filter((page) => 'chrome' in page && page.chrome === 'none');
  const pages = PAGES.filter((page) => !('chrome' in page && page.chrome === 'none'));
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: BootFallback,
      children: [
        ...chromeless.map(pageRoute),
        {
          Component: AppLayout,
          children: [
            {
              ErrorBoundary: PageErrorBoundary,
              children: [...pages.map(pageRoute), symbolRoute, ...redirectRoutes, { path: '*', lazy: notFound }],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
