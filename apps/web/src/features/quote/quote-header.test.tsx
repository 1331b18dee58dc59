import type { AssetInfo, Quote } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { marketSession } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { type AppStore, rootReducer } from '../../shared/store.ts';
import { network } from '../../test/network.ts';
import { APPLE, MARKET_STATUS } from '../../test/quote.ts';
import type { LiveStatus } from '../live/index.ts';
import { liveSlice, liveStatusChanged } from '../live/live-slice.ts';
import { LIVE_WORDS } from '../live/live-words.ts';
import { QuoteHeader } from './quote-header.tsx';

/** Bitcoin as GET /pricing/assets/BTC/info answers it: a crypto, which trades around the clock. */
const BITCOIN_QUOTE: Quote = {
  symbol: 'BTC',
  type: 'crypto',
  name: 'Bitcoin',
  price: 97_250.5,
  prevClose: 96_100,
  open: 96_200,
  lowPrice: 95_880.25,
  highPrice: 97_410,
  volume: 31_500,
  change: 1_150.5,
  changePercent: (1_150.5 / 96_100) * 100,
  quotedAt: '2026-02-07T15:00:00.000Z',
  source: 'demo',
  extended: null,
};
const BITCOIN: AssetInfo = {
  ...APPLE,
  symbol: 'BTC',
  symbolUpper: 'BTC',
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
  quote: BITCOIN_QUOTE,
};

/** A Saturday afternoon, and the Monday afternoon after it, in New York. */
const SATURDAY = new Date('2026-02-07T18:00:00.000Z');
const MONDAY = new Date('2026-02-09T18:00:00.000Z');

beforeAll(() => {
  // The socket's slice joins the store as live-start.ts adds it when the socket starts.
  rootReducer.inject(liveSlice);
});
afterEach(() => {
  vi.useRealTimers();
});

function answerQuotes() {
  network.use(
    http.get(`*${paths.getQuote}`, ({ params }) => {
      const asset = [APPLE, BITCOIN].find((known) => known.symbol === params.symbol);
      return asset?.quote
        ? HttpResponse.json(asset.quote)
        : HttpResponse.json({ message: 'Asset not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get(`*${paths.getMarketStatus}`, () => HttpResponse.json(MARKET_STATUS)),
  );
}

function renderHeader(asset: AssetInfo) {
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[`/quote/${asset.symbol}`]}>
        <QuoteHeader symbol={asset.symbol} asset={asset} />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

const socketIs = (store: AppStore, status: LiveStatus) =>
  act(() => {
    store.dispatch(liveStatusChanged({ status, retries: status === 'reconnecting' ? 1 : 0 }));
  });

/** The live word in the price's row, or null when the row has no indicator. */
const liveWord = () => {
  const row = screen.getByTestId('quote');
  within(row).getByTestId('quote-price');
  return within(row).queryByTestId('live-status')?.textContent ?? null;
};

describe('the quote header’s live indicator', () => {
  it('says Live beside a crypto’s price while the socket streams, and says when it reconnects or gave up', async () => {
    answerQuotes();
    const store = renderHeader(BITCOIN);
    await screen.findByTestId('quote-price');
    // Before the socket starts, and while it first connects: nothing.
    expect(liveWord()).toBe('');
    expect(screen.getByRole('status').dataset.status).toBe('idle');
    await socketIs(store, 'connecting');
    await waitFor(() => expect(screen.getByRole('status').dataset.status).toBe('connecting'));
    expect(liveWord()).toBe('');

    await socketIs(store, 'open');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.live));
    expect(screen.getByRole('status').dataset.status).toBe('open');
    await socketIs(store, 'reconnecting');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.reconnecting));
    await socketIs(store, 'open');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.live));
    await socketIs(store, 'stopped');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.stopped));
  });

  it('says Live beside a stock’s price only while its market is open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SATURDAY);
    expect(marketSession(SATURDAY).status).toBe('closed');
    answerQuotes();
    const store = renderHeader(APPLE);
    await screen.findByTestId('quote-price');
    await socketIs(store, 'open');
    await waitFor(() => expect(screen.getByRole('status').dataset.status).toBe('open'));
    // Closed: the socket streams, but nothing moves the price.
    expect(liveWord()).toBe('');
    // Lost while closed: that is still said.
    await socketIs(store, 'reconnecting');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.reconnecting));

    vi.setSystemTime(MONDAY);
    expect(marketSession(MONDAY).status).toBe('open');
    await socketIs(store, 'open');
    await waitFor(() => expect(liveWord()).toBe(LIVE_WORDS.live));
  });
});
