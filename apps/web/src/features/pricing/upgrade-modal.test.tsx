import {
  BOOLEAN_ACCOUNT_FEATURES,
  type BooleanAccountFeature,
  FREE_PLAN,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  TEST_BILLING_LABEL,
} from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { type GatedLike, UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { accountOn } from '../../test/accounts.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';
import { FEATURE_LABELS, listLimitLabel } from './pricing-model.ts';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./upgrade-modal.tsx'),
    import('../auth/auth-modal.tsx'),
  ]),
);

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

/** A gated tab's prompt with the modals over it, signed out. */
function renderGate(gate: GatedLike) {
  const store = makeStore(VISITOR);
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/quote/AAPL']}>
        <UpgradePrompt gate={gate} />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

/** What `to` adds over `from` by the domain's plan rules: its list limit when it differs, then each feature. */
function additions(from: Plan, to: Plan): string[] {
  const before = accountOn(from).accountFeatures;
  const after = accountOn(to).accountFeatures;
  const added = BOOLEAN_ACCOUNT_FEATURES.filter((key: BooleanAccountFeature) => after[key] && !before[key]);
  return [
    ...(before.listLimit === after.listLimit ? [] : [listLimitLabel(after.listLimit)]),
    ...added.map((key) => FEATURE_LABELS[key]),
  ];
}

/** The lines of "What … adds", top to bottom. */
const addsShown = (modal: HTMLElement) =>
  within(within(modal).getByTestId('upgrade-adds'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the upgrade modal a gate opens', () => {
  it('names the feature, the first plan with it, what that plan adds to a visitor’s, and buys it', async () => {
    answerPlansOnSale();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { kinds } = renderGate({ feature: 'analystRatings', hidden: 5 });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));

    const modal = await screen.findByTestId('upgrade-modal');
    expect(modal.dataset.feature).toBe('analystRatings');
    expect(modal.dataset.plan).toBe(PLUS_PLAN);
    expect(kinds()).toEqual(['upgrade']);
    expect(within(modal).getByTestId('upgrade-feature').textContent).toBe('Unlock analyst ratings with Plus');
    expect(within(modal).getByTestId('upgrade-current-plan').textContent).toBe(
      'You are browsing signed out, with the Free plan’s features. Plus is the first plan that includes it.',
    );
    // What Plus adds over Free, the feature that stopped the reader first; nothing of Pro's.
    const adds = addsShown(modal);
    expect(adds[0]).toBe('Analyst ratings and price targets');
    expect(adds).toContain('Unlimited stock lists');
    expect([...adds].sort()).toEqual(additions(FREE_PLAN, PLUS_PLAN).sort());
    expect(adds.some((line) => line?.includes('EHS'))).toBe(false);

    // Where plans are sold (test billing here), the modal buys Plus; signing in comes first there.
    expect((await screen.findByTestId('upgrade-buy')).textContent).toBe('Upgrade to Plus');
    expect(screen.queryByTestId('not-for-sale')).toBeNull();
    expect(screen.getByTestId('test-billing-label').textContent).toBe(TEST_BILLING_LABEL);
    expect(screen.getByTestId('see-plans').getAttribute('href')).toBe('/pricing');
  });

  it('names Pro for a gate only Pro opens, and what Pro adds to a visitor’s', async () => {
    answerPlansOnSale();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderGate({ feature: 'ehs', hidden: 1 });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));

    const modal = await screen.findByTestId('upgrade-modal');
    expect(modal.dataset.plan).toBe(PRO_PLAN);
    expect(within(modal).getByTestId('upgrade-feature').textContent).toBe('Unlock EHS scores with Pro');
    // Signed out the reader has Free's features: Pro adds the lists and the paid features as well as EHS.
    const adds = addsShown(modal);
    expect(adds[0]).toBe('EHS scores and the EH500');
    expect(adds).toContain('Analyst ratings and price targets');
    expect([...adds].sort()).toEqual(additions(FREE_PLAN, PRO_PLAN).sort());
    expect((await screen.findByTestId('upgrade-buy')).textContent).toBe(`Upgrade to ${PLAN_LABELS[PRO_PLAN]}`);
  });

  it('gives way to the sign-in modal when a visitor chooses Sign in', async () => {
    answerPlansOnSale();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { kinds } = renderGate({ feature: 'analystRatings', hidden: 5 });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));
    await user.click(await screen.findByTestId('upgrade-sign-in'));
    await screen.findByTestId('modal-signIn');
    expect(screen.queryByTestId('modal-upgrade')).toBeNull();
    expect(kinds()).toEqual(['signIn']);

    // Closed, the prompt under it opens the upgrade modal again.
    await user.keyboard('{Escape}');
    expect(kinds()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));
    expect((await screen.findByTestId('upgrade-modal')).dataset.feature).toBe('analystRatings');
  });
});
