import type { FileWithContent, getFileContents, getSymbolEarnings, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type AccountFeatures,
  type FileType,
  fileContentGate,
  SIDE_PANEL_KEY_STEP,
  SLIDESHOW_DEFAULT_DELAY_MS,
} from '@eh/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { formatEps } from '../../shared/market/format.ts';
import type { SymbolEarningsRow } from '../../shared/market/market-api.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import { accountOn, SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { EVENTS, PRO_MEMBER, today } from '../../test/quote.ts';
import { appleEarnings } from '../quote/quote.fixture.ts';
import { resetLivePreferences } from '../settings-sync/live-preferences.ts';
import SettingsSync from '../settings-sync/settings-sync.tsx';
import { SETTINGS_SAVE_FAILED_MESSAGE } from '../settings-sync/settings-syncer.ts';
import EventSlidesSection from './event-slides-section.tsx';
import { DRAWN_DECK_LABEL, drawnDeck } from './slides-model.ts';
import { Slideshow } from './slideshow.tsx';

/**
 * An earnings call's slides beside the reports panel, as a signed-in member changes them: the slideshow's delay,
 * the panel's width (keys and pointer) and the recent comparisons are the synced preferences (decision 0033), each
 * change saved to the account, the account's values applied when the page opens, a refused save undone. Pausing and
 * stepping are slideshow.test.tsx's; how changes are batched and merged is settings-syncer.test.ts's.
 */

/** Apple's Q1 2026 call (test/quote.ts): its quarter's files and figures are what the section shows. */
const CALL = EVENTS[0] as (typeof EVENTS)[number];

const file = (type: FileType, features: AccountFeatures): FileWithContent => {
  const gated = fileContentGate(type, features);
  return {
    id: `demo-AAPL-2026-Q1-${type}`,
    symbol: 'AAPL',
    name: 'Apple Inc.',
    type,
    periodYear: 2026,
    period: 'Q1',
    title: `Apple Q1 2026 ${type}`,
    date: '2026-01-29T22:00:00.000Z',
    // The demo market stores no presentation: the section draws the deck from the figures.
    url: null,
    mimeType: null,
    externalFileId: null,
    eventId: CALL.id,
    source: 'demo',
    hasContent: type === 'transcript',
    hasAnalysis: false,
    gated,
    content: null,
  };
};

/** Microsoft's record: Apple's quarters under its name, its EPS a dollar higher. */
const microsoftEarnings = (): SymbolEarningsRow[] =>
  appleEarnings(today()).map((row) => ({
    ...row,
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    epsActual: row.epsActual === null ? null : row.epsActual + 1,
  }));

interface Account {
  /** The settings the account holds (GET /core/users/me/settings). */
  settings: Record<string, unknown>;
  /** Each POST's settings, in order. */
  saved: Record<string, unknown>[];
  /** While set, the server answers a save 500. */
  refuse: boolean;
}

/** The call's files and figures for a caller with `features`, and the account's settings, saved as POSTed. */
function answerCall(features: AccountFeatures, settings: Record<string, unknown> = {}): Account {
  const account: Account = { settings, saved: [], refuse: false };
  const earnings = { AAPL: appleEarnings(today()), MSFT: microsoftEarnings() } as const;
  network.use(
    http.get(`*${paths.getFileContents}`, () =>
      HttpResponse.json({
        symbol: 'AAPL',
        periodYear: 2026,
        period: 'Q1',
        files: (['transcript', 'slides', 'report'] as const).map((type) => file(type, features)),
        gated: [],
      } satisfies ResponseOf<typeof getFileContents>),
    ),
    http.get(`*${paths.getSymbolEarnings}`, ({ params }) => {
      const symbol = String(params.symbol).toUpperCase() as keyof typeof earnings;
      const rows = earnings[symbol];
      if (!rows) return HttpResponse.json({ message: 'Unknown symbol', code: 'NOT_FOUND' }, { status: 404 });
      return HttpResponse.json({
        symbol,
        name: rows[0]?.name ?? symbol,
        type: 'stock',
        timeZone: 'America/New_York',
        earnings: rows,
        gated: [],
      } satisfies ResponseOf<typeof getSymbolEarnings>);
    }),
    http.get(`*${paths.getSettings}`, () => HttpResponse.json({ settings: account.settings })),
    http.post(`*${paths.postSettings}`, async ({ request }) => {
      const body = (await request.json()) as { settings: Record<string, unknown> };
      account.saved.push(body.settings);
      if (account.refuse)
        return HttpResponse.json({ message: 'Internal server error', code: 'INTERNAL_ERROR' }, { status: 500 });
      account.settings = { ...account.settings, ...body.settings };
      return HttpResponse.json({ settings: account.settings });
    }),
  );
  return account;
}

/** The section on the call's page of a signed-in member, with the account sync and the toasts of the layout. */
function renderSection() {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter>
        <EventSlidesSection event={CALL} />
        <SettingsSync />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Apple's Q1 2026 figures, as the section finds them in its record. */
function ownQuarter(): SymbolEarningsRow {
  const row = appleEarnings(today()).find((r) => r.periodYear === CALL.periodYear && r.period === CALL.period);
  if (!row) throw new Error('Apple’s record has no Q1 2026');
  return row;
}

beforeEach(() => {
  localStorage.clear();
  resetLivePreferences();
});
afterEach(() => vi.restoreAllMocks());

describe('the slides of a call, for a pro member', () => {
  it('saves the slideshow’s delay, the panel’s width by keys and by pointer, and a comparison to the account', async () => {
    const account = answerCall(PRO_MEMBER);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderSection();
    const show = await screen.findByTestId('slideshow');
    const panel = screen.getByTestId('side-panel');
    const handle = screen.getByTestId('side-panel-handle');
    // SPEC §9 defaults, and the deck says what it is.
    expect(show.dataset.delay).toBe(String(SLIDESHOW_DEFAULT_DELAY_MS));
    expect(panel.dataset.width).toBe('30');
    expect(screen.getByTestId('slides-label').textContent).toBe(`${DRAWN_DECK_LABEL}.`);
    expect(screen.getByTestId('slide-position').textContent).toBe(`1 / ${drawnDeck(ownQuarter()).length}`);
    // The account's settings are in before any change is sent.
    await waitFor(() => expect(account.saved).toEqual([]));

    await user.selectOptions(screen.getByTestId('slideshow-delay'), '8000');
    expect(show.dataset.delay).toBe('8000');
    await waitFor(() => expect(account.saved).toEqual([{ slideshowDelay: 8000 }]));

    // The panel's edge, by keyboard: five steps wider, saved once.
    handle.focus();
    for (let i = 0; i < 5; i += 1) await user.keyboard('{ArrowLeft}');
    expect(handle.getAttribute('aria-valuenow')).toBe(String(30 + 5 * SIDE_PANEL_KEY_STEP));
    expect(panel.dataset.width).toBe('40');
    // The panel takes that share of the layout's width.
    expect([getComputedStyle(panel).flexBasis, getComputedStyle(panel).maxWidth]).toEqual(['40%', '40%']);
    await waitFor(() => expect(account.saved.at(-1)).toEqual({ sidePanelWidth: 40 }));
    expect(account.saved).toHaveLength(2);

    // By dragging its edge a tenth of the layout's width to the left (wider), then back.
    const layout = screen.getByTestId('side-panel-layout');
    vi.spyOn(layout, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 600));
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(handle, { pointerId: 1, clientX: from });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: (from + to) / 2 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: to });
      fireEvent.pointerUp(handle, { pointerId: 1, clientX: to });
    };
    drag(600, 500);
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
    await waitFor(() => expect(account.saved.at(-1)).toEqual({ sidePanelWidth: 50 }));
    drag(500, 600);
    expect(handle.getAttribute('aria-valuenow')).toBe('40');
    await waitFor(() => expect(account.saved.at(-1)).toEqual({ sidePanelWidth: 40 }));

    // A comparison, set beside this quarter and kept as a recent one.
    await user.type(screen.getByTestId('compare-input'), 'msft');
    await user.click(screen.getByTestId('compare-submit'));
    const table = await screen.findByTestId('compare-table');
    const theirs = microsoftEarnings().find((row) => row.periodYear === 2026 && row.period === 'Q1');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'AAPL Q1 2026', 'MSFT Q1 2026']);
    expect(
      within(within(table).getByRole('rowheader', { name: 'EPS' }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([formatEps(ownQuarter().epsActual), formatEps(theirs?.epsActual ?? null)]);
    expect(screen.getByTestId('recent-comparisons').textContent).toBe('MSFT');
    await waitFor(() => expect(account.saved.at(-1)).toEqual({ recentComparisons: ['MSFT'] }));
    expect(account.settings).toEqual({ slideshowDelay: 8000, sidePanelWidth: 40, recentComparisons: ['MSFT'] });
  });

  it('opens with the choices the account holds, made on another device', async () => {
    const account = answerCall(PRO_MEMBER, { slideshowDelay: 8000, sidePanelWidth: 40, recentComparisons: ['MSFT'] });
    renderSection();
    const show = await screen.findByTestId('slideshow');
    await waitFor(() => expect(show.dataset.delay).toBe('8000'));
    expect(screen.getByTestId('slideshow-delay')).toHaveProperty('value', '8000');
    expect(screen.getByTestId('side-panel').dataset.width).toBe('40');
    expect(screen.getByTestId('recent-comparisons').textContent).toBe('MSFT');
    // Nothing of this device's to add to the account.
    expect(account.saved).toEqual([]);
  });

  it('undoes a change the server refuses to save, and says so', async () => {
    const account = answerCall(PRO_MEMBER, { slideshowDelay: 8000 });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderSection();
    const show = await screen.findByTestId('slideshow');
    await waitFor(() => expect(show.dataset.delay).toBe('8000'));
    account.refuse = true;

    await user.selectOptions(screen.getByTestId('slideshow-delay'), '3000');
    // Applied at once, before the server answers.
    expect(show.dataset.delay).toBe('3000');
    expect((await screen.findByTestId('toast')).textContent).toContain(SETTINGS_SAVE_FAILED_MESSAGE);
    expect(account.saved).toEqual([{ slideshowDelay: 3000 }]);
    expect(show.dataset.delay).toBe('8000');
    expect(screen.getByTestId('slideshow-delay')).toHaveProperty('value', '8000');
    expect(account.settings).toEqual({ slideshowDelay: 8000 });
  });
});

describe('the slides of a call, for a free member', () => {
  it('show what the slides need instead of the slideshow, the reports panel beside it at its default width', async () => {
    answerCall(accountOn('free').accountFeatures);
    renderSection();
    const section = await screen.findByTestId('event-slides');
    const prompt = await within(section).findAllByTestId('upgrade-prompt');
    expect(prompt.map((gate) => gate.dataset.feature)).toEqual(['slides', 'report']);
    expect(prompt[0]?.textContent).toContain('Unlock earnings slides with Plus');
    expect(screen.queryByTestId('slideshow')).toBeNull();
    expect(screen.getByTestId('side-panel').dataset.width).toBe('30');
  });
});

describe('the slideshow’s delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // fireEvent under fake timers, as in slideshow.test.tsx: user-event's steps wait on a timer only Jest's moves.
  it('moves the deck on by itself at the delay chosen, not before', () => {
    const deck = drawnDeck(ownQuarter());
    render(
      <AppProviders store={makeStore()}>
        <Slideshow slides={deck} title="Apple Q1 2026 slides" />
      </AppProviders>,
    );
    fireEvent.change(screen.getByTestId('slideshow-delay'), { target: { value: '2000' } });
    expect(screen.getByTestId('slideshow').dataset.delay).toBe('2000');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('slide-position').textContent).toBe(`1 / ${deck.length}`);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('slide-position').textContent).toBe(`2 / ${deck.length}`);
  });
});
