import { paths } from '@eh/contracts/paths';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { followedTargets } from '../live/live-follows.ts';
import { NewsList } from './news-tab.tsx';

describe("a company's news", () => {
  it('follows the company’s news on the live socket while it is shown, and lets go when it is not', async () => {
    network.use(http.get(`*${paths.getAssetNews.replace(':symbol', 'NVDA')}`, () => HttpResponse.json({ news: [] })));
    const { unmount } = render(
      <AppProviders store={makeStore()}>
        <MemoryRouter>
          <NewsList symbol="NVDA" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText(/No news/)).toBeTruthy();
    expect(followedTargets().newsSymbols).toEqual(['NVDA']);
    unmount();
    expect(followedTargets().newsSymbols).toBeUndefined();
  });
});
