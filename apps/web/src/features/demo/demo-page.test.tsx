import type { CalendarEvent, getAppInfo, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { accountOn, SIGNED_IN } from '../../test/accounts.ts';
import { answerCalls } from '../../test/calls.ts';
import { network } from '../../test/network.ts';
import { callEvent } from '../calls/call-fixture.ts';
import { callLink, callPagePath } from '../calls/index.ts';
import DemoPage from './demo-page.tsx';
import TourBar from './tour-bar.tsx';
import {
  CALLS_PATH,
  RECORDED_CALLS_PATH,
  TOUR_ALERTS_SYMBOL,
  TOUR_LENGTH,
  TOUR_STEPS,
  type TourStep,
} from './tour-model.ts';
import { setTourStep, TOUR_PAGE_PATH } from './tour-state.ts';

// The bar's view loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(() => import('./tour-bar-view.tsx'));

beforeEach(() => {
  setTourStep(null);
  sessionStorage.clear();
});

const VISITOR = accountOn(FREE_PLAN).accountFeatures;

/** A call the demo market replays now, and the recorded calls: the newest has no transcript, the next one has. */
const LIVE = callEvent({
  id: 41,
  symbol: 'CRM',
  name: 'Salesforce, Inc.',
  title: 'Salesforce Q3 2027 Earnings Call',
  eventStatus: 'live',
  eventDate: '2026-11-29T21:00:00.000Z',
});
const LATER = callEvent({ id: 42, symbol: 'DG', eventStatus: 'upcoming', eventDate: '2026-12-03T13:00:00.000Z' });
const RECORDED: readonly CalendarEvent[] = [
  callEvent({ id: 31, symbol: 'WMT', details: { hasTranscript: false } }),
  callEvent({ id: 32, symbol: 'NVDA', name: 'NVIDIA Corporation', period: 'Q3', details: { hasTranscript: true } }),
];

/** GET /core/app-info of a server fed by the demo market alone. */
function answerDemoMarket() {
  network.use(
    http.get(`*${paths.getAppInfo}`, () =>
      HttpResponse.json({
        name: 'earningshub',
        version: '0.0.0-test',
        mode: 'embedded',
        database: 'pglite',
        bus: 'memory',
        roles: ['api'],
        startedAt: '2026-11-29T12:00:00.000Z',
        marketData: { demo: true, providers: [] },
      } satisfies ResponseOf<typeof getAppInfo>),
    ),
  );
}

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

/** The tour page, and every other page as a stand-in, each with the tour bar at its foot as the footer has it. */
function openTour(store = makeStore()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Address />
            <TourBar />
          </>
        ),
        children: [
          { path: TOUR_PAGE_PATH, element: <DemoPage /> },
          { path: '*', element: <p>Another page</p> },
        ],
      },
    ],
    { initialEntries: [TOUR_PAGE_PATH] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Waits until the router is at `path` (the bar shows the step as soon as it is chosen, the page once it is in). */
const landsOn = (path: string | null | undefined) =>
  waitFor(() => expect(screen.getByTestId('address').textContent).toBe(path));

/** The bar once it shows `step` (0-based), and its words. */
async function barAt(step: number) {
  const bar = await screen.findByTestId('tour-bar');
  await waitFor(() => expect(bar.dataset.step).toBe(String(step)));
  expect(within(bar).getByTestId('tour-bar-title').textContent).toBe(
    `Tour: step ${step + 1} of ${TOUR_LENGTH} · ${TOUR_STEPS[step]?.title}`,
  );
  expect(within(bar).getByTestId('tour-bar-look').textContent).toBe(TOUR_STEPS[step]?.look);
  return bar;
}

/** Where a fixed stop leads. */
const pathOf = (step: TourStep | undefined) => (step?.target.kind === 'page' ? step.target.path : '?');

describe('the tour page', () => {
  it('lists every stop with what it shows, says the data is the demo market’s, and which call is live', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [LIVE, LATER], recorded: RECORDED }, VISITOR);
    openTour();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Take the tour');
    const stops = screen.getAllByTestId('tour-step');
    expect(stops.map((stop) => stop.dataset.step)).toEqual(TOUR_STEPS.map((step) => step.key));
    stops.forEach((stop, i) => {
      expect(within(stop).getByRole('heading', { level: 2 }).textContent).toBe(TOUR_STEPS[i]?.title);
      expect(stop.textContent).toContain(TOUR_STEPS[i]?.body);
    });
    expect((await screen.findByTestId('tour-provenance')).textContent).toContain('generated demo market');
    expect((await screen.findByTestId('tour-live-now')).textContent).toBe(`Live now: ${LIVE.title}`);
    expect(screen.getByText(`Opens ${TOUR_ALERTS_SYMBOL}’s page.`)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/arrives with/i);
    // The tour page lists the stops itself: no bar over it.
    expect(screen.queryByTestId('tour-bar')).toBeNull();
  });

  it('says when no call is live that the live stop opens the calls page', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [LATER], recorded: RECORDED }, VISITOR);
    openTour();
    expect((await screen.findByTestId('tour-live-now')).textContent).toBe(
      'No call is live this minute: the stop opens the calls page.',
    );
  });
});

describe('the tour bar', () => {
  it('walks a visitor through every stop in order, Back going back, Finish ending the tour for good', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [LIVE, LATER], recorded: RECORDED }, VISITOR);
    const user = userEvent.setup();
    const router = openTour();
    await user.click(screen.getByTestId('tour-start'));
    await barAt(0);
    await landsOn(pathOf(TOUR_STEPS[0]));

    await user.click(screen.getByRole('button', { name: `Next: ${TOUR_STEPS[1]?.title}` }));
    await barAt(1);
    await landsOn(pathOf(TOUR_STEPS[1]));
    await user.click(screen.getByTestId('tour-back'));
    await barAt(0);
    await landsOn(pathOf(TOUR_STEPS[0]));
    await user.click(screen.getByTestId('tour-next'));
    await barAt(1);

    // The live call's own page; then the transcript of the newest recorded call that has one.
    await user.click(screen.getByTestId('tour-next'));
    await barAt(2);
    await landsOn(callPagePath(LIVE));
    await user.click(screen.getByTestId('tour-next'));
    await barAt(3);
    await landsOn(callLink(RECORDED[1] as CalendarEvent)?.to);
    // Signed out: a stock's page, whose header adds to lists and alerts.
    await user.click(screen.getByTestId('tour-next'));
    await barAt(4);
    await landsOn(`/quote/${TOUR_ALERTS_SYMBOL}`);

    await user.click(screen.getByTestId('tour-next'));
    const bar = await barAt(5);
    await landsOn(pathOf(TOUR_STEPS[5]));
    expect(within(bar).queryByTestId('tour-next')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByTestId('tour-bar')).toBeNull());
    expect(sessionStorage.length).toBe(0);
    await act(() => router.navigate(CALLS_PATH));
    await landsOn(CALLS_PATH);
    expect(screen.queryByTestId('tour-bar')).toBeNull();
  });

  it('goes from the first stop back to all the stops, the tour still under way', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [], recorded: [] }, VISITOR);
    const user = userEvent.setup();
    openTour();
    await user.click(screen.getByTestId('tour-start'));
    const bar = await barAt(0);
    await user.click(within(bar).getByRole('button', { name: 'All stops' }));
    await landsOn(TOUR_PAGE_PATH);
    expect(screen.queryByTestId('tour-bar')).toBeNull();
    // At the first stop there is nothing to go on from.
    expect(screen.queryByTestId('tour-resume')).toBeNull();
  });

  it('opens the calls page when no call is live, and the recorded calls when none recorded has a transcript', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [LATER], recorded: [RECORDED[0] as CalendarEvent] }, VISITOR);
    const user = userEvent.setup();
    openTour();
    await user.click(screen.getByTestId('tour-show-live'));
    await barAt(2);
    await landsOn(CALLS_PATH);
    await user.click(screen.getByTestId('tour-next'));
    await barAt(3);
    await landsOn(RECORDED_CALLS_PATH);
  });

  it('opens the calls pages when the calls cannot be read', async () => {
    answerDemoMarket();
    network.use(
      http.get(`*${paths.getEvents}`, () =>
        HttpResponse.json({ message: 'Unavailable', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    openTour();
    await user.click(screen.getByTestId('tour-show-transcript'));
    await barAt(3);
    await landsOn(RECORDED_CALLS_PATH);
    await user.click(screen.getByTestId('tour-back'));
    await barAt(2);
    await landsOn(CALLS_PATH);
  });

  it('starts at the stop whose Show me was pressed; the tour page offers to go on from it; × ends the tour', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [], recorded: [] }, VISITOR);
    const user = userEvent.setup();
    const router = openTour();
    await user.click(screen.getByRole('button', { name: `Show me: ${TOUR_STEPS[1]?.title}` }));
    await barAt(1);
    await landsOn(pathOf(TOUR_STEPS[1]));

    await act(() => router.navigate(TOUR_PAGE_PATH));
    const resume = await screen.findByTestId('tour-resume');
    expect(resume.textContent).toBe('Go on from step 2');
    await user.click(resume);
    await barAt(1);
    await landsOn(pathOf(TOUR_STEPS[1]));
    await user.click(screen.getByRole('button', { name: 'End the tour' }));
    await waitFor(() => expect(screen.queryByTestId('tour-bar')).toBeNull());
    expect(sessionStorage.length).toBe(0);
    await act(() => router.navigate(TOUR_PAGE_PATH));
    expect(screen.queryByTestId('tour-resume')).toBeNull();
  });

  it('opens a signed-in reader’s My Stocks at the lists-and-alerts stop', async () => {
    answerDemoMarket();
    answerCalls({ upcoming: [], recorded: [] }, VISITOR);
    const user = userEvent.setup();
    openTour(makeStore(SIGNED_IN));
    expect(screen.getByText('Opens your My Stocks.')).toBeTruthy();
    await user.click(screen.getByTestId('tour-show-alerts'));
    await barAt(4);
    await landsOn('/my-stocks');
  });
});
