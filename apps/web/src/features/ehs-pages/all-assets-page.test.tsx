import { paths } from '@eh/contracts/paths';
import { encodeStaticAssetList, MARKET_ASSET_TYPES, type SearchAsset } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { formatCompact, formatNumber, NO_VALUE } from '../../shared/market/format.ts';
import { network } from '../../test/network.ts';
import { ASSET_TYPE_LABELS } from '../search/index.ts';
import AllAssetsPage from './all-assets-page.tsx';

/** The assets a page of the table shows. */
const PAGE = 100;

/** Three letters for 0…17575: steps of 7919 (prime to 26³) visit every triple once, in no alphabetical order. */
function ticker(index: number): string {
  const n = (index * 7919) % 17_576;
  return String.fromCharCode(65 + Math.floor(n / 676), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
}

/**
 * The static symbol list of the file (the catalog is read once a page load, so once for every test here): 230
 * assets in the list's own order (by popularity), every fifth a crypto, every thirteenth an index, some without an
 * exchange or a market cap.
 */
const ASSETS: SearchAsset[] = Array.from({ length: 230 }, (_, i) => {
  const type = i % 13 === 0 ? 'index' : i % 5 === 0 ? 'crypto' : i % 17 === 0 ? 'otc' : 'stock';
  return {
    symbol: ticker(i + 1),
    name: `${ticker(i + 1)} ${type === 'crypto' ? 'Coin' : 'Corp.'}`,
    type,
    popularity: 1_000 - i,
    ...(i % 4 === 0 ? {} : { marketCap: (i + 1) * 1.5e9 }),
    ...(type === 'stock' ? { exchange: i % 2 === 0 ? 'NYSE' : 'NASDAQ' } : {}),
  };
});

/** The assets of `type` A to Z by symbol, as the page lists them. */
const atoZ = (type: SearchAsset['type'] | 'all') =>
  ASSETS.filter((asset) => type === 'all' || asset.type === type).sort((a, b) => a.symbol.localeCompare(b.symbol));

beforeEach(() => {
  network.use(http.get(`*${paths.getStaticAssets}`, () => HttpResponse.json(encodeStaticAssetList(ASSETS, 'test'))));
});

function renderPage() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={['/all']}>
        <AllAssetsPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Each shown row's cells: symbol, name, type, exchange, market cap (the columns a phone leaves out too). */
const shownRows = () =>
  screen.getAllByTestId('all-row').map((row) =>
    within(row)
      .getAllByRole('cell', { hidden: true })
      .map((cell) => cell.textContent),
  );

const cells = (asset: SearchAsset) => [
  asset.symbol,
  asset.name,
  ASSET_TYPE_LABELS[asset.type],
  asset.exchange ?? NO_VALUE,
  formatCompact(asset.marketCap ?? null, { currency: true }),
];

describe('/all', () => {
  it('pages through every asset A to Z, a hundred a page, each leading to its symbol page', async () => {
    const user = userEvent.setup();
    renderPage();
    const sorted = atoZ('all');
    const pages = Math.ceil(sorted.length / PAGE);
    await screen.findAllByTestId('all-row');
    expect(screen.getByTestId('all-count').textContent).toBe(
      `${formatNumber(sorted.length)} assets · page 1 of ${pages}`,
    );
    expect(shownRows()).toEqual(sorted.slice(0, PAGE).map(cells));
    const first = sorted[0] as SearchAsset;
    expect(screen.getByRole('link', { name: first.symbol }).getAttribute('href')).toBe(`/quote/${first.symbol}`);

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(screen.getByTestId('all-count').textContent).toBe(
      `${formatNumber(sorted.length)} assets · page 2 of ${pages}`,
    );
    expect(shownRows()).toEqual(sorted.slice(PAGE, 2 * PAGE).map(cells));
  });

  it('lists one type at a time, from its first page', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('all-row');
    const types = within(screen.getByRole('group', { name: 'Asset type' }));
    expect(types.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'All',
      ...MARKET_ASSET_TYPES.map((type) => ASSET_TYPE_LABELS[type]),
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.click(types.getByRole('button', { name: ASSET_TYPE_LABELS.crypto }));
    const crypto = atoZ('crypto');
    expect(screen.getByTestId('all-count').textContent).toBe(`${formatNumber(crypto.length)} assets · page 1 of 1`);
    expect(shownRows()).toEqual(crypto.map(cells));
    expect(types.getByRole('button', { name: ASSET_TYPE_LABELS.crypto }).getAttribute('aria-pressed')).toBe('true');
    expect(types.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
  });
});
