/**
 * The app's frame inside the native shell, on one screen: the Capacitor bridge's global as the Android shell injects
 * it before any script, the API answered by the test. The shell shows its bottom tab bar (and never the web's offer
 * of the apps), and asks the API as the mobile platform. Where the bar sits on a real screen, what the shell's plugins
 * are called with and the login's push prompt are e2e/native.test.ts; the offer on the web is mobile-app-prompt.test.tsx
 * and web-chrome.test.tsx.
 */
import { ClientHeader } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { APP_LINKS_URL } from '../../platform/app-links.ts';
import { NATIVE_BOTTOM_BAR } from '../../platform/platform.ts';
import { TAB_BAR_LABEL } from '../../platform/words.ts';
import { NAV_LINKS } from '../../shared/routes.ts';
import { network } from '../../test/network.ts';
import { renderApp, viewport } from '../../test/quote-app.tsx';
import { answerShell } from '../../test/shell.ts';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';
import { NativeTabBar } from './native-tab-bar.tsx';

/** The requests the app made, as they left it; recorded until the test ends. */
function recordRequests() {
  const seen: Request[] = [];
  const record = ({ request }: { request: Request }) => void seen.push(request);
  network.events.on('request:start', record);
  onTestFinished(() => network.events.removeListener('request:start', record));
  return seen;
}

const asked = (seen: Request[], path: string) =>
  seen.filter((request) => new URL(request.url).pathname === `/api${path}`);

beforeAll(async () => {
  // What @capacitor/android's bridge sets up before the page's scripts (the platform layer reads only this).
  Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
  // The lazy chrome and page, loaded before the tests: a busy machine's compile time is not counted against their waits.
  await Promise.all([import('./native-chrome.tsx'), import('../../features/info/about-page.tsx')]);
});
afterAll(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  viewport(1024, 768);
});

/** Where the app is, as the address bar would show it. */
function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

describe('the frame in the Android app', () => {
  it('shows the tab bar instead of the app offer, and asks the API as the mobile platform', async () => {
    // A phone, where the web would offer the apps: the shell shows its tab bar instead and never asks for the stores.
    viewport(390, 844);
    localStorage.clear();
    const seen = recordRequests();
    answerShell();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    const bar = await screen.findByRole('navigation', { name: TAB_BAR_LABEL });
    expect(bar.dataset.testid).toBe('native-tab-bar');
    // The bar's 78 units: what the layout keeps free below the page and toasts stay above (platform.ts).
    expect(getComputedStyle(bar.firstElementChild as HTMLElement).height).toBe(`${NATIVE_BOTTOM_BAR}px`);
    expect(NATIVE_BOTTOM_BAR).toBe(78);

    // SPEC §1/§7: the mobile maintenance flag is the one the app reads; SPEC §4: the native release notes.
    await waitFor(() => expect(asked(seen, paths.getReleaseNotes)).not.toEqual([]));
    const [flags] = asked(seen, paths.getFlags);
    expect(new URL(flags?.url ?? 'http://x/').searchParams.get('platform')).toBe('mobile');
    expect(flags?.headers.get(ClientHeader.platform)).toBe('android');
    const [notes] = asked(seen, paths.getReleaseNotes);
    expect(new URL(notes?.url ?? 'http://x/').searchParams.get('platform')).toBe('native');

    expect(screen.queryByTestId('mobile-app-prompt')).toBeNull();
    expect(seen.filter((request) => new URL(request.url).pathname === APP_LINKS_URL)).toEqual([]);
  });

  it('offers the five tabs, marks the current one, and a tab moves the app', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/about']}>
          <NativeTabBar />
          <Address />
        </MemoryRouter>
      </AppProviders>,
    );
    const bar = screen.getByRole('navigation', { name: TAB_BAR_LABEL });
    const tabs = within(bar).getAllByRole('link');
    // Home, then the navigation bar's links that have a tab, each to the same address as in the bar.
    const tabbed = ['Calendar', 'News', 'Calls', 'My Stocks'];
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ...tabbed.map((label) => [label, NAV_LINKS.find((link) => link.label === label)?.to]),
    ]);
    // /about has no tab of its own: none is marked.
    expect(tabs.filter((tab) => tab.getAttribute('aria-current') === 'page')).toEqual([]);

    await user.click(within(bar).getByRole('link', { name: 'News' }));
    expect(screen.getByTestId('address').textContent).toBe('/news');
    const current = () =>
      tabs.filter((tab) => tab.getAttribute('aria-current') === 'page').map((tab) => tab.textContent);
    expect(current()).toEqual(['News']);
    await user.click(within(bar).getByRole('link', { name: 'Home' }));
    expect(screen.getByTestId('address').textContent).toBe('/');
    expect(current()).toEqual(['Home']);
  });
});
