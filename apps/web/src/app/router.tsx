import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import { preferences } from '../shared/preferences.ts';
import {
  CALENDAR_HOME,
  CALENDAR_VIEW_HOMES,
  fillPath,
  PAGES,
  type PageId,
  paramsAreValid,
  REDIRECT_RULES,
  SYMBOL_PAGE_PATH,
  SYMBOL_TABS,
} from '../shared/routes.ts';
import type { AppStore } from '../shared/store.ts';
import { AppLayout } from './layout/app-layout.tsx';
import type { MarketPageId } from './market-pages.ts';
import type { PageLoaderId } from './page-loaders.ts';
import { BootFallback, RootShell } from './root-shell.tsx';
import { PageErrorBoundary, RootErrorBoundary } from './route-error.tsx';

type Lazy = LazyRouteFunction<RouteObject>;

/** A lazily loaded page module (its default export is the page). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Lazy {
  return async () => ({ Component: (await load()).default });
}

/** Most pages come through one table (one import in the first load instead of one preload list per page). */
const page =
  (id: PageLoaderId): Lazy =>
  async () => ({ Component: (await (await import('./page-loaders.ts')).PAGE_LOADERS[id]()).default });
/** The market pages come through a table of their own. */
const market =
  (id: MarketPageId): Lazy =>
  async () => ({ Component: (await (await import('./market-pages.ts')).MARKET_PAGES[id]()).default });
/** The home is the first page most visits open: loaded directly, one step sooner. */
const home = lazyPage(() => import('../features/home/home-page.tsx'));

const calendar = page('calendar');
const transcript = page('transcript');

/** Every page's module (the type names each page of the route table, so none is left without one). */
const PAGE_MODULES: Record<PageId, Lazy> = {
  about: page('about'),
  faq: page('faq'),
  terms: page('terms'),
  privacy: page('privacy'),
  otherPages: page('otherPages'),
  feedback: page('feedback'),
  appInfo: page('appInfo'),
  dev: page('dev'),
  devMail: page('devMail'),
  unsubscribe: page('unsubscribe'),
  signin: page('signin'),
  createAccount: page('createAccount'),
  forgotPassword: page('forgotPassword'),
  profile: page('profile'),
  myStocks: page('myStocks'),
  embedCalendar: page('embedCalendar'),
  stripeCheckout: page('stripeCheckout'),
  affiliateProgram: page('affiliateProgram'),
  team: page('team'),
  teamInvite: page('teamInvite'),
  admin: page('admin'),
  calendarWeek: calendar,
  calendarMonth: calendar,
  calendarWeekOf: calendar,
  calendarMonthOf: calendar,
  listWeek: calendar,
  listWeekOf: calendar,
  transcriptByPeriod: transcript,
  transcriptFile: transcript,
  transcript,
  callSearch: page('callSearch'),
  home,
  homeAlias: home,
  landing: home,
  welcome: page('welcome'),
  demo: page('demo'),
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
  calls: market('calls'),
  symbolEvent: market('symbolEvent'),
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
    lazy: PAGE_MODULES[page.id],
  };
}

const symbolTab = page('symbolTab');

/** Symbol pages, opened with their asset in hand when a store is given (features/quote/asset-preload.ts). */
function symbolRoute(store: AppStore | undefined): RouteObject {
  return {
    path: SYMBOL_PAGE_PATH,
    lazy: page('symbolLayout'),
    ...(store
      ? {
          loader: async ({ params }) => {
            const symbol = params.symbol ?? '';
            if (!paramsAreValid({ symbol })) return null;
            await (await import('../features/quote/asset-preload.ts')).preloadAssetInfo(store, symbol);
            return null;
          },
        }
      : {}),
    children: SYMBOL_TABS.map(
      (tab): RouteObject => (tab.path ? { path: tab.path, lazy: symbolTab } : { index: true, lazy: symbolTab }),
    ),
  };
}

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

const notFound = page('notFound');

export function appRoutes(store?: AppStore): RouteObject[] {
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
              children: [...pages.map(pageRoute), symbolRoute(store), ...redirectRoutes, { path: '*', lazy: notFound }],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
