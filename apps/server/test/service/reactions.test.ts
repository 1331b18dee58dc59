/**
 * Reactions on a real database: hand-made companies whose bars, splits and report dates give moves worked out by
 * hand, recomputed in bulk with the whole demo market around them; the stored rows, the company's record, a date
 * that moves after the reaction was stored, the plan gate, and the listener that queues the job.
 */

import { assets, type Database, earnings, earningsReactions, jobs, ohlcDaily, reactionStats, splits } from '@eh/db';
import {
  accountFeaturesFor,
  addDays,
  FREE_ACCOUNT_FEATURES,
  isWeekend,
  LIKELY_MOVERS_LIMIT,
  nyDate,
  REACTION_BENCHMARK_SYMBOL,
  type SessionType,
} from '@eh/domain';
import { and, between, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import * as calendarService from '../../src/modules/earnings/service.ts';
import { recomputeReactions } from '../../src/modules/reactions/index.ts';
import { REACTIONS_JOB, reactionsLoop } from '../../src/modules/reactions/jobs.ts';
import { reactionsBehind } from '../../src/modules/reactions/queries.ts';
import { likelyMovers, symbolReactions } from '../../src/modules/reactions/service.ts';
import { storeDailyBars } from '../market-fixtures.ts';
import { eachDatabase, silentLog } from './context.ts';

/** Monday 30 Nov 2026, after the close in New York. */
const NOW = new Date('2026-11-30T22:00:00Z');
const PRO = accountFeaturesFor({ plan: 'earningshub_pro', subscriptionType: 'paid', status: 'active' });

let db: Database;

/** Every weekday of 2025 (holidays are not needed here: the bars are what is present). */
const WEEKDAYS: string[] = [];
for (let day = '2025-01-01'; day <= '2025-12-31'; day = addDays(day, 1)) if (!isWeekend(day)) WEEKDAYS.push(day);

type Bar = { date: string; open: number; high: number; low: number; close: number };
const flat = (close: number, from = '2025-01-01'): Bar[] =>
  WEEKDAYS.filter((date) => date >= from).map((date) => ({ date, open: close, high: close, low: close, close }));

async function company(symbol: string, type: 'stock' | 'crypto', bars: Bar[]): Promise<number> {
  const [row] = await db
    .insert(assets)
    .values({ symbol, symbolUpper: symbol, name: `${symbol} Corp`, type, source: 'test' })
    .returning({ id: assets.id });
  const id = row?.id as number;
  await storeDailyBars(
    db,
    bars.map((bar) => ({ assetId: id, ...bar })),
  );
  return id;
}

async function report(
  assetId: number,
  quarter: { year: number; period: 'Q1' | 'Q2' | 'Q3' | 'Q4'; date: string; session: SessionType | null },
  figures: { epsEstimate?: number; epsActual?: number } = {},
): Promise<number> {
  const [row] = await db
    .insert(earnings)
    .values({
      assetId,
      periodYear: quarter.year,
      period: quarter.period,
      date: quarter.date,
      session: quarter.session,
      dateStatus: 'confirmed',
      dateSource: 'test',
      source: 'test',
      ...figures,
    })
    .returning({ id: earnings.id });
  return row?.id as number;
}

/**
 * RXA reports after the close, four times in 2025, on flat closes of 100: the session after each report opens at
 * 100 + gap and closes at 100 + move, then everything is back at 100. A fifth report is ahead of NOW.
 */
const RXA_REPORTS = [
  { date: '2025-02-03', gap: 5, move: 10 },
  { date: '2025-05-05', gap: -2, move: -6 },
  { date: '2025-08-04', gap: 3, move: 4 },
  { date: '2025-11-03', gap: -4, move: -8 },
] as const;

function rxaBars(): Bar[] {
  const bars = flat(100);
  for (const r of RXA_REPORTS) {
    const day = bars.find((bar) => bar.date === addDays(r.date, 1)) as Bar;
    Object.assign(day, {
      open: 100 + r.gap,
      close: 100 + r.move,
      high: Math.max(100 + r.gap, 100 + r.move) + 1,
      low: Math.min(100 + r.gap, 100 + r.move) - 1,
    });
  }
  return bars;
}

const ids: Record<string, number> = {};
let indexId: number;
const reports: Record<string, number> = {};

eachDatabase((service) => {
  beforeAll(async () => {
    db = service().ctx.db;
    ids.RXA = await company('RXA', 'stock', rxaBars());
    for (const [i, r] of RXA_REPORTS.entries()) {
      // Every quarter beat its estimate by 10 %.
      reports[`RXA${i}`] = await report(
        ids.RXA,
        { year: 2025, period: `Q${i + 1}` as 'Q1', date: r.date, session: 'after' },
        { epsEstimate: 1, epsActual: 1.1 },
      );
    }
    reports.RXAnext = await report(ids.RXA, { year: 2026, period: 'Q4', date: '2026-12-14', session: 'after' });

    // RXB: flat at 50 until a report before the open on Mon 10 Mar 2025 (open 51, high 53, low 50.5, close 52),
    // then a 2-for-1 split on Wed 12 Mar stored as traded: 26 from then, 27 on Fri the 14th.
    const rxb = flat(50).map((bar) =>
      bar.date >= '2025-03-12' ? { ...bar, open: 26, high: 26, low: 26, close: 26 } : bar,
    );
    Object.assign(rxb.find((bar) => bar.date === '2025-03-10') as Bar, { open: 51, high: 53, low: 50.5, close: 52 });
    Object.assign(rxb.find((bar) => bar.date === '2025-03-11') as Bar, { open: 52, high: 52, low: 52, close: 52 });
    Object.assign(rxb.find((bar) => bar.date === '2025-03-14') as Bar, { open: 27, high: 27, low: 27, close: 27 });
    ids.RXB = await company('RXB', 'stock', rxb);
    await db
      .insert(splits)
      .values({ assetId: ids.RXB, date: '2025-03-12', numerator: 2, denominator: 1, source: 'test' });
    reports.RXB = await report(ids.RXB, { year: 2025, period: 'Q1', date: '2025-03-10', session: 'before' });
    reports.RXBunknown = await report(ids.RXB, { year: 2025, period: 'Q2', date: '2025-06-02', session: null });

    // The S&P 500 closes 5000 on Fri 7 Mar and 5050 on Mon 10 Mar 2025.
    const [index] = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.type, 'index'), eq(assets.symbolUpper, REACTION_BENCHMARK_SYMBOL)));
    indexId =
      index?.id ??
      ((
        await db
          .insert(assets)
          .values({
            symbol: REACTION_BENCHMARK_SYMBOL,
            symbolUpper: REACTION_BENCHMARK_SYMBOL,
            name: 'S&P 500',
            type: 'index',
            source: 'test',
          })
          .returning({ id: assets.id })
      )[0]?.id as number);
    for (const [date, close] of [
      ['2025-03-07', 5000],
      ['2025-03-10', 5050],
    ] as const) {
      await storeDailyBars(db, [{ assetId: indexId, date, open: close, high: close, low: close, close }]);
    }

    // A coin with a report, and a stock whose first bar is the day of its first report (before the open).
    ids.RXC = await company('RXC', 'crypto', flat(10));
    reports.RXC = await report(ids.RXC, { year: 2025, period: 'Q1', date: '2025-04-01', session: 'after' });
    ids.RXD = await company('RXD', 'stock', flat(20, '2025-01-06'));
    reports.RXD = await report(ids.RXD, { year: 2025, period: 'Q4', date: '2025-01-06', session: 'before' });

    await recomputeReactions(db, { now: NOW });
  });

  const stored = async (earningsId: number) =>
    (await db.select().from(earningsReactions).where(eq(earningsReactions.earningsId, earningsId)))[0];

  it('stores each after-close report: the next session against the report day close', async () => {
    const first = await stored(reports.RXA0 as number);
    expect(first).toMatchObject({
      reportDate: '2025-02-03',
      session: 'after',
      reason: null,
      baseDate: '2025-02-03',
      reactionDate: '2025-02-04',
      // Five sessions: Tue 4, Wed 5, Thu 6, Fri 7, Mon 10 Feb, back at 100.
      longEndDate: '2025-02-10',
      splitAdjusted: false,
    });
    // Open 105 / 100, close 110 / 100, range (111 − 104) / 100.
    expect(first?.gapPercent).toBeCloseTo(5, 10);
    expect(first?.oneDayPercent).toBeCloseTo(10, 10);
    expect(first?.fiveDayPercent).toBeCloseTo(0, 10);
    expect(first?.intradayRangePercent).toBeCloseTo(7, 10);
    // Against the S&P 500's stored closes on the same two days.
    const [base, day] = await db
      .select({ close: ohlcDaily.close })
      .from(ohlcDaily)
      .where(and(eq(ohlcDaily.assetId, indexId), inArray(ohlcDaily.date, ['2025-02-03', '2025-02-04'])))
      .orderBy(ohlcDaily.date);
    const benchmark = ((day?.close as number) / (base?.close as number) - 1) * 100;
    expect(first?.benchmarkPercent).toBeCloseTo(benchmark, 10);
    expect(first?.relativePercent).toBeCloseTo(10 - benchmark, 10);
    expect((await stored(reports.RXAnext as number))?.reason).toBe('pending');
  });

  it('takes a split stored as traded out of the five sessions, and sets the day against the S&P 500', async () => {
    const row = await stored(reports.RXB as number);
    expect(row).toMatchObject({ baseDate: '2025-03-07', reactionDate: '2025-03-10', longEndDate: '2025-03-14' });
    expect(row?.splitAdjusted).toBe(true);
    // 52 / 50 − 1 = 4 %; the S&P 500 5050 / 5000 − 1 = 1 %: 3 points better; 27 × 2 / 50 − 1 = 8 %.
    expect(row?.oneDayPercent).toBeCloseTo(4, 10);
    expect(row?.gapPercent).toBeCloseTo(2, 10);
    expect(row?.intradayRangePercent).toBeCloseTo(5, 10);
    expect(row?.benchmarkPercent).toBeCloseTo(1, 10);
    expect(row?.relativePercent).toBeCloseTo(3, 10);
    expect(row?.fiveDayPercent).toBeCloseTo(8, 10);
  });

  it('stores the reason where there is no reaction', async () => {
    expect((await stored(reports.RXBunknown as number))?.reason).toBe('unknown_session');
    expect((await stored(reports.RXC as number))?.reason).toBe('no_session');
    expect((await stored(reports.RXD as number))?.reason).toBe('no_prices');
  });

  it("keeps the company's record and the move expected on its next report", async () => {
    const [row] = await db
      .select()
      .from(reactionStats)
      .where(eq(reactionStats.assetId, ids.RXA as number));
    // |10| + |−6| + |4| + |−8| = 28 over 4 reports = 7; up twice, down twice; every one beat, two fell.
    expect(row?.typicalMovePercent).toBeCloseTo(7, 10);
    expect(row?.stats).toMatchObject({ count: 4, up: 2, down: 2, beatAndFell: 2, missedAndRose: 0, typicalWindow: 4 });
    expect(row?.stats.largest).toEqual({ date: '2025-02-03', oneDayPercent: expect.closeTo(10, 10) });
    // The last 20 sessions of 2025 are flat, the last 120 are not: the ratio bottoms at ½, so 7 × ½.
    expect(row?.expectedMoveSource).toBe('history');
    expect(row?.expectedMovePercent).toBeCloseTo(3.5, 10);
  });

  it('writes nothing on a run over unchanged data', async () => {
    const again = await recomputeReactions(db, { now: NOW, assetIds: Object.values(ids) });
    expect(again.written).toEqual({ reactions: 0, stats: 0 });
    expect(again.reports).toBe(Object.keys(reports).length);
  });

  it('answers a pro member with every report, the record in words and the expected move', async () => {
    const answer = await symbolReactions(service().ctx, PRO, 'rxa');
    expect(answer.gated).toEqual([]);
    expect(answer.reactions.map((r) => [r.date, r.reason])).toEqual([
      ['2026-12-14', 'pending'],
      ['2025-11-03', null],
      ['2025-08-04', null],
      ['2025-05-05', null],
      ['2025-02-03', null],
    ]);
    // Actual 1.1 against 1 estimated: 10 %.
    expect(answer.reactions[1]?.epsSurprisePercent).toBeCloseTo(10, 10);
    expect(answer.reactions[1]?.oneDayPercent).toBeCloseTo(-8, 10);
    expect(answer.summary).toBe('RXA has moved 7.0% on average after its last 4 reports, up 2 times');
    expect(answer.expectedMove).toEqual({ percent: expect.closeTo(3.5, 10), source: 'history' });
  });

  it('withholds all of it from a free member, saying how many reports it hid', async () => {
    const answer = await symbolReactions(service().ctx, FREE_ACCOUNT_FEATURES, 'RXA');
    expect(answer).toMatchObject({ reactions: [], stats: null, summary: null, expectedMove: null });
    expect(answer.gated).toEqual([{ feature: 'priceMove', hidden: 5 }]);
  });

  it("puts the company's typical move on its calendar rows for pro, blanked and counted for everyone else", async () => {
    const window = { start: '2026-12-14', end: '2026-12-14' };
    const today = nyDate(NOW);
    const mine = (answer: { earnings: { symbol: string; typicalMovePercent?: number | null | undefined }[] }) =>
      answer.earnings.find((row) => row.symbol === 'RXA');
    const pro = await calendarService.calendar(service().ctx, PRO, window, today);
    expect(mine(pro)?.typicalMovePercent).toBeCloseTo(7, 10);
    const free = await calendarService.calendar(service().ctx, FREE_ACCOUNT_FEATURES, window, today);
    expect(mine(free)?.typicalMovePercent).toBeNull();
    // By column: the typical move is drawn there, so every blanked one is counted, RXA's among them.
    const withTypical = pro.earnings.filter((row) => row.typicalMovePercent != null).length;
    const columns = calendarService.calendarColumns(free);
    expect(columns.gated).toContainEqual({ feature: 'priceMove', hidden: withTypical });
    expect(columns.columns.typicalMovePercent[columns.columns.symbol.indexOf('RXA')]).toBeNull();
    const proColumns = calendarService.calendarColumns(pro);
    expect(proColumns.columns.typicalMovePercent[proColumns.columns.symbol.indexOf('RXA')]).toBeCloseTo(7, 10);
    expect(proColumns.gated).toEqual([]);
  });

  it("lists the week's likely big movers for pro, largest expected move first, and only their number otherwise", async () => {
    // Tuesday 15 Dec 2026: the week of RXA's next report (Mon 14 Dec).
    const tuesday = new Date('2026-12-15T15:00:00Z');
    const answer = await likelyMovers(service().ctx, PRO, tuesday);
    expect(answer).toMatchObject({ start: '2026-12-14', end: '2026-12-18', gated: [] });
    expect(answer.movers.length).toBeLessThanOrEqual(LIKELY_MOVERS_LIMIT);
    // Every report of the week whose company has an expected move, as the database holds them, largest first.
    const week = await db
      .select({ symbol: assets.symbol, percent: reactionStats.expectedMovePercent })
      .from(earnings)
      .innerJoin(assets, eq(assets.id, earnings.assetId))
      .innerJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
      .where(and(between(earnings.date, '2026-12-14', '2026-12-18'), isNotNull(reactionStats.expectedMovePercent)));
    const ranked = week.sort(
      (a, b) => (b.percent as number) - (a.percent as number) || a.symbol.localeCompare(b.symbol),
    );
    expect(answer.movers.map((mover) => [mover.symbol, mover.expectedMove.percent])).toEqual(
      ranked.slice(0, LIKELY_MOVERS_LIMIT).map((row) => [row.symbol, row.percent]),
    );
    // RXA's report is among them (3.5 %, from its history), ranked where its figure puts it.
    expect(ranked.find((row) => row.symbol === 'RXA')?.percent).toBeCloseTo(3.5, 10);
    const free = await likelyMovers(service().ctx, FREE_ACCOUNT_FEATURES, tuesday);
    expect(free.movers).toEqual([]);
    expect(free.gated).toEqual([{ feature: 'priceMove', hidden: week.length }]);
  });

  it('shows a report whose date moved as stale until the recompute, then its new reaction', async () => {
    const id = reports.RXA3 as number;
    // Moved a day later, still after the close: Tue 4 Nov closed at 92, Wed the 5th at 100.
    await db.update(earnings).set({ date: '2025-11-04' }).where(eq(earnings.id, id));
    const before = await symbolReactions(service().ctx, PRO, 'RXA');
    expect(before.reactions.find((r) => r.earningsId === id)).toMatchObject({ reason: 'stale', oneDayPercent: null });
    await recomputeReactions(db, { now: NOW, assetIds: [ids.RXA as number] });
    const after = await symbolReactions(service().ctx, PRO, 'RXA');
    const moved = after.reactions.find((r) => r.earningsId === id);
    expect(moved).toMatchObject({ reason: null, baseDate: '2025-11-04', reactionDate: '2025-11-05' });
    expect(moved?.oneDayPercent).toBeCloseTo((100 / 92 - 1) * 100, 10);
  });

  it('reads a report stored ahead of its date from the day it was stored, and counts it as done', async () => {
    // RXE, flat at 40, is due Thu 5 Jun 2025 after the close; its figures were stored Mon 2 Jun at 17:00 in New York
    // (after the close), and Tue 3 Jun opened at 42 and closed at 44.
    const bars = flat(40).map((bar) =>
      bar.date === '2025-06-03' ? { ...bar, open: 42, high: 45, low: 41, close: 44 } : bar,
    );
    const rxe = await company('RXE', 'stock', bars);
    const id = await report(rxe, { year: 2025, period: 'Q2', date: '2025-06-05', session: 'after' });
    await db
      .update(earnings)
      .set({ reportedAt: new Date('2025-06-02T21:00:00Z') })
      .where(eq(earnings.id, id));
    await recomputeReactions(db, { now: NOW, assetIds: [rxe] });
    const row = await stored(id);
    expect(row).toMatchObject({ reportDate: '2025-06-02', session: 'after', reason: null, reactionDate: '2025-06-03' });
    expect(row?.gapPercent).toBeCloseTo(5, 10);
    expect(row?.oneDayPercent).toBeCloseTo(10, 10);
    // The API tells it (not stale), and the job sees nothing left to do for it.
    const answer = await symbolReactions(service().ctx, PRO, 'RXE');
    expect(answer.reactions.find((r) => r.earningsId === id)).toMatchObject({
      reason: null,
      reactionDate: '2025-06-03',
    });
    expect(await reactionsBehind(db)).toBe(false);
  });

  describe('the listener', () => {
    const queued = async () =>
      db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.name, REACTIONS_JOB), inArray(jobs.status, ['queued', 'running'])));

    it('queues the recompute at start when a report has no reaction, and when prices, splits or report dates change, not on other data', async () => {
      const { ctx } = service();
      // A report the job has not seen yet.
      await report(ids.RXD as number, { year: 2026, period: 'Q1', date: '2026-04-06', session: 'before' });
      const stop = reactionsLoop(ctx, silentLog);
      try {
        await expect.poll(async () => (await queued()).length).toBe(1);
        await db.update(jobs).set({ status: 'done' }).where(eq(jobs.name, REACTIONS_JOB));
        // News alone: a listener subscribed after the loop hears it after the loop did, and nothing was queued.
        let heard: () => void = () => {};
        const news = new Promise<void>((resolve) => {
          heard = resolve;
        });
        const unsubscribe = await ctx.bus.subscribe(MARKET_CHANGED_CHANNEL, () => heard());
        await ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['news'] });
        await news;
        await unsubscribe();
        expect(await queued()).toEqual([]);
        await expect
          .poll(async () => {
            await ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['dailyBars'] });
            return (await queued()).length;
          })
          .toBe(1);
      } finally {
        stop();
      }
    });
  });
});
