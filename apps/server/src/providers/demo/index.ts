/**
 * The demo market provider: a deterministic, embedded market of real companies, crypto assets, OTC
 * names and indexes, generated from a seed. Output is a pure function of (seed, now): the same inputs give the
 * same records, and history does not depend on `now` (a later `now` only adds what happened since, confirms dates
 * that were estimates, and moves the intraday session). See README.md in this folder.
 */
import { setImmediate } from 'node:timers/promises';
import { DEMO_SOURCE, formatDividend, MS_PER_DAY } from '@eh/domain';
import {
  type AssetKey,
  DATASETS,
  type Dataset,
  type DatasetRecords,
  type EventRecord,
  type FetchParams,
  type MarketDataProvider,
  type NewsRecord,
  type ProviderEnv,
  type ProviderFactory,
} from '../types.ts';
import { type Coverage, coverageOf, ratingRecords, trendRecords } from './analysts.ts';
import { dividendRecord, dividendsOf, splitsOf } from './dividends.ts';
import type { Quarter } from './earnings.ts';
import { Economy } from './economy.ts';
import { callEventId, callStart, filesOf, followedRank, TRANSCRIPT_COMPANIES } from './files.ts';
import { filingsOf } from './filings.ts';
import { intradayRecords, liveState } from './live.ts';
import { dividendNews, earningsNews, economyNews, guidanceNews, marketWrap, ratingNews } from './news.ts';
import type { DailySeries } from './prices.ts';
import { shortInterestOf } from './short-interest.ts';
import { assetKey, assetRecordOf, type DemoAsset } from './universe.ts';
import { DEFAULT_DEMO_SEED, DemoWorld, SIMULATION_START } from './world.ts';

/** Records per yielded batch (each batch is one transaction for the writer). */
export const DEMO_BATCH_SIZE = 5000;
/** Longest stretch of generating before the thread is let go for a turn of the event loop. */
const GENERATION_SLICE_MS = 10;
/** Years of SEC filings. */
const FILING_YEARS = 2;
/** Days ahead of now that scheduled events (calls, dividends, economic releases, IPOs) reach. */
const EVENTS_AHEAD_DAYS = 120;

export interface DemoProviderOptions extends ProviderEnv {
  /** Changes every random draw; the universe stays the same. */
  seed?: number;
}

/** Close-to-close move around a report in percent, once the reaction day has closed (`closedBy`). */
function percentMove(series: DailySeries, base: number, reaction: number, closedBy: number): number | null {
  const baseIndex = series.days.indexOf(base);
  const reactionIndex = series.days.indexOf(reaction);
  if (baseIndex < 0 || reactionIndex < 0 || reaction > closedBy) return null;
  const before = series.close[baseIndex] ?? 0;
  const after = series.close[reactionIndex] ?? 0;
  return before > 0 ? Math.round((after / before - 1) * 10_000) / 100 : null;
}

/** The opening gap of the reaction day in percent: what the market says first (known from 09:30). */
function openingGap(series: DailySeries, base: number, reaction: number): number | null {
  const baseIndex = series.days.indexOf(base);
  const reactionIndex = series.days.indexOf(reaction);
  if (baseIndex < 0 || reactionIndex < 0) return null;
  const before = series.close[baseIndex] ?? 0;
  return before > 0 ? ((series.open[reactionIndex] ?? 0) / before - 1) * 100 : null;
}

/**
 * The New York day of a generated instant. No generated time falls between midnight and 01:00 New York time, so
 * subtracting the winter offset (five hours) gives the right day in summer too, without a time-zone lookup.
 */
function newYorkDay(instant: Date): number {
  return Math.floor((instant.getTime() - 5 * 3_600_000) / MS_PER_DAY);
}

class Batcher<T> {
  #items: T[] = [];
  push(...items: T[]): void {
    for (const value of items) this.#items.push(value);
  }
  get full(): boolean {
    return this.#items.length >= DEMO_BATCH_SIZE;
  }
  /** The next full batch, or everything left. */
  take(): T[] {
    const items = this.#items.slice(0, DEMO_BATCH_SIZE);
    this.#items = this.#items.slice(DEMO_BATCH_SIZE);
    return items;
  }
}

export class DemoMarket implements MarketDataProvider {
  readonly name = DEMO_SOURCE;
  readonly datasets = DATASETS;
  readonly batchSize = 1000;
  readonly rateLimitPerSecond = 1000;
  readonly world: DemoWorld;
  #rank: ReadonlyMap<number, number> | undefined;
  /** Analyst coverage per asset (ratings, trends and rating news share it). */
  readonly #coverage = new Map<number, Coverage>();

  constructor(options: DemoProviderOptions) {
    this.world = new DemoWorld(options.seed ?? DEFAULT_DEMO_SEED, options.now ?? new Date());
  }

  canHandle(asset: AssetKey): boolean {
    return this.world.universe.byKey.has(assetKey(asset.type, asset.symbol));
  }

  /** The assets a fetch covers: the requested ones the demo knows, or all. */
  assetsOf(params: FetchParams): readonly DemoAsset[] {
    if (params.assets === undefined) return this.world.universe.assets;
    const wanted = new Set(params.assets.map((asset) => assetKey(asset.type, asset.symbol)));
    return this.world.universe.assets.filter((asset) => wanted.has(assetKey(asset.type, asset.symbol)));
  }

  #range(params: FetchParams, defaultFrom: number, defaultTo: number): [number, number] {
    const from = params.from ? Math.max(defaultFrom, this.world.calendar.day(params.from)) : defaultFrom;
    const to = params.to ? Math.min(defaultTo, this.world.calendar.day(params.to)) : defaultTo;
    return [from, to];
  }

  #followed(): ReadonlyMap<number, number> {
    this.#rank ??= followedRank(this.world);
    return this.#rank;
  }

  #coverageOf(asset: DemoAsset): Coverage {
    let coverage = this.#coverage.get(asset.ordinal);
    if (coverage === undefined) {
      const start = this.world.calendar.day(SIMULATION_START);
      const series = this.world.prices.series(asset, start, this.world.today);
      coverage = coverageOf(this.world, asset, series, this.#quarters(asset, start).reported);
      this.#coverage.set(asset.ordinal, coverage);
    }
    return coverage;
  }

  /** Reported quarters from `fromDay` on, and the next one (as seen now). */
  #quarters(asset: DemoAsset, fromDay: number): { reported: Quarter[]; next: Quarter | null } {
    const { world } = this;
    const schedule = world.earnings.schedule(asset, world.now, 1);
    const reported = world.earnings
      .quarters(asset, fromDay - 120, world.today)
      .filter((quarter) => quarter.instant <= world.now && quarter.day >= fromDay);
    return { reported, next: schedule.next };
  }

  async *fetch<D extends Dataset>(dataset: D, params: FetchParams): AsyncIterable<DatasetRecords[D][]> {
    const batcher = new Batcher<DatasetRecords[D]>();
    let slice = performance.now();
    for (const records of this.#generate(dataset, params)) {
      params.signal?.throwIfAborted();
      batcher.push(...(records as DatasetRecords[D][]));
      while (batcher.full) yield batcher.take();
      // The market is generated on the server's thread: a batch's worth of it in one go held requests up for
      // hundreds of milliseconds while the history filled.
      if (performance.now() - slice > GENERATION_SLICE_MS) {
        await setImmediate();
        slice = performance.now();
      }
    }
    const rest = batcher.take();
    if (rest.length > 0) yield rest;
  }

  /** Records of one dataset, a group (usually one asset) at a time. */
  *#generate(dataset: Dataset, params: FetchParams): Generator<readonly unknown[]> {
    const { world } = this;
    const { calendar } = world;
    const assets = this.assetsOf(params);
    const everything = params.assets === undefined;
    switch (dataset) {
      case 'assets':
      case 'quotes':
        for (const asset of assets) {
          const { quote } = liveState(world, asset, world.today - 10, false);
          yield dataset === 'assets' ? [assetRecordOf(asset, quote.price)] : [quote];
        }
        return;
      case 'dailyBars': {
        for (const asset of assets) {
          const listed = asset.listedSince ? calendar.day(asset.listedSince) : world.historyStart;
          const [from, to] = this.#range(params, Math.max(world.historyStart, listed), world.today);
          if (from > to) continue;
          const state = liveState(world, asset, from, false);
          const records = [];
          for (let index = 0; index < state.series.days.length; index += 1) {
            const day = state.series.days[index] ?? 0;
            if (day < from || day > to) continue;
            records.push({
              symbol: asset.symbol,
              type: asset.type,
              date: calendar.iso(day),
              open: state.series.open[index] ?? 0,
              high: state.series.high[index] ?? 0,
              low: state.series.low[index] ?? 0,
              close: state.series.close[index] ?? 0,
              volume: state.series.volume[index] ?? 0,
            });
          }
          if (state.partial && state.partial.date <= calendar.iso(to)) records.push(state.partial);
          yield records;
        }
        return;
      }
      case 'intradayBars': {
        const [from, to] = this.#range(params, world.today - 15, world.today + 1);
        for (const asset of assets) {
          const state = liveState(world, asset, world.today - 15, true);
          const sessions = state.sessions.filter((session) => session.day >= from && session.day <= to);
          yield intradayRecords(asset, sessions);
        }
        return;
      }
      case 'earnings': {
        const [from, to] = this.#range(params, calendar.first, calendar.last);
        for (const asset of assets) {
          if (!asset.reports) continue;
          const { reported, next } = world.earnings.schedule(asset, world.now);
          const first = reported[0];
          const series = first ? world.prices.series(asset, first.baseDay, world.today) : null;
          const records = [...reported, ...(next ? [next] : [])].map((quarter) =>
            world.earnings.record(
              quarter,
              world.now,
              world.today,
              series && quarter.instant <= world.now
                ? percentMove(series, quarter.baseDay, quarter.reactionDay, world.lastClosedDay())
                : null,
            ),
          );
          yield records.filter((record) => record.date >= calendar.iso(from) && record.date <= calendar.iso(to));
        }
        return;
      }
      case 'guidance': {
        const [from, to] = this.#range(params, world.detailStart, world.today);
        for (const asset of assets) {
          const { reported } = this.#quarters(asset, from);
          yield world.earnings.guidance(asset, reported).filter((record) => record.issuedDate <= calendar.iso(to));
        }
        return;
      }
      case 'dividends': {
        const [from, to] = this.#range(params, world.historyStart, world.today + EVENTS_AHEAD_DAYS);
        const knownBy = world.minute >= 975 ? world.today : world.today - 1;
        for (const asset of assets) {
          yield dividendsOf(world, asset, from, to, knownBy).map((dividend) => dividendRecord(world, dividend));
        }
        return;
      }
      case 'splits': {
        const [from, to] = this.#range(params, world.historyStart, world.today);
        for (const asset of assets) yield splitsOf(world, asset, from, to);
        return;
      }
      case 'shortInterest': {
        const [from, to] = this.#range(params, world.detailStart, world.today);
        for (const asset of assets) {
          if (asset.type !== 'stock' && asset.type !== 'otc') continue;
          const series = world.prices.series(asset, from - 45, world.today - 1);
          yield shortInterestOf(world, asset, series, from, to);
        }
        return;
      }
      case 'analystRatings':
      case 'analystTrends': {
        const [from, to] =
          dataset === 'analystRatings'
            ? this.#range(params, world.detailStart, world.today)
            : this.#range(
                params,
                calendar.day(
                  `${Number(calendar.iso(world.today).slice(0, 4)) - 1}${calendar.iso(world.today).slice(4, 8)}01`,
                ),
                world.today,
              );
        for (const asset of assets) {
          if (asset.type !== 'stock' && asset.type !== 'otc') continue;
          const coverage = this.#coverageOf(asset);
          yield dataset === 'analystRatings'
            ? ratingRecords(world, asset, coverage, from, to)
            : trendRecords(world, asset, coverage, from, to);
        }
        return;
      }
      case 'news':
        yield* this.#news(assets, everything, params);
        return;
      case 'filings': {
        const [from, to] = this.#range(params, world.today - Math.round(FILING_YEARS * 365.25), world.today);
        for (const asset of assets) {
          if (!asset.primary || asset.cik === null) continue;
          const { reported } = this.#quarters(asset, from - 120);
          yield filingsOf(world, asset, reported, from, to);
        }
        return;
      }
      case 'events':
        yield* this.#events(assets, everything, params);
        return;
      case 'files': {
        const [from, to] = this.#range(params, world.detailStart, world.today);
        const rank = this.#followed();
        for (const asset of assets) {
          const { reported } = this.#quarters(asset, from);
          yield filesOf(world, asset, reported, rank.get(asset.ordinal)).filter((file) => newYorkDay(file.date) <= to);
        }
        return;
      }
    }
  }

  *#events(assets: readonly DemoAsset[], everything: boolean, params: FetchParams): Generator<readonly EventRecord[]> {
    const { world } = this;
    const { calendar } = world;
    const [from, to] = this.#range(params, world.detailStart, world.today + EVENTS_AHEAD_DAYS);
    const inRange = (event: EventRecord) => {
      const day = newYorkDay(event.eventDate);
      return day >= from && day <= to;
    };
    const knownBy = world.minute >= 975 ? world.today : world.today - 1;
    for (const asset of assets) {
      const events: EventRecord[] = [];
      const key = { symbol: asset.symbol, type: asset.type };
      if (asset.reports) {
        const { reported, next } = this.#quarters(asset, from);
        for (const quarter of [...reported, ...(next ? [next] : [])]) {
          const confirmed = quarter.instant <= world.now || world.today >= quarter.confirmedOn;
          const minute = confirmed ? quarter.minute : (quarter.estimatedMinute ?? asset.release?.minute ?? 960);
          const release = calendar.nyInstant(confirmed ? quarter.day : quarter.estimatedDay, minute);
          const start = callStart(quarter, release);
          const status = world.now < start ? 'upcoming' : world.now < start + 60 * 60_000 ? 'live' : 'closed';
          events.push({
            externalId: callEventId(asset, quarter),
            eventType: 'call',
            eventStatus: status,
            eventDate: new Date(start),
            asset: key,
            title: `${asset.name} ${quarter.period} ${quarter.periodYear} Earnings Call`,
            description: null,
            periodYear: quarter.periodYear,
            period: quarter.period,
            details: {
              session: quarter.session,
              dateStatus: confirmed ? 'confirmed' : 'estimated',
              releaseAt: new Date(release).toISOString(),
              hasTranscript: (this.#followed().get(asset.ordinal) ?? Infinity) < TRANSCRIPT_COMPANIES,
            },
          });
        }
      }
      for (const dividend of dividendsOf(world, asset, from - 45, to, knownBy)) {
        const record = dividendRecord(world, dividend);
        const dayStatus = (day: number) => (day > world.today ? 'upcoming' : day === world.today ? 'live' : 'closed');
        events.push({
          externalId: `dividend_ex:${asset.symbol}:${record.exDate}`,
          eventType: 'dividend_ex',
          eventStatus: dayStatus(dividend.exDay),
          eventDate: new Date(calendar.nyInstant(dividend.exDay, 570)),
          asset: key,
          title: `${asset.symbol} ex-dividend: ${formatDividend(dividend.amount)}`,
          description: `${asset.name} trades without its ${formatDividend(dividend.amount)} dividend from today.`,
          details: {
            amount: dividend.amount,
            frequency: dividend.frequency,
            paymentDate: record.paymentDate,
            recordDate: record.recordDate,
          },
        });
        events.push({
          externalId: `dividend_payment:${asset.symbol}:${record.exDate}`,
          eventType: 'dividend_payment',
          eventStatus: dayStatus(dividend.paymentDay),
          eventDate: new Date(calendar.nyInstant(dividend.paymentDay, 570)),
          asset: key,
          title: `${asset.symbol} dividend payment: ${formatDividend(dividend.amount)}`,
          description: `${asset.name} pays its ${formatDividend(dividend.amount)} dividend.`,
          details: { amount: dividend.amount, frequency: dividend.frequency, exDate: record.exDate },
        });
      }
      yield events.filter(inRange);
    }
    if (everything) {
      const economy = new Economy(world);
      yield economy.economicEvents(from, to);
      yield economy.fedEvents(from, to);
      yield economy.ipoEvents(from, to);
    }
  }

  *#news(assets: readonly DemoAsset[], everything: boolean, params: FetchParams): Generator<readonly NewsRecord[]> {
    const { world } = this;
    const { calendar } = world;
    const [from, to] = this.#range(params, world.detailStart, world.today);
    const rank = this.#followed();
    const inRange = (record: NewsRecord) => {
      const day = newYorkDay(record.publishedAt);
      return day >= from && day <= to;
    };
    const knownBy = world.minute >= 975 ? world.today : world.today - 1;
    for (const asset of assets) {
      if (asset.type !== 'stock' && asset.type !== 'otc') continue;
      const followed = rank.get(asset.ordinal);
      const popular = asset.householdRank !== null || (followed !== undefined && followed < 100);
      const { reported, next } = this.#quarters(asset, from);
      const records: NewsRecord[] = [];
      const first = reported[0];
      const series = first ? world.prices.series(asset, calendar.previousTrading(first.baseDay), world.today) : null;
      const moves = new Map<number, number>();
      if (series) {
        for (const quarter of reported) {
          const move = openingGap(series, quarter.baseDay, quarter.reactionDay);
          if (move !== null) moves.set(quarter.reactionDay, move);
        }
      }
      records.push(
        ...earningsNews(
          { world, popular },
          asset,
          reported,
          next,
          moves,
          (followed ?? Infinity) < TRANSCRIPT_COMPANIES,
        ),
      );
      for (const guidance of world.earnings.guidance(asset, reported)) {
        if (guidance.metric !== 'revenue' || guidance.low === null || guidance.high === null) continue;
        const quarter = reported.find((candidate) => calendar.iso(candidate.day) === guidance.issuedDate);
        const label =
          guidance.period === 'FY' ? `fiscal ${guidance.periodYear}` : `${guidance.period} ${guidance.periodYear}`;
        const record = quarter
          ? guidanceNews(world, asset, quarter, guidance.low, guidance.high, guidance.consensus ?? guidance.low, label)
          : null;
        if (record) records.push(record);
      }
      const dividends = dividendsOf(world, asset, from - 200, to + 60, knownBy);
      records.push(...dividendNews(world, asset, dividends));
      if (asset.householdRank !== null || (followed !== undefined && followed < 250)) {
        records.push(...ratingNews(world, asset, this.#coverageOf(asset).events, from, to));
      }
      yield records.filter(inRange);
    }
    if (!everything) return;
    const indexes = ['^GSPC', '^IXIC', '^DJI']
      .map((symbol) => world.universe.byKey.get(assetKey('index', symbol)))
      .filter((asset): asset is DemoAsset => asset !== undefined);
    const wraps = indexes.map((asset) => world.prices.series(asset, from, Math.min(to, world.today)));
    const wrapNews: NewsRecord[] = [];
    for (let index = 0; index < (wraps[0]?.days.length ?? 0); index += 1) {
      const day = wraps[0]?.days[index] ?? 0;
      const moves = indexes.map((asset, position) => {
        const series = wraps[position];
        const close = series?.close[index] ?? 0;
        const before = index > 0 ? (series?.close[index - 1] ?? close) : (series?.previousClose ?? close);
        return [asset.symbol, asset.name, before > 0 ? (close / before - 1) * 100 : 0] as const;
      });
      const wrap = marketWrap(world, day, moves);
      if (wrap) wrapNews.push(wrap);
    }
    yield wrapNews.filter(inRange);
    const economy = new Economy(world);
    const economic: NewsRecord[] = [];
    for (const event of [...economy.economicEvents(from, to), ...economy.fedEvents(from, to)]) {
      const details = event.details ?? {};
      if (event.eventStatus !== 'closed' || details.importance !== 'high') continue;
      const title =
        event.eventType === 'economic_fed'
          ? details.decision === 'hold'
            ? `Fed holds rates at ${details.rateLow}%–${details.rateHigh}%`
            : details.decision
              ? `Fed ${details.decision === 'cut' ? 'cuts' : 'raises'} rates by ${Math.abs(Number(details.changeBps))} bp to ${details.rateLow}%–${details.rateHigh}%`
              : `FOMC minutes released`
          : `${event.title}: ${details.actual}${details.unit === '%' ? '%' : details.unit ? ` ${details.unit}` : ''} vs. ${details.forecast} expected`;
      const record = economyNews(
        world,
        title,
        `${event.title}. Previous: ${details.previous ?? 'n/a'}.`,
        event.eventDate.getTime(),
        event.externalId,
        event.eventType === 'economic_fed' ? ['economy', 'fed', 'top_stories'] : ['economy'],
      );
      if (record) economic.push(record);
    }
    yield economic.filter(inRange);
  }
}

/** The registry's factory: `PROVIDERS.demo`. */
export const createDemoProvider: ProviderFactory = (env) => new DemoMarket(env);
