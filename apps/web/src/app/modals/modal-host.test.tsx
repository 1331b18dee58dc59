import type { getMovers, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { encodeStaticAssetList } from '@eh/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useEffect } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { network } from '../../test/network.ts';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';
import { ModalHost } from './modal-host.tsx';

/** Coinbase is the more popular: typed from its fourth letter, "Bitcoin" finds Coinbase first. */
const ASSETS = [
  { symbol: 'COIN', name: 'Coinbase Global, Inc.', type: 'stock', marketCap: 60e9, popularity: 900 },
  { symbol: 'BTC', name: 'Bitcoin', type: 'crypto', marketCap: 1.8e12, popularity: 100 },
] as const;

function answerSearch() {
  network.use(
    http.get(`*${paths.getStaticAssets}`, () => HttpResponse.json(encodeStaticAssetList(ASSETS, 'test'))),
    http.get(`*${paths.getMovers}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return HttpResponse.json({ type, assets: [] } as ResponseOf<typeof getMovers>);
    }),
  );
}

function renderHost() {
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

describe('the search dialog', () => {
  it('keeps every key typed while its code loads, and the page under it gets none', async () => {
    answerSearch();
    const user = userEvent.setup();
    const store = renderHost();
    const pageKeys: string[] = [];
    const onPage = (event: KeyboardEvent) => pageKeys.push(event.key);
    document.addEventListener('keydown', onPage);
    act(() => {
      store.dispatch(modalOpened({ kind: 'symbolSearch' }));
    });
    // Before the dialog's code has loaded: nothing on screen takes keys yet.
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.keyboard('Bit');
    const box = await screen.findByRole('combobox', { name: 'Search symbols' });
    expect(box).toHaveProperty('value', 'Bit');
    document.removeEventListener('keydown', onPage);
    expect(pageKeys).toEqual([]);
    await user.keyboard('coin');
    expect(box).toHaveProperty('value', 'Bitcoin');
    const results = await screen.findAllByRole('option');
    expect(results[0]?.textContent).toContain('Bitcoin');
  });
});

function BackButton() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate('/quote/NVDA/2026/Q3', { replace: true })}>
        Rewrite the address
      </button>
      <button type="button" onClick={() => navigate('/opens-later')}>
        Go to the page loading
      </button>
    </>
  );
}

/** A page that opens a dialog as it mounts (as a deep link to a modal's own page would). */
function OpensTerms() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(modalOpened({ kind: 'termsOfService' }));
  }, [dispatch]);
  return null;
}

describe('modals and the page under them', () => {
  // The open dialog makes the page under it inert to pointers; Back and the links stand for the browser's own
  // buttons and for links inside the dialog.
  const setUpUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

  // The browser's own history: a modal belongs to the address it opened on, as the browser has it.
  function renderPages() {
    window.history.replaceState(null, '', '/quote/NVDA');
    window.history.pushState(null, '', '/quote/NVDA/earnings');
    const store = makeStore();
    render(
      <AppProviders store={store}>
        <BrowserRouter>
          <BackButton />
          <Link to="/opens">Terms page</Link>
          <Routes>
            <Route path="/opens" element={<OpensTerms />} />
            <Route path="*" element={null} />
          </Routes>
          <ModalHost />
        </BrowserRouter>
      </AppProviders>,
    );
    const kinds = () => store.getState().modals.stack.map((entry) => entry.kind);
    return { store, kinds };
  }

  /** The pages drawn, a modal open on the page shown, and a person to act. */
  async function withPrivacyOpen() {
    const user = setUpUser();
    const { store, kinds } = renderPages();
    act(() => {
      store.dispatch(modalOpened({ kind: 'privacyPolicy' }));
    });
    await screen.findByRole('dialog');
    return { user, store, kinds };
  }

  it('Back closes the modal opened on the page before', async () => {
    const { user, kinds } = await withPrivacyOpen();
    expect(kinds()).toEqual(['privacyPolicy']);
    await user.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    await waitFor(() => expect(kinds()).toEqual([]));
  });

  it('a link to another page closes the modals, and keeps the one the new page opens', async () => {
    const { user, kinds } = await withPrivacyOpen();
    await user.click(screen.getByRole('link', { name: 'Terms page', hidden: true }));
    expect(kinds()).toEqual(['termsOfService']);
  });

  it('a page rewriting its own address keeps its modals', async () => {
    const { user, kinds } = await withPrivacyOpen();
    await user.click(screen.getByRole('button', { name: 'Rewrite the address', hidden: true }));
    expect(kinds()).toEqual(['privacyPolicy']);
  });

  it('keeps a modal opened on the next page while that page was still loading', async () => {
    const { user, store, kinds } = await withPrivacyOpen();
    // The browser is at the next page's address before the router draws it (its code loading, under load).
    window.history.pushState(null, '', '/opens-later');
    act(() => {
      store.dispatch(modalOpened({ kind: 'termsOfService' }));
    });
    await user.click(screen.getByRole('button', { name: 'Go to the page loading', hidden: true }));
    await waitFor(() => expect(kinds()).toEqual(['termsOfService']));
  });
});
