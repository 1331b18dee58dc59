import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_CONTENT } from '../shared/page-content.ts';
import {
  formatRouteParam,
  matchRoute,
  PAGES,
  pageTitle,
  paramsAreValid,
  REDIRECT_RULES,
  REDIRECTS,
  ROUTE_PATHS,
  SYMBOL_TABS,
  symbolTabFromPath,
} from '../shared/routes.ts';
import { appRoutes } from './router.tsx';

const routes = appRoutes();

function leaf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

const pageIdOf = (path: string) => (leaf(path)?.handle as { pageId?: string } | undefined)?.pageId;
const isRedirect = (route: RouteObject | undefined) => typeof route?.loader === 'function' && !route.lazy;

/** Every path of SPEC §2 (parameters filled with samples). */
const SPEC_PATHS = [
  '/',
  '/home',
  '/landing',
  '/welcome',
  '/dashboard',
  '/news',
  '/earnings-feed',
  '/calls',
  '/my-stocks',
  '/all',
  '/eh500',
  '/ehs',
  '/ehs/learn-more',
  '/profile',
  '/team',
  '/team/invite',
  '/affiliate-program',
  '/pricing',
  '/about',
  '/faq',
  '/feedback',
  '/terms',
  '/privacy',
  '/create-account',
  '/signin',
  '/forgot-password',
  '/search',
  '/quote',
  '/other-pages',
  '/app-info',
  '/dev',
  '/demo',
  '/stripe/checkout',
  '/embed/calendar',
  '/CNBC',
  '/wolf',
  '/earnings-list/this-week',
  '/earnings-calendar/this-week',
  '/earnings-calendar/this-month',
];

describe('route table', () => {
  it('lists every page of SPEC §2', () => {
    for (const path of SPEC_PATHS) expect(ROUTE_PATHS, path).toContain(path);
    for (const pattern of [
      '/news/:articleId/:slug',
      '/earnings-list/week-of/:dateSlug',
      '/earnings-calendar/week-of/:dateSlug',
      '/earnings-calendar/month/:monthYearSlug',
      '/quote/:symbol/:periodYear/:period',
      '/:symbol/:period/:periodYear/:fileId',
      '/transcripts/:fileId',
      '/:symbol/events/:eventId',
    ]) {
      expect(
        PAGES.map((page) => page.path),
        pattern,
      ).toContain(pattern);
    }
    const tabs = SYMBOL_TABS.map((tab) => tab.path);
    expect(tabs).toEqual([
      '',
      'earnings',
      'ehs',
      'analysts',
      'news',
      'short',
      'price',
      'dividends',
      'sec-filings',
      'events',
      'trades',
    ]);
  });

  it('has no duplicate paths', () => {
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length);
  });

  it('routes every listed path to its page, never to a redirect or the not-found route', () => {
    for (const path of ROUTE_PATHS) {
      const route = leaf(path);
      expect(route, path).toBeDefined();
      expect(route?.path, path).not.toBe('*');
      expect(isRedirect(route), path).toBe(false);
    }
  });

  it('routes each sample to the page it samples', () => {
    for (const page of PAGES) {
      expect(pageIdOf('sample' in page ? page.sample : page.path), page.path).toBe(page.id);
    }
  });

  it('lets the real pages win over parameter routes', () => {
    expect(pageIdOf('/ehs/learn-more')).toBe('ehsLearnMore');
    expect(isRedirect(leaf('/ehs/AAPL'))).toBe(true);
    expect(pageIdOf('/quote/AAPL/events')).toBeUndefined();
    expect(matchRoutes(routes, '/quote/AAPL/events')?.some((m) => m.route.path === '/quote/:symbol')).toBe(true);
    expect(pageIdOf('/quote/AAPL/2026/Q3')).toBe('transcriptByPeriod');
    expect(pageIdOf('/AAPL/Q3/2026/123')).toBe('transcriptFile');
    expect(pageIdOf('/AAPL/events/456')).toBe('symbolEvent');
    expect(pageIdOf('/earnings-list/week-of/2026-11-23')).toBe('listWeekOf');
    expect(pageIdOf('/cnbc')).toBe('partnerCnbc');
  });

  it('sends unknown paths to the not-found route', () => {
    expect(leaf('/this/page/does/not/exist')?.path).toBe('*');
    expect(leaf('/quote/AAPL/unknown-tab')?.path).toBe('*');
  });

  it('gives every page content', () => {
    for (const page of PAGES) {
      const content = PAGE_CONTENT[page.id];
      expect(content.title.length, page.id).toBeGreaterThan(0);
      expect(content.description.length, page.id).toBeGreaterThan(20);
    }
  });
});

/** The route pattern and parameters the router itself picks for a path; null for the not-found route. */
function routerPick(path: string): { pattern: string; params: Record<string, string | undefined> } | null {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*') return null;
  const parts = matches.map((m) => m.route.path).filter((part): part is string => Boolean(part));
  return { pattern: parts.join('/').replace(/\/+/g, '/'), params: { ...last.params } };
}

describe(matchRoute.name, () => {
  /** Odd addresses as well as the listed ones: the server answers 404 exactly where the router shows not-found. */
  const PATHS = [
    ...ROUTE_PATHS,
    ...Object.keys(REDIRECTS),
    '//',
    '///',
    '//x',
    '//quote/AAPL',
    '/quote//AAPL',
    '/quote/AAPL/',
    '/quote/AAPL//',
    '/QUOTE/aapl/EARNINGS',
    '/quote/AAPL/nonsense-tab',
    '/quote/AAPL/earnings/extra',
    '/quote/BRK.B',
    '/quote/%5EGSPC',
    '/quote/a%2Fb',
    '/quote/%E0%A4%A',
    '/quote/events/123',
    '/quote/AAPL/2026/Q9',
    '/AAPL/Q3/2026/x',
    '/AAPL/events',
    '/no-such-page',
    '/no/such/page',
    '/a/b/c',
    `/${'a'.repeat(2000)}`,
    '/news/1/x/y',
    '/news/1',
    '/earnings-calendar/week-of/',
    '/earnings-calendar/week-of/2026-11-23/',
    '/ehs/learn-more/',
    '/cnbc/',
    '/embed/CALENDAR/',
    '/embed/calendar/x',
    '/team/invite/',
  ];

  it('picks the route the router picks, with the same parameters', () => {
    for (const path of PATHS) {
      const ours = matchRoute(path);
      const router = routerPick(path);
      expect(ours?.pattern ?? null, path).toBe(router?.pattern ?? null);
      if (ours && router) expect(ours.params, path).toEqual(router.params);
    }
  });

  it('finds no route for unknown addresses', () => {
    expect(matchRoute('/no-such-page')).toBeNull();
    expect(matchRoute('/quote/AAPL/nonsense-tab')).toBeNull();
    expect(matchRoute('/quote/AAPL/earnings')).toEqual({
      pattern: '/quote/:symbol/earnings',
      params: { symbol: 'AAPL' },
    });
  });
});

describe('redirects', () => {
  it('covers the aliases and legacy paths of SPEC §2', () => {
    expect(REDIRECTS).toEqual({
      '/earnings': '/earnings-calendar/this-week',
      '/earnings-calendar': '/earnings-calendar/this-week',
      '/earnings-list': '/earnings-calendar/this-week',
      '/quote/AAPL/pricing': '/quote/AAPL/price',
      '/quote/AAPL/shorts': '/quote/AAPL/short',
      '/ehs/AAPL': '/quote/AAPL/ehs',
    });
  });

  it('routes each source to a redirect whose target is a page', () => {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      expect(isRedirect(leaf(from)), from).toBe(true);
      expect(leaf(to)?.path, to).not.toBe('*');
      expect(isRedirect(leaf(to)), to).toBe(false);
    }
  });

  it('carries the parameters and the query string to the target', async () => {
    const route = leaf('/ehs/MSFT');
    const loader = route?.loader;
    expect(typeof loader).toBe('function');
    if (typeof loader !== 'function') return;
    const response = (await loader({
      params: { symbol: 'MSFT' },
      request: new Request('http://localhost/ehs/MSFT?theme=dark'),
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/quote/MSFT/ehs?theme=dark');
    expect(REDIRECT_RULES).toHaveLength(6);
  });
});

describe(symbolTabFromPath.name, () => {
  it('follows the path', () => {
    expect(symbolTabFromPath('/quote/AAPL').key).toBe('overview');
    expect(symbolTabFromPath('/quote/AAPL/sec-filings').key).toBe('secFilings');
    expect(symbolTabFromPath('/quote/AAPL/short').label).toBe('Short Interest');
    expect(symbolTabFromPath('/quote/AAPL/price')).toMatchObject({ label: 'Price History', shortLabel: 'Price' });
  });
});

describe(formatRouteParam.name, () => {
  it('formats symbols, week dates and months for headings', () => {
    expect(formatRouteParam('symbol', 'aapl')).toBe('AAPL');
    expect(formatRouteParam('dateSlug', '2026-11-23')).toBe('Nov 23, 2026');
    expect(formatRouteParam('monthYearSlug', 'november-2026')).toBe('November 2026');
    expect(formatRouteParam('monthYearSlug', 'smarch-2026')).toBe('smarch-2026');
    expect(
      pageTitle('{symbol} {period} {periodYear} earnings call', { symbol: 'msft', period: 'q3', periodYear: '2026' }),
    ).toBe('MSFT Q3 2026 earnings call');
  });
});

describe(paramsAreValid.name, () => {
  it('accepts real symbols, periods and ids and rejects the rest', () => {
    expect(paramsAreValid({ symbol: 'BRK.B', period: 'Q3', periodYear: '2026', fileId: '123' })).toBe(true);
    expect(paramsAreValid({ symbol: 'BTC-USD' })).toBe(true);
    expect(paramsAreValid({ symbol: 'this', period: 'page', periodYear: 'does', fileId: 'not' })).toBe(false);
    expect(paramsAreValid({ dateSlug: 'tomorrow' })).toBe(false);
    expect(paramsAreValid({ slug: 'anything-goes' })).toBe(true);
  });
});
