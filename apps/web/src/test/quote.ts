/**
 * The symbol pages as the API answers them in component tests: every request a symbol page, its tabs and the
 * symbol modal make, for Apple (the whole record of `features/quote/quote.fixture.ts`) and two sector peers, each
 * answer trimmed by the domain's own plan gates as the server trims it. Dates are counted from the New York date
 * of the test's run, so "latest", "next" and the chart's ranges hold on any day.
 */
import type {
  AssetInfo,
  CalendarEvent,
  DailyBar,
  Dividend,
  getAppInfo,
  getAssetDividends,
  getAssetFiles,
  getAssetGuidance,
  getAssetMetrics,
  getAssetNews,
  getAssetRatings,
  getAssetShortInterests,
  getAssetTransactions,
  getFlags,
  getIntradaySummaries,
  getMarketHistoryStatus,
  getMarketIndex,
  getMarketStatus,
  getMetricStats,
  getQuotes,
  getReleaseNotes,
  getSummaries,
  getSymbolEarnings,
  getSymbolEvents,
  getSymbolReactions,
  NewsItem,
  Quote,
  ResponseOf,
  SecFiling,
  ShortInterest,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type AccountFeatures,
  addDays,
  canUse,
  EH500_INDEX_ID,
  EH500_NAME,
  EH500_RANKING,
  type IsoDate,
  nyDate,
  REACTION_BENCHMARK_SYMBOL,
  symbolHistoryStart,
  trimDividendHistory,
  trimEarnings,
  trimScores,
  trimShortInterestHistory,
  trimWhole,
} from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { APPLE, appleEarnings, EH500, RATINGS, TREND, VISITOR } from '../features/quote/quote.fixture.ts';
import { APP_LINKS_URL, type AppLinks } from '../platform/app-links.ts';
import { network } from './network.ts';

export { APPLE, PRO_MEMBER, VISITOR } from '../features/quote/quote.fixture.ts';

/** Today in New York, as the server and the page count it. */
export const today = (): IsoDate => nyDate(Date.now());

/** A sector peer of Apple's: the same record's shape, its own quote. */
function peer(symbol: string, name: string, price: number, prevClose: number, marketCap: number): AssetInfo {
  const change = price - prevClose;
  return {
    ...APPLE,
    symbol,
    symbolUpper: symbol,
    name,
    cik: null,
    marketCap,
    popularity: 90,
    quote: {
      ...(APPLE.quote as Quote),
      symbol,
      name,
      price,
      prevClose,
      change,
      changePercent: (change / prevClose) * 100,
    },
  };
}

export const MICROSOFT = peer('MSFT', 'Microsoft Corporation', 411.2, 415.5, 3.06e12);
export const NVIDIA = peer('NVDA', 'NVIDIA Corporation', 178.4, 172.9, 4.35e12);

/** The assets the API knows; any other symbol is answered 404, as the server answers an unknown one. */
export const ASSETS: Readonly<Record<string, AssetInfo>> = { AAPL: APPLE, MSFT: MICROSOFT, NVDA: NVIDIA };

/** The EH500 as the fixture has it, with Apple's two largest sector peers added (ranks after the fixture's). */
export const EH500_WITH_PEERS: ResponseOf<typeof getMarketIndex>['constituents'] = [
  ...EH500,
  {
    rank: 4,
    symbol: 'NVDA',
    name: NVIDIA.name,
    type: 'stock',
    sector: 'Technology',
    marketCap: NVIDIA.marketCap,
    score: 79.9,
    weight: null,
    addedDate: '2025-01-06',
  },
  {
    rank: 5,
    symbol: 'MSFT',
    name: MICROSOFT.name,
    type: 'stock',
    sector: 'Technology',
    marketCap: MICROSOFT.marketCap,
    score: 77.3,
    weight: null,
    addedDate: '2025-01-06',
  },
];

/** How many years of bars a symbol has: more than the chart's 5Y range, so All differs from 5Y. */
const BAR_YEARS = 7;

/**
 * A symbol's daily bars, oldest first: one a week (the same weekday as the last, the latest weekday up to
 * `end`), so that seven years stay a small answer: four years of bars a day (some 90 kB) reached the page as an
 * empty body in happy-dom. The close climbs a cent a day from `base`, so any range's move is its days in cents.
 */
export function dailyBars(base: number, end: IsoDate = today()): DailyBar[] {
  let last = end;
  while ([0, 6].includes(new Date(`${last}T12:00:00Z`).getUTCDay())) last = addDays(last, -1);
  const weeks = Math.floor((365 * BAR_YEARS) / 7);
  return Array.from({ length: weeks + 1 }, (_, i) => {
    const day = i * 7;
    const close = Math.round((base + day * 0.01) * 100) / 100;
    const date = addDays(last, day - weeks * 7);
    return { date, open: close - 0.5, high: close + 1, low: close - 1, close, volume: 1_000_000 + day };
  });
}

/** Each symbol's bars, at the price its quote ends the years on. */
const BASES: Readonly<Record<string, number>> = { AAPL: 120, MSFT: 250, NVDA: 40 };
export const barsOf = (symbol: string): DailyBar[] => dailyBars(BASES[symbol] ?? 100);

/** The bars GET /pricing/assets/:symbol/summaries answers for a window (default: the four years to today). */
export function barsBetween(symbol: string, start: IsoDate | null, end: IsoDate | null): DailyBar[] {
  const to = end ?? today();
  const from = start ?? addDays(to, -4 * 365);
  return barsOf(symbol).filter((bar) => bar.date >= from && bar.date <= to);
}

/** The last `days` sessions' bars at `interval` minutes, the last closing at the quote's price. */
function intradayBars(quote: Quote, days: number, interval: number): ResponseOf<typeof getIntradaySummaries>['bars'] {
  const perDay = Math.floor(390 / interval);
  const lastOpen = Date.parse('2026-02-06T14:30:00.000Z');
  const count = perDay * days;
  return Array.from({ length: count }, (_, i) => {
    const close = Math.round((quote.price - (count - 1 - i) * 0.01) * 100) / 100;
    const session = lastOpen - (days - 1 - Math.floor(i / perDay)) * 86_400_000;
    return {
      ts: new Date(session + (i % perDay) * interval * 60_000).toISOString(),
      session: 'regular' as const,
      interval,
      open: close,
      high: close + 0.05,
      low: close - 0.05,
      close,
      volume: 10_000,
    };
  });
}

/** Apple's news, newest first. */
export const NEWS: readonly NewsItem[] = [1, 2, 3].map((n) => ({
  id: 500 + n,
  slug: `apple-story-${n}`,
  title: `Apple story ${n}`,
  summary: null,
  url: null,
  imageUrl: null,
  author: null,
  newsType: 'article',
  tags: [],
  symbols: ['AAPL'],
  createdDate: `2026-02-0${6 - n}T14:00:00.000Z`,
  source: 'demo',
}));

/** Apple's short interest, newest first: a settlement every half month. */
export function shortInterest(): ShortInterest[] {
  return [0, 1, 2, 3].map((i) => ({
    settlementDate: addDays(today(), -5 - 15 * i),
    sharesShort: 118_700_000 - i * 2_000_000,
    previousSharesShort: 118_700_000 - (i + 1) * 2_000_000,
    changePercent: 1.7,
    daysToCover: 2.3,
    averageVolume: 51_000_000,
    percentOfFloat: 0.8,
    source: 'demo',
  }));
}

/** Apple's dividends, newest first: one declared and paid ahead, then quarterly ones paid before today. */
export function dividends(): Dividend[] {
  return [0, 1, 2, 3, 4].map((i) => {
    const exDate = addDays(today(), 10 - 91 * i);
    return {
      exDate,
      recordDate: addDays(exDate, 1),
      paymentDate: addDays(exDate, 4),
      declaredDate: addDays(exDate, -14),
      amount: 0.26,
      frequency: 4,
      source: 'demo',
    };
  });
}

/** Apple's SEC filings, newest first. */
export const FILINGS: readonly SecFiling[] = [
  ['sec_8k', '8-K', '8-K Current Report', '2026-01-29'],
  ['sec_10q', '10-Q', '10-Q Quarterly Report', '2026-01-30'],
  ['sec_10k', '10-K', '10-K Annual Report', '2025-10-31'],
].map(([type = '', form = '', label = '', filedDate = ''], i) => ({
  id: 30 - i,
  type,
  label,
  color: 'info',
  form,
  accessionNumber: `0000320193-26-00000${i}`,
  filedDate,
  periodOfReport: null,
  items: [],
  description: null,
  url: `https://www.sec.gov/Archives/edgar/data/320193/00003201932600000${i}/`,
  source: 'demo',
}));

/** Apple's events, newest first: the last call, and a dividend's ex-date. */
export const EVENTS: readonly CalendarEvent[] = [
  {
    id: 901,
    eventType: 'call',
    eventStatus: 'closed',
    eventDate: '2026-01-29T22:00:00.000Z',
    symbol: 'AAPL',
    name: 'Apple Inc.',
    title: 'Apple Q1 2026 earnings call',
    description: null,
    earningsId: 99,
    periodYear: 2026,
    period: 'Q1',
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
  },
  {
    id: 902,
    eventType: 'dividend_ex',
    eventStatus: 'closed',
    eventDate: '2025-11-10T14:30:00.000Z',
    symbol: 'AAPL',
    name: 'Apple Inc.',
    title: 'Apple ex-dividend',
    description: null,
    earningsId: null,
    periodYear: null,
    period: null,
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
  },
];

/** The community's trades of Apple, newest first. */
export const TRADES: readonly ResponseOf<typeof getAssetTransactions>['transactions'][number][] = [
  {
    id: 71,
    type: 'buy',
    quantity: 10,
    price: 231.5,
    amount: 2315,
    comment: 'Adding before the call',
    executedAt: '2026-01-27T15:00:00.000Z',
    user: { id: 'u-1', name: 'Dana', avatarUrl: null },
  },
];

/** The EH500's distribution of each metric, as GET /pricing/stats answers for the ranking. */
const DISTRIBUTIONS: Record<string, [number, number, number, number, number]> = {
  pe: [15.3, 22, 28.6, 34.1, 45],
  ps: [1.2, 2.5, 4.8, 7.9, 12.4],
  yoyEps: [-12.5, 1.8, 9.4, 19.7, 38.2],
  yoyRevenue: [-3.1, 2.2, 6.3, 11.8, 22.5],
};

/** What every page of the app asks besides its own content: flags, release notes, the server and the market. */
export function answerAppChrome(): void {
  network.use(
    // The phone-width app offer's store links (none listed, as the build ships them).
    http.get(`*${APP_LINKS_URL}`, () => HttpResponse.json({ appStore: null, googlePlay: null } satisfies AppLinks)),
    http.get(`*${paths.getFlags}`, () =>
      HttpResponse.json({ app: 'earningshub', platform: 'web', flags: {} } satisfies ResponseOf<typeof getFlags>),
    ),
    http.get(`*${paths.getReleaseNotes}`, () =>
      HttpResponse.json({ notes: [] } satisfies ResponseOf<typeof getReleaseNotes>),
    ),
    http.get(`*${paths.getAppInfo}`, () =>
      HttpResponse.json({
        name: 'earningshub',
        version: '0.0.0-test',
        mode: 'embedded',
        database: 'pglite',
        bus: 'memory',
        roles: ['api'],
        startedAt: '2026-02-06T12:00:00.000Z',
        marketData: { demo: true, providers: [] },
      } satisfies ResponseOf<typeof getAppInfo>),
    ),
    http.get(`*${paths.getMarketHistoryStatus}`, () =>
      HttpResponse.json({
        state: 'done',
        percent: 100,
        stepsDone: 1,
        stepsTotal: 1,
        current: null,
        message: null,
      } satisfies ResponseOf<typeof getMarketHistoryStatus>),
    ),
  );
}

/** The market as GET /pricing/stocks/market/status answers on a Friday evening: closed, opening on Monday. */
export const MARKET_STATUS: ResponseOf<typeof getMarketStatus> = {
  now: '2026-02-07T01:00:00.000Z',
  timeZone: 'America/New_York',
  status: 'closed',
  date: '2026-02-06',
  dayStatus: 'open',
  holiday: null,
  hours: null,
  nextOpen: '2026-02-09T14:30:00.000Z',
  nextClose: '2026-02-09T21:00:00.000Z',
};

/** A symbol the API knows, or its 404 answer. */
function known(symbol: unknown): AssetInfo | null {
  return ASSETS[String(symbol).toUpperCase()] ?? null;
}

const notFound = () => HttpResponse.json({ message: 'Asset not found', code: 'NOT_FOUND' }, { status: 404 });

/**
 * Answers every request of the symbol pages and the symbol modal for a caller with `features` (a visitor unless
 * told): Apple's whole record, its peers' quotes and bars with empty histories, and 404 for unknown symbols.
 */
export function answerSymbolPages(features: AccountFeatures = VISITOR): void {
  answerAppChrome();
  network.use(
    http.get(`*${paths.getAssetInfo}`, ({ params }) => {
      const asset = known(params.symbol);
      return asset ? HttpResponse.json(asset) : notFound();
    }),
    http.get(`*${paths.getQuote}`, ({ params }) => {
      const asset = known(params.symbol);
      return asset?.quote ? HttpResponse.json(asset.quote) : notFound();
    }),
    http.get(`*${paths.getQuotes}`, ({ request }) => {
      const symbols = (new URL(request.url).searchParams.get('stocks') ?? '').split(',').filter(Boolean);
      const quotes = symbols.flatMap((symbol) => known(symbol)?.quote ?? []);
      const missing = symbols
        .filter((symbol) => !known(symbol)?.quote)
        .map((symbol) => ({ type: 'stock' as const, symbol }));
      return HttpResponse.json({ quotes, missing } satisfies ResponseOf<typeof getQuotes>);
    }),
    http.get(`*${paths.getMarketStatus}`, () => HttpResponse.json(MARKET_STATUS)),
    http.get(`*${paths.getMetricStats}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') ?? 'pe';
      const [p10, p25, median, p75, p90] = DISTRIBUTIONS[type] ?? [0, 0, 0, 0, 0];
      return HttpResponse.json({
        date: '2026-02-06',
        target: EH500_RANKING,
        type: type as ResponseOf<typeof getMetricStats>['type'],
        count: 500,
        min: p10 - 10,
        max: p90 + 10,
        mean: median,
        stdDev: (p90 - p10) / 2.5,
        p10,
        p25,
        median,
        p75,
        p90,
        histogram: [],
      } satisfies ResponseOf<typeof getMetricStats>);
    }),
    http.get(`*${paths.getMarketIndex.replace(':id', EH500_INDEX_ID)}`, () => {
      const { items, gated } = trimScores(EH500_WITH_PEERS, features);
      return HttpResponse.json({
        id: EH500_INDEX_ID,
        name: EH500_NAME,
        description: null,
        ranking: EH500_RANKING,
        ranked: true,
        updatedAt: '2026-02-06T22:00:00.000Z',
        constituents: items,
        gated,
      } satisfies ResponseOf<typeof getMarketIndex>);
    }),
    http.get(`*${paths.getAssetNews}`, ({ params, request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      const news = params.symbol === 'AAPL' ? NEWS.slice(0, limit) : [];
      return HttpResponse.json({ news } satisfies ResponseOf<typeof getAssetNews>);
    }),
    http.get(`*${paths.getSymbolEarnings}`, ({ params }) => {
      const asset = known(params.symbol);
      if (!asset) return notFound();
      const all = asset.symbol === 'AAPL' ? appleEarnings(today()) : [];
      const { items, gated } = trimEarnings(
        all,
        features,
        symbolHistoryStart(
          all.map((row) => row.date),
          today(),
        ),
      );
      return HttpResponse.json({
        symbol: asset.symbol,
        name: asset.name,
        type: asset.type,
        timeZone: 'America/New_York',
        earnings: items,
        gated,
      } satisfies ResponseOf<typeof getSymbolEarnings>);
    }),
    // The moves after reports: the price move's premium data, withheld whole without it.
    http.get(`*${paths.getSymbolReactions}`, ({ params }) => {
      const asset = known(params.symbol);
      if (!asset) return notFound();
      const reports = asset.symbol === 'AAPL' ? appleEarnings(today()).length : 0;
      const gate = canUse(features, 'priceMove') ? [] : [{ feature: 'priceMove' as const, hidden: reports }];
      return HttpResponse.json({
        symbol: asset.symbol,
        name: asset.name,
        benchmark: REACTION_BENCHMARK_SYMBOL,
        reactions: [],
        stats: null,
        summary: null,
        expectedMove: null,
        gated: reports > 0 ? gate : [],
      } satisfies ResponseOf<typeof getSymbolReactions>);
    }),
    http.get(`*${paths.getAssetGuidance}`, ({ params }) => {
      const { gated } = trimWhole([{}], features, 'guidance');
      return HttpResponse.json({
        symbol: String(params.symbol),
        guidance: [],
        gated,
      } satisfies ResponseOf<typeof getAssetGuidance>);
    }),
    http.get(`*${paths.getAssetMetrics}`, ({ params }) => {
      const scored = canUse(features, 'ehs');
      const points = [0, 1, 2, 3].map((i) => ({
        date: addDays(today(), -7 * (3 - i)),
        overallScore: scored ? 80 + i * 0.5 : null,
        ps: 8.1,
        pe: 31.5,
        yoyEps: 12.4,
        yoyRevenue: 6.1,
      }));
      return HttpResponse.json({
        symbol: String(params.symbol),
        type: 'stock',
        start: points[0]?.date ?? today(),
        end: today(),
        points,
        gated: scored ? null : { feature: 'ehs', hidden: points.length },
      } satisfies ResponseOf<typeof getAssetMetrics>);
    }),
    http.get(`*${paths.getAssetRatings}`, ({ params }) => {
      const ratings = params.symbol === 'AAPL' ? RATINGS : [];
      const { items, gated } = trimWhole(ratings, features, 'analystRatings');
      const trend = params.symbol === 'AAPL' && canUse(features, 'analystRatings') ? [...TREND] : [];
      return HttpResponse.json({
        symbol: String(params.symbol),
        ratings: items,
        consensus: trend.at(-1) ?? null,
        trend,
        gated,
      } satisfies ResponseOf<typeof getAssetRatings>);
    }),
    http.get(`*${paths.getAssetShortInterests}`, ({ params }) => {
      const all = params.symbol === 'AAPL' ? shortInterest() : [];
      const { items, gated } = trimShortInterestHistory(all, features, all[0]?.settlementDate ?? null);
      return HttpResponse.json({
        symbol: String(params.symbol),
        type: 'stock',
        items,
        gated,
      } satisfies ResponseOf<typeof getAssetShortInterests>);
    }),
    http.get(`*${paths.getAssetDividends}`, ({ params }) => {
      const all = params.symbol === 'AAPL' ? dividends() : [];
      const latestPast = all.find((d) => d.exDate <= today())?.exDate ?? null;
      const { items, gated } = trimDividendHistory(all, features, latestPast);
      return HttpResponse.json({
        symbol: String(params.symbol),
        type: 'stock',
        items,
        gated,
      } satisfies ResponseOf<typeof getAssetDividends>);
    }),
    http.get(`*${paths.getAssetFiles}`, ({ params, request }) => {
      const types = (new URL(request.url).searchParams.get('types') ?? '').split(',');
      const filings = params.symbol === 'AAPL' ? FILINGS.filter((f) => types.includes(f.type)) : [];
      return HttpResponse.json({
        symbol: String(params.symbol),
        files: [],
        filings,
      } satisfies ResponseOf<typeof getAssetFiles>);
    }),
    http.get(`*${paths.getSymbolEvents}`, ({ params }) =>
      HttpResponse.json({
        symbol: String(params.symbol),
        events: params.symbol === 'AAPL' ? [...EVENTS] : [],
        hasMore: false,
        gated: [],
      } satisfies ResponseOf<typeof getSymbolEvents>),
    ),
    http.get(`*${paths.getAssetTransactions}`, ({ params }) =>
      HttpResponse.json({
        symbol: String(params.symbol),
        type: 'stock',
        transactions: params.symbol === 'AAPL' ? [...TRADES] : [],
      } satisfies ResponseOf<typeof getAssetTransactions>),
    ),
    http.get(`*${paths.getSummaries}`, ({ params, request }) => {
      const asset = known(params.symbol);
      if (!asset) return notFound();
      const query = new URL(request.url).searchParams;
      const end = (query.get('end') as IsoDate | null) ?? today();
      const start = (query.get('start') as IsoDate | null) ?? addDays(end, -4 * 365);
      const all = asset.symbol === 'AAPL' ? dividends() : [];
      const latestPast = all.find((d) => d.exDate <= today())?.exDate ?? null;
      const { items, gated } = trimDividendHistory(all, features, latestPast);
      return HttpResponse.json({
        symbol: asset.symbol,
        type: asset.type,
        start,
        end,
        bars: barsBetween(asset.symbol, start, end),
        dividends: items,
        splits: [],
        gated,
      } satisfies ResponseOf<typeof getSummaries>);
    }),
    http.get(`*${paths.getIntradaySummaries}`, ({ params, request }) => {
      const asset = known(params.symbol);
      if (!asset?.quote) return notFound();
      const query = new URL(request.url).searchParams;
      const interval = Number(query.get('interval') ?? 5);
      const bars = intradayBars(asset.quote, Number(query.get('days') ?? 1), interval);
      return HttpResponse.json({
        symbol: asset.symbol,
        type: asset.type,
        interval,
        dates: [...new Set(bars.map((bar) => bar.ts.slice(0, 10)))],
        bars,
      } satisfies ResponseOf<typeof getIntradaySummaries>);
    }),
  );
}
