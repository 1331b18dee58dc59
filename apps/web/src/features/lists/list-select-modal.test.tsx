import { PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerLists, listOf } from '../../test/lists.ts';
import { AddToListButton } from './add-to-list-button.tsx';

// The dialogs' and toasts' code loads lazily, compiled on first use: loaded before the tests, a busy machine's
// compile time is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./list-select-modal.tsx'),
    import('../../shared/toasts/toast-snackbar.tsx'),
  ]),
);

const SYMBOL = 'AAPL';
const GROWTH = listOf(1, 'Growth', 0, [[SYMBOL, 3]]);
const INCOME = listOf(2, 'Income');

/** The symbol header's list button, as on the symbol page, with the modals and toasts it opens. */
function renderButton() {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter initialEntries={[`/quote/${SYMBOL}`]}>
        <AddToListButton symbol={SYMBOL} />
        <ModalHost />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

const toastSays = (text: string) => waitFor(() => expect(screen.getByTestId('toast').textContent).toContain(text));
const listButton = () => screen.getByTestId('add-to-list');

describe('the list-select modal', () => {
  it('moves a symbol from one list to another from the symbol header, saying each change', async () => {
    const server = answerLists(PRO_PLAN, [GROWTH, INCOME]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderButton();
    const button = await screen.findByRole('button', { name: 'In 1 list' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(button);
    const modal = await screen.findByTestId('modal-listSelect');
    const select = within(modal);
    const growth = (await select.findByRole('checkbox', { name: 'Growth' })) as HTMLInputElement;
    const income = select.getByRole('checkbox', { name: 'Income' }) as HTMLInputElement;
    expect(select.getByText(`Lists that hold ${SYMBOL}:`)).toBeTruthy();
    expect([growth.checked, income.checked]).toEqual([true, false]);

    await user.click(income);
    await toastSays(`Added ${SYMBOL} to Income`);
    await waitFor(() => expect(income.checked).toBe(true));
    expect(listButton().textContent).toBe('In 2 lists');

    await user.click(growth);
    await toastSays(`Removed ${SYMBOL} from Growth (3 shares)`);
    await waitFor(() => expect(growth.checked).toBe(false));
    expect(income.checked).toBe(true);

    await user.click(select.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('modal-listSelect')).toBeNull());
    expect(listButton().textContent).toBe('In 1 list');
    expect(server.received).toEqual([
      { method: 'POST', path: `/earnings/lists/${INCOME.id}/items`, body: { symbol: SYMBOL } },
      { method: 'DELETE', path: `/earnings/lists/${GROWTH.id}/items/${SYMBOL}` },
    ]);
    expect(server.lists.map((list) => [list.name, list.items?.map((item) => item.symbol)])).toEqual([
      ['Growth', []],
      ['Income', [SYMBOL]],
    ]);
  });
});
