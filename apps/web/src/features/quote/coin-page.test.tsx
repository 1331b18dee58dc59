/**
 * A coin's symbol page: only the sections that apply to crypto have tabs (packages/domain asset-sections.ts), and a
 * company section's address (a bookmark, an old link) opens the overview instead.
 */
import type { AssetInfo, getSummaries, Quote, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { addDays, type IsoDate, sectionApplies } from '@eh/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { network } from '../../test/network.ts';
import { APPLE, answerSymbolPages, dailyBars, today } from '../../test/quote.ts';
import { renderApp } from '../../test/quote-app.tsx';
import { allowCharts } from '../../test/quote-chart.ts';

// The symbol page's code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(async () => {
  allowCharts();
  await Promise.all([
    import('./symbol-layout.tsx'),
    import('./symbol-tab-page.tsx'),
    import('../../app/page-loaders.ts'),
  ]);
});

const SYMBOL = 'BTC';
const PRICE = 97_250;
const PREV_CLOSE = 95_800;

/** Bitcoin as GET /pricing/assets/BTC/info answers it: a coin has no filings, shares or fiscal year. */
const BITCOIN: AssetInfo = {
  ...APPLE,
  symbol: SYMBOL,
  symbolUpper: SYMBOL,
  name: 'Bitcoin',
  type: 'crypto',
  exchange: null,
  cik: null,
  sector: null,
  industry: null,
  country: null,
  fiscalYearEndMonth: null,
  sharesOutstanding: null,
  marketCap: 1.93e12,
  fiftyTwoWeekHigh: 109_000,
  fiftyTwoWeekLow: 74_500,
  quote: {
    ...(APPLE.quote as Quote),
    symbol: SYMBOL,
    type: 'crypto',
    name: 'Bitcoin',
    price: PRICE,
    prevClose: PREV_CLOSE,
    open: PREV_CLOSE,
    lowPrice: 95_500,
    highPrice: 97_900,
    change: PRICE - PREV_CLOSE,
    changePercent: ((PRICE - PREV_CLOSE) / PREV_CLOSE) * 100,
  },
};

/** Apple's pages as the quote tests answer them, and Bitcoin's own answers in front of them. */
function answerCoin() {
  answerSymbolPages();
  const coin = (params: Record<string, unknown>) => String(params.symbol).toUpperCase() === SYMBOL;
  network.use(
    http.get(`*${paths.getAssetInfo}`, ({ params }) => (coin(params) ? HttpResponse.json(BITCOIN) : undefined)),
    http.get(`*${paths.getQuote}`, ({ params }) => (coin(params) ? HttpResponse.json(BITCOIN.quote) : undefined)),
    http.get(`*${paths.getSummaries}`, ({ params, request }) => {
      if (!coin(params)) return undefined;
      const query = new URL(request.url).searchParams;
      const end = (query.get('end') as IsoDate | null) ?? today();
      const start = (query.get('start') as IsoDate | null) ?? addDays(end, -4 * 365);
      return HttpResponse.json({
        symbol: SYMBOL,
        type: 'crypto',
        start,
        end,
        bars: dailyBars(PREV_CLOSE, end).filter((bar) => bar.date >= start),
        dividends: [],
        splits: [],
        gated: null,
      } satisfies ResponseOf<typeof getSummaries>);
    }),
  );
}

/** The tabs a coin has, in order: those of SYMBOL_TABS whose section applies to crypto. */
const COIN_TABS = SYMBOL_TABS.filter((tab) => sectionApplies('crypto', tab.key));
/** The sections a coin does not have. */
const COMPANY_TABS = SYMBOL_TABS.filter((tab) => !sectionApplies('crypto', tab.key));

describe('a coin’s page', () => {
  it('has only the tabs that apply to crypto', async () => {
    answerCoin();
    renderApp(symbolPath(SYMBOL));
    const tabs = await screen.findByTestId('symbol-tabs');
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(COIN_TABS.map((tab) => tab.label)),
    );
    expect(COIN_TABS.map((tab) => tab.label)).toEqual(['Overview', 'News', 'Price History', 'Trades']);
    await screen.findByTestId('tab-overview');
    expect(screen.getByTestId('quote-price').textContent).toBe('$97,250.00');
  });

  it('sends a company section’s address to the overview, the address rewritten', async () => {
    expect(COMPANY_TABS.map((tab) => tab.path)).toEqual([
      'earnings',
      'ehs',
      'analysts',
      'short',
      'dividends',
      'sec-filings',
      'events',
    ]);
    for (const tab of COMPANY_TABS) {
      answerCoin();
      const { router } = renderApp(symbolPath(SYMBOL, tab));
      await waitFor(() => expect(router.state.location.pathname, tab.path).toBe(symbolPath(SYMBOL)));
      await screen.findByTestId('tab-overview');
      expect(screen.getByTestId('symbol-tab-overview').getAttribute('aria-selected'), tab.path).toBe('true');
      expect(screen.queryByTestId(`symbol-tab-${tab.key}`)).toBeNull();
      cleanup();
    }
  });
});
