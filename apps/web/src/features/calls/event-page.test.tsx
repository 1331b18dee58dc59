import type { CalendarEvent, getCommunityPosts, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { documentTitle } from '../../shared/constants.ts';
import { formatDateTime } from '../../shared/market/format.ts';
import { pageById } from '../../shared/page-content.ts';
import { accountOn } from '../../test/accounts.ts';
import { eventFor } from '../../test/calls.ts';
import { network } from '../../test/network.ts';
import { freshPreferences } from '../calendar/calendar.fixture.ts';
import { loadLiveCall } from '../live-calls/index.ts';
import { callEvent } from './call-fixture.ts';
import EventPage from './event-page.tsx';

// The call's own panels load lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() => loadLiveCall());

const ZONE = 'America/Chicago';
const VISITOR = accountOn(FREE_PLAN).accountFeatures;

/** A finished Walmart call with neither a transcript nor a recording yet. */
const FINISHED: CalendarEvent = callEvent({
  id: 3398,
  eventStatus: 'closed',
  periodYear: null,
  period: null,
  details: { hasTranscript: false },
});

beforeEach(() => freshPreferences({ timezone: ZONE }));

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** Answers the event and what a call's page reads beside it (its comments: none yet). */
function answerEvent(event: CalendarEvent) {
  const asked: string[] = [];
  network.use(
    http.get(`*${paths.getEvent}`, ({ params }) => {
      asked.push(String(params.id));
      return String(params.id) === String(event.id)
        ? HttpResponse.json(eventFor(event, VISITOR))
        : HttpResponse.json({ message: `Unknown event: ${params.id}`, code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get(`*${paths.getCommunityPosts}`, () =>
      HttpResponse.json({
        posts: [],
        lastKey: null,
        viewer: { userId: null, superAdmin: false },
      } satisfies ResponseOf<typeof getCommunityPosts>),
    ),
  );
  return asked;
}

function renderEvent(address: string) {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path={pageById('symbolEvent').path} element={<EventPage />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("a call's own page", () => {
  it('shows a finished call: its title, that it is finished, when it was in the reader’s zone, and its page title', async () => {
    answerEvent(FINISHED);
    renderEvent(`/WMT/events/${FINISHED.id}`);
    expect((await screen.findByTestId('event-title')).textContent).toBe(FINISHED.title);
    expect(screen.getByTestId('event-status').textContent).toBe('Finished');
    expect(screen.getByTestId('event-when').textContent).toBe(formatDateTime(FINISHED.eventDate, ZONE));
    expect(screen.getByTestId('event-ended').textContent).toBe(
      'This call has ended. Its transcript comes here once it is published.',
    );
    expect(screen.getByTestId('event-symbol-events').getAttribute('href')).toBe('/quote/WMT/events');
    expect(screen.queryByTestId('event-transcript')).toBeNull();
    await waitFor(() => expect(document.title).toBe(documentTitle(FINISHED.title)));
  });

  it('moves an address with another symbol to the event’s own', async () => {
    const asked = answerEvent(FINISHED);
    renderEvent(`/ZZZZ/events/${FINISHED.id}`);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`/WMT/events/${FINISHED.id}`));
    expect(within(await screen.findByTestId('event-page')).getByTestId('event-title').textContent).toBe(FINISHED.title);
    expect(asked).toEqual([String(FINISHED.id)]);
  });
});
