import { formatCents, PLUS_PLAN, type Plan, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { AppStore } from '../../shared/store.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answersIn, listPrice } from '../../test/billing.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';

// The dialog's code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() => Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('./choose-plan-modal.tsx')]));

/** The store of the test's render: its calls are all answered before the test's answers go. */
let rendered: AppStore | null = null;
afterEach(async () => {
  if (rendered) await answersIn(rendered);
  rendered = null;
});

const SOLD: readonly Plan[] = [PLUS_PLAN, PRO_PLAN, TEAM_PLAN];

describe('the choose-plan modal’s prices', () => {
  it('shows each plan’s price from the price list, yearly first, monthly on the switch, the team’s per member', async () => {
    answerMe(PRO_PLAN);
    answerPlansOnSale();
    const store = makeStore(SIGNED_IN);
    rendered = store;
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/profile']}>
          <ModalHost />
        </MemoryRouter>
      </AppProviders>,
    );
    act(() => {
      store.dispatch(modalOpened({ kind: 'choosePlan' }));
    });
    const modal = await screen.findByTestId('choose-plan');
    await within(modal).findByTestId(`price-${PLUS_PLAN}`);
    const price = (plan: Plan) => within(modal).getByTestId(`price-${plan}`);
    const amount = (plan: Plan) => within(price(plan)).getByTestId('price-amount').textContent;

    for (const plan of SOLD) {
      expect(price(plan).dataset.interval).toBe('yearly');
      expect(amount(plan)).toBe(formatCents(listPrice(plan, 'yearly')));
    }
    await user.click(within(modal).getByTestId('interval-monthly'));
    for (const plan of SOLD) {
      expect(price(plan).dataset.interval).toBe('monthly');
      expect(amount(plan)).toBe(formatCents(listPrice(plan, 'monthly')));
    }
    expect(price(TEAM_PLAN).textContent).toContain('per member / month');
    expect(price(PLUS_PLAN).textContent).not.toContain('per member');
  });
});
