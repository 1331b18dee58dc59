/**
 * The app's frame on one screen at a time, with the API answered by the test: where the router sends an alias or a
 * legacy address, the page for an address it does not know, the theme's order (SPEC §4: `?theme=`, then the stored
 * choice, then the system) and the menu's pages. The route walk at both widths is e2e/shell.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_HEADING } from '../shared/constants.ts';
import { PAGE_DEFS } from '../shared/page-content.ts';
import { pageHref } from '../shared/page-groups.ts';
import { preferences } from '../shared/preferences.ts';
import { CALENDAR_VIEW_HOMES, REDIRECTS } from '../shared/routes.ts';
import { createAppTheme } from '../shared/theme.ts';
import { renderApp, viewport } from '../test/quote-app.tsx';
import { answerShell } from '../test/shell.ts';
import { THEME_TOGGLE_LABEL } from './layout/theme-toggle-button.tsx';
import { appRoutes } from './router.tsx';

// Lazy code the tests open, loaded before them: a busy machine's compile time is not counted against their waits.
beforeAll(() =>
  Promise.all([
    import('./page-loaders.ts'),
    import('../features/info/not-found-page.tsx'),
    import('../features/info/about-page.tsx'),
    import('../features/info/faq-page.tsx'),
    import('./layout/more-menu-drawer.tsx'),
  ]),
);
beforeEach(() => localStorage.clear());

/** The router alone, at `path`, once it has settled where it leads (no page is drawn, so nothing is fetched). */
async function settledRouter(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true));
  return router;
}

describe('redirects', () => {
  it('send each alias and legacy address of SPEC §2 to its target, the query string kept', async () => {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const router = await settledRouter(`${from}?theme=dark`);
      expect(`${router.state.location.pathname}${router.state.location.search}`, from).toBe(`${to}?theme=dark`);
      router.dispose();
    }
  });

  it('open the calendar in the reader’s saved view', async () => {
    for (const view of ['list', 'month'] as const) {
      preferences.set('earningsSettings', { ...preferences.get('earningsSettings'), calendarView: view });
      for (const from of ['/earnings', '/earnings-calendar', '/earnings-list']) {
        const router = await settledRouter(from);
        expect(router.state.location.pathname, `${from} with the ${view} view saved`).toBe(CALENDAR_VIEW_HOMES[view]);
        router.dispose();
      }
    }
  });
});

describe('an address without a page', () => {
  it('shows the not-found page in the site’s frame, naming the address, not an error', async () => {
    answerShell();
    renderApp('/this/page/does/not/exist');
    const main = within(await screen.findByRole('main'));
    expect((await main.findByRole('heading', { level: 1 })).textContent).toBe(NOT_FOUND_HEADING);
    expect(main.getByText('/this/page/does/not/exist').tagName).toBe('CODE');
    expect(main.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(main.getByRole('link', { name: 'See all pages' }).getAttribute('href')).toBe('/other-pages');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    await waitFor(() => expect(document.title).toContain(NOT_FOUND_HEADING));
  });
});

/** The page's background as the theme of `mode` paints it (CssBaseline puts it on the body). */
const BACKGROUND = {
  light: createAppTheme('light').palette.background.default,
  dark: createAppTheme('dark').palette.background.default,
};

/** What the reader sees of the theme: the toggle's state, which the body's colour must agree with. */
function shownTheme(): 'light' | 'dark' {
  const toggle = screen.getAllByRole('button', { name: THEME_TOGGLE_LABEL })[0];
  const mode = toggle?.getAttribute('aria-pressed') === 'true' ? 'dark' : 'light';
  expect(getComputedStyle(document.body).backgroundColor.toLowerCase(), `the body in ${mode}`).toBe(
    BACKGROUND[mode].toLowerCase(),
  );
  return mode;
}

/** The system's colour scheme, as `prefers-color-scheme` reads it. */
function systemScheme(scheme: 'light' | 'dark') {
  (
    window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: string } } } }
  ).happyDOM.settings.device.prefersColorScheme = scheme;
}

/** The about page, drawn. */
async function openAbout(path = '/about') {
  answerShell();
  const opened = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return opened;
}

describe('the theme', () => {
  afterEach(() => systemScheme('light'));

  it('follows ?theme= first; the reader’s toggle is stored and kept on the next page', async () => {
    systemScheme('light');
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = await openAbout();
    expect(shownTheme()).toBe('light');

    await router.navigate('/about?theme=dark');
    await waitFor(() => expect(shownTheme()).toBe('dark'));
    // A theme from the address is shown, not saved.
    expect(preferences.isStored('theme')).toBe(false);

    await user.click(screen.getAllByRole('button', { name: THEME_TOGGLE_LABEL })[0] as HTMLElement);
    await waitFor(() => expect(shownTheme()).toBe('light'));
    expect(preferences.get('theme')).toBe('light');

    await router.navigate('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(shownTheme()).toBe('light');
  });

  it('puts ?theme= before the stored choice', async () => {
    preferences.set('theme', 'dark');
    await openAbout('/about?theme=light');
    expect(shownTheme()).toBe('light');
  });

  it('opens in the stored choice over the system’s', async () => {
    systemScheme('dark');
    preferences.set('theme', 'light');
    await openAbout();
    expect(shownTheme()).toBe('light');
  });

  it('opens in the system’s scheme when nothing is stored', async () => {
    systemScheme('dark');
    await openAbout();
    expect(shownTheme()).toBe('dark');
  });
});

/** Opens the menu from the phone-width bar and returns its list of pages: each link's label and address. */
async function openMenu() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  const nav = await screen.findByRole('navigation', { name: 'All pages' });
  const links = within(nav)
    .getAllByRole('link')
    .map((link) => ({ label: link.textContent, href: link.getAttribute('href') }));
  const groups = within(nav)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
  return { links, groups };
}

/** Each page of a group, as the menu links it. */
const linksOf = (group: string, menuOnly: boolean) =>
  PAGE_DEFS.filter((page) => page.group === group && (!menuOnly || page.menu === true)).map((page) => ({
    label: page.menuLabel ?? page.title,
    href: pageHref(page),
  }));

describe('the menu', () => {
  beforeEach(() => viewport(390, 844));
  afterEach(() => viewport(1024, 768));

  it('lists product pages only: no partner homes, embeds, demo tour or developer tools', async () => {
    answerShell();
    renderApp('/about');
    const { links, groups } = await openMenu();
    expect(groups).toEqual(['Markets', 'Symbols and transcripts', 'Account and plans', 'Help and company']);
    expect(links).toEqual([
      ...linksOf('markets', true),
      ...linksOf('symbols', true),
      ...linksOf('account', true),
      ...linksOf('company', true),
    ]);
    const hrefs = links.map((link) => link.href);
    for (const internal of ['/CNBC', '/wolf', '/embed/calendar', '/demo', '/dev', '/dev/mail'])
      expect(hrefs).not.toContain(internal);
    for (const product of ['/eh500', '/my-stocks', '/pricing', '/faq']) expect(hrefs).toContain(product);
  });

  it('adds the developer tools while the dev flag is on', async () => {
    answerShell({ devFlag: true });
    renderApp('/about');
    const { links, groups } = await openMenu();
    expect(groups.at(-1)).toBe('Developer');
    expect(links.slice(-2)).toEqual(linksOf('developer', false));
    expect(links.map((link) => link.href)).toEqual(expect.arrayContaining(['/dev', '/dev/mail']));
    expect(links.map((link) => link.href)).not.toContain('/CNBC');
  });
});
