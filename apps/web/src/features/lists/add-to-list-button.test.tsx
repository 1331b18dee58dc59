import { FREE_PLAN, PRO_PLAN } from '@eh/domain';
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
    import('./choose-list-modal.tsx'),
    import('../../shared/toasts/toast-snackbar.tsx'),
  ]),
);

const SYMBOL = 'AAPL';
const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

/** The symbol header's list button, as on the symbol page, with the modals and toasts it opens. */
function renderButton(state: Parameters<typeof makeStore>[0] = SIGNED_IN) {
  render(
    <AppProviders store={makeStore(state)}>
      <MemoryRouter initialEntries={[`/quote/${SYMBOL}`]}>
        <AddToListButton symbol={SYMBOL} />
        <ModalHost />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

const setUpUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const toastSays = (text: string) => waitFor(() => expect(screen.getByTestId('toast').textContent).toContain(text));
const listButton = () => screen.getByTestId('add-to-list');

/** The button once the reader's lists are known (it waits for them: one list and several act differently). */
async function readyButton() {
  const button = await screen.findByRole('button', { name: 'Add to list' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  return button;
}

describe('the symbol header’s Add to list', () => {
  it('adds the symbol to the reader’s only list at once, saying so, with no modal to choose from', async () => {
    const only = listOf(1, 'Core holdings', 1000);
    const server = answerLists(FREE_PLAN, [only]);
    const user = setUpUser();
    renderButton();

    await user.click(await readyButton());
    await toastSays(`Added ${SYMBOL} to ${only.name}`);
    await waitFor(() => expect(listButton().textContent).toBe('In 1 list'));
    expect(screen.queryByTestId('modal-chooseList')).toBeNull();
    expect(server.received).toEqual([
      { method: 'POST', path: `/earnings/lists/${only.id}/items`, body: { symbol: SYMBOL } },
    ]);
  });

  it('asks which list when the reader has several, and adds to the one chosen, closing the choose-list modal', async () => {
    const growth = listOf(1, 'Growth');
    const income = listOf(2, 'Income');
    const server = answerLists(PRO_PLAN, [growth, income]);
    const user = setUpUser();
    renderButton();

    await user.click(await readyButton());
    const modal = await screen.findByTestId('modal-chooseList');
    const choose = within(modal);
    expect(await choose.findByText(`Add ${SYMBOL} to:`)).toBeTruthy();
    const choices = within(await choose.findByTestId('choose-list')).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([growth.name, income.name]);
    expect(server.received).toEqual([]);

    await user.click(choose.getByRole('button', { name: income.name }));
    await waitFor(() => expect(modal.isConnected).toBe(false));
    await toastSays(`Added ${SYMBOL} to ${income.name}`);
    expect(server.received).toEqual([
      { method: 'POST', path: `/earnings/lists/${income.id}/items`, body: { symbol: SYMBOL } },
    ]);
    expect(server.lists.map((list) => [list.name, list.items?.map((item) => item.symbol)])).toEqual([
      [growth.name, []],
      [income.name, [SYMBOL]],
    ]);
    await waitFor(() => expect(listButton().textContent).toBe('In 1 list'));
  });

  it('points a reader with no list yet to My Stocks to create one, adding nothing', async () => {
    const server = answerLists(FREE_PLAN, []);
    const user = setUpUser();
    renderButton();

    await user.click(await readyButton());
    const choose = within(await screen.findByTestId('modal-chooseList'));
    expect(await choose.findByText('You have no list yet.')).toBeTruthy();
    expect(choose.queryByTestId('choose-list')).toBeNull();
    expect(choose.getByRole('link', { name: 'Create a list' }).getAttribute('href')).toBe('/my-stocks');
    expect(server.received).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, asking the server nothing', async () => {
    const user = setUpUser();
    renderButton(VISITOR);

    await user.click(await readyButton());
    await toastSays('Please sign in to keep stock lists.');
    expect(screen.queryByTestId('modal-chooseList')).toBeNull();
  });
});
