import { FREE_PLAN, PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerTrades, failAddsOnRelease, INTERNAL_ERROR } from '../../test/holdings.ts';
import { alertOn, answerLists, answerPlans, listOf } from '../../test/lists.ts';
import { MULTIPLE_LISTS_FEATURE } from '../lists/list-limit.ts';
import MyStocksPage from './my-stocks-page.tsx';

// The dialogs' and toasts' code loads lazily, compiled on first use: loaded before the tests, a busy machine's
// compile time is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('../lists/list-modals.tsx'),
    import('../lists/manage-asset-list-modal.tsx'),
    import('../pricing/upgrade-modal.tsx'),
    import('../../shared/toasts/toast-snackbar.tsx'),
  ]),
);

/** My Stocks as a reader opens it: the page, the modals it opens over itself and the toasts. */
function renderMyStocks() {
  const store = makeStore(SIGNED_IN);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/my-stocks']}>
        <MyStocksPage />
        <ModalHost />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, unmount: view.unmount };
}

// The open dialog makes the page under it inert to pointers; the tests click what a person can reach.
const setUpUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'));
const selectedTab = async (name: string) => screen.findByRole('tab', { name, selected: true });
const modal = (kind: string) => screen.findByTestId(`modal-${kind}`);
const gone = (kind: string) => waitFor(() => expect(screen.queryByTestId(`modal-${kind}`)).toBeNull());
const figure = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(() => localStorage.clear());

describe('New list on My Stocks', () => {
  it('creates a free reader’s list in the create-list modal; their next New list opens the upgrade modal instead', async () => {
    const server = answerLists(FREE_PLAN, []);
    answerPlans();
    const user = setUpUser();
    renderMyStocks();
    await screen.findByText('No lists yet');

    await user.click(screen.getByRole('button', { name: 'New list' }));
    const create = within(await modal('createList'));
    await user.type(await create.findByRole('textbox', { name: 'Name' }), 'Watchlist');
    await user.type(create.getByRole('spinbutton', { name: 'Cash (optional)' }), '250');
    await user.click(create.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Created Watchlist');
    await gone('createList');
    await selectedTab('Watchlist');
    expect(tabNames()).toEqual(['Watchlist']);
    expect(server.received).toEqual([
      { method: 'POST', path: '/earnings/lists', body: { name: 'Watchlist', cash: 250 } },
    ]);

    await user.click(screen.getByRole('button', { name: 'New list' }));
    const upgrade = await modal('upgrade');
    expect(within(upgrade).getByRole('heading', { name: 'Upgrade' })).toBeTruthy();
    expect((await within(upgrade).findByTestId('upgrade-modal')).dataset.feature).toBe(MULTIPLE_LISTS_FEATURE);
    expect(screen.queryByTestId('modal-createList')).toBeNull();
    expect(server.received).toHaveLength(1);
  });

  it('creates a paid reader’s lists one after the other, each shown as it is made', async () => {
    const server = answerLists(PRO_PLAN, []);
    const user = setUpUser();
    renderMyStocks();
    await screen.findByText('No lists yet');

    for (const name of ['Growth', 'Income']) {
      await user.click(screen.getByRole('button', { name: 'New list' }));
      const create = within(await modal('createList'));
      await user.type(await create.findByRole('textbox', { name: 'Name' }), name);
      await user.click(create.getByRole('button', { name: 'Create' }));
      await gone('createList');
      await selectedTab(name);
    }
    expect(tabNames()).toEqual(['Growth', 'Income']);
    expect(screen.queryByTestId('modal-upgrade')).toBeNull();
    expect(server.received).toEqual([
      { method: 'POST', path: '/earnings/lists', body: { name: 'Growth' } },
      { method: 'POST', path: '/earnings/lists', body: { name: 'Income' } },
    ]);
  });
});

describe('a list’s own modals on My Stocks', () => {
  const INCOME = listOf(1, 'Income', 500, [['AAPL', 3]]);
  const GROWTH = listOf(2, 'Growth');

  it('renames the list shown in the edit-list modal, sending only the name', async () => {
    const server = answerLists(PRO_PLAN, [INCOME, GROWTH]);
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Income');

    await user.click(screen.getByRole('button', { name: 'Edit list' }));
    const edit = within(await modal('editList'));
    const name = await edit.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveProperty('value', 'Income');
    expect(edit.getByRole('spinbutton', { name: 'Cash' })).toHaveProperty('value', '500');
    await user.clear(name);
    await user.type(name, 'Income fund');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await gone('editList');
    await selectedTab('Income fund');
    expect(screen.getByRole('heading', { level: 2, name: 'Income fund' })).toBeTruthy();
    expect(tabNames()).toEqual(['Income fund', 'Growth']);
    await waitFor(() =>
      expect(server.received).toEqual([
        { method: 'POST', path: `/earnings/lists/${INCOME.id}`, body: { name: 'Income fund' } },
      ]),
    );
    expect(figure('list-cash-value')).toBe('$500.00');
  });

  it('deletes a list in the delete-list modal, saying what goes with it, and shows the one left', async () => {
    const server = answerLists(PRO_PLAN, [INCOME, GROWTH]);
    const user = setUpUser();
    renderMyStocks();
    await user.click(await screen.findByRole('tab', { name: 'Growth' }));

    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    const remove = within(await modal('deleteList'));
    expect((await remove.findByText('Growth', { selector: 'strong' })).parentElement?.textContent).toBe(
      'Delete Growth?',
    );
    expect(remove.getByText(/Your alerts stay/).textContent).toBe('The list is empty. Your alerts stay.');
    await user.click(remove.getByRole('button', { name: 'Delete list' }));
    await gone('deleteList');
    await selectedTab('Income');
    expect(tabNames()).toEqual(['Income']);
    await waitFor(() => expect(server.received).toEqual([{ method: 'DELETE', path: `/earnings/lists/${GROWTH.id}` }]));
  });

  it('says in the delete-list modal that a list’s holdings and cash go with it', async () => {
    answerLists(PRO_PLAN, [
      listOf(1, 'Income', 500, [
        ['AAPL', 3],
        ['MSFT', 1],
      ]),
    ]);
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Income');
    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    const remove = within(await modal('deleteList'));
    expect((await remove.findByText(/Your alerts stay/)).textContent).toBe(
      'Its 2 holdings and its cash go with it. Your alerts stay.',
    );
  });

  it('shows on the page behind the shares changed in the manage-asset-list modal', async () => {
    answerLists(PRO_PLAN, [INCOME], { prices: { AAPL: 200 } });
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Income');
    const row = await screen.findByTestId('holding-row');
    expect(within(row).getByRole('spinbutton', { name: 'Shares' })).toHaveProperty('value', '3');

    await user.click(screen.getByRole('button', { name: 'Manage' }));
    const manage = within(await modal('manageAssetList'));
    const shares = await manage.findByRole('spinbutton', { name: 'Shares of AAPL' });
    await user.clear(shares);
    await user.type(shares, '7{Enter}');
    await user.click(manage.getByRole('button', { name: 'Done' }));
    await gone('manageAssetList');
    await waitFor(() =>
      expect(within(screen.getByTestId('holding-row')).getByRole('spinbutton', { name: 'Shares' })).toHaveProperty(
        'value',
        '7',
      ),
    );
    // 7 shares at $200.
    expect(within(screen.getByTestId('holding-row')).getByTestId('holding-value').textContent).toBe('$1,400.00');
  });
});

describe('hidden holding details (by list)', () => {
  const INCOME = listOf(1, 'Income fund', 500, [['AAPL', 7]]);
  const GROWTH = listOf(2, 'Growth');

  it('hides the amounts and shares of one list only, and keeps them hidden on the next visit', async () => {
    answerLists(PRO_PLAN, [INCOME, GROWTH], { prices: { AAPL: 200 } });
    const user = setUpUser();
    const first = renderMyStocks();
    await selectedTab('Income fund');
    const row = () => within(screen.getByTestId('holding-row'));
    // 7 shares at $200.
    await waitFor(() => expect(row().getByTestId('holding-value').textContent).toBe('$1,400.00'));
    expect(figure('list-cash-value')).toBe('$500.00');
    const hide = () => screen.getByRole('switch', { name: 'Hide amounts' }) as HTMLInputElement;
    expect(hide().checked).toBe(false);

    await user.click(hide());
    expect(hide().checked).toBe(true);
    expect(figure('list-cash-value')).toBe('•••');
    expect(figure('list-value')).toBe('•••');
    expect(row().getByTestId('holding-value').textContent).toBe('•••');
    expect(row().queryByRole('spinbutton', { name: 'Shares' })).toBeNull();
    expect(row().getByTestId('holding-shares-hidden').textContent).toBe('•••');

    // The other list keeps its details.
    await user.click(screen.getByRole('tab', { name: 'Growth' }));
    await selectedTab('Growth');
    expect(hide().checked).toBe(false);
    expect(figure('list-cash-value')).toBe('$0.00');

    // A new visit in the same browser: the list still hides them, until they are shown again.
    first.unmount();
    renderMyStocks();
    await user.click(await screen.findByRole('tab', { name: 'Income fund' }));
    await selectedTab('Income fund');
    expect(hide().checked).toBe(true);
    expect(figure('list-cash-value')).toBe('•••');
    await user.click(hide());
    expect(figure('list-cash-value')).toBe('$500.00');
    expect(row().getByRole('spinbutton', { name: 'Shares' })).toHaveProperty('value', '7');
  });
});

describe('alert counts on the lists', () => {
  it('shows on each list’s tab, and beside the list, how many of its symbols are on alerts', async () => {
    const income = listOf(1, 'Income fund', 0, [
      ['AAPL', 7],
      ['MSFT', 2],
    ]);
    const growth = listOf(2, 'Growth', 0, [['TSLA', 1]]);
    // NVDA is on alerts but in no list: it counts for none.
    answerLists(PRO_PLAN, [income, growth], { alerts: [alertOn('AAPL'), alertOn('NVDA')] });
    const user = setUpUser();
    renderMyStocks();
    const incomeTab = await selectedTab('Income fund');
    const badge = await within(incomeTab).findByTestId('list-alert-count');
    expect(badge.dataset.count).toBe('1');
    expect(badge.textContent).toBe('1');
    expect(figure('list-alerts')).toBe('1 of 2 on alerts');

    const growthTab = screen.getByRole('tab', { name: 'Growth' });
    expect(within(growthTab).queryByTestId('list-alert-count')).toBeNull();
    await user.click(growthTab);
    await selectedTab('Growth');
    expect(figure('list-alerts')).toBe('0 of 1 on alerts');
  });
});

describe('holdings on My Stocks', () => {
  /** The quotes the server answers; the list starts with its cash and, where a test needs one, a holding. */
  const PRICES = { AAPL: 187.5, MSFT: 402.25 };
  const CASH = 1000;
  const HELD = 10;
  const withAapl = () => listOf(1, 'Core holdings', CASH, [['AAPL', HELD]]);

  const money = (value: number) =>
    value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  const rowOf = (symbol: string) =>
    screen.queryAllByTestId('holding-row').find((row) => row.dataset.symbol === symbol) ?? null;
  const findRow = (symbol: string) =>
    waitFor(() => {
      const found = rowOf(symbol);
      if (!found) throw new Error(`no ${symbol} row yet`);
      return found;
    });
  const symbolsShown = () => screen.queryAllByTestId('holding-row').map((row) => row.dataset.symbol);

  it('adds a holding typed in the symbol box and values it at its quote, beside the list’s cash', async () => {
    const list = listOf(1, 'Core holdings', CASH);
    const server = answerLists(FREE_PLAN, [list], { prices: PRICES });
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Core holdings');

    await user.type(screen.getByRole('combobox', { name: 'Symbol' }), 'AAPL');
    await user.type(screen.getByTestId('holding-quantity'), String(HELD));
    await user.click(screen.getByTestId('add-holding'));
    const row = await findRow('AAPL');
    await waitFor(() => expect(within(row).getByTestId('holding-value').textContent).toBe(money(HELD * PRICES.AAPL)));
    expect(figure('list-value')).toBe(money(CASH + HELD * PRICES.AAPL));
    expect(figure('list-cash-value')).toBe(money(CASH));
    expect(server.received).toEqual([
      { method: 'POST', path: `/earnings/lists/${list.id}/items`, body: { symbol: 'AAPL', quantity: HELD } },
    ]);
    // The form is empty again, ready for the next holding.
    expect(screen.getByRole('combobox', { name: 'Symbol' })).toHaveProperty('value', '');
    expect(screen.getByTestId('holding-quantity')).toHaveProperty('value', '');
  });

  it('shows an added holding at once, and takes it back when the server fails, saying why', async () => {
    const list = withAapl();
    const server = answerLists(FREE_PLAN, [list], { prices: PRICES });
    const failing = failAddsOnRelease(server);
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Core holdings');
    await waitFor(() => expect(symbolsShown()).toEqual(['AAPL']));

    await user.type(screen.getByRole('combobox', { name: 'Symbol' }), 'MSFT');
    await user.click(screen.getByTestId('add-holding'));
    // The row is there while the server has not answered yet.
    await waitFor(() => expect(rowOf('MSFT')).not.toBeNull());
    await waitFor(() =>
      expect(server.received).toEqual([
        { method: 'POST', path: `/earnings/lists/${list.id}/items`, body: { symbol: 'MSFT' } },
      ]),
    );

    failing.release();
    await waitFor(() => expect(rowOf('MSFT')).toBeNull());
    expect((await screen.findByTestId('toast')).textContent).toContain(
      `Adding MSFT failed and was undone: ${INTERNAL_ERROR.message}`,
    );
    expect(symbolsShown()).toEqual(['AAPL']);
    // What was typed stays, to try again.
    expect(screen.getByRole('combobox', { name: 'Symbol' })).toHaveProperty('value', 'MSFT');
  });

  it('records a buy from the holdings table: the shares up by the buy, the cash down by shares × price', async () => {
    const list = withAapl();
    const server = answerLists(FREE_PLAN, [list], { prices: PRICES });
    answerTrades(server);
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Core holdings');
    const row = await findRow('AAPL');
    const bought = { quantity: 2, price: 100 };

    await user.click(within(row).getByRole('button', { name: 'Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a transaction on AAPL' });
    const trade = within(dialog);
    expect(trade.getByRole('combobox', { name: 'Type' }).textContent).toBe('Buy (cash pays)');
    await user.type(trade.getByRole('spinbutton', { name: 'Shares' }), String(bought.quantity));
    await user.type(trade.getByRole('spinbutton', { name: 'Price per share' }), String(bought.price));
    await user.click(trade.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    await waitFor(() => expect(figure('list-cash-value')).toBe(money(CASH - bought.quantity * bought.price)));
    const shares = within(rowOf('AAPL') as HTMLElement).getByRole('spinbutton', { name: 'Shares' });
    expect(shares).toHaveProperty('value', String(HELD + bought.quantity));
    expect(server.received).toEqual([
      {
        method: 'POST',
        path: `/earnings/lists/${list.id}/items/AAPL`,
        body: { transaction: { type: 'buy', ...bought } },
      },
    ]);
  });

  it('names what a trade is missing, and keeps the dialog open with the server’s refusal of an oversale', async () => {
    const list = withAapl();
    const server = answerLists(FREE_PLAN, [list], { prices: PRICES });
    answerTrades(server);
    const user = setUpUser();
    renderMyStocks();
    await selectedTab('Core holdings');
    const row = await findRow('AAPL');

    await user.click(within(row).getByRole('button', { name: 'Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a transaction on AAPL' });
    const trade = within(dialog);
    await user.type(trade.getByRole('spinbutton', { name: 'Shares' }), '2');
    await user.click(trade.getByRole('button', { name: 'Record' }));
    expect((await trade.findByRole('alert')).textContent).toBe('Enter the price per share.');
    expect(server.received).toEqual([]);

    // More shares sold than the list holds: the server refuses, and says why in the dialog.
    const sold = HELD + 1;
    await user.click(trade.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Sell (cash receives)' }));
    const quantity = trade.getByRole('spinbutton', { name: 'Shares' });
    await user.clear(quantity);
    await user.type(quantity, String(sold));
    await user.type(trade.getByRole('spinbutton', { name: 'Price per share' }), '100');
    await user.click(trade.getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(trade.getByRole('alert').textContent).toBe(
        `body.transaction.quantity: cannot sell ${sold}; the list holds ${HELD} AAPL`,
      ),
    );
    expect(dialog.isConnected).toBe(true);
    expect(server.lists[0]?.items?.[0]?.quantity).toBe(HELD);
    expect(figure('list-cash-value')).toBe(money(CASH));
  });
});
