import {
  type CalendarColumn,
  type CalendarEvent,
  type EarningsCalendarColumns,
  type EarningsRow,
  encodeEarningsColumns,
  type getDividendCalendar,
  type getEarningsFilterSymbols,
  type getEvents,
  type PremiumMarker,
  type ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { type IsoDate, nyDate } from '@eh/domain';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type PreferenceKey, storageKey } from '../../shared/preferences.ts';
import { network } from '../../test/network.ts';
import { useEarningsSettings } from './calendar-preferences.ts';

/** A report as the calendar's columnar answer carries it. */
export type Report = Pick<EarningsRow, CalendarColumn>;

/** A report confirmed by an 8-K, before the open, not reported yet; `fields` say what matters to the test. */
export const report = (fields: Partial<Report> & Pick<Report, 'id' | 'symbol' | 'date'>): Report => ({
  name: `${fields.symbol} Corp.`,
  marketCap: 1e10,
  popularity: 10,
  periodYear: 2026,
  period: 'Q1',
  time: null,
  session: 'before',
  dateStatus: 'confirmed',
  dateSource: 'sec',
  epsEstimate: 1,
  epsActual: null,
  yoyPercentChangeEPS: null,
  revenueEstimate: 1e9,
  revenueActual: null,
  yoyPercentChangeRevenue: null,
  reportedAt: null,
  priceMovePercent: null,
  ...fields,
});

/**
 * Answers the calendar (GET …/earnings/calendar?shape=columns, the shape the web asks for) with the reports of the
 * window asked for, and what the plan withheld.
 */
export function answerCalendar(reports: readonly Report[], gated: PremiumMarker[] = []) {
  network.use(
    http.get(`*${paths.getEarningsCalendar}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const start = query.get('start') ?? '';
      const end = query.get('end') ?? '';
      if (query.get('shape') !== 'columns') return HttpResponse.json({ message: 'columns expected' }, { status: 400 });
      const inWindow = reports.filter((row) => row.date >= start && row.date <= end);
      return HttpResponse.json({
        start,
        end,
        timeZone: 'America/New_York',
        historyStart: null,
        gated,
        count: inWindow.length,
        columns: encodeEarningsColumns(inWindow),
      } satisfies EarningsCalendarColumns);
    }),
  );
}

/** Answers a filter group's symbols (the popular group, or the reader's own list). */
export function answerFilterSymbols(filter: 'popular' | 'earningshub_custom', symbols: string[]) {
  network.use(
    http.get(`*${paths.getEarningsFilterSymbols}`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('filter');
      if (asked !== filter) return HttpResponse.json({ message: `no ${asked} in this test` }, { status: 500 });
      return HttpResponse.json({
        filter,
        count: symbols.length,
        symbols,
      } satisfies ResponseOf<typeof getEarningsFilterSymbols>);
    }),
  );
}

/** An event on the calendar: an economic release unless `fields` say otherwise. */
export const calendarEvent = (fields: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'eventDate'>) =>
  ({
    eventType: 'economic',
    eventStatus: 'upcoming',
    symbol: null,
    name: null,
    title: 'An economic release',
    description: null,
    earningsId: null,
    periodYear: null,
    period: null,
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
    ...fields,
  }) satisfies CalendarEvent;

/**
 * Answers the events the calendar toggles ask for, a day at a time (GET /events?start=day&end=day&type=…), with one
 * marker per feature counting the day's events it gated, and one event (GET /events/:id). `asked` holds the types
 * each day's request named.
 */
export function answerEvents(events: readonly CalendarEvent[]) {
  const asked: string[][] = [];
  network.use(
    http.get(`*${paths.getEvents}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const types = (query.get('type') ?? '').split(',');
      asked.push(types);
      const day = query.get('start');
      const found = events.filter(
        (event) => types.includes(event.eventType) && nyDate(new Date(event.eventDate)) === day,
      );
      const gated = new Map<string, PremiumMarker>();
      for (const event of found) {
        if (!event.gated) continue;
        const seen = gated.get(event.gated.feature);
        gated.set(event.gated.feature, { feature: event.gated.feature, hidden: (seen?.hidden ?? 0) + 1 });
      }
      return HttpResponse.json({
        events: found,
        hasMore: false,
        gated: [...gated.values()],
      } satisfies ResponseOf<typeof getEvents>);
    }),
    http.get(`*${paths.getEvent}`, ({ params }) => {
      const event = events.find((candidate) => candidate.id === Number(params.id));
      return event ? HttpResponse.json(event) : HttpResponse.json({ message: 'Event not found' }, { status: 404 });
    }),
  );
  return { asked };
}

type DividendRow = ResponseOf<typeof getDividendCalendar>['items'][number];

/** A quarterly dividend going ex on `exDate`, paid three weeks later. */
export const dividend = (symbol: string, exDate: IsoDate, amount: number): DividendRow => ({
  symbol,
  type: 'stock',
  name: `${symbol} Corp.`,
  marketCap: 2.5e11,
  exDate,
  recordDate: exDate,
  paymentDate: null,
  declaredDate: null,
  amount,
  frequency: 4,
  source: 'demo',
});

/** Answers the dividend calendar a day and a kind at a time (GET /pricing/dividends?start=day&dateType=…). */
export function answerDividends(items: readonly DividendRow[]) {
  network.use(
    http.get(`*${paths.getDividendCalendar}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const day = query.get('start') ?? '';
      const kind = query.get('dateType');
      const found = items.filter((item) => (kind === 'ex' ? item.exDate : item.paymentDate) === day);
      return HttpResponse.json({
        start: day,
        end: query.get('end') ?? day,
        items: found,
        gated: null,
      } satisfies ResponseOf<typeof getDividendCalendar>);
    }),
  );
}

/**
 * Starts a test from an empty storage. The calendar keeps the preferences it has read (calendar-preferences.ts) until
 * a `storage` event says another tab changed them; one such event makes it read afresh what the test stored.
 */
export function freshPreferences(stored: Partial<Record<PreferenceKey, unknown>> = {}) {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored))
    localStorage.setItem(storageKey(key as PreferenceKey), JSON.stringify(value));
  const listening = renderHook(() => useEarningsSettings());
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  });
  listening.unmount();
}

/** The stored preference `key`, as saved (null when nothing is). */
export function storedPreference(key: PreferenceKey): unknown {
  const text = localStorage.getItem(storageKey(key));
  return text === null ? null : JSON.parse(text);
}
