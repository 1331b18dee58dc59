import { act, type RenderResult, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_LINKS_URL, type AppLinks } from '../../platform/app-links.ts';
import { network } from '../../test/network.ts';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';
import { MobileAppPrompt } from './mobile-app-prompt.tsx';

const LISTED: AppLinks = {
  appStore: 'https://apps.apple.com/app/id0000000000',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
};
const NONE: AppLinks = { appStore: null, googlePlay: null };
const DISMISSED_KEY = 'earningshub.mobileAppPromptDismissed';

/** happy-dom's own handle on the window: the width media queries read. */
const viewport = (width: number, height: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height });

/** Answers app-links.json with `links` and counts the times it is asked for. */
function answerAppLinks(links: AppLinks) {
  const asked = { count: 0 };
  network.use(
    http.get(`*${APP_LINKS_URL}`, () => {
      asked.count += 1;
      return HttpResponse.json(links);
    }),
  );
  return asked;
}

/** Resolves once app-links.json's answer has been handed to the page. */
function appLinksAnswered(): Promise<void> {
  return new Promise((resolve) => {
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname !== APP_LINKS_URL) return;
      network.events.removeListener('response:mocked', listener);
      resolve();
    };
    network.events.on('response:mocked', listener);
  });
}

const renderPrompt = () =>
  render(
    <AppProviders store={makeStore()}>
      <MobileAppPrompt />
    </AppProviders>,
  );

/**
 * `first` shows nothing and never asked for app-links.json. The proof needs no waiting: an offer drawn after it, at
 * phone width and not dismissed, loads the same chunk and asks for the file, so by the time that offer shows, a
 * `first` that had loaded the chunk would have asked too.
 */
async function expectNeverAsked(first: RenderResult, asked: { count: number }) {
  expect(first.container.innerHTML).toBe('');
  localStorage.removeItem(DISMISSED_KEY);
  viewport(390, 844);
  renderPrompt();
  await screen.findByTestId('mobile-app-prompt');
  expect(asked.count).toBe(1);
  expect(screen.getAllByTestId('mobile-app-prompt')).toHaveLength(1);
  expect(first.container.innerHTML).toBe('');
}

describe('the web’s offer of the native apps', () => {
  beforeEach(() => {
    localStorage.clear();
    viewport(390, 844);
  });
  afterEach(() => viewport(1024, 768));

  it('at desktop width shows nothing and never asks for app-links.json', async () => {
    const asked = answerAppLinks(LISTED);
    viewport(1280, 800);
    await expectNeverAsked(renderPrompt(), asked);
  });

  it('once closed, shows nothing and never asks for app-links.json', async () => {
    const asked = answerAppLinks(LISTED);
    localStorage.setItem(DISMISSED_KEY, 'true');
    await expectNeverAsked(renderPrompt(), asked);
  });

  it('with no store listed, shows nothing once app-links.json has answered', async () => {
    const asked = answerAppLinks(NONE);
    const answered = appLinksAnswered();
    const { container } = renderPrompt();
    await answered;
    // The answer reaches the component's state within React's flush of what it set off.
    await act(async () => {});
    expect(asked.count).toBe(1);
    expect(screen.queryByTestId('mobile-app-prompt')).toBeNull();
    expect(container.innerHTML).toBe('');
  });

  it('with the stores listed, offers both, and closing it is kept', async () => {
    answerAppLinks(LISTED);
    const user = userEvent.setup();
    renderPrompt();
    const offer = within(await screen.findByRole('complementary', { name: 'EarningsHub for iPhone and Android' }));
    expect(offer.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(LISTED.appStore);
    expect(offer.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe(LISTED.googlePlay);
    expect(offer.getByText('Alerts for earnings and live calls, straight to your phone.')).toBeTruthy();
    await user.click(offer.getByRole('button', { name: 'Close the app offer' }));
    expect(screen.queryByTestId('mobile-app-prompt')).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('true');
  });
});
