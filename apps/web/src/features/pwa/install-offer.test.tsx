/**
 * The browser's offer to install the app, on one screen: the page keeps Chromium's `beforeinstallprompt` for the
 * menu's "Install app" instead of the browser's own bar, shows it only while the offer stands, and the button opens
 * the browser's dialog once. The event is the browser's side (outside our walls), dispatched here as Chromium hands it
 * to the page; that the installable app's worker, offline shell and update work in a real browser is e2e/pwa.test.ts.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/quote-app.tsx';
import { answerShell } from '../../test/shell.ts';
import { startPwa } from './pwa-start.ts';

/** Chromium's install offer as the page receives it; `prompted` counts the dialogs it opened. */
function installOffer() {
  const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt(): Promise<void>;
    userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
  };
  const dialogs = { opened: 0 };
  offer.prompt = async () => {
    dialogs.opened += 1;
  };
  offer.userChoice = Promise.resolve({ outcome: 'accepted' });
  return { offer, dialogs };
}

const hadServiceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

beforeAll(async () => {
  // A browser with service workers, whose registration this test never needs to finish: the offer is the subject.
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: () => new Promise(() => undefined), ready: new Promise(() => undefined) },
  });
  await Promise.all([import('../../app/layout/more-menu-drawer.tsx'), import('../info/about-page.tsx')]);
});
afterAll(() => {
  if (hadServiceWorker) Object.defineProperty(navigator, 'serviceWorker', hadServiceWorker);
  else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('Install app', () => {
  it('is in the menu only while the browser offers the install, and opens the browser’s dialog once', async () => {
    answerShell();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { store } = renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    startPwa(store);

    const openMenu = async () => {
      await user.click(screen.getAllByRole('button', { name: 'Open menu' })[0] as HTMLElement);
      return within(await screen.findByRole('dialog'));
    };
    const closeMenu = async (menu: ReturnType<typeof within>) => {
      await user.click(menu.getByRole('button', { name: 'Close menu' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull());
    };

    // No offer from the browser (off the record, or installed already): nothing claims the app can be installed.
    let menu = await openMenu();
    expect(menu.queryByRole('button', { name: 'Install app' })).toBeNull();
    await closeMenu(menu);

    const { offer, dialogs } = installOffer();
    act(() => {
      window.dispatchEvent(offer);
    });
    // Kept for the menu: the browser's own bar is not shown.
    expect(offer.defaultPrevented).toBe(true);
    menu = await openMenu();
    const install = menu.getByRole('button', { name: 'Install app' });
    expect(install.dataset.testid).toBe('menu-install-app');
    await user.click(install);
    expect(dialogs.opened).toBe(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull());

    // The offer is used up: the menu no longer shows it.
    menu = await openMenu();
    expect(menu.queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(dialogs.opened).toBe(1);
  });
});
