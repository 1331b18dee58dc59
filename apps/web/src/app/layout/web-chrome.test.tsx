/**
 * The app's frame in a browser at phone width, on one screen, the API answered by the test: the offer of the native
 * apps where the native shell has its tab bar, and the API asked as the web. What the offer decides on its own (width,
 * closing, stores listed) is mobile-app-prompt.test.tsx; the frame inside the shell is native-chrome.test.tsx.
 */
import { ClientHeader } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { APP_LINKS_URL, type AppLinks } from '../../platform/app-links.ts';
import { APP_PROMPT_TITLE, TAB_BAR_LABEL } from '../../platform/words.ts';
import { APP_NAME } from '../../shared/constants.ts';
import { network } from '../../test/network.ts';
import { renderApp, viewport } from '../../test/quote-app.tsx';
import { answerShell } from '../../test/shell.ts';

/** A deployment that lists both stores in its app-links.json. */
const LISTED: AppLinks = {
  appStore: 'https://apps.apple.com/app/id0000000000',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
};
const DISMISSED_KEY = 'earningshub.mobileAppPromptDismissed';

const asked = (seen: Request[], path: string) =>
  seen.filter((request) => new URL(request.url).pathname === `/api${path}`);

beforeAll(() => Promise.all([import('./web-app-prompt.tsx'), import('../../features/info/about-page.tsx')]));
afterAll(() => {
  viewport(1024, 768);
});

describe('the frame in a phone’s browser', () => {
  // That a closed offer stays closed at the next visit is mobile-app-prompt.test.tsx's ('once closed, …').
  it('offers the listed stores instead of a tab bar, asks the API as the web, and keeps the offer’s closing', async () => {
    viewport(390, 844);
    localStorage.clear();
    const seen: Request[] = [];
    const record = ({ request }: { request: Request }) => void seen.push(request);
    network.events.on('request:start', record);
    onTestFinished(() => network.events.removeListener('request:start', record));
    answerShell();
    // Answered after the shell's (no store listed): the later handler wins.
    network.use(http.get(`*${APP_LINKS_URL}`, () => HttpResponse.json(LISTED)));
    const user = userEvent.setup();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    const title = APP_PROMPT_TITLE(APP_NAME, { appStore: true, googlePlay: true });
    const offer = await screen.findByRole('complementary', { name: title });
    expect(within(offer).getByRole('heading', { level: 2 }).textContent).toBe('EarningsHub for iPhone and Android');
    expect(within(offer).getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(LISTED.appStore);
    expect(within(offer).getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe(LISTED.googlePlay);
    expect(screen.queryByRole('navigation', { name: TAB_BAR_LABEL })).toBeNull();
    expect(screen.queryByTestId('native-tab-bar')).toBeNull();

    await waitFor(() => expect(asked(seen, paths.getReleaseNotes)).not.toEqual([]));
    const [flags] = asked(seen, paths.getFlags);
    expect(new URL(flags?.url ?? 'http://x/').searchParams.get('platform')).toBe('web');
    expect(flags?.headers.get(ClientHeader.platform)).toBe('web');
    const [notes] = asked(seen, paths.getReleaseNotes);
    expect(new URL(notes?.url ?? 'http://x/').searchParams.get('platform')).toBe('web');

    await user.click(within(offer).getByRole('button', { name: 'Close the app offer' }));
    expect(screen.queryByTestId('mobile-app-prompt')).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('true');
  });
});
