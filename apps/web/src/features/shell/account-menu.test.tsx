/**
 * The account menu, in the whole app with the API answered by the test, for a reader signed in by a link: who is
 * signed in and on which plan, the items each plan gets, the keyboard (MUI Menu), and the theme it switches.
 * Signing out through it, at phone width against the real identity provider, is e2e/first-hour.test.ts.
 */
import type { Me } from '@eh/contracts';
import { FREE_PLAN, type Plan, PRO_PLAN } from '@eh/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { preferences } from '../../shared/preferences.ts';
import { accountOn } from '../../test/accounts.ts';
import { answerLists } from '../../test/lists.ts';
import { renderApp, viewport } from '../../test/quote-app.tsx';
import { answerShell, signInByLink } from '../../test/shell.ts';

// The menu's and the pages' code loads lazily: loaded before the tests, a busy machine's compile time is not
// counted against their waits.
beforeAll(() =>
  Promise.all([
    import('./account-menu.tsx'),
    import('../../app/page-loaders.ts'),
    import('../info/about-page.tsx'),
    import('../my-stocks/my-stocks-page.tsx'),
  ]),
);
beforeEach(() => localStorage.clear());

/** The signed-in reader's email, as GET /core/users/me answers it. */
const EMAIL = accountOn(FREE_PLAN).email;

/** The about page for `me`, signed in by a link, once the account button is in the bar. */
async function openSignedIn(me: Me) {
  answerShell();
  signInByLink(me);
  const opened = renderApp('/about');
  await screen.findByRole('heading', { level: 1 });
  return { ...opened, button: await screen.findByTestId('account-button') };
}

/** The open menu, once the account's plan is in. */
async function openedMenu(plan: Plan) {
  const menu = await screen.findByRole('menu');
  await waitFor(() =>
    expect(within(menu).getByTestId('account-menu-plan').textContent).toBe(`${PLAN_LABELS[plan]} plan`),
  );
  return menu;
}

/** Each item's first line, top to bottom. */
const itemsOf = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map(
      (item) => item.querySelector('.MuiListItemText-primary, .MuiTypography-root')?.textContent ?? item.textContent,
    );

const focused = () => document.activeElement;

describe('the account menu', () => {
  afterEach(() => viewport(1024, 768));

  it('shows a free member who they are, their plan and the way to upgrade, and works from the keyboard', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { button, router } = await openSignedIn(accountOn(FREE_PLAN));
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await openedMenu(FREE_PLAN);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByTestId('account-menu-who').textContent).toContain(EMAIL);
    expect(itemsOf(menu)).toEqual(['Profile', 'My Stocks', 'Upgrade', 'Dark theme', 'Sign out']);
    const pricing = within(menu).getByTestId('account-menu-pricing');
    expect(pricing.getAttribute('href')).toBe('/pricing');
    expect(pricing.textContent).toContain('See what Plus and Pro unlock');
    expect(within(menu).queryByTestId('account-menu-admin')).toBeNull();

    // The first item has the focus; arrows move it; Escape closes and gives the focus back to the avatar.
    await waitFor(() => expect(focused()?.textContent).toBe('Profile'));
    await user.keyboard('{ArrowDown}');
    expect(focused()?.textContent).toBe('My Stocks');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(focused()).toBe(button);

    // From the keyboard to My Stocks.
    answerLists(FREE_PLAN, []);
    await user.keyboard('{Enter}');
    await openedMenu(FREE_PLAN);
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-stocks'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await screen.findByText('No lists yet');
  });

  it('is in the phone-width bar too, where it offers a pro member Plans instead of Upgrade', async () => {
    viewport(390, 844);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { button } = await openSignedIn(accountOn(PRO_PLAN));
    expect(within(screen.getByRole('banner')).getByTestId('account-button')).toBe(button);
    await user.click(button);
    const menu = await openedMenu(PRO_PLAN);
    expect(itemsOf(menu)).toEqual(['Profile', 'My Stocks', 'Plans', 'Dark theme', 'Sign out']);
    expect(within(menu).getByTestId('account-menu-pricing').getAttribute('href')).toBe('/pricing');
    expect(within(menu).getByTestId('account-menu-pricing').textContent).toBe('Plans');
  });

  it('links the admin tools for a super admin', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { button } = await openSignedIn({ ...accountOn(PRO_PLAN), superAdmin: true });
    await user.click(button);
    const menu = await openedMenu(PRO_PLAN);
    expect(itemsOf(menu)).toEqual(['Profile', 'My Stocks', 'Plans', 'Admin', 'Dark theme', 'Sign out']);
    expect(within(menu).getByTestId('account-menu-admin').getAttribute('href')).toBe('/admin');
  });

  it('switches the theme and keeps the choice', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { button, store } = await openSignedIn(accountOn(FREE_PLAN));
    await user.click(button);
    const menu = await openedMenu(FREE_PLAN);
    await user.click(within(menu).getByRole('menuitem', { name: 'Dark theme' }));
    await waitFor(() => expect(store.getState().ui.themeMode).toBe('dark'));
    expect(preferences.get('theme')).toBe('dark');
    expect(within(menu).getByRole('menuitem', { name: 'Light theme' })).toBeTruthy();
  });
});
