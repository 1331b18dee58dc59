/**
 * The calendar's calls (SPEC §7 alerts and earnings, events, dividends): the earnings of a window, its daily
 * counts, the symbols of a filter group, and the events and dividend dates the calendar toggles add. Types come
 * from `@eh/contracts` (types only, and the zod-free decoder of the columnar calendar); quotes and one company's
 * earnings are in shared/market/market-api.ts.
 */

import {
  type BodyOf,
  type CalendarEarningsRow,
  type CalendarEvent,
  decodeEarningsColumns,
  type EarningsCalendarColumns,
  type getDividendCalendar,
  type getEarningsCalendar,
  type getEarningsCalendarDaily,
  type getEarningsFilterSymbols,
  type getEvents,
  type PremiumMarker,
  type postEarningsFilter,
  type QueryOf,
  type ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import type { CalendarEventType, IsoDate } from '@eh/domain';
import { addDays, daysBetween, MAX_LIST_LIMIT, onCalendar } from '@eh/domain';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MARKET_TAG_TYPES, marketApi } from '../../shared/market/market-api.ts';
import type { DividendItem } from './calendar-model.ts';

const PATHS = {
  calendar: paths.getEarningsCalendar,
  daily: paths.getEarningsCalendarDaily,
  filterSymbols: paths.getEarningsFilterSymbols,
  customFilter: paths.postEarningsFilter,
  events: paths.getEvents,
  dividends: paths.getDividendCalendar,
} as const;

/**
 * A window's reports as the calendar holds them: asked for by column (`shape=columns`, about a quarter of the bytes
 * of one object per report; decision 0017) and read back into rows.
 */
export interface EarningsCalendarResponse extends Omit<EarningsCalendarColumns, 'count' | 'columns'> {
  earnings: CalendarEarningsRow[];
}
export type CalendarDailyResponse = ResponseOf<typeof getEarningsCalendarDaily>;
export type FilterSymbolsResponse = ResponseOf<typeof getEarningsFilterSymbols>;
/** The groups whose symbols the calendar asks the server for (the others are market-cap floors). */
export type ListedFilter = 'popular' | 'earningshub_custom';
type EventsResponse = ResponseOf<typeof getEvents>;
type DividendsResponse = ResponseOf<typeof getDividendCalendar>;

export interface WindowArgs {
  start: IsoDate;
  end: IsoDate;
}

export interface CalendarEventsArgs extends WindowArgs {
  types: CalendarEventType[];
}

export interface CalendarEventsResult {
  events: CalendarEvent[];
  gated: PremiumMarker[];
  /** Days whose events were more than one call returns (the rest are not shown). */
  truncatedDays: IsoDate[];
}

export interface CalendarDividendsArgs extends WindowArgs {
  kinds: ('ex' | 'payment')[];
}

export interface CalendarDividendsResult {
  items: DividendItem[];
  truncatedDays: IsoDate[];
}

/** Each day of a window (events are asked for a day at a time so a busy season day is never cut at the limit). */
function eachDay({ start, end }: WindowArgs): IsoDate[] {
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, index) => addDays(start, index));
}

const MARKET = 'MarketData' as const;
const CUSTOM_FILTER = 'CustomFilter' as const;

export const calendarApi = marketApi
  .enhanceEndpoints({ addTagTypes: [...MARKET_TAG_TYPES, CUSTOM_FILTER] })
  .injectEndpoints({
    endpoints: (build) => ({
      getEarningsCalendar: build.query<EarningsCalendarResponse, WindowArgs>({
        query: (args) => ({
          url: PATHS.calendar,
          params: { ...args, shape: 'columns' } satisfies QueryOf<typeof getEarningsCalendar>,
        }),
        transformResponse: ({ count, columns, ...header }: EarningsCalendarColumns) => ({
          ...header,
          earnings: decodeEarningsColumns(columns, count),
        }),
        providesTags: [MARKET, 'Earnings'],
      }),
      getEarningsCalendarDaily: build.query<CalendarDailyResponse, WindowArgs>({
        query: (args) => ({ url: PATHS.daily, params: args satisfies QueryOf<typeof getEarningsCalendarDaily> }),
        providesTags: [MARKET, 'Earnings'],
      }),
      getEarningsFilterSymbols: build.query<FilterSymbolsResponse, { filter: ListedFilter }>({
        query: (args) => ({
          url: PATHS.filterSymbols,
          params: args satisfies QueryOf<typeof getEarningsFilterSymbols>,
        }),
        providesTags: (_result, _error, args) => (args.filter === 'earningshub_custom' ? [CUSTOM_FILTER] : [MARKET]),
      }),
      /** Replaces the reader's own filter list; the custom group's symbols are read again. */
      setCustomFilter: build.mutation<ResponseOf<typeof postEarningsFilter>, BodyOf<typeof postEarningsFilter>>({
        query: (body) => ({ url: PATHS.customFilter, method: 'POST', body }),
        invalidatesTags: [CUSTOM_FILTER],
      }),
      getCalendarEvents: build.query<CalendarEventsResult, CalendarEventsArgs>({
        async queryFn(args, _api, _extra, baseQuery) {
          if (args.types.length === 0) return { data: { events: [], gated: [], truncatedDays: [] } };
          const answers = await Promise.all(
            eachDay(args).map(async (day) => {
              const params = {
                start: day,
                end: day,
                type: args.types.join(','),
                limit: MAX_LIST_LIMIT,
              } satisfies QueryOf<typeof getEvents>;
              return { day, result: await baseQuery({ url: PATHS.events, params }) };
            }),
          );
          const failed = answers.find((answer) => answer.result.error);
          if (failed?.result.error) return { error: failed.result.error as FetchBaseQueryError };
          const events: CalendarEvent[] = [];
          const gated = new Map<string, PremiumMarker>();
          const truncatedDays: IsoDate[] = [];
          for (const { day, result } of answers) {
            const data = result.data as EventsResponse;
            events.push(...data.events.filter(onCalendar));
            if (data.hasMore) truncatedDays.push(day);
            for (const marker of data.gated) {
              const seen = gated.get(marker.feature);
              gated.set(marker.feature, { feature: marker.feature, hidden: (seen?.hidden ?? 0) + marker.hidden });
            }
          }
          return { data: { events, gated: [...gated.values()], truncatedDays } };
        },
        providesTags: [MARKET, 'Events'],
      }),
      getCalendarDividends: build.query<CalendarDividendsResult, CalendarDividendsArgs>({
        async queryFn(args, _api, _extra, baseQuery) {
          const jobs = args.kinds.flatMap((kind) => eachDay(args).map((day) => ({ kind, day })));
          const answers = await Promise.all(
            jobs.map(async ({ kind, day }) => {
              const params = {
                start: day,
                end: day,
                dateType: kind,
                limit: MAX_LIST_LIMIT,
              } satisfies QueryOf<typeof getDividendCalendar>;
              return { kind, day, result: await baseQuery({ url: PATHS.dividends, params }) };
            }),
          );
          const failed = answers.find((answer) => answer.result.error);
          if (failed?.result.error) return { error: failed.result.error as FetchBaseQueryError };
          const items: DividendItem[] = [];
          const truncatedDays = new Set<IsoDate>();
          for (const { kind, day, result } of answers) {
            const data = result.data as DividendsResponse;
            if (data.items.length >= MAX_LIST_LIMIT) truncatedDays.add(day);
            for (const item of data.items) {
              items.push({
                symbol: item.symbol,
                name: item.name,
                marketCap: item.marketCap,
                amount: item.amount,
                kind,
                date: kind === 'ex' ? item.exDate : (item.paymentDate ?? item.exDate),
                exDate: item.exDate,
                paymentDate: item.paymentDate,
              });
            }
          }
          return { data: { items, truncatedDays: [...truncatedDays] } };
        },
        providesTags: [MARKET],
      }),
    }),
  });

export const {
  useGetEarningsCalendarQuery,
  useGetEarningsCalendarDailyQuery,
  useGetEarningsFilterSymbolsQuery,
  useSetCustomFilterMutation,
  useGetCalendarEventsQuery,
  useGetCalendarDividendsQuery,
} = calendarApi;
