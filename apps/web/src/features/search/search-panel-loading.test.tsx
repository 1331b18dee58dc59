/**
 * The symbol search while its symbol list loads. This is a file of its own: the list is fetched once per page load
 * (asset-index.ts), so only a page where it has not loaded yet shows the loading state.
 */
import type { getMovers, getTopMarket, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { encodeStaticAssetList, type SearchAsset } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { SearchPanel } from './search-panel.tsx';

const ASSETS: readonly SearchAsset[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock', marketCap: 3.4e12, popularity: 990 },
  { symbol: 'MSFT', name: 'Microsoft Corporation', type: 'stock', marketCap: 3.1e12, popularity: 980 },
];

describe('the symbol search while the symbol list loads', () => {
  it('offers the search inside calls above the placeholder, and nothing above the offer changes when the list lands', async () => {
    let land = () => {};
    const landed = new Promise<void>((resolve) => {
      land = resolve;
    });
    network.use(
      http.get(`*${paths.getStaticAssets}`, async () => {
        await landed;
        return HttpResponse.json(encodeStaticAssetList(ASSETS, 'test'));
      }),
      http.get(`*${paths.getMovers}`, ({ request }) =>
        HttpResponse.json({
          type: new URL(request.url).searchParams.get('type') as 'popular',
          assets: [],
        } satisfies ResponseOf<typeof getMovers>),
      ),
      http.get(`*${paths.getTopMarket}`, () =>
        HttpResponse.json({ assets: [] } satisfies ResponseOf<typeof getTopMarket>),
      ),
    );
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/search']}>
          <SearchPanel autoFocus />
        </MemoryRouter>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search symbols' }), 'apple');
    const offer = await screen.findByTestId('search-inside-calls');
    const panel = screen.getByTestId('search-panel');
    // What comes before the offer in the panel: what would push it down as it appears, or pull it up as it goes.
    const above = () => {
      const all = [...panel.querySelectorAll('*')];
      return all.slice(0, all.indexOf(offer));
    };
    const placeholder = screen.getByRole('status', { name: 'Loading' });
    expect(above()).not.toContain(placeholder);
    const before = above();

    land();
    expect((await screen.findAllByRole('option')).map((row) => row.textContent)).toEqual([
      expect.stringContaining('AAPL'),
    ]);
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByTestId('search-inside-calls')).toBe(offer);
    expect(above()).toEqual(before);
  });
});
