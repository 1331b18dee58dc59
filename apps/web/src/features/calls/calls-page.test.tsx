import type { CalendarEvent } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { canUsePremium, FREE_PLAN, PLUS_PLAN, PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { accountOn } from '../../test/accounts.ts';
import { answerCalls, answerNoVideoStream } from '../../test/calls.ts';
import { network } from '../../test/network.ts';
import { freshPreferences } from '../calendar/calendar.fixture.ts';
import { dayHeading } from '../calendar/calendar-format.ts';
import { callEvent } from './call-fixture.ts';
import { CALLS_PAGE_SIZE, callTime, localDay } from './calls-model.ts';
import CallsPage from './calls-page.tsx';

/** The reader's zone: an evening call in New York falls on the next day here. */
const ZONE = 'Asia/Tokyo';
const VISITOR = accountOn(FREE_PLAN).accountFeatures;
const PRO_MEMBER = accountOn(PRO_PLAN).accountFeatures;

const call = (id: number, symbol: string, name: string, over: Partial<CalendarEvent>): CalendarEvent =>
  callEvent({ id, symbol, name, title: `${name} Q3 2027 Earnings Call`, ...over });

/** Live and upcoming calls as the API lists them: oldest first, the two live ones having started first. */
const UPCOMING: readonly CalendarEvent[] = [
  call(11, 'DE', 'Deere & Company', { eventStatus: 'live', eventDate: '2026-11-29T14:00:00.000Z' }),
  call(12, 'ZS', 'Zscaler, Inc.', { eventStatus: 'live', eventDate: '2026-11-29T21:30:00.000Z' }),
  // After the close in New York on the 2nd, the morning of the 3rd in Tokyo: the same reader's day as the next.
  call(13, 'CRM', 'Salesforce, Inc.', { eventStatus: 'upcoming', eventDate: '2026-12-02T21:00:00.000Z' }),
  call(14, 'DG', 'Dollar General Corporation', { eventStatus: 'upcoming', eventDate: '2026-12-03T13:00:00.000Z' }),
  call(15, 'AVGO', 'Broadcom Inc.', { eventStatus: 'upcoming', eventDate: '2026-12-10T21:30:00.000Z' }),
];

/** Recorded calls as the API lists them: newest first; two with their recording, two with a transcript. */
const RECORDED: readonly CalendarEvent[] = [
  call(21, 'NVDA', 'NVIDIA Corporation', {
    eventDate: '2026-11-19T22:00:00.000Z',
    details: { hasTranscript: true },
    audioUrl: 'https://audio.example.com/nvda.m3u8',
  }),
  call(22, 'WMT', 'Walmart Inc.', {
    eventDate: '2026-11-19T13:00:00.000Z',
    details: { hasTranscript: false },
    audioUrl: 'https://audio.example.com/wmt.m3u8',
  }),
  call(23, 'HD', 'The Home Depot, Inc.', { eventDate: '2026-11-18T14:00:00.000Z', details: { hasTranscript: true } }),
];

const live = UPCOMING.filter((c) => c.eventStatus === 'live');
const later = UPCOMING.filter((c) => c.eventStatus === 'upcoming');

beforeEach(() => {
  freshPreferences({ timezone: ZONE });
  answerNoVideoStream();
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

function renderCalls(address = '/calls') {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/calls" element={<CallsPage />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The rows of a section, top to bottom: event id and the time shown. */
const rowsOf = (section: HTMLElement) =>
  within(section)
    .queryAllByTestId('call-row')
    .map((row) => ({ id: Number(row.dataset.eventId), time: within(row).getByTestId('call-time').textContent }));

const expectedRows = (calls: readonly CalendarEvent[]) =>
  calls.map((c) => ({ id: c.id, time: callTime(c.eventDate, ZONE) }));

/** A section's day headings, each starting with the reader's day (today, tomorrow… may follow it). */
const daysOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const expectedDays = (calls: readonly CalendarEvent[]) => [
  ...new Set(calls.map((c) => dayHeading(localDay(c.eventDate, ZONE)))),
];

const row = (id: number) =>
  screen.getAllByTestId('call-row').find((r) => r.dataset.eventId === String(id)) as HTMLElement;
const hrefOf = (element: HTMLElement, testId: string) => within(element).getByTestId(testId).getAttribute('href');

describe('/calls', () => {
  it('lists the calls live now, then those coming up, as the API has them, each at its time in the reader’s zone', async () => {
    const asked = answerCalls({ upcoming: UPCOMING, recorded: RECORDED }, VISITOR);
    renderCalls();
    const liveSection = await screen.findByTestId('calls-live');
    const upcomingSection = screen.getByTestId('calls-upcoming');
    expect(rowsOf(liveSection)).toEqual(expectedRows(live));
    expect(rowsOf(upcomingSection)).toEqual(expectedRows(later));
    const days = daysOf(upcomingSection);
    expect(days).toHaveLength(expectedDays(later).length);
    for (const [i, day] of expectedDays(later).entries()) expect(days[i]?.startsWith(day)).toBe(true);

    // A live call leads to its own page; one to come, to the company's events; the name, to the call's page.
    for (const c of live) {
      expect(hrefOf(row(c.id), 'call-live')).toBe(`/${c.symbol}/events/${c.id}`);
      expect(within(row(c.id)).getByText('Live')).toBeTruthy();
    }
    for (const c of later) {
      expect(hrefOf(row(c.id), 'call-events')).toBe(`/quote/${c.symbol}/events`);
      expect(hrefOf(row(c.id), 'call-company')).toBe(`/${c.symbol}/events/${c.id}`);
    }

    const page = pageById('calls');
    expect(document.title).toContain(page.title);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(page.description);
    expect(page.description).toContain('time zone');
    expect(screen.getByTestId('calls-note').textContent).toContain('Open a live call');
    expect(screen.getByText(`Times are shown in your time zone (${ZONE}).`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Live now / Upcoming' }).getAttribute('aria-selected')).toBe('true');
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { type: 'call', status: 'live,upcoming', limit: String(CALLS_PAGE_SIZE) },
    ]);
  });

  it('keeps the Recorded tab in the address: newest first, each leading to its transcript or the company’s events', async () => {
    const asked = answerCalls({ upcoming: UPCOMING, recorded: RECORDED }, PRO_MEMBER);
    const user = userEvent.setup();
    renderCalls();
    await screen.findByTestId('calls-live');
    await user.click(screen.getByRole('tab', { name: 'Recorded' }));
    expect(screen.getByTestId('address').textContent).toBe('/calls?tab=recorded');
    const recorded = await screen.findByTestId('calls-recorded');
    expect(rowsOf(recorded)).toEqual(expectedRows(RECORDED));
    for (const c of RECORDED) {
      if (c.details.hasTranscript === true)
        expect(hrefOf(row(c.id), 'call-transcript')).toBe(`/quote/${c.symbol}/${c.periodYear}/${c.period}`);
      else expect(hrefOf(row(c.id), 'call-events')).toBe(`/quote/${c.symbol}/events`);
      expect(hrefOf(row(c.id), 'call-company')).toBe(`/${c.symbol}/events/${c.id}`);
    }
    // A member whose plan has the recordings is told nothing is withheld.
    expect(within(recorded).queryByTestId('upgrade-prompt')).toBeNull();
    expect(asked.at(-1)?.get('status')).toBe('closed');

    // The first tab is the page's own address.
    await user.click(screen.getByRole('tab', { name: 'Live now / Upcoming' }));
    expect(screen.getByTestId('address').textContent).toBe('/calls');
    expect(rowsOf(await screen.findByTestId('calls-live'))).toEqual(expectedRows(live));
  });

  it('opens on the Recorded tab its address names', async () => {
    answerCalls({ upcoming: UPCOMING, recorded: RECORDED }, PRO_MEMBER);
    renderCalls('/calls?tab=recorded');
    expect(rowsOf(await screen.findByTestId('calls-recorded'))).toEqual(expectedRows(RECORDED));
    expect(screen.getByRole('tab', { name: 'Recorded' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('calls-live')).toBeNull();
  });

  it('tells a visitor, once over the recorded calls, that their recordings need a plan, and offers it', async () => {
    answerCalls({ upcoming: UPCOMING, recorded: RECORDED }, VISITOR);
    const store = makeStore();
    const user = userEvent.setup();
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/calls?tab=recorded']}>
          <CallsPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const recorded = await screen.findByTestId('calls-recorded');
    // The first paid plan whose features include the recordings of past calls.
    const plan = [PLUS_PLAN, PRO_PLAN].find((p) => canUsePremium(accountOn(p).accountFeatures, 'historicalAudio'));
    const notice = within(recorded).getByTestId('upgrade-prompt');
    expect(notice.dataset.feature).toBe('historicalAudio');
    expect(notice.textContent).toContain(`Recorded call audio need ${plan ? PLAN_LABELS[plan] : ''}.`);
    // The rows stay: a visitor still finds every call, its transcript and its page.
    expect(rowsOf(recorded)).toEqual(expectedRows(RECORDED));
    await user.click(within(notice).getByRole('button', { name: 'Upgrade' }));
    expect(store.getState().modals.stack.map((entry) => [entry.kind, entry.props])).toEqual([
      ['upgrade', { feature: 'historicalAudio', plan: plan ? PLAN_LABELS[plan] : '' }],
    ]);
  });

  it('says plainly when no call is live, none is coming, or none has been recorded', async () => {
    answerCalls({ upcoming: later }, VISITOR);
    const user = userEvent.setup();
    renderCalls();
    const liveSection = await screen.findByTestId('calls-live');
    expect(within(liveSection).getByTestId('empty-state').textContent).toBe('No earnings call is live right now.');
    expect(rowsOf(screen.getByTestId('calls-upcoming'))).toEqual(expectedRows(later));

    await user.click(screen.getByRole('tab', { name: 'Recorded' }));
    const recorded = await screen.findByTestId('calls-recorded');
    expect(within(recorded).getByTestId('empty-state').textContent).toBe('No call has been recorded yet.');
  });

  it('says so when nothing is live or coming up', async () => {
    answerCalls({}, VISITOR);
    renderCalls();
    const liveSection = await screen.findByTestId('calls-live');
    expect(within(liveSection).getByTestId('empty-state').textContent).toBe('No earnings call is live right now.');
    expect(within(screen.getByTestId('calls-upcoming')).getByTestId('empty-state').textContent).toBe(
      'No earnings call is scheduled yet.',
    );
    expect(screen.queryByTestId('calls-more')).toBeNull();
  });

  it('shows more: asks for the next page and says how many are shown', async () => {
    // A page and a half of calls to come, one every two hours.
    const many = Array.from({ length: CALLS_PAGE_SIZE * 1.5 }, (_, i) =>
      call(100 + i, `S${i}`, `Company ${i}`, {
        eventStatus: 'upcoming',
        eventDate: new Date(Date.UTC(2026, 11, 1, 13) + i * 2 * 3_600_000).toISOString(),
      }),
    );
    const asked = answerCalls({ upcoming: many }, VISITOR);
    const user = userEvent.setup();
    renderCalls();
    const upcomingSection = await screen.findByTestId('calls-upcoming');
    expect(rowsOf(upcomingSection)).toEqual(expectedRows(many.slice(0, CALLS_PAGE_SIZE)));
    expect(within(upcomingSection).getByText(`${CALLS_PAGE_SIZE} shown`)).toBeTruthy();

    await user.click(screen.getByTestId('calls-more'));
    await waitFor(() => expect(rowsOf(screen.getByTestId('calls-upcoming'))).toEqual(expectedRows(many)));
    // The whole list is in: nothing more to ask for.
    expect(screen.queryByTestId('calls-more')).toBeNull();
    expect(asked.map((query) => query.get('limit'))).toEqual([String(CALLS_PAGE_SIZE), String(2 * CALLS_PAGE_SIZE)]);
  });

  it('says why the calls could not be read, and reads them again on Retry', async () => {
    answerCalls({ upcoming: UPCOMING }, VISITOR);
    // Put before the answer above: the first read fails, the next gets the calls.
    network.use(
      http.get(
        `*${paths.getEvents}`,
        () => HttpResponse.json({ message: 'The calls are being updated', code: 'UNAVAILABLE' }, { status: 503 }),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderCalls();
    const alert = (await screen.findByText('The calls are being updated')).closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(rowsOf(await screen.findByTestId('calls-live'))).toEqual(expectedRows(live));
  });
});
