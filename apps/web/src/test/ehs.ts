/**
 * The EHS pages' answers as component tests see them: the EH500 and its rebalances, the distribution of a metric
 * over the index, and a company's weekly score, each in its contract's shape. Each caller's answer is trimmed by the
 * domain's own plan gate (`trimScores`), as the market-index and ehs services trim it: without the pro ehs feature
 * the ranks and weights stay and the scores are blanked, with a marker saying how many.
 */
import {
  EH500_NOT_RANKED_ANSWER,
  type getAssetMetrics,
  type getIndexRebalances,
  type getMarketIndex,
  type getMetricStats,
  type ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type AccountFeatures,
  addDays,
  EH500_INDEX_ID,
  EH500_NAME,
  EH500_RANKING,
  type IsoDate,
  type Metric,
  trimScores,
  weeklyHistoryDates,
} from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { network } from './network.ts';

export type Constituent = ResponseOf<typeof getMarketIndex>['constituents'][number];
export type Rebalance = ResponseOf<typeof getIndexRebalances>['rebalances'][number];
export type MetricStats = ResponseOf<typeof getMetricStats>;
export type MetricPoint = ResponseOf<typeof getAssetMetrics>['points'][number];

const SECTORS = ['Technology', 'Health Care', 'Financials', 'Energy', 'Industrials', 'Utilities'] as const;

/** Two letters for 0…675: steps of 37 (prime to 26²) visit every pair once, in an order unlike the ranks'. */
function ticker(index: number): string {
  const n = (index * 37) % 676;
  return String.fromCharCode(65 + Math.floor(n / 26), 65 + (n % 26));
}

/**
 * `count` members of the EH500 by rank (at most 676). Ranked by score, so neither their symbols nor their market
 * caps follow the ranks; every ninth has no market cap and every seventh no sector, as a member whose figures are
 * not in yet.
 */
export function eh500Members(count: number): Constituent[] {
  return Array.from({ length: count }, (_, i) => i + 1).map((rank) => ({
    rank,
    symbol: `${ticker(rank)}X`,
    name: `${ticker(rank)} Holdings Inc.`,
    type: 'stock' as const,
    sector: rank % 7 === 0 ? null : (SECTORS[rank % SECTORS.length] ?? null),
    // 53 is prime to 97: every member below the 97th gets its own cap, none in rank order.
    marketCap: rank % 9 === 0 ? null : ((rank * 53) % 97) * 2.5e9 + 1e9,
    score: Math.round((95 - rank * 0.4) * 10) / 10,
    weight: (2 * (count + 1 - rank)) / (count * (count + 1)),
    addedDate: addDays('2025-01-06', -7 * (rank % 40)),
  }));
}

/** Answers GET /pricing/indexes/eh500 as the market-index service does for a caller with `features`. */
export function answerEh500(members: readonly Constituent[], features: AccountFeatures): void {
  network.use(
    http.get(`*${paths.getMarketIndex.replace(':id', EH500_INDEX_ID)}`, () => {
      const { items, gated } = trimScores(members, features);
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

/** Answers GET /pricing/indexes/eh500 once as the server does before the index's first ranking: no members yet. */
export function answerEh500NotRanked(): void {
  network.use(
    http.get(
      `*${paths.getMarketIndex.replace(':id', EH500_INDEX_ID)}`,
      () => HttpResponse.json(EH500_NOT_RANKED_ANSWER),
      {
        once: true,
      },
    ),
  );
}

/** Answers GET /pricing/indexes/eh500/rebalances with `rebalances` (newest first), cut to the asked limit. */
export function answerRebalances(rebalances: readonly Rebalance[]): void {
  network.use(
    http.get(`*${paths.getIndexRebalances.replace(':id', EH500_INDEX_ID)}`, ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? rebalances.length);
      return HttpResponse.json({
        id: EH500_INDEX_ID,
        rebalances: rebalances.slice(0, limit),
      } satisfies ResponseOf<typeof getIndexRebalances>);
    }),
  );
}

/**
 * A metric's distribution over the EH500 on `date`: `count` companies spread over ten bins from `min` to `max`
 * (counts rising then falling), the percentiles at the tenth, quarter, half… of the range.
 */
export function metricStats(type: Metric, count: number, min: number, max: number, date: IsoDate): MetricStats {
  const step = (max - min) / 10;
  const weights = [1, 2, 4, 7, 9, 9, 7, 4, 2, 1];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((weight * count) / total));
  counts[4] = (counts[4] ?? 0) + count - counts.reduce((sum, n) => sum + n, 0);
  const at = (share: number) => Math.round((min + (max - min) * share) * 100) / 100;
  return {
    date,
    target: EH500_RANKING,
    type,
    count,
    min,
    max,
    mean: at(0.5),
    stdDev: step * 2,
    p10: at(0.1),
    p25: at(0.25),
    median: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    histogram: counts.map((n, i) => ({ from: min + step * i, to: min + step * (i + 1), count: n })),
  };
}

/** Answers GET /pricing/stats with the distribution of the asked metric; `asked` notes each metric asked for. */
export function answerMetricStats(stats: Partial<Record<Metric, MetricStats>>): Metric[] {
  const asked: Metric[] = [];
  network.use(
    http.get(`*${paths.getMetricStats}`, ({ request }) => {
      const type = (new URL(request.url).searchParams.get('type') ?? 'overallScore') as Metric;
      asked.push(type);
      const found = stats[type];
      return found
        ? HttpResponse.json(found satisfies MetricStats)
        : HttpResponse.json({ message: `No figures for ${type}`, code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return asked;
}

/**
 * A company's weekly metrics (the last trading day of each week) from `first` to `last`, oldest first: the score
 * drifts up and down around 60, the four parts beside it.
 */
export function weeklyMetrics(first: IsoDate, last: IsoDate): MetricPoint[] {
  return weeklyHistoryDates(first, last).map((date, i) => ({
    date,
    overallScore: Math.round((60 + 18 * Math.sin(i / 7)) * 10) / 10,
    ps: 7 + (i % 5) / 10,
    pe: 28 + (i % 9) / 10,
    yoyEps: 9 + (i % 4),
    yoyRevenue: 5 + (i % 3),
  }));
}

/** Answers GET /pricing/assets/{symbol}/metrics as the ehs service does for a caller with `features`. */
export function answerAssetMetrics(symbol: string, points: readonly MetricPoint[], features: AccountFeatures): void {
  network.use(
    http.get(`*${paths.getAssetMetrics.replace(':symbol', symbol)}`, () => {
      const trimmed = trimScores(
        points.map(({ overallScore, ...rest }) => ({ ...rest, score: overallScore })),
        features,
      );
      return HttpResponse.json({
        symbol,
        type: 'stock',
        start: points[0]?.date ?? '2026-02-06',
        end: points.at(-1)?.date ?? '2026-02-06',
        points: trimmed.items.map(({ score, ...rest }) => ({ ...rest, overallScore: score })),
        gated: trimmed.gated,
      } satisfies ResponseOf<typeof getAssetMetrics>);
    }),
  );
}
