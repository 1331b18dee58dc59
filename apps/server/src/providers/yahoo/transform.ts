/**
 * Yahoo Finance response bodies (as Yahoo sends them, before yahoo-finance2 validates or coerces anything) → our
 * records. Pure: the time a response was fetched, where it matters, is passed in.
 *
 * Yahoo quirks handled here:
 * - numbers come bare or as `{raw, fmt}` even with `formatted=false` (earningsHistory and earningsTrend do);
 * - date-only fields (ex-dividend, short-interest settlement, fiscal year end) are epoch seconds at UTC midnight,
 *   read as UTC dates; instants (earnings, rating changes, bars, news) are read in New York time;
 * - `earnings.earningsChart` labels quarters by calendar quarter ('4Q2024' is Apple's fiscal 2025 Q1) and
 *   `earningsHistory.quarter` is the calendar quarter's last day, not the company's period end: both are mapped to
 *   the fiscal quarter with the fiscal year end of `defaultKeyStatistics.lastFiscalYearEnd`;
 * - chart indicator arrays hold nulls for bars that did not trade; those bars are skipped. Chart prices are
 *   split-adjusted (NVIDIA's closes run on smoothly through its 2021 4-for-1 split), not as traded;
 *
 * Earnings date rule: the latest reported quarter ('-1q' of earningsHistory) is dated by the quote's
 * `earningsTimestamp` (the release time: Apple's 16:30) or, without a quote, `calendarEvents.earningsCallDate` (the
 * call, whose time only says before/after the session when it is outside market hours); it is **confirmed**, since
 * it happened. The next quarter is dated by `calendarEvents.earningsDate`: **estimated** when Yahoo marks it so
 * (`isEarningsDateEstimate`) or gives a range of two dates (the first is taken), **confirmed** for a single date
 * Yahoo does not mark as an estimate. Older history quarters carry no date at all in Yahoo's answers and are
 * returned by {@link earningsHistoryQuarters} only.
 */
import {
  type IsoDate,
  MS_PER_DAY,
  nyDate,
  nyTime,
  RATING_ACTIONS,
  type RatingAction,
  type SessionType,
  sessionOf,
} from '@eh/domain';
import { type FiscalQuarter, fiscalQuarterOf, fiscalYearEndMonthOf } from '../fiscal.ts';
import { symbolFromDashed } from '../symbols.ts';
import type {
  AnalystRatingRecord,
  AnalystTrendRecord,
  AssetKey,
  DailyBarRecord,
  DividendRecord,
  EarningsRecord,
  IntradayBarRecord,
  NewsRecord,
  QuoteRecord,
  ShortInterestRecord,
  SplitRecord,
} from '../types.ts';

// ---- loose readers ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number given bare or as `{raw, fmt}`; null for anything else. */
export function rawNumber(value: unknown): number | null {
  const raw = isObject(value) ? value.raw : value;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

/** An instant given as epoch seconds (bare or `{raw}`) or an ISO string. */
export function rawInstant(value: unknown): Date | null {
  const raw = isObject(value) ? value.raw : value;
  if (typeof raw === 'number' && Number.isFinite(raw)) return new Date(raw * 1000);
  if (typeof raw === 'string' && !Number.isNaN(Date.parse(raw))) return new Date(raw);
  return null;
}

/** A date-only field: Yahoo sends midnight UTC, or a 'YYYY-MM-DD' string. */
export function rawUtcDate(value: unknown): IsoDate | null {
  const raw = isObject(value) ? (value.fmt ?? value.raw) : value;
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw)) return raw.slice(0, 10);
  const instant = rawInstant(value);
  return instant ? instant.toISOString().slice(0, 10) : null;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

// ---- symbols ---------------------------------------------------------------------------------------------------

/** Yahoo's symbol of one of our assets (BRK.B → BRK-B, crypto BTC → BTC-USD). */
export function yahooSymbol(asset: AssetKey): string {
  if (asset.type === 'crypto') return `${asset.symbol}-USD`;
  if (asset.type === 'index') return asset.symbol;
  return asset.symbol.replace(/^([A-Z0-9]+)\.([A-Z])$/, '$1-$2');
}

/** Our asset for a Yahoo symbol and quote type; null for types we do not carry (FX, futures, options, funds). */
export function assetOfYahoo(symbol: string, quoteType?: string | null, exchange?: string | null): AssetKey | null {
  switch (quoteType ?? 'EQUITY') {
    case 'CRYPTOCURRENCY':
      return { symbol: symbol.replace(/-USD$/, '').toUpperCase(), type: 'crypto' };
    case 'INDEX':
      return { symbol: symbol.toUpperCase(), type: 'index' };
    case 'EQUITY':
    case 'ETF':
      return {
        symbol: symbolFromDashed(symbol),
        type: exchange && /^(PNK|OQB|OQX|OEM|OGM|OTC)/i.test(exchange) ? 'otc' : 'stock',
      };
    default:
      return null;
  }
}

// ---- quote -----------------------------------------------------------------------------------------------------

/** `/v7/finance/quote` → quotes. `assets` maps Yahoo symbols to the assets asked for (else read from the answer). */
export function quotesOf(body: unknown, assets?: ReadonlyMap<string, AssetKey>): QuoteRecord[] {
  const result = isObject(body) && isObject(body.quoteResponse) ? asArray(body.quoteResponse.result) : [];
  const quotes: QuoteRecord[] = [];
  for (const row of result) {
    if (!isObject(row)) continue;
    const symbol = asString(row.symbol);
    const price = rawNumber(row.regularMarketPrice);
    const key =
      symbol && (assets ? assets.get(symbol) : assetOfYahoo(symbol, asString(row.quoteType), asString(row.exchange)));
    const quotedAt = rawInstant(row.regularMarketTime);
    if (!key || price === null || !quotedAt) continue;
    const pre = { price: rawNumber(row.preMarketPrice), at: rawInstant(row.preMarketTime) };
    const post = { price: rawNumber(row.postMarketPrice), at: rawInstant(row.postMarketTime) };
    // The more recent extended-hours trade, if it is newer than the regular session's last trade.
    const candidates = [
      { session: 'pre' as const, ...pre },
      { session: 'after' as const, ...post },
    ].filter((c) => c.price !== null && c.at !== null && c.at > quotedAt);
    const extended = candidates.sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0))[0];
    quotes.push({
      ...key,
      price,
      prevClose: rawNumber(row.regularMarketPreviousClose),
      open: rawNumber(row.regularMarketOpen),
      lowPrice: rawNumber(row.regularMarketDayLow),
      highPrice: rawNumber(row.regularMarketDayHigh),
      volume: rawNumber(row.regularMarketVolume),
      extendedPrice: extended?.price ?? null,
      extendedSession: extended?.session ?? null,
      extendedAt: extended?.at ?? null,
      quotedAt,
    });
  }
  return quotes;
}

/** The last earnings release time a quote carries (`earningsTimestamp`), when it is not Yahoo's estimate. */
export function lastReleaseOfQuote(body: unknown, yahoo: string): Date | null {
  const result = isObject(body) && isObject(body.quoteResponse) ? asArray(body.quoteResponse.result) : [];
  const row = result.find((r) => isObject(r) && r.symbol === yahoo);
  return isObject(row) ? rawInstant(row.earningsTimestamp) : null;
}

// ---- chart -----------------------------------------------------------------------------------------------------

export interface ChartRecords {
  dailyBars: DailyBarRecord[];
  intradayBars: IntradayBarRecord[];
  dividends: DividendRecord[];
  splits: SplitRecord[];
}

const INTERVAL_MINUTES: Readonly<Record<string, number>> = {
  '1m': 1,
  '2m': 2,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '60m': 60,
  '90m': 90,
  '1h': 60,
};

const BAR_SESSION = { before: 'pre', market: 'regular', after: 'after' } as const satisfies Record<
  SessionType,
  IntradayBarRecord['session']
>;

/**
 * `/v8/finance/chart` → daily bars (or intraday bars for minute intervals), dividends and splits. Dates are the
 * exchange's: New York for US listings, else the chart's GMT offset.
 */
export function chartOf(body: unknown, asset?: AssetKey): ChartRecords {
  const out: ChartRecords = { dailyBars: [], intradayBars: [], dividends: [], splits: [] };
  const result = isObject(body) && isObject(body.chart) ? asArray(body.chart.result)[0] : null;
  if (!isObject(result) || !isObject(result.meta)) return out;
  const meta = result.meta;
  const key =
    asset ?? assetOfYahoo(String(meta.symbol ?? ''), asString(meta.instrumentType), asString(meta.exchangeName));
  if (!key) return out;
  const newYork = meta.exchangeTimezoneName === 'America/New_York';
  const offset = rawNumber(meta.gmtoffset) ?? 0;
  const dayOf = (instant: Date): IsoDate =>
    newYork ? nyDate(instant) : new Date(instant.getTime() + offset * 1000).toISOString().slice(0, 10);
  const granularity = asString(meta.dataGranularity) ?? '1d';
  const minutes = INTERVAL_MINUTES[granularity];

  const timestamps = asArray(result.timestamp);
  const indicators = isObject(result.indicators) ? result.indicators : {};
  const quote = asArray(indicators.quote)[0];
  const series = (name: string) => (isObject(quote) ? asArray(quote[name]) : []);
  const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(series);
  timestamps.forEach((ts, i) => {
    const at = rawInstant(ts);
    const bar = {
      open: rawNumber(open?.[i]),
      high: rawNumber(high?.[i]),
      low: rawNumber(low?.[i]),
      close: rawNumber(close?.[i]),
    };
    if (!at || bar.open === null || bar.high === null || bar.low === null || bar.close === null) return;
    const values = {
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: rawNumber(volume?.[i]) ?? 0,
    };
    if (minutes) {
      const day = dayOf(at);
      const session = newYork ? sessionOf(nyTime(at), day) : 'market';
      out.intradayBars.push({
        ...key,
        ts: at,
        intervalMinutes: minutes,
        session: BAR_SESSION[session ?? 'market'],
        ...values,
      });
    } else {
      out.dailyBars.push({ ...key, date: dayOf(at), ...values });
    }
  });

  const events = isObject(result.events) ? result.events : {};
  for (const dividend of Object.values(isObject(events.dividends) ? events.dividends : {})) {
    const at = isObject(dividend) ? rawInstant(dividend.date) : null;
    const amount = isObject(dividend) ? rawNumber(dividend.amount) : null;
    if (at && amount !== null) out.dividends.push({ ...key, exDate: dayOf(at), amount });
  }
  for (const split of Object.values(isObject(events.splits) ? events.splits : {})) {
    const at = isObject(split) ? rawInstant(split.date) : null;
    const numerator = isObject(split) ? rawNumber(split.numerator) : null;
    const denominator = isObject(split) ? rawNumber(split.denominator) : null;
    if (at && numerator && denominator) out.splits.push({ ...key, date: dayOf(at), numerator, denominator });
  }
  out.dividends.sort((a, b) => a.exDate.localeCompare(b.exDate));
  out.splits.sort((a, b) => a.date.localeCompare(b.date));
  return out;
}

// ---- quoteSummary ----------------------------------------------------------------------------------------------

/** The modules object of a `/v10/finance/quoteSummary` answer (`quoteSummary.result[0]`). */
export function summaryOf(body: unknown): Json | null {
  const result = isObject(body) && isObject(body.quoteSummary) ? asArray(body.quoteSummary.result)[0] : null;
  return isObject(result) ? result : null;
}

const moduleOf = (summary: Json, name: string): Json => (isObject(summary[name]) ? summary[name] : {});

/** Month the company's fiscal year ends (from `defaultKeyStatistics.lastFiscalYearEnd`). */
export function fiscalYearEndMonthOfSummary(summary: Json): number | null {
  return fiscalYearEndMonthOf(rawUtcDate(moduleOf(summary, 'defaultKeyStatistics').lastFiscalYearEnd));
}

export interface HistoryQuarter extends FiscalQuarter {
  /** Yahoo's quarter end (the calendar quarter's last day). */
  quarterEnd: IsoDate;
  epsActual: number | null;
  epsEstimate: number | null;
  /** '-1q' is the latest reported quarter. */
  relative: string | null;
}

/** `earningsHistory` → reported quarters with estimate and actual, labelled by fiscal quarter (no dates: Yahoo gives none). */
export function earningsHistoryQuarters(summary: Json, fiscalYearEndMonth: number): HistoryQuarter[] {
  const quarters: HistoryQuarter[] = [];
  for (const row of asArray(moduleOf(summary, 'earningsHistory').history)) {
    if (!isObject(row)) continue;
    const quarterEnd = rawUtcDate(row.quarter);
    const fiscal = quarterEnd ? fiscalQuarterOf(quarterEnd, fiscalYearEndMonth) : null;
    if (!quarterEnd || !fiscal) continue;
    quarters.push({
      ...fiscal,
      quarterEnd,
      epsActual: rawNumber(row.epsActual),
      epsEstimate: rawNumber(row.epsEstimate),
      relative: asString(row.period),
    });
  }
  return quarters.sort((a, b) => a.quarterEnd.localeCompare(b.quarterEnd));
}

/** Session of an earnings time in New York: before the open or after the close; null during the session. */
function offHoursSession(instant: Date): SessionType | null {
  const session = sessionOf(nyTime(instant), nyDate(instant));
  return session === 'market' ? null : session;
}

/** A release comes within this many days after its quarter closed. */
const RELEASE_WINDOW_DAYS = 120;

/**
 * Earnings records Yahoo can date (see the module comment): the latest reported quarter and the next one, with
 * estimates, actuals, prior-year figures and analyst counts from earningsTrend and calendarEvents.
 */
export function earningsOf(
  summary: Json,
  asset: AssetKey,
  options: { fiscalYearEndMonth?: number | null; lastRelease?: Date | null } = {},
): EarningsRecord[] {
  const fiscalYearEndMonth = options.fiscalYearEndMonth ?? fiscalYearEndMonthOfSummary(summary);
  if (!fiscalYearEndMonth) return [];
  const records: EarningsRecord[] = [];
  const history = earningsHistoryQuarters(summary, fiscalYearEndMonth);
  const calendar = moduleOf(moduleOf(summary, 'calendarEvents'), 'earnings');
  const trend = asArray(moduleOf(summary, 'earningsTrend').trend).filter(isObject);
  const trendOf = (period: string) => trend.find((t) => t.period === period) ?? null;

  const latest = history.find((q) => q.relative === '-1q') ?? history.at(-1);
  if (latest) {
    const withinWindow = (instant: Date | null) => {
      if (!instant) return null;
      const days = (instant.getTime() - Date.parse(latest.quarterEnd)) / MS_PER_DAY;
      return days > -31 && days <= RELEASE_WINDOW_DAYS ? instant : null;
    };
    // Yahoo's quarter end is the calendar quarter's: a 52/53-week quarter may close days earlier (hence −31).
    const release = withinWindow(options.lastRelease ?? null);
    const call = release ? null : withinWindow(rawInstant(asArray(calendar.earningsCallDate)[0]));
    const when = release ?? call;
    if (when) {
      records.push({
        ...asset,
        periodYear: latest.periodYear,
        period: latest.period,
        date: nyDate(when),
        time: release ? nyTime(release) : null,
        session: release ? sessionOf(nyTime(release), nyDate(release)) : offHoursSession(when),
        dateStatus: 'confirmed',
        epsActual: latest.epsActual,
        epsEstimate: latest.epsEstimate,
        reportedAt: release,
      });
    }
  }

  const next = trendOf('0q');
  const nextEnd = next ? rawUtcDate(next.endDate) : null;
  const nextQuarter = nextEnd ? fiscalQuarterOf(nextEnd, fiscalYearEndMonth) : null;
  const dates = asArray(calendar.earningsDate)
    .map(rawInstant)
    .filter((d): d is Date => d !== null);
  const first = dates[0];
  if (nextQuarter && first) {
    const estimated = calendar.isEarningsDateEstimate === true || dates.length > 1;
    const estimate = isObject(next?.earningsEstimate) ? next.earningsEstimate : {};
    const revenue = isObject(next?.revenueEstimate) ? next.revenueEstimate : {};
    records.push({
      ...asset,
      ...nextQuarter,
      date: nyDate(first),
      time: estimated ? null : nyTime(first),
      session: estimated ? null : sessionOf(nyTime(first), nyDate(first)),
      dateStatus: estimated ? 'estimated' : 'confirmed',
      epsEstimate: rawNumber(estimate.avg) ?? rawNumber(calendar.earningsAverage),
      epsPriorYear: rawNumber(estimate.yearAgoEps),
      revenueEstimate: rawNumber(revenue.avg) ?? rawNumber(calendar.revenueAverage),
      revenuePriorYear: rawNumber(revenue.yearAgoRevenue),
      estimateCount: rawNumber(estimate.numberOfAnalysts),
    });
  }
  return records;
}

const MONTHS_BACK = /^(-?\d+)m$/;

/** `recommendationTrend` → monthly buy/hold/sell counts ('0m' is the month of `asOf`, '-1m' the one before…). */
export function analystTrendsOf(summary: Json, asset: AssetKey, asOf: Date): AnalystTrendRecord[] {
  const [year, month] = nyDate(asOf).split('-').map(Number);
  const records: AnalystTrendRecord[] = [];
  for (const row of asArray(moduleOf(summary, 'recommendationTrend').trend)) {
    if (!isObject(row)) continue;
    const back = MONTHS_BACK.exec(String(row.period ?? ''))?.[1];
    if (back === undefined || year === undefined || month === undefined) continue;
    const total = year * 12 + (month - 1) + Number(back);
    const first = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
    records.push({
      ...asset,
      month: first,
      strongBuy: rawNumber(row.strongBuy) ?? 0,
      buy: rawNumber(row.buy) ?? 0,
      hold: rawNumber(row.hold) ?? 0,
      sell: rawNumber(row.sell) ?? 0,
      strongSell: rawNumber(row.strongSell) ?? 0,
    });
  }
  return records.sort((a, b) => a.month.localeCompare(b.month));
}

const YAHOO_ACTIONS: Readonly<Record<string, RatingAction>> = {
  up: 'upgrade',
  down: 'downgrade',
  init: 'initiate',
  main: 'maintain',
  reit: 'reiterate',
};

/** `upgradeDowngradeHistory` → rating changes (Yahoo's action codes to ours; targets when Yahoo gives them). */
export function analystRatingsOf(summary: Json, asset: AssetKey): AnalystRatingRecord[] {
  const records: AnalystRatingRecord[] = [];
  for (const row of asArray(moduleOf(summary, 'upgradeDowngradeHistory').history)) {
    if (!isObject(row)) continue;
    const at = rawInstant(row.epochGradeDate);
    const firm = asString(row.firm);
    if (!at || !firm) continue;
    const code = String(row.action ?? '').toLowerCase();
    const action = YAHOO_ACTIONS[code] ?? (RATING_ACTIONS.find((a) => a === code) || code || 'maintain');
    records.push({
      ...asset,
      date: nyDate(at),
      firm: firm.trim(),
      action,
      fromGrade: asString(row.fromGrade),
      toGrade: asString(row.toGrade),
      priceTarget: rawNumber(row.currentPriceTarget),
      priorPriceTarget: rawNumber(row.priorPriceTarget),
    });
  }
  return records;
}

/**
 * `defaultKeyStatistics` short fields → the latest settlement and the one before (Yahoo gives both share counts).
 * Days to cover is Yahoo's `shortRatio`; average volume comes from `summaryDetail` when present.
 */
export function shortInterestOf(summary: Json, asset: AssetKey): ShortInterestRecord[] {
  const stats = moduleOf(summary, 'defaultKeyStatistics');
  const detail = moduleOf(summary, 'summaryDetail');
  const records: ShortInterestRecord[] = [];
  const settlementDate = rawUtcDate(stats.dateShortInterest);
  const sharesShort = rawNumber(stats.sharesShort);
  const previous = rawNumber(stats.sharesShortPriorMonth);
  const previousDate = rawUtcDate(stats.sharesShortPreviousMonthDate);
  if (previousDate && previous !== null) {
    records.push({ ...asset, settlementDate: previousDate, sharesShort: previous });
  }
  if (settlementDate && sharesShort !== null) {
    const percentOfFloat = rawNumber(stats.shortPercentOfFloat);
    records.push({
      ...asset,
      settlementDate,
      sharesShort,
      previousSharesShort: previous,
      changePercent: previous ? ((sharesShort - previous) / previous) * 100 : null,
      daysToCover: rawNumber(stats.shortRatio),
      averageVolume: rawNumber(detail.averageVolume),
      percentOfFloat: percentOfFloat === null ? null : percentOfFloat * 100,
    });
  }
  return records;
}

/**
 * The upcoming (or latest) dividend of `summaryDetail`/`calendarEvents`: ex-date and payment date, the amount of
 * the last dividend (`defaultKeyStatistics.lastDividendValue`) when it is that ex-date's, and the yearly frequency
 * from the annual rate. Nothing when Yahoo gives no ex-date or no amount for it.
 */
export function summaryDividendsOf(summary: Json, asset: AssetKey): DividendRecord[] {
  const detail = moduleOf(summary, 'summaryDetail');
  const calendar = moduleOf(summary, 'calendarEvents');
  const stats = moduleOf(summary, 'defaultKeyStatistics');
  const exDate = rawUtcDate(detail.exDividendDate) ?? rawUtcDate(calendar.exDividendDate);
  const lastAmount = rawNumber(stats.lastDividendValue);
  const lastDate = rawUtcDate(stats.lastDividendDate);
  const rate = rawNumber(detail.dividendRate);
  if (!exDate || lastAmount === null || lastDate !== exDate) return [];
  return [
    {
      ...asset,
      exDate,
      paymentDate: rawUtcDate(calendar.dividendDate),
      amount: lastAmount,
      frequency: rate && lastAmount > 0 ? Math.round(rate / lastAmount) : null,
    },
  ];
}

// ---- search news -----------------------------------------------------------------------------------------------

/** `/v1/finance/search` news → news items (Yahoo's publisher as the author line; related tickers in our form). */
export function newsOf(body: unknown): NewsRecord[] {
  const news = isObject(body) ? asArray(body.news) : [];
  const records: NewsRecord[] = [];
  for (const item of news) {
    if (!isObject(item)) continue;
    const id = asString(item.uuid);
    const title = asString(item.title);
    const publishedAt = rawInstant(item.providerPublishTime);
    if (!id || !title || !publishedAt) continue;
    const resolutions = isObject(item.thumbnail) ? asArray(item.thumbnail.resolutions).filter(isObject) : [];
    const original = resolutions.find((r) => r.tag === 'original') ?? resolutions[0];
    records.push({
      externalId: id,
      title: title.trim(),
      url: asString(item.link),
      imageUrl: original ? asString(original.url) : null,
      author: asString(item.publisher),
      newsType: item.type === 'STORY' ? 'story' : 'headline',
      tags: [],
      symbols: asArray(item.relatedTickers)
        .map((t) => (typeof t === 'string' ? symbolFromDashed(t) : null))
        .filter((t): t is string => t !== null),
      publishedAt,
    });
  }
  return records;
}
