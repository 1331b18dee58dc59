import type {
  getFilesByFilter,
  getLikelyMovers,
  getMarketIndex,
  getMovers,
  getNews,
  getPlans,
  getTagNews,
  getTopMarket,
  getTopMarketEarnings,
  NewsItem,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { PAGES } from '../../shared/routes.ts';
import { network } from '../../test/network.ts';
import HomePage from './home-page.tsx';

type Mover = ResponseOf<typeof getMovers>['assets'][number];

const gainer: Mover = {
  symbol: 'SMCI',
  type: 'stock',
  name: 'Super Micro Computer, Inc.',
  price: 41.25,
  prevClose: 36.67,
  open: 37,
  lowPrice: 36.9,
  highPrice: 41.5,
  volume: 1_000_000,
  change: 4.58,
  changePercent: 12.49,
  quotedAt: '2026-03-02T21:00:00.000Z',
  source: 'test',
  marketCap: 24e9,
};

const newsItem = (id: number, newsType: string, title: string): NewsItem => ({
  id,
  slug: `item-${id}`,
  title,
  summary: null,
  url: null,
  imageUrl: null,
  author: null,
  newsType,
  tags: ['top_stories'],
  symbols: ['AAPL'],
  createdDate: '2026-03-02T14:00:00.000Z',
  source: 'test',
});

const TOP_STORY = newsItem(1, 'article', 'Stocks rally into the close');
const RESULTS = newsItem(2, 'earnings_results', 'Apple beats on revenue');

/** Every section of the home answered: one gainer, one top story and one result in the feed, the rest empty. */
function answerHome() {
  network.use(
    http.get(`*${paths.getMovers}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') as ResponseOf<typeof getMovers>['type'];
      return HttpResponse.json({
        type,
        assets: type === 'gainers' ? [gainer] : [],
      } satisfies ResponseOf<typeof getMovers>);
    }),
    http.get(`*${paths.getTopMarket}`, () =>
      HttpResponse.json({ assets: [] } satisfies ResponseOf<typeof getTopMarket>),
    ),
    http.get(`*${paths.getTopMarketEarnings}`, () =>
      HttpResponse.json({
        start: '2026-02-23',
        end: '2026-03-16',
        timeZone: 'America/New_York',
        earnings: [],
        gated: [],
      } satisfies ResponseOf<typeof getTopMarketEarnings>),
    ),
    http.get(`*${paths.getLikelyMovers}`, () =>
      HttpResponse.json({
        start: '2026-03-02',
        end: '2026-03-06',
        timeZone: 'America/New_York',
        movers: [],
        gated: [],
      } satisfies ResponseOf<typeof getLikelyMovers>),
    ),
    http.get('*/pricing/indexes/:id', () =>
      HttpResponse.json({
        id: 'eh500',
        name: 'EH500',
        description: null,
        ranking: 'ehs',
        ranked: true,
        updatedAt: '2026-03-02T00:00:00.000Z',
        constituents: [],
        gated: null,
      } satisfies ResponseOf<typeof getMarketIndex>),
    ),
    http.get('*/pricing/news/tags/:tag', () =>
      HttpResponse.json({ news: [TOP_STORY] } satisfies ResponseOf<typeof getTagNews>),
    ),
    http.get(`*${paths.getNews}`, () => HttpResponse.json({ news: [RESULTS] } satisfies ResponseOf<typeof getNews>)),
    http.get('*/pricing/files/filter/:filter', () =>
      HttpResponse.json({ filter: 'transcripts', files: [] } satisfies ResponseOf<typeof getFilesByFilter>),
    ),
    // No partner coupon can be used now: the banner offers the plans without a code.
    http.get('*/core/subscriptions/account/coupons/:couponName', () =>
      HttpResponse.json({ message: 'Coupon not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
    http.get(`*${paths.getPlans}`, () =>
      HttpResponse.json({
        app: 'earningshub',
        defaultPriceType: 'yearly',
        plans: [],
        billing: null,
      } satisfies ResponseOf<typeof getPlans>),
    ),
  );
}

/** The home pages of the route table (their handles name the page and the partner), opened at `path`. */
function openHome(path: string) {
  const routes = PAGES.filter((page) =>
    ['home', 'homeAlias', 'dashboard', 'partnerCnbc', 'partnerWolf'].includes(page.id),
  ).map((page) => ({
    path: page.path,
    handle: { pageId: page.id, ...('partner' in page ? { partner: page.partner } : {}) },
    element: <HomePage />,
  }));
  const view = render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
  return view.unmount;
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
const focusedText = () => document.activeElement?.textContent;

beforeEach(() => localStorage.clear());

describe('the home tabs', () => {
  it('keeps the chosen home tab across visits (the homepageTab preference)', async () => {
    answerHome();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const leave = openHome('/home');
    expect(selectedTab()).toBe('Markets');
    await within(await screen.findByTestId('gainers-rows')).findByText('SMCI');
    await user.click(screen.getByRole('tab', { name: 'News' }));
    expect(await within(screen.getByTestId('home-news')).findByText(TOP_STORY.title)).toBeTruthy();
    expect(localStorage.getItem('earningshub.homepageTab')).toBe('"news"');
    leave();

    openHome('/dashboard');
    expect(screen.getByRole('tab', { name: 'News', selected: true })).toBeTruthy();
    expect(screen.getByRole('tabpanel').dataset.testid).toBe('home-panel-news');
    expect(await within(screen.getByTestId('home-feed')).findByText(RESULTS.title)).toBeTruthy();
    await within(screen.getByTestId('home-news')).findByText(TOP_STORY.title);
  });

  it('moves between the home tabs with the keyboard (arrows, Home, End; Enter chooses)', async () => {
    answerHome();
    const user = userEvent.setup();
    openHome('/');
    const tablist = screen.getByRole('tablist', { name: 'Home sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Markets', 'Earnings', 'News']);
    expect(selectedTab()).toBe('Markets');
    // Only the chosen tab is in the page's Tab order; arrows move within the bar.
    expect(screen.getByRole('tab', { name: 'Earnings' }).getAttribute('tabindex')).toBe('-1');
    await user.tab();
    expect(focusedText()).toBe('Markets');
    await user.keyboard('{ArrowRight}');
    expect(focusedText()).toBe('Earnings');
    await user.keyboard('{End}');
    expect(focusedText()).toBe('News');
    await user.keyboard('{ArrowRight}');
    expect(focusedText()).toBe('Markets');
    await user.keyboard('{ArrowLeft}');
    expect(focusedText()).toBe('News');
    await user.keyboard('{Home}{ArrowRight}');
    expect(focusedText()).toBe('Earnings');
    // Moving is not choosing.
    expect(selectedTab()).toBe('Markets');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(selectedTab()).toBe('Earnings'));
    expect(screen.getByRole('tabpanel').dataset.testid).toBe('home-panel-earnings');
    expect(await within(screen.getByTestId('home-feed')).findByText(RESULTS.title)).toBeTruthy();
  });
});

describe('the partner homes', () => {
  it.each([
    ['/CNBC', 'CNBC', 'Welcome, CNBC viewers'],
    ['/wolf', 'Wolf', 'Welcome, Wolf members'],
  ])('shows the partner branding on %s', async (path, partner, headline) => {
    answerHome();
    openHome(path);
    const hero = screen.getByTestId('partner-hero');
    expect(within(hero).getByText(`In partnership with ${partner}`)).toBeTruthy();
    expect(within(hero).getByText(headline)).toBeTruthy();
    expect(within(hero).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    // The partner's home is the home: its market sections follow the banner.
    await within(await screen.findByTestId('gainers-rows')).findByText('SMCI');
  });

  it('shows no partner banner on the plain home', async () => {
    answerHome();
    openHome('/');
    await within(await screen.findByTestId('gainers-rows')).findByText('SMCI');
    expect(screen.queryByTestId('partner-hero')).toBeNull();
  });
});
