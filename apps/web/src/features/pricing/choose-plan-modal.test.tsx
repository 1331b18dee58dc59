import { FREE_PLAN, PLUS_PLAN, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';

// The dialog's code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() => Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('./choose-plan-modal.tsx')]));

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

async function openChoosePlan(store: ReturnType<typeof makeStore>) {
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
  return screen.findByTestId('choose-plan');
}

/** The plan cards in order, each with whether it is marked as the reader's. */
const cards = (modal: HTMLElement) =>
  [...modal.querySelectorAll<HTMLElement>('section[data-testid^="plan-"]')].map((card) => [
    card.dataset.testid,
    card.dataset.current ?? '',
  ]);

describe('the choose-plan modal', () => {
  it('lists the four plans with a paying pro member’s own marked, to manage, and the others to choose', async () => {
    answerMe(PRO_PLAN);
    answerPlansOnSale();
    const modal = await openChoosePlan(makeStore(SIGNED_IN));
    await within(modal).findByTestId(`manage-${PRO_PLAN}`);
    expect(cards(modal)).toEqual([
      [`plan-${FREE_PLAN}`, ''],
      [`plan-${PLUS_PLAN}`, ''],
      [`plan-${PRO_PLAN}`, 'true'],
      [`plan-${TEAM_PLAN}`, ''],
    ]);
    expect(
      within(modal)
        .getAllByTestId('current-plan')
        .map((chip) => chip.textContent),
    ).toEqual(['Your plan']);
    expect(within(within(modal).getByTestId(`plan-${PRO_PLAN}`)).getByTestId('current-plan')).toBeTruthy();
    expect(within(modal).getByTestId(`manage-${PRO_PLAN}`).textContent).toBe('Manage subscription');
    expect(within(modal).getByTestId(`choose-${PLUS_PLAN}`).textContent).toBe(`Choose ${PLAN_LABELS[PLUS_PLAN]}`);
    expect(within(modal).getByTestId(`choose-${TEAM_PLAN}`).textContent).toBe('Set up a team');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('tells a visitor they browse with Free’s features, and marks Free', async () => {
    answerPlansOnSale();
    const modal = await openChoosePlan(makeStore(VISITOR));
    await within(modal).findByTestId(`choose-${PLUS_PLAN}`);
    expect(modal.textContent).toContain(`Signed out you browse with the ${PLAN_LABELS[FREE_PLAN]} plan’s features.`);
    expect(cards(modal).filter(([, current]) => current === 'true')).toEqual([[`plan-${FREE_PLAN}`, 'true']]);
    expect(within(modal).queryByText('Manage subscription')).toBeNull();
  });
});
