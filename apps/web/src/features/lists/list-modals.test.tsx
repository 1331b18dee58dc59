import { FREE_PLAN, listLimitMessage } from '@eh/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { accountOn, SIGNED_IN } from '../../test/accounts.ts';
import { answerLists, answerPlans, listOf } from '../../test/lists.ts';
import { MULTIPLE_LISTS_FEATURE } from './list-limit.ts';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./list-modals.tsx'),
    import('../pricing/upgrade-modal.tsx'),
  ]),
);

/** What the server says when the free plan's lists are all taken. */
const PLAN_LIMIT_MESSAGE = listLimitMessage(accountOn(FREE_PLAN).accountFeatures.listLimit);

function renderModals() {
  const store = makeStore(SIGNED_IN);
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

describe('the create-list modal', () => {
  it("answers the server's plan-limit refusal with its message, and the upgrade modal on top", async () => {
    // The reader's page knew no list when it opened the modal; another tab has made the plan's one list since.
    const server = answerLists(FREE_PLAN, []);
    answerPlans();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { store, kinds } = renderModals();
    act(() => {
      store.dispatch(modalOpened({ kind: 'createList' }));
    });
    server.lists.push(listOf(1, 'Elsewhere'));

    const create = within(await screen.findByTestId('modal-createList'));
    await user.type(await create.findByRole('textbox', { name: 'Name' }), 'Second');
    await user.click(create.getByRole('button', { name: 'Create' }));

    const upgrade = await screen.findByTestId('modal-upgrade');
    expect((await within(upgrade).findByTestId('upgrade-modal')).dataset.feature).toBe(MULTIPLE_LISTS_FEATURE);
    expect(kinds()).toEqual(['createList', 'upgrade']);
    // On top: the upgrade modal is the dialog a person reaches; the create-list modal waits under it.
    expect(screen.getByRole('dialog').textContent).toContain('Upgrade');
    expect(screen.getByRole('dialog', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create list' })).toBeNull();
    // The refusal stays in view in the create-list modal, with what the reader typed.
    expect(create.getByRole('alert', { hidden: true }).textContent).toBe(PLAN_LIMIT_MESSAGE);
    expect(create.getByRole('textbox', { name: 'Name', hidden: true })).toHaveProperty('value', 'Second');
    expect(server.received).toEqual([{ method: 'POST', path: '/earnings/lists', body: { name: 'Second' } }]);
    expect(server.lists.map((list) => list.name)).toEqual(['Elsewhere']);
  });
});
