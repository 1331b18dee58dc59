import {
  CALENDAR_GATES,
  DEFAULT_LIMITS,
  EARNINGS_DATE_STATUSES,
  FISCAL_PERIODS,
  GATED_FEATURES,
  LEGACY_ALERTS_FILTER,
  MARKET_TIME_ZONE,
  SESSION_TYPES,
  SYMBOL_FILTERS,
} from '@eh/domain';
import { z } from 'zod';
import { IsoDateString, limitParam, MarketAssetTypeSchema, SymbolParams, withDateWindow } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/**
 * SPEC §7 Alerts and earnings (public group): the earnings calendar, its daily counts, one company's earnings,
 * the biggest reporters and the symbol filter groups. Every earnings row says when (date, New York time or null,
 * the time zone, the session), how sure we are (dateStatus confirmed or estimated) and who said so (dateSource).
 * Answers that depend on the plan (SPEC §4) carry `gated`: what the caller's plan withheld, for the upgrade prompt.
 */

const TAGS = ['earnings'];
const Datetime = z.iso.datetime();
const DateOut = z.iso.date();

/** What a plan withheld: the gated feature (or economic/Fed calendar) that unlocks it and how many items it hid. */
export const PremiumMarker = z.object({
  feature: z.enum([...GATED_FEATURES, ...CALENDAR_GATES]),
  /** Items withheld, or items whose premium fields were blanked. */
  hidden: z.number().int().min(0),
});
export type PremiumMarker = z.infer<typeof PremiumMarker>;

/** Every kind of data the plan withheld from this answer; empty when the caller saw everything. */
export const GatedMarkers = z
  .array(PremiumMarker)
  .describe('What the plan withheld (upgrade prompt); empty when nothing was hidden');

/** Adds a largest span to a `start`/`end` window (after withDateWindow's order and outer bound). */
export function withMaxSpan<T extends z.ZodType<{ start?: string | undefined; end?: string | undefined }>>(
  schema: T,
  maxDays: number,
) {
  return schema.superRefine((value, ctx) => {
    if (!value.start || !value.end || value.end < value.start) return;
    if ((Date.parse(value.end) - Date.parse(value.start)) / 86_400_000 > maxDays)
      ctx.addIssue({ code: 'custom', path: ['end'], message: `must be at most ${maxDays} days after start` });
  });
}

/** The widest calendar window: a month view's Monday-to-Friday weeks (six at most) fit in it. */
export const CALENDAR_MAX_DAYS = 45;
/** The widest window of the daily counts: a year. */
export const CALENDAR_DAILY_MAX_DAYS = 366;

/** `start`/`end` of a calendar window; both default to the current Monday–Friday week (New York). */
const windowFields = {
  start: IsoDateString.optional().describe('First day (default: Monday of the current week, New York)'),
  end: IsoDateString.optional().describe("Last day (default: the Friday of start's week)"),
};
const calendarWindow = (maxDays: number) => withMaxSpan(withDateWindow(z.object(windowFields)), maxDays);

export const EarningsRow = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  type: MarketAssetTypeSchema,
  exchange: z.string().nullable(),
  sector: z.string().nullable(),
  marketCap: z.number().nullable(),
  popularity: z.number().int(),
  periodYear: z.number().int(),
  period: z.enum(FISCAL_PERIODS),
  /** Last day of the fiscal quarter. */
  periodEnd: DateOut.nullable(),
  date: DateOut,
  /** 'HH:MM' in `timeZone`; null when only the day (or the session) is known. */
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
  timeZone: z.literal(MARKET_TIME_ZONE),
  /** Before the open, during market hours or after the close; from `time` when only that is stored. */
  session: z.enum(SESSION_TYPES).nullable(),
  dateStatus: z.enum(EARNINGS_DATE_STATUSES),
  /** Who set the date ('demo', 'sec' for an 8-K Item 2.02, 'yahoo', …). */
  dateSource: z.string(),
  epsEstimate: z.number().nullable(),
  epsActual: z.number().nullable(),
  /** epsActual − epsEstimate */
  epsSurprise: z.number().nullable(),
  epsSurprisePercent: z.number().nullable(),
  epsPriorYear: z.number().nullable(),
  /** Actual (estimate until reported) against the same quarter a year earlier, percent. */
  yoyPercentChangeEPS: z.number().nullable(),
  revenueEstimate: z.number().nullable(),
  revenueActual: z.number().nullable(),
  revenueSurprise: z.number().nullable(),
  revenueSurprisePercent: z.number().nullable(),
  revenuePriorYear: z.number().nullable(),
  yoyPercentChangeRevenue: z.number().nullable(),
  estimateCount: z.number().int().nullable(),
  /** When the actuals landed; null until reported. */
  reportedAt: Datetime.nullable(),
  /** Close-to-close move around the report (pro: prePostEarningsMove), percent. */
  priceMovePercent: z.number().nullable(),
  /**
   * The company's typical absolute one-day move after its last reports (decision 0045; pro: prePostEarningsMove),
   * percent; null when it has too few reports with a move, or the plan withholds it.
   */
  typicalMovePercent: z.number().nullable().optional(),
  /** Who supplied the figures. */
  source: z.string(),
});
export type EarningsRow = z.infer<typeof EarningsRow>;

/** The answer's two layouts (`?shape=`): every field one object per report, or the calendar's fields by column. */
export const CALENDAR_SHAPES = ['rows', 'columns'] as const;
export type CalendarShape = (typeof CALENDAR_SHAPES)[number];

/** What every calendar answer says about itself, whatever its shape. */
const calendarHeader = {
  start: DateOut,
  end: DateOut,
  timeZone: z.literal(MARKET_TIME_ZONE),
  /** The earliest report date this caller may see; null when it sees all history. */
  historyStart: DateOut.nullable(),
  gated: GatedMarkers,
};

const column = <T extends z.ZodType>(field: T) => z.array(field);
const Row = EarningsRow.shape;

/**
 * The fields the calendar screens draw (decision 0017), one array per field, report `i` at index `i` of each:
 * who (id, symbol, name; market cap and popularity for the filters and sorts), which quarter (for the report's
 * details), when (date, New York time, session, how sure and who said so), and EPS and revenue with their
 * year-over-year changes, and the company's typical move after its reports. Surprises are derived from actual and estimate (`surpriseOf`); everything else about a
 * report is in the company's earnings call (`GET /pricing/assets/{symbol}/earnings`) or in `shape=rows`.
 */
export const EarningsColumns = z.object({
  id: column(Row.id),
  symbol: column(Row.symbol),
  name: column(Row.name),
  marketCap: column(Row.marketCap),
  popularity: column(Row.popularity),
  periodYear: column(Row.periodYear),
  period: column(Row.period),
  date: column(Row.date),
  time: column(Row.time),
  session: column(Row.session),
  dateStatus: column(Row.dateStatus),
  dateSource: column(Row.dateSource),
  epsEstimate: column(Row.epsEstimate),
  epsActual: column(Row.epsActual),
  yoyPercentChangeEPS: column(Row.yoyPercentChangeEPS),
  revenueEstimate: column(Row.revenueEstimate),
  revenueActual: column(Row.revenueActual),
  yoyPercentChangeRevenue: column(Row.yoyPercentChangeRevenue),
  /** Read with the date: a report stored on an earlier day was heard then (`reportTiming`), and moved from then. */
  reportedAt: column(Row.reportedAt),
  priceMovePercent: column(Row.priceMovePercent),
  typicalMovePercent: column(z.number().nullable()),
});
export type EarningsColumns = z.infer<typeof EarningsColumns>;
export type CalendarColumn = keyof EarningsColumns;

/** A report as the calendar holds it: its columns, and the surprises derived from them. */
export type CalendarEarningsRow = Pick<
  EarningsRow,
  CalendarColumn | 'epsSurprise' | 'epsSurprisePercent' | 'revenueSurprise' | 'revenueSurprisePercent'
>;

/** Every report of the window, one object each with every field of {@link EarningsRow} (`shape=rows`, the default). */
export const EarningsCalendarRows = z.object({ ...calendarHeader, earnings: z.array(EarningsRow) });
export type EarningsCalendar = z.infer<typeof EarningsCalendarRows>;

/**
 * The same reports, only the fields the calendar draws, by column (`shape=columns`): about a quarter of the bytes.
 * The price move is not among them; the typical move is, so its `priceMove` marker counts the typical moves blanked.
 */
export const EarningsCalendarColumns = z
  .object({
    ...calendarHeader,
    /** Reports in the window: the length of every column. */
    count: z.number().int().min(0),
    columns: EarningsColumns,
  })
  .superRefine((value, ctx) => {
    for (const [name, values] of Object.entries(value.columns))
      if (values.length !== value.count)
        ctx.addIssue({ code: 'custom', path: ['columns', name], message: `must hold ${value.count} values` });
  });
export type EarningsCalendarColumns = z.infer<typeof EarningsCalendarColumns>;

export const getEarningsCalendar = defineRoute({
  method: 'GET',
  path: paths.getEarningsCalendar,
  group: 'public',
  summary:
    'Every earnings report dated start to end (default: this week; at most 45 days), by date then time. Without historicalEarnings, reports before `historyStart` (the first day of the previous calendar quarter) are withheld; without prePostEarningsMove the price move is blanked; `gated` says what was. `shape=columns` sends only the fields the calendar draws, one array per field',
  tags: TAGS,
  query: withMaxSpan(
    withDateWindow(
      z.object({
        ...windowFields,
        shape: z
          .enum(CALENDAR_SHAPES)
          .default('rows')
          .describe(
            'rows (default): one object per report with every field; columns: the fields the calendar draws, one array per field',
          ),
      }),
    ),
    CALENDAR_MAX_DAYS,
  ),
  response: z.union([EarningsCalendarRows, EarningsCalendarColumns]),
});

const SessionCounts = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  estimated: z.number().int(),
});

export const getEarningsCalendarDaily = defineRoute({
  method: 'GET',
  path: paths.getEarningsCalendarDaily,
  group: 'public',
  summary:
    'How many companies report each day from start to end (default: this week; at most 366 days), per session and confirmed vs estimated. Days without reports are left out; counts are not plan-gated',
  tags: TAGS,
  query: calendarWindow(CALENDAR_DAILY_MAX_DAYS),
  response: z.object({
    start: DateOut,
    end: DateOut,
    days: z.array(
      SessionCounts.extend({
        date: DateOut,
        /** Per session; `unknown` counts reports whose session is not known yet. */
        sessions: z.object({
          before: SessionCounts,
          market: SessionCounts,
          after: SessionCounts,
          unknown: SessionCounts,
        }),
      }),
    ),
  }),
});

export const EarningsDateChange = z.object({
  oldDate: DateOut.nullable(),
  newDate: DateOut,
  oldTime: z.string().nullable(),
  newTime: z.string().nullable(),
  oldStatus: z.enum(EARNINGS_DATE_STATUSES).nullable(),
  newStatus: z.enum(EARNINGS_DATE_STATUSES),
  source: z.string(),
  changedAt: Datetime,
});

export const SymbolEarningsRow = EarningsRow.extend({
  /** Every move of this report's date, oldest first. */
  dateChanges: z.array(EarningsDateChange),
});

export const getSymbolEarnings = defineRoute({
  method: 'GET',
  path: paths.getSymbolEarnings,
  group: 'public',
  summary:
    "One company's earnings, newest first, with each date's change history; one fiscal year with periodYear, one quarter with periodYear and period. Without historicalEarnings only the current quarter (the next report, or the latest when none is scheduled) and the one before it are shown",
  tags: TAGS,
  params: SymbolParams,
  query: z
    .object({
      periodYear: z.coerce.number().int().min(1900).max(2100).optional().describe('Fiscal year'),
      period: z.enum(FISCAL_PERIODS).optional().describe('Fiscal quarter (needs periodYear)'),
    })
    .superRefine((value, ctx) => {
      if (value.period && value.periodYear === undefined)
        ctx.addIssue({ code: 'custom', path: ['periodYear'], message: 'is required with period' });
    }),
  response: z.object({
    symbol: z.string(),
    name: z.string(),
    type: MarketAssetTypeSchema,
    timeZone: z.literal(MARKET_TIME_ZONE),
    earnings: z.array(SymbolEarningsRow),
    gated: GatedMarkers,
  }),
});

/** Top market earnings: reports from this many days before today (New York) … */
export const TOP_MARKET_EARNINGS_DAYS_BEFORE = 7;
/** … to this many days after. */
export const TOP_MARKET_EARNINGS_DAYS_AFTER = 14;

export const getTopMarketEarnings = defineRoute({
  method: 'GET',
  path: paths.getTopMarketEarnings,
  group: 'public',
  summary:
    "The largest popular companies reporting soon or recently (the home page's notable reports): stocks of the popular filter group with a report dated from 7 days before to 14 days after today (New York), one report each (the one nearest today), by market cap, biggest first (default limit 10)",
  tags: TAGS,
  query: z.object({ limit: limitParam(DEFAULT_LIMITS.topMarketEarnings) }),
  response: z.object({
    start: DateOut,
    end: DateOut,
    timeZone: z.literal(MARKET_TIME_ZONE),
    earnings: z.array(EarningsRow),
    gated: GatedMarkers,
  }),
});

/**
 * The 'popular' filter group (the calendar's default filter): the this many most followed stocks and OTC names.
 * Large enough that a quiet week still shows a third of its reports (in the demo market: the household names and
 * every company worth about $35B or more); the home page's notable reports are drawn from the same set.
 */
export const POPULAR_SYMBOLS_COUNT = 350;

export const EarningsSymbolFilter = z.enum([...SYMBOL_FILTERS, LEGACY_ALERTS_FILTER]);

/** The 401 of a custom group (`earningshub_custom`) asked for without a session, on the calendar and the news. */
export const CUSTOM_FILTER_SIGN_IN_MESSAGE = 'Please sign in to use your custom filter.';

export const getEarningsFilterSymbols = defineRoute({
  method: 'GET',
  path: paths.getEarningsFilterSymbols,
  group: 'public',
  summary: `Symbols of a calendar filter group, most popular first: all (every active stock and OTC name), popular (the ${POPULAR_SYMBOLS_COUNT} most followed), one_billion / ten_billion / hundred_billion (market cap at least $1B / $10B / $100B). The custom group (earningshub_custom, legacy earningshub_alerts) is the caller's own earnings filter: 401 when signed out`,
  tags: TAGS,
  query: z.object({ filter: EarningsSymbolFilter.default('popular') }),
  response: z.object({
    filter: EarningsSymbolFilter,
    count: z.number().int(),
    symbols: z.array(z.string()),
  }),
});
