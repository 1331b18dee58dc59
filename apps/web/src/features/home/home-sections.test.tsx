import type { EarningsRow, getMovers, getTopMarket, getTopMarketEarnings, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { addDays, currentWeek, type EarningsDateStatus, nextWeek } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { DATE_STATUS_LABELS } from '../../shared/market/format.ts';
import { network } from '../../test/network.ts';
import { APPLE, MICROSOFT, NVIDIA } from '../../test/quote.ts';
import { answerEh500, EH500, PRO_MEMBER, VISITOR } from '../quote/quote.fixture.ts';
import HomePage from './home-page.tsx';

type Mover = ResponseOf<typeof getMovers>['assets'][number];

/** A mover as GET /pricing/assets/info/movers lists it: `price` against `prevClose`. */
function mover(symbol: string, name: string, price: number, prevClose: number): Mover {
  const change = Math.round((price - prevClose) * 100) / 100;
  return {
    symbol,
    type: 'stock',
    name,
    price,
    prevClose,
    open: prevClose,
    lowPrice: Math.min(price, prevClose),
    highPrice: Math.max(price, prevClose),
    volume: 2_500_000,
    change,
    changePercent: (change / prevClose) * 100,
    quotedAt: '2026-03-02T21:00:00.000Z',
    source: 'test',
    marketCap: 50e9,
  };
}

const MOVERS: Record<'gainers' | 'losers' | 'popular', Mover[]> = {
  gainers: [
    mover('SMCI', 'Super Micro Computer, Inc.', 1241.25, 1103.4),
    mover('PLTR', 'Palantir Technologies Inc.', 98.1, 90.02),
    mover('ARM', 'Arm Holdings plc', 151.3, 141.75),
  ],
  losers: [mover('INTC', 'Intel Corporation', 19.84, 22.1), mover('NKE', 'NIKE, Inc.', 61.2, 64.9)],
  popular: [mover('TSLA', 'Tesla, Inc.', 402.5, 398), mover('AMZN', 'Amazon.com, Inc.', 221.3, 219.8)],
};

/** The top-market call's answer: biggest first, as the server sorts it. */
const TOP_MARKET = [NVIDIA, APPLE, MICROSOFT];

/** Prices as a reader expects them written ($1,234.56). */
const dollars = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A report of the top-market call's shape, on `date` at `time` (New York). */
function report(id: number, symbol: string, date: string, time: string, dateStatus: EarningsDateStatus): EarningsRow {
  return {
    id,
    symbol,
    name: `${symbol} Corp.`,
    type: 'stock',
    exchange: 'NASDAQ',
    sector: 'Technology',
    marketCap: 1e12 - id * 1e9,
    popularity: 100,
    periodYear: 2026,
    period: 'Q1',
    periodEnd: null,
    date,
    time,
    timeZone: 'America/New_York',
    session: time < '12:00' ? 'before' : 'after',
    dateStatus,
    dateSource: 'demo',
    epsEstimate: 1.2,
    epsActual: null,
    epsSurprise: null,
    epsSurprisePercent: null,
    epsPriorYear: 1,
    yoyPercentChangeEPS: null,
    revenueEstimate: 1e9,
    revenueActual: null,
    revenueSurprise: null,
    revenueSurprisePercent: null,
    revenuePriorYear: null,
    yoyPercentChangeRevenue: null,
    estimateCount: 12,
    reportedAt: null,
    priceMovePercent: null,
    source: 'demo',
  };
}

/**
 * The call's wider window, biggest company first: a report of last week, twelve of this week and the next (more
 * than the section's ten), and one of the week after.
 */
function topMarketEarnings(): EarningsRow[] {
  const week = currentWeek(new Date());
  const following = nextWeek(week);
  const inWindow = Array.from({ length: 12 }, (_, i) => {
    const date = addDays(i % 2 === 0 ? following.start : week.start, Math.floor(i / 2) % 5);
    return report(10 + i, `R${String.fromCharCode(65 + i)}`, date, i % 3 === 0 ? '16:05' : '08:30', 'confirmed');
  });
  inWindow[1] = { ...inWindow[1], dateStatus: 'estimated' } as EarningsRow;
  return [
    report(1, 'PAST', addDays(week.start, -5), '16:05', 'confirmed'),
    ...inWindow,
    report(2, 'LATER', addDays(following.start, 7), '08:30', 'estimated'),
  ];
}

function answerMarkets(reports: EarningsRow[]) {
  network.use(
    http.get(`*${paths.getMovers}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') as keyof typeof MOVERS;
      return HttpResponse.json({ type, assets: MOVERS[type] ?? [] } satisfies ResponseOf<typeof getMovers>);
    }),
    http.get(`*${paths.getTopMarket}`, () =>
      HttpResponse.json({ assets: TOP_MARKET } satisfies ResponseOf<typeof getTopMarket>),
    ),
    http.get(`*${paths.getTopMarketEarnings}`, () => {
      const today = currentWeek(new Date()).start;
      return HttpResponse.json({
        start: addDays(today, -7),
        end: addDays(today, 14),
        timeZone: 'America/New_York',
        earnings: reports,
        gated: [],
      } satisfies ResponseOf<typeof getTopMarketEarnings>);
    }),
  );
}

function openHome() {
  const router = createMemoryRouter([{ path: '/', handle: { pageId: 'home' }, element: <HomePage /> }], {
    initialEntries: ['/'],
  });
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The rows a section lists, each row's text. */
const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByTestId('quote-row')
    .map((row) => row.textContent ?? '');

beforeEach(() => localStorage.clear());

describe('the home’s Markets tab', () => {
  it('lists each market answer in its section: symbol, name and price in the order given', async () => {
    answerMarkets(topMarketEarnings());
    answerEh500(PRO_MEMBER);
    openHome();
    expect(document.title).toContain('Earnings this week');
    const gainers = within(await screen.findByTestId('gainers-rows'));
    await gainers.findByText(MOVERS.gainers[0]?.symbol ?? '?');
    for (const kind of ['gainers', 'losers', 'popular'] as const) {
      await within(screen.getByTestId(`home-${kind}`)).findAllByTestId('quote-row');
      const rows = rowsOf(`${kind}-rows`);
      expect(rows).toHaveLength(MOVERS[kind].length);
      MOVERS[kind].forEach((asset, i) => {
        expect(rows[i]).toContain(asset.symbol);
        expect(rows[i]).toContain(asset.name);
        expect(rows[i]).toContain(dollars(asset.price));
      });
    }
    // Largest first, each with its price.
    await within(screen.getByTestId('home-market-cap')).findAllByTestId('quote-row');
    const caps = rowsOf('market-cap-rows');
    expect(caps).toHaveLength(TOP_MARKET.length);
    TOP_MARKET.forEach((asset, i) => {
      expect(caps[i]).toContain(asset.symbol);
      expect(caps[i]).toContain(dollars(asset.quote?.price ?? 0));
    });
  });

  it('keeps this week’s and next week’s reports, the ten biggest, soonest first, each with its date’s status', async () => {
    const reports = topMarketEarnings();
    answerMarkets(reports);
    answerEh500(PRO_MEMBER);
    openHome();
    const week = currentWeek(new Date());
    const last = nextWeek(week).end;
    const shown = reports
      .filter((row) => row.date >= week.start && row.date <= last)
      .slice(0, 10)
      .sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`));
    expect(shown).toHaveLength(10);
    const list = await screen.findByTestId('calendar-rows');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(shown.map((row) => row.symbol));
    expect(items.map((item) => within(item).getByTestId('date-status').textContent)).toEqual(
      shown.map((row) => DATE_STATUS_LABELS[row.dateStatus]),
    );
    // Last week's report, the week after's, and the eleventh and twelfth of the window are not listed.
    for (const symbol of ['PAST', 'LATER', ...reports.slice(11, 13).map((row) => row.symbol)])
      expect(within(list).queryByText(symbol)).toBeNull();
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toBe(`/quote/${shown[0]?.symbol}/earnings`);
  });

  it('ranks the EH500 leaders with their scores, and without them says which plan has them', async () => {
    answerMarkets([]);
    answerEh500(PRO_MEMBER);
    openHome();
    const scored = await screen.findByTestId('score-rows');
    expect(
      within(scored)
        .getAllByRole('link')
        .map((row) => row.textContent),
    ).toEqual(EH500.map((row) => `${row.rank}${row.symbol}${row.name}${row.score?.toFixed(1)}`));
    expect(within(screen.getByTestId('home-score')).queryByText(/Scores come with the/)).toBeNull();
    // No report this week or next: the calendar section says so.
    expect(within(screen.getByTestId('home-calendar')).getByText('Nothing to list right now.')).toBeTruthy();
  });

  it('shows a visitor the ranking without scores, and the plan that has them', async () => {
    answerMarkets([]);
    answerEh500(VISITOR);
    openHome();
    const ranked = await screen.findByTestId('score-rows');
    expect(
      within(ranked)
        .getAllByRole('link')
        .map((row) => row.textContent),
    ).toEqual(EH500.map((row) => `${row.rank}${row.symbol}${row.name}`));
    const section = screen.getByTestId('home-score');
    expect(within(section).getByRole('link', { name: 'Pro plan' }).getAttribute('href')).toBe('/pricing');
  });
});
