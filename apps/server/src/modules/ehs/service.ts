/**
 * Computes the SPEC §3 metrics and EHS for every stock with history, and maintains EH500 (docs/ehs.md). The
 * rules are pure (`@eh/domain` ehs.ts); this file gathers the stored inputs, replays them date by date without
 * look-ahead (the close of each date, the results public by then), and writes the results set-based.
 */
import { setImmediate } from 'node:timers/promises';
import type { Database } from '@eh/db';
import {
  addDays,
  capWeights,
  closeInstant,
  computeMetricsFor,
  type EarningsReport,
  EH500_DESCRIPTION,
  EH500_INDEX_ID,
  EH500_NAME,
  EH500_RANKING,
  EHS_HISTORY_WEEKS,
  EHS_MAX_PRICE_AGE_DAYS,
  EHS_MAX_REPORT_AGE_DAYS,
  earningsPublishedAt,
  ehsIneligibility,
  type IndexCandidate,
  type IsoDate,
  indexCanStart,
  isIsoDate,
  latestRebalanceDate,
  membersAfter,
  nyDate,
  rebalance,
  rebalanceDates,
  rebalanceSelectionDate,
  roundTo,
  type ScoredStock,
  type StockMetrics,
  scoreUniverse,
  selectIndex,
  tradingDayOnOrBefore,
  weeklyHistoryDates,
} from '@eh/domain';
import * as queries from './queries.ts';

export interface RefreshParams {
  /** The run's instant: the latest point uses the quote and the results public by then. */
  asOf: Date;
  /** First date of the history to (re)compute; default {@link EHS_HISTORY_WEEKS} weeks before `asOf`. */
  from?: IsoDate;
}

export interface RefreshResult {
  /** Dates computed (weekly points, rebalance selection dates and the latest day). */
  points: number;
  /** Metrics rows produced (stock × date with at least one metric). */
  metricsRows: number;
  /** Of those, rows inserted or changed (a re-run over unchanged data writes none). */
  metricsWritten: number;
  /** Rows deleted because this run no longer produces them. */
  metricsDeleted: number;
  /** Stocks scored on the latest day. */
  scoredLatest: number;
  /** Rebalances (re)computed. */
  rebalances: number;
  /** EH500 members now. */
  members: number;
  /** The latest day computed. */
  latestDate: IsoDate;
  /** Time spent reading, computing and writing, ms. */
  timings: { load: number; compute: number; write: number };
}

interface Stock {
  row: queries.StockRow;
  shares: number | null;
  reports: EarningsReport[];
}

interface PointResult {
  metrics: StockMetrics;
  scored: ScoredStock | null;
}

/** Earnings far enough back for the first point's trailing year, year-ago quarter and staleness check. */
const EARNINGS_LOOKBACK_DAYS = EHS_MAX_REPORT_AGE_DAYS + 2 * 366;

export async function refreshMetricsAndIndexes(db: Database, params: RefreshParams): Promise<RefreshResult> {
  const started = performance.now();
  const asOfMs = params.asOf.getTime();
  if (!Number.isFinite(asOfMs)) throw new RangeError('asOf is not a valid date');
  if (params.from !== undefined && !isIsoDate(params.from)) throw new RangeError(`from '${params.from}' is not a date`);
  const latest = tradingDayOnOrBefore(nyDate(params.asOf));
  const from = params.from ?? addDays(latest, -7 * EHS_HISTORY_WEEKS);

  // The current quarter's rebalance is always recomputed, so a first run with a short window still has members.
  const rebalanceSet = [...new Set([latestRebalanceDate(latest), ...rebalanceDates(from, latest)])].sort();
  const points = [
    ...new Set([...weeklyHistoryDates(from, latest), ...rebalanceSet.map(rebalanceSelectionDate), latest]),
  ].sort();
  const firstPoint = points[0] ?? latest;

  const stockRows = (await queries.loadStocks(db)).filter((row) => row.active);
  const earningsRows = await queries.loadEarnings(db, {
    from: addDays(firstPoint, -EARNINGS_LOOKBACK_DAYS),
    to: latest,
  });
  const closes = await queries.loadCloses(db, {
    assetIds: stockRows.map((row) => row.id),
    points,
    maxAgeDays: EHS_MAX_PRICE_AGE_DAYS,
  });
  const stored = await queries.loadRebalances(db, EH500_INDEX_ID);
  const loaded = performance.now();

  const stocks = new Map<number, Stock>();
  for (const row of stockRows) {
    // Share counts are current only: the latest count applies to every date (docs/ehs.md, limitations).
    const derived =
      row.marketCap !== null && row.quotePrice !== null && row.quotePrice > 0 ? row.marketCap / row.quotePrice : null;
    stocks.set(row.id, { row, shares: row.sharesOutstanding ?? derived, reports: [] });
  }
  for (const e of earningsRows) {
    stocks.get(e.assetId)?.reports.push({
      periodYear: e.periodYear,
      period: e.period,
      publishedAt: earningsPublishedAt(e.date, e.time, e.session),
      epsActual: e.epsActual,
      revenueActual: e.revenueActual,
      epsPriorYear: e.epsPriorYear,
      revenuePriorYear: e.revenuePriorYear,
    });
  }
  const closesByPoint = new Map<IsoDate, Map<number, queries.CloseRow>>();
  for (const c of closes) {
    const byAsset = closesByPoint.get(c.point) ?? new Map<number, queries.CloseRow>();
    byAsset.set(c.assetId, c);
    closesByPoint.set(c.point, byAsset);
  }

  const byPoint = new Map<IsoDate, Map<number, PointResult>>();
  const rows: queries.MetricsRow[] = [];
  for (const point of points) {
    // A turn of the event loop between points: the whole computation is a second of this thread on a full market.
    await setImmediate();
    const isLatest = point === latest;
    const knownAt = isLatest ? asOfMs : Math.min(closeInstant(point), asOfMs);
    const closeOf = closesByPoint.get(point);
    const results = new Map<number, PointResult>();
    const eligible: { id: number; sector: string | null; metrics: StockMetrics }[] = [];
    for (const [id, stock] of stocks) {
      const close = closeOf?.get(id);
      const price = isLatest ? latestPrice(stock.row, close, asOfMs) : close?.close;
      const metrics = computeMetricsFor({
        price: price ?? null,
        sharesOutstanding: stock.shares,
        reports: stock.reports,
        knownAt,
      });
      results.set(id, { metrics, scored: null });
      const reason = ehsIneligibility({
        type: 'stock',
        active: stock.row.active,
        date: point,
        firstTradeDate: stock.row.firstTradeDate,
        metrics,
      });
      if (reason === null) eligible.push({ id, sector: stock.row.sector, metrics });
    }
    const scored = scoreUniverse(eligible);
    eligible.forEach((stock, i) => {
      const result = results.get(stock.id);
      if (result) result.scored = scored[i] ?? null;
    });
    for (const [id, { metrics, scored: score }] of results) {
      if (metrics.ps === null && metrics.pe === null && metrics.yoyEps === null && metrics.yoyRevenue === null)
        continue;
      rows.push({
        assetId: id,
        date: point,
        ps: metrics.ps,
        pe: metrics.pe,
        yoyEps: metrics.yoyEps,
        yoyRevenue: metrics.yoyRevenue,
        overallScore: score?.overallScore ?? null,
        components: {
          psScore: score?.components.ps ?? null,
          peScore: score?.components.pe ?? null,
          yoyEpsScore: score?.components.yoyEps ?? null,
          yoyRevenueScore: score?.components.yoyRevenue ?? null,
          marketCap: metrics.marketCap === null ? null : Math.round(metrics.marketCap),
          ttmRevenue: metrics.ttmRevenue === null ? null : Math.round(metrics.ttmRevenue),
          ttmEps: metrics.ttmEps === null ? null : roundTo(metrics.ttmEps, 4),
        },
      });
    }
    byPoint.set(point, results);
  }

  const latestResults = byPoint.get(latest) ?? new Map<number, PointResult>();
  const scoredLatest = [...latestResults.values()].filter((r) => r.scored?.overallScore != null).length;

  // EH500: replay the stored rebalances before the first recomputed one, then chain ours.
  const firstRebalance = rebalanceSet[0] ?? latest;
  const history = stored.filter((r) => r.date < firstRebalance);
  let members = membersAfter(history);
  const computed: queries.StoredRebalance[] = [];
  for (const date of rebalanceSet) {
    const selection = byPoint.get(rebalanceSelectionDate(date));
    const candidates: IndexCandidate[] = [];
    for (const [id, result] of selection ?? []) {
      const score = result.scored?.overallScore;
      const marketCap = result.metrics.marketCap;
      const stock = stocks.get(id);
      if (score === null || score === undefined || marketCap === null || !stock) continue;
      candidates.push({ symbol: stock.row.symbol, score, marketCap });
    }
    if (members.size === 0 && !indexCanStart(candidates.length, scoredLatest)) continue;
    const next = selectIndex(candidates, members).map((c) => c.symbol);
    computed.push({ date, ...rebalance(members, next) });
    members = new Set(next);
  }
  const addedDate = new Map<string, IsoDate>();
  for (const r of [...history, ...computed]) for (const symbol of r.added) addedDate.set(symbol, r.date);

  const idOf = new Map([...stocks.values()].map((stock) => [stock.row.symbol, stock.row.id]));
  const current = [...members]
    .map((symbol) => {
      const id = idOf.get(symbol);
      const result = id === undefined ? undefined : latestResults.get(id);
      return {
        symbol,
        id,
        score: result?.scored?.overallScore ?? null,
        marketCap: result?.metrics.marketCap ?? null,
      };
    })
    .filter((m): m is typeof m & { id: number } => m.id !== undefined)
    .sort(
      (a, b) =>
        (b.score ?? -1) - (a.score ?? -1) ||
        (b.marketCap ?? -1) - (a.marketCap ?? -1) ||
        (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
    );
  const weights = capWeights(current.map((m) => m.marketCap));
  const constituents: queries.ConstituentRow[] = current.map((m, i) => ({
    assetId: m.id,
    rank: i + 1,
    score: m.score,
    weight: weights[i] ?? null,
    addedDate: addedDate.get(m.symbol) ?? firstRebalance,
  }));
  const computedAt = performance.now();

  // Metrics rows stand alone (one stock on one date), so they are written a chunk at a time, each committed on its
  // own: one transaction over every row held the embedded database for seconds, and each page read with it. The
  // index, whose rebalances and members must agree, changes in one short transaction after.
  const written = await queries.writeMetrics(db, { dates: points, rows });
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await queries.upsertIndex(t, {
      id: EH500_INDEX_ID,
      name: EH500_NAME,
      description: EH500_DESCRIPTION,
      ranking: EH500_RANKING,
    });
    await queries.writeRebalances(t, { indexId: EH500_INDEX_ID, rebalances: computed });
    await queries.replaceConstituents(t, { indexId: EH500_INDEX_ID, members: constituents });
  });
  const done = performance.now();

  return {
    points: points.length,
    metricsRows: rows.length,
    metricsWritten: written.written,
    metricsDeleted: written.deleted,
    scoredLatest,
    rebalances: computed.length,
    members: constituents.length,
    latestDate: latest,
    timings: {
      load: Math.round(loaded - started),
      compute: Math.round(computedAt - loaded),
      write: Math.round(done - computedAt),
    },
  };
}

/**
 * Today's price: the quote when it was struck by `asOf`, at most {@link EHS_MAX_PRICE_AGE_DAYS} old and not older
 * than the last close; otherwise that close.
 */
function latestPrice(row: queries.StockRow, close: queries.CloseRow | undefined, asOfMs: number): number | undefined {
  const { quotePrice, quotedAt } = row;
  if (quotePrice !== null && quotedAt !== null && quotePrice > 0 && quotedAt <= asOfMs) {
    const quoteDate = nyDate(quotedAt);
    const fresh = quoteDate >= addDays(nyDate(asOfMs), -EHS_MAX_PRICE_AGE_DAYS);
    if (fresh && (close === undefined || quoteDate >= close.date)) return quotePrice;
  }
  return close?.close;
}
