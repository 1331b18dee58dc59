import type { AssetInfo, getMovers, getTopMarket, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { encodeStaticAssetList, type SearchAsset } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import KeyboardShortcuts from '../shortcuts/keyboard-shortcuts.tsx';
import { SearchPanel } from './search-panel.tsx';

type Mover = ResponseOf<typeof getMovers>['assets'][number];

/** The symbol list of the file: the catalog is fetched once per page load, so once for every test here. */
const ASSETS: readonly SearchAsset[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock', marketCap: 3.4e12, popularity: 990 },
  { symbol: 'MSFT', name: 'Microsoft Corporation', type: 'stock', marketCap: 3.1e12, popularity: 980 },
  { symbol: 'NVDA', name: 'NVIDIA Corporation', type: 'stock', marketCap: 3.3e12, popularity: 970 },
  { symbol: 'AMZN', name: 'Amazon.com, Inc.', type: 'stock', marketCap: 2.1e12, popularity: 960 },
  { symbol: 'TSLA', name: 'Tesla, Inc.', type: 'stock', marketCap: 1.1e12, popularity: 950 },
  { symbol: 'META', name: 'Meta Platforms, Inc.', type: 'stock', marketCap: 1.6e12, popularity: 940 },
];

type Quote = NonNullable<AssetInfo['quote']>;

const quoteOf = (symbol: string, name: string, price: number, changePercent: number): Quote => ({
  symbol,
  type: 'stock',
  name,
  price,
  prevClose: null,
  open: null,
  lowPrice: null,
  highPrice: null,
  volume: null,
  change: null,
  changePercent,
  quotedAt: '2026-03-02T21:00:00.000Z',
  source: 'test',
});

const mover = (symbol: string, name: string, price: number, changePercent: number): Mover => ({
  ...quoteOf(symbol, name, price, changePercent),
  marketCap: null,
});

const MOVERS: Readonly<Record<'popular' | 'gainers' | 'losers', Mover[]>> = {
  popular: [mover('AAPL', 'Apple Inc.', 227.5, 0.5)],
  gainers: [
    mover('SMCI', 'Super Micro Computer, Inc.', 41.25, 12.5),
    mover('PLTR', 'Palantir Technologies', 88.1, 7.25),
  ],
  losers: [mover('INTC', 'Intel Corporation', 19.87, -9.75)],
};

const topAsset = (symbol: string, name: string, marketCap: number, price: number): AssetInfo => ({
  symbol,
  symbolUpper: symbol,
  name,
  type: 'stock',
  exchange: 'NASDAQ',
  cik: null,
  sector: null,
  industry: null,
  country: null,
  currency: 'USD',
  description: null,
  website: null,
  fiscalYearEndMonth: null,
  sharesOutstanding: null,
  marketCap,
  popularity: 0,
  active: true,
  source: 'test',
  fiftyTwoWeekHigh: null,
  fiftyTwoWeekLow: null,
  quote: quoteOf(symbol, name, price, 1.5),
});

const TOP: ResponseOf<typeof getTopMarket> = {
  assets: [
    topAsset('AAPL', 'Apple Inc.', 3.4e12, 227.5),
    topAsset('NVDA', 'NVIDIA Corporation', 3.3e12, 131.2),
    topAsset('MSFT', 'Microsoft Corporation', 3.1e12, 415.05),
  ],
};

function answerSearch() {
  network.use(
    http.get(`*${paths.getStaticAssets}`, () => HttpResponse.json(encodeStaticAssetList(ASSETS, 'test'))),
    http.get(`*${paths.getMovers}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') as keyof typeof MOVERS;
      return HttpResponse.json({ type, assets: MOVERS[type] } satisfies ResponseOf<typeof getMovers>);
    }),
    http.get(`*${paths.getTopMarket}`, () => HttpResponse.json(TOP)),
  );
}

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** The search as the /search page holds it, with the address it leads to. */
function renderSearch() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={['/search']}>
        <SearchPanel autoFocus />
        <Routes>
          <Route path="*" element={<Address />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByRole('combobox', { name: 'Search symbols' });
}

/** A page of the app with its shortcuts listening and its modals shown, as every page has them. */
function renderPage() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={['/news']}>
        <KeyboardShortcuts />
        <ModalHost />
        <Routes>
          <Route path="*" element={<Address />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const address = () => screen.getByTestId('address').textContent;
/** What a row says, its logo's initials left out (the logo is hidden from assistive technology). */
function seen(row: Element): string {
  const copy = row.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}
const rowTexts = () => screen.getAllByTestId('search-row').map(seen);
const firstOption = () => seen(screen.getAllByRole('option')[0] ?? document.body);

beforeEach(() => localStorage.clear());

describe('the symbol search', () => {
  it('ignores blank input, says when nothing matches, and keeps the last five symbols in History', async () => {
    answerSearch();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const box = renderSearch();
    await user.type(box, '   ');
    // Blank: still the browse tabs and the popular rows, no search.
    expect(screen.getByRole('tab', { name: 'Popular', selected: true })).toBeTruthy();
    expect(await screen.findByRole('listbox', { name: 'Popular symbols' })).toBeTruthy();
    await waitFor(() => expect(rowTexts()).toEqual(['AAPLApple Inc.$227.50(+0.50%)']));

    await user.clear(box);
    await user.type(box, 'zzzzqqqq');
    expect((await screen.findByTestId('search-empty')).textContent).toBe('No symbol or company matches “zzzzqqqq”.');
    expect(screen.queryByRole('tab')).toBeNull();
    // What no symbol matches may be said on a call: the search inside calls is offered for it.
    expect(screen.getByTestId('search-inside-calls').textContent).toBe('Search inside calls for “zzzzqqqq”');
    expect(screen.getByTestId('search-inside-calls').getAttribute('href')).toBe('/search/calls?q=zzzzqqqq');

    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'META']) {
      await user.clear(box);
      await user.type(box, symbol.toLowerCase());
      await waitFor(() => expect(firstOption()).toMatch(new RegExp(`^${symbol}`)));
      await user.keyboard('{Enter}');
      expect(address()).toBe(`/quote/${symbol}`);
    }
    expect(JSON.parse(localStorage.getItem('earningshub.recentSymbols') ?? '[]')).toEqual([
      'META',
      'TSLA',
      'AMZN',
      'NVDA',
      'MSFT',
    ]);
    await user.clear(box);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = screen.getByRole('listbox', { name: 'History symbols' });
    expect(within(history).getAllByRole('option').map(seen)).toEqual([
      'METAMeta Platforms, Inc.$1.60T',
      'TSLATesla, Inc.$1.10T',
      'AMZNAmazon.com, Inc.$2.10T',
      'NVDANVIDIA Corporation$3.30T',
      'MSFTMicrosoft Corporation$3.10T',
    ]);
  });

  it('forgives a typo: nvdia offers NVIDIA first and Enter opens it', async () => {
    answerSearch();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const box = renderSearch();
    await user.type(box, 'mircosoft');
    await waitFor(() => expect(firstOption()).toMatch(/^MSFTMicrosoft Corporation/));
    await user.clear(box);
    await user.type(box, 'nvdia');
    await waitFor(() => expect(firstOption()).toMatch(/^NVDANVIDIA Corporation/));
    expect(screen.getByRole('listbox', { name: 'Search results' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(address()).toBe('/quote/NVDA');
    expect(JSON.parse(localStorage.getItem('earningshub.recentSymbols') ?? '[]')).toEqual(['NVDA']);
  });

  it('lists the Gainers, Losers and Market Cap tabs from the API', async () => {
    answerSearch();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderSearch();
    await user.click(screen.getByRole('tab', { name: 'Gainers' }));
    await screen.findByRole('option', { name: /SMCI/ });
    expect(rowTexts()).toEqual([
      'SMCISuper Micro Computer, Inc.$41.25(+12.50%)',
      'PLTRPalantir Technologies$88.10(+7.25%)',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Losers' }));
    await screen.findByRole('option', { name: /INTC/ });
    expect(rowTexts()).toEqual(['INTCIntel Corporation$19.87(−9.75%)']);
    await user.click(screen.getByRole('tab', { name: 'Market Cap' }));
    await screen.findByRole('option', { name: /NVDA/ });
    expect(rowTexts()).toEqual([
      'AAPLApple Inc.$227.50(+1.50%)',
      'NVDANVIDIA Corporation$131.20(+1.50%)',
      'MSFTMicrosoft Corporation$415.05(+1.50%)',
    ]);
  });

  it('opens over any page with / and Ctrl+K, finds by symbol and by name, and opens a symbol with the keyboard', async () => {
    answerSearch();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage();
    await user.keyboard('/');
    const modal = await screen.findByTestId('modal-symbolSearch');
    const box = await within(modal).findByRole('combobox', { name: 'Search symbols' });
    // The box has the focus, without the key that opened it.
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect((box as HTMLInputElement).value).toBe('');
    // Popular is the first tab, with prices.
    expect(within(modal).getByRole('tab', { name: 'Popular', selected: true })).toBeTruthy();
    await waitFor(() => expect(rowTexts()).toEqual(['AAPLApple Inc.$227.50(+0.50%)']));

    await user.type(box, 'apple');
    await waitFor(() => expect(firstOption()).toMatch(/^AAPLApple Inc\./));
    await user.clear(box);
    await user.type(box, 'msft');
    await waitFor(() => expect(firstOption()).toMatch(/^MSFTMicrosoft Corporation/));
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}');
    const [first] = within(modal).getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(address()).toBe('/quote/MSFT');
    await waitFor(() => expect(screen.queryByTestId('modal-symbolSearch')).toBeNull());

    // Ctrl+K opens it again; Escape on the empty box closes it.
    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByTestId('modal-symbolSearch');
    const boxAgain = await within(again).findByRole('combobox', { name: 'Search symbols' });
    await waitFor(() => expect(document.activeElement).toBe(boxAgain));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('modal-symbolSearch')).toBeNull());
    expect(address()).toBe('/quote/MSFT');
  });
});
