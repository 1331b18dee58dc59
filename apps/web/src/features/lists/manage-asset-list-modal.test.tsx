import { PRO_PLAN } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerLists, listOf } from '../../test/lists.ts';

// The dialogs' and toasts' code loads lazily, compiled on first use: loaded before the tests, a busy machine's
// compile time is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./manage-asset-list-modal.tsx'),
    import('../../shared/toasts/toast-snackbar.tsx'),
  ]),
);

const INCOME = listOf(1, 'Income', 0, [['AAPL', 3]]);
const ITEMS_PATH = `/earnings/lists/${INCOME.id}/items`;

function renderManage() {
  const store = makeStore(SIGNED_IN);
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <ModalHost />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
  act(() => {
    store.dispatch(modalOpened({ kind: 'manageAssetList', props: { listId: INCOME.id } }));
  });
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

/**
 * The lists re-render in a transition (shared/api.ts): a field whose number was saved is drawn afresh with it, as a
 * person sees before moving on (leaving the old field would save it once more).
 */
const redrawn = (field: HTMLElement) => waitFor(() => expect(field.isConnected).toBe(false));

const rowSymbols = (modal: HTMLElement) =>
  within(modal)
    .queryAllByTestId('manage-row')
    .map((row) => row.dataset.symbol);

describe('the manage-asset-list modal', () => {
  it("edits a holding's shares and the cash, adds a symbol and removes it, each saved at once", async () => {
    // MSFT is in the symbol list: "msft" typed in the box is MSFT.
    const server = answerLists(PRO_PLAN, [INCOME], { prices: { AAPL: 200, MSFT: 400 } });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { kinds } = renderManage();
    const modal = await screen.findByTestId('modal-manageAssetList');
    const manage = within(modal);
    const summary = () => manage.getByText(/symbols? · cash/).textContent;

    const shares = await manage.findByRole('spinbutton', { name: 'Shares of AAPL' });
    expect(shares).toHaveProperty('value', '3');
    expect(summary()).toBe('1 symbol · cash $0.00');
    const saved = [
      { method: 'POST', path: `${ITEMS_PATH}/AAPL`, body: { quantity: 7 } },
      { method: 'POST', path: `/earnings/lists/${INCOME.id}`, body: { cash: 500 } },
      { method: 'POST', path: ITEMS_PATH, body: { symbol: 'MSFT', quantity: 2 } },
      { method: 'DELETE', path: `${ITEMS_PATH}/MSFT` },
    ];
    /** The server has received the first `n` changes, and nothing else. */
    const savedSoFar = (n: number) => waitFor(() => expect(server.received).toEqual(saved.slice(0, n)));

    await user.clear(shares);
    await user.type(shares, '7{Enter}');
    await savedSoFar(1);
    await redrawn(shares);
    const cash = manage.getByRole('spinbutton', { name: 'Cash' });
    await user.clear(cash);
    await user.type(cash, '500{Enter}');
    await savedSoFar(2);
    await redrawn(cash);
    await waitFor(() => expect(summary()).toBe('1 symbol · cash $500.00'));

    await user.type(manage.getByRole('combobox', { name: 'Symbol' }), 'msft');
    await user.type(manage.getByRole('spinbutton', { name: 'Shares' }), '2');
    await user.click(manage.getByRole('button', { name: 'Add' }));
    await savedSoFar(3);
    await waitFor(() => expect(rowSymbols(modal)).toEqual(['AAPL', 'MSFT']));
    expect(summary()).toBe('2 symbols · cash $500.00');
    expect(manage.getByRole('spinbutton', { name: 'Shares of MSFT' })).toHaveProperty('value', '2');
    expect(manage.getByRole('spinbutton', { name: 'Shares of AAPL' })).toHaveProperty('value', '7');
    // The add box is empty again for the next symbol.
    expect(manage.getByRole('combobox', { name: 'Symbol' })).toHaveProperty('value', '');

    await user.click(manage.getByRole('button', { name: 'Remove MSFT' }));
    await savedSoFar(4);
    await waitFor(() => expect(rowSymbols(modal)).toEqual(['AAPL']));
    expect(summary()).toBe('1 symbol · cash $500.00');
    const [income] = server.lists;
    expect(income?.cash).toBe(500);
    expect(income?.items?.map((item) => [item.symbol, item.quantity])).toEqual([['AAPL', 7]]);
    // Every change went through: no toast says one was undone.
    expect(screen.queryByTestId('toast')).toBeNull();

    await user.click(manage.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(kinds()).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('modal-manageAssetList')).toBeNull());
  });
});
