/**
 * Apple as the API answers the quote page's tests: the whole record the server holds, and each caller's answer
 * trimmed by the domain's own plan gates (`trimEarnings`, `trimWhole`, `trimScores`), as the server's services
 * trim it (modules/earnings, files, market-index). A visitor has the free features (kernel `featuresOf`); a pro
 * member those of the pro plan.
 */
import type {
  AnalystConsensus,
  AnalystRating,
  AssetInfo,
  getAssetRatings,
  getMarketIndex,
  getSymbolEarnings,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type AccountFeatures,
  addDays,
  canUse,
  EH500_INDEX_ID,
  EH500_NAME,
  EH500_RANKING,
  type FiscalPeriod,
  FREE_ACCOUNT_FEATURES,
  type IsoDate,
  nyDate,
  PRO_PLAN,
  symbolHistoryStart,
  trimEarnings,
  trimScores,
  trimWhole,
} from '@eh/domain';
import { HttpResponse, http } from 'msw';
import type { SymbolEarningsRow } from '../../shared/market/market-api.ts';
import { accountOn } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';

/** What a signed-out visitor's plan unlocks: the free features. */
export const VISITOR: AccountFeatures = FREE_ACCOUNT_FEATURES;
/** What a pro member's plan unlocks. */
export const PRO_MEMBER: AccountFeatures = accountOn(PRO_PLAN).accountFeatures;

/** Apple's price in the quote the page hands its tabs. */
export const APPLE_PRICE = 248.9;

/** Apple's asset (profile and latest quote), as GET /pricing/assets/AAPL/info answers it. */
export const APPLE: AssetInfo = {
  symbol: 'AAPL',
  symbolUpper: 'AAPL',
  name: 'Apple Inc.',
  type: 'stock',
  exchange: 'NASDAQ',
  cik: '0000320193',
  sector: 'Technology',
  industry: 'Consumer Electronics',
  country: 'US',
  currency: 'USD',
  description: null,
  website: null,
  fiscalYearEndMonth: 9,
  sharesOutstanding: 14_840_000_000,
  marketCap: 14_840_000_000 * APPLE_PRICE,
  popularity: 100,
  active: true,
  source: 'demo',
  fiftyTwoWeekHigh: 260.1,
  fiftyTwoWeekLow: 169.21,
  quote: {
    symbol: 'AAPL',
    type: 'stock',
    name: 'Apple Inc.',
    price: APPLE_PRICE,
    prevClose: 246.75,
    open: 247.1,
    lowPrice: 246.3,
    highPrice: 249.8,
    volume: 41_200_000,
    change: 2.15,
    changePercent: 0.8713,
    quotedAt: '2026-02-06T21:00:00.000Z',
    source: 'demo',
    extended: null,
  },
};

/** One quarter of Apple's: [period, fiscal year, EPS estimate, EPS, revenue estimate, revenue, price move %]. */
type Quarter = [FiscalPeriod, number, number, number | null, number, number | null, number | null];

/** Newest first: the next report (not out yet), then eight reported quarters, one every 91 days before it. */
const QUARTERS: readonly Quarter[] = [
  ['Q2', 2026, 1.62, null, 9.41e10, null, null],
  ['Q1', 2026, 2.67, 2.84, 1.384e11, 1.438e11, 2.4],
  ['Q4', 2025, 1.77, 1.85, 1.021e11, 1.0247e11, -0.4],
  ['Q3', 2025, 1.43, 1.57, 8.93e10, 9.404e10, 1.9],
  ['Q2', 2025, 1.63, 1.65, 9.46e10, 9.536e10, -3.7],
  ['Q1', 2025, 2.35, 2.4, 1.2412e11, 1.243e11, -0.7],
  ['Q4', 2024, 1.6, 1.64, 9.45e10, 9.493e10, -1.3],
  ['Q3', 2024, 1.35, 1.4, 8.42e10, 8.578e10, 2.2],
  ['Q2', 2024, 1.5, 1.53, 9.03e10, 9.075e10, 6],
];

/** Apple's whole earnings record on `today` (New York), newest first: the next report is 20 days away. */
export function appleEarnings(today: IsoDate): SymbolEarningsRow[] {
  return QUARTERS.map(([period, periodYear, epsEstimate, epsActual, revenueEstimate, revenueActual, move], i) => {
    const date = addDays(today, 20 - 91 * i);
    const yearBefore = QUARTERS[i + 4];
    const surprise = (actual: number | null, estimate: number) => (actual === null ? null : actual - estimate);
    const percent = (actual: number | null, estimate: number) =>
      actual === null ? null : ((actual - estimate) / estimate) * 100;
    return {
      id: 100 - i,
      symbol: 'AAPL',
      name: 'Apple Inc.',
      type: 'stock',
      exchange: 'NASDAQ',
      sector: 'Technology',
      marketCap: APPLE.marketCap,
      popularity: 100,
      periodYear,
      period,
      periodEnd: null,
      date,
      time: '16:30',
      timeZone: 'America/New_York',
      session: 'after',
      dateStatus: epsActual === null ? 'estimated' : 'confirmed',
      dateSource: 'demo',
      epsEstimate,
      epsActual,
      epsSurprise: surprise(epsActual, epsEstimate),
      epsSurprisePercent: percent(epsActual, epsEstimate),
      epsPriorYear: yearBefore?.[3] ?? null,
      yoyPercentChangeEPS: null,
      revenueEstimate,
      revenueActual,
      revenueSurprise: surprise(revenueActual, revenueEstimate),
      revenueSurprisePercent: percent(revenueActual, revenueEstimate),
      revenuePriorYear: yearBefore?.[5] ?? null,
      yoyPercentChangeRevenue: null,
      estimateCount: 28,
      reportedAt: epsActual === null ? null : `${date}T20:30:00.000Z`,
      priceMovePercent: move,
      source: 'demo',
      dateChanges: [],
    };
  });
}

/** Answers GET /pricing/assets/AAPL/earnings as the server does for a caller with `features` (earnings service). */
export function answerEarnings(features: AccountFeatures): void {
  network.use(
    http.get(`*${paths.getSymbolEarnings.replace(':symbol', 'AAPL')}`, () => {
      const today = nyDate(Date.now());
      const all = appleEarnings(today);
      const historyStart = symbolHistoryStart(
        all.map((row) => row.date),
        today,
      );
      const { items, gated } = trimEarnings(all, features, historyStart);
      return HttpResponse.json({
        symbol: 'AAPL',
        name: 'Apple Inc.',
        type: 'stock',
        timeZone: 'America/New_York',
        earnings: items,
        gated,
      } satisfies ResponseOf<typeof getSymbolEarnings>);
    }),
  );
}

type Constituent = ResponseOf<typeof getMarketIndex>['constituents'][number];
const constituent = (rank: number, symbol: string, name: string, sector: string, score: number): Constituent => ({
  rank,
  symbol,
  name,
  type: 'stock',
  sector,
  marketCap: null,
  score,
  weight: null,
  addedDate: '2025-01-06',
});

/** The EH500 by rank (a slice of it): Apple third, with its EHS. */
export const EH500: readonly Constituent[] = [
  constituent(1, 'JPM', 'JPMorgan Chase & Co.', 'Financials', 91.2),
  constituent(2, 'LLY', 'Eli Lilly and Company', 'Health Care', 88),
  constituent(3, 'AAPL', 'Apple Inc.', 'Technology', 81.4),
];

/** Answers GET /pricing/indexes/eh500 as the server does for a caller with `features` (market-index service). */
export function answerEh500(features: AccountFeatures): void {
  network.use(
    http.get(`*${paths.getMarketIndex.replace(':id', EH500_INDEX_ID)}`, () => {
      const { items, gated } = trimScores(EH500, features);
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
  );
}

const rating = (
  date: IsoDate,
  firm: string,
  action: string,
  fromGrade: string | null,
  toGrade: string,
  priceTarget: number,
  priorPriceTarget: number | null,
): AnalystRating => ({
  date,
  firm,
  analyst: null,
  action,
  fromGrade,
  toGrade,
  priceTarget,
  priorPriceTarget,
  source: 'demo',
});

/** Apple's analyst ratings, newest first. */
export const RATINGS: readonly AnalystRating[] = [
  rating('2026-01-30', 'Morgan Stanley', 'maintain', 'Overweight', 'Overweight', 275, 270),
  rating('2026-01-30', 'Goldman Sachs', 'maintain', 'Buy', 'Buy', 280, 279),
  rating('2026-01-12', 'Barclays', 'upgrade', 'Underweight', 'Equal Weight', 230, 200),
  rating('2025-12-04', 'Jefferies', 'downgrade', 'Buy', 'Hold', 240, 255),
  rating('2025-10-31', 'Bernstein', 'initiate', null, 'Outperform', 290, null),
];

const month = (
  date: IsoDate,
  strongBuy: number,
  buy: number,
  hold: number,
  sell: number,
  strongSell: number,
): AnalystConsensus => ({ month: date, strongBuy, buy, hold, sell, strongSell });

/** Apple's monthly consensus, oldest first: the six newest months on record (RATINGS_TREND_MONTHS). */
export const TREND: readonly AnalystConsensus[] = [
  month('2025-09-01', 12, 21, 14, 2, 1),
  month('2025-10-01', 13, 21, 13, 2, 1),
  month('2025-11-01', 13, 22, 12, 2, 1),
  month('2025-12-01', 12, 21, 14, 2, 1),
  month('2026-01-01', 13, 22, 13, 1, 1),
  month('2026-02-01', 14, 23, 12, 1, 0),
];

/** Answers GET /pricing/assets/AAPL/ratings as the server does for a caller with `features` (files service). */
export function answerRatings(features: AccountFeatures): void {
  network.use(
    http.get(`*${paths.getAssetRatings.replace(':symbol', 'AAPL')}`, () => {
      const { items, gated } = trimWhole(RATINGS, features, 'analystRatings');
      // The consensus goes with the feature, as the server withholds it.
      const trend = canUse(features, 'analystRatings') ? [...TREND] : [];
      return HttpResponse.json({
        symbol: 'AAPL',
        ratings: items,
        consensus: trend.at(-1) ?? null,
        trend,
        gated,
      } satisfies ResponseOf<typeof getAssetRatings>);
    }),
  );
}
