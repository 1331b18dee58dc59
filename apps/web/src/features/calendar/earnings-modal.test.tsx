import { decodeEarningsColumns, encodeEarningsColumns } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { SymbolEarningsResponse, SymbolEarningsRow } from '../../shared/market/market-api.ts';
import { network } from '../../test/network.ts';
import { freshPreferences, type Report, report } from './calendar.fixture.ts';
import { groupCalendar } from './calendar-model.ts';
import { ListView } from './list-view.tsx';

const ZONE = 'America/Los_Angeles';
const WEEK = ['2026-02-09', '2026-02-10', '2026-02-11', '2026-02-12', '2026-02-13'];

/** Reported after Monday's close, confirmed by its 8-K: a beat on EPS, a miss on revenue. */
const NFLX = report({
  id: 41,
  symbol: 'NFLX',
  name: 'Netflix, Inc.',
  date: '2026-02-09',
  time: '16:05',
  session: 'after',
  periodYear: 2025,
  period: 'Q4',
  dateStatus: 'confirmed',
  dateSource: 'sec',
  epsEstimate: 2,
  epsActual: 2.08,
  yoyPercentChangeEPS: 12.5,
  revenueEstimate: 1.2e10,
  revenueActual: 1.188e10,
  yoyPercentChangeRevenue: -3.2,
});
/** Due on Tuesday at a time not announced, on a date only estimated. */
const ROKU = report({
  id: 42,
  symbol: 'ROKU',
  name: 'Roku, Inc.',
  date: '2026-02-10',
  session: null,
  periodYear: 2025,
  period: 'Q4',
  dateStatus: 'estimated',
  dateSource: 'yahoo',
  epsEstimate: 0.5,
  revenueEstimate: 1.3e9,
});

/** A report of the calendar as the company's earnings call (GET …/:symbol/earnings) has it. */
function symbolRow(row: Report, more: Partial<SymbolEarningsRow> = {}): SymbolEarningsRow {
  const [decoded] = decodeEarningsColumns(encodeEarningsColumns([row]), 1);
  if (!decoded) throw new Error('nothing decoded');
  return {
    ...decoded,
    type: 'stock',
    exchange: 'NASDAQ',
    sector: 'Communication Services',
    periodEnd: '2025-12-31',
    timeZone: 'America/New_York',
    epsPriorYear: null,
    revenuePriorYear: null,
    estimateCount: null,
    reportedAt: null,
    priceMovePercent: null,
    source: 'demo',
    dateChanges: [],
    ...more,
  };
}

function answerSymbolEarnings(rows: SymbolEarningsRow[]) {
  network.use(
    http.get(`*${paths.getSymbolEarnings}`, ({ params }) => {
      const found = rows.filter((row) => row.symbol === String(params.symbol).toUpperCase());
      const first = found[0];
      if (!first) return HttpResponse.json({ message: 'Symbol not found' }, { status: 404 });
      return HttpResponse.json({
        symbol: first.symbol,
        name: first.name,
        type: 'stock',
        timeZone: 'America/New_York',
        earnings: found,
        gated: [],
      } satisfies SymbolEarningsResponse);
    }),
  );
}

/** The week's list (every company, nothing hidden) with the modal host over it. */
function renderList() {
  const rows = decodeEarningsColumns(encodeEarningsColumns([NFLX, ROKU]), 2);
  const days = groupCalendar(rows, WEEK, { filter: 'all', popular: null, sort: 'popularity', showEstimated: true });
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <ListView
          days={days}
          extras={new Map()}
          calls={new Map()}
          expanded={new Set()}
          autoExpand={false}
          onToggleGroup={() => {}}
          today="2026-02-11"
          timeZone={ZONE}
        />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The cells of each row of the figures table, as read. */
function figures(dialog: HTMLElement): string[][] {
  return within(within(dialog).getByRole('table', { name: 'Estimates and actuals' }))
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

beforeEach(() => freshPreferences({ timezone: ZONE }));

describe('a report’s details', () => {
  it('open from the list with when, in the reader’s zone, the date’s status and source, and the figures', async () => {
    answerSymbolEarnings([
      symbolRow(NFLX, {
        estimateCount: 32,
        reportedAt: '2026-02-09T21:06:00.000Z',
        epsSurprise: 0.08,
        epsSurprisePercent: 4,
        revenueSurprise: -1.2e8,
        revenueSurprisePercent: -1,
        dateChanges: [
          {
            oldDate: '2026-02-12',
            newDate: '2026-02-09',
            oldTime: null,
            newTime: '16:05',
            oldStatus: 'estimated',
            newStatus: 'confirmed',
            source: 'sec',
            changedAt: '2026-01-20T13:00:00.000Z',
          },
        ],
      }),
    ]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderList();

    await user.click(screen.getByRole('button', { name: /^NFLX, / }));
    const dialog = await screen.findByRole('dialog', { name: 'Earnings' });
    const details = within(dialog);
    expect((await details.findByTestId('earnings-status-text')).textContent).toBe(
      'Date confirmed by the company. Source: SEC filing (8-K Item 2.02).',
    );
    expect(details.getByRole('heading', { name: 'NFLX Q4 2025' })).toBeTruthy();
    expect(details.getByText('Netflix, Inc.')).toBeTruthy();
    // 16:05 in New York on Feb 9 (EST), in the reader's zone.
    const at = new Date('2026-02-09T21:05:00Z');
    const day = at.toLocaleDateString('en-US', {
      timeZone: ZONE,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    const time = at.toLocaleTimeString('en-US', {
      timeZone: ZONE,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    expect(details.getByTestId('earnings-when').textContent).toBe(`${day} · ${time}`);
    expect(time).toMatch(/PST$/);
    expect(details.getByText('After market close · 16:05 New York time')).toBeTruthy();
    expect(figures(dialog)).toEqual([
      ['', 'Estimate', 'Actual', 'Surprise', 'YoY'],
      ['EPS', '$2.00', '$2.08', '+4.0% beat', '+12.5%'],
      ['Revenue', '$12.0B', '$11.9B', '−1.0% miss', '−3.2%'],
    ]);
    expect(details.getByText('Consensus of 32 analyst estimates. Figures: demo data.')).toBeTruthy();
    expect(within(details.getByTestId('date-changes')).getByRole('listitem').textContent).toMatch(
      /^Feb 12, 2026 \(estimated\) → Feb 9, 2026 \(confirmed\) .+ · sec$/,
    );
    expect(details.getByRole('link', { name: 'NFLX earnings history' }).getAttribute('href')).toBe(
      '/quote/NFLX/earnings',
    );
  });

  it('say that an estimated date is not confirmed, and who estimated it', async () => {
    answerSymbolEarnings([symbolRow(ROKU)]);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderList();

    await user.click(screen.getByRole('button', { name: /^ROKU, / }));
    const dialog = await screen.findByRole('dialog', { name: 'Earnings' });
    expect((await within(dialog).findByTestId('earnings-status-text')).textContent).toBe(
      'Estimated date (by Yahoo Finance). The company has not confirmed it yet.',
    );
    expect(within(dialog).getByRole('img', { name: /^Estimated date/ }).textContent).toBe('Estimated');
    expect(figures(dialog).slice(1)).toEqual([
      ['EPS', '$0.50', 'Not yet', '—', '—'],
      ['Revenue', '$1.30B', 'Not yet', '—', '—'],
    ]);
  });
});
