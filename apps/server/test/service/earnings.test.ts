/**
 * Earnings on the service tier: the calendar's rows, their order within a day and the figures derived from them,
 * what a free caller's plan withholds (history, the price move) and says it withheld, the answer by column, the
 * daily counts, one company's quarters with their date changes, the home page's notable reports and the filter
 * groups' symbols. The demo market's week is read back with Drizzle; the rest runs on rows this file adds, far
 * from the demo market's dates or named 'ZQ…', which no demo company uses.
 */
import {
  CALENDAR_COLUMNS,
  decodeEarningsColumns,
  type EarningsRow,
  POPULAR_SYMBOLS_COUNT,
  TOP_MARKET_EARNINGS_DAYS_AFTER,
  TOP_MARKET_EARNINGS_DAYS_BEFORE,
} from '@eh/contracts';
import { assets, earnings, earningsDateChanges } from '@eh/db';
import {
  type AccountFeatures,
  addDays,
  CUSTOM_SYMBOL_FILTER,
  calendarHistoryStart,
  DEFAULT_LIMITS,
  LEGACY_ALERTS_FILTER,
  MARKET_TIME_ZONE,
  type SessionType,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  sessionOf,
  weekWindow,
} from '@eh/domain';
import { and, between, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { clearOnMarketChange, createResponseCache } from '../../src/modules/earnings/response-cache.ts';
import * as calendarService from '../../src/modules/earnings/service.ts';
import { daysFromToday, insertAsset, insertEarnings, today } from '../integration/earnings-seed.ts';
import { eachDatabase } from './context.ts';

/** A week far from any demo data, for the calendar's shape. */
const WEEK = weekWindow('2090-01-18');
const [MON, TUE, WED] = WEEK.days as [string, string, string];
/** Another far week, for the report that arrives while the calendar is cached. */
const LATE_DAY = weekWindow('2090-03-15').days[3] ?? '';

/** ZQAA's reports, oldest first: five past quarters and the next one. */
// The last one is 85 days back: always after the first day of the previous calendar quarter (≥ 90 days back).
const ZQAA_OFFSETS = [-455, -364, -273, -182, -85, 10];
const PAST_MOVE = 2.5;

/** ZQCC's Monday report: a loss smaller than estimated and than a year ago, revenue below estimate. */
const ZQCC_MON = {
  epsEstimate: -0.5,
  epsActual: -0.25,
  epsPriorYear: -1,
  revenueEstimate: 200,
  revenueActual: 180,
  revenuePriorYear: 150,
};

/** A calendar cache as the route makes one, without the background brotli polish (only CPU here). */
const newCache = () => createResponseCache({ polish: async () => {} });

const SESSION_RANK: Record<SessionType, number> = { before: 0, market: 1, after: 2 };

/** What the calendar draws of a report: its columns and the surprises derived from them. */
const drawn = (row: EarningsRow) => {
  const { epsSurprise, epsSurprisePercent, revenueSurprise, revenueSurprisePercent } = row;
  const columns = Object.fromEntries(CALENDAR_COLUMNS.map((name) => [name, row[name]]));
  return { ...columns, epsSurprise, epsSurprisePercent, revenueSurprise, revenueSurprisePercent };
};

eachDatabase((service) => {
  const ctx = () => service().ctx;
  let free: Caller;
  let pro: Caller;
  let anonymous: AccountFeatures;
  let freeFeatures: AccountFeatures;
  let proFeatures: AccountFeatures;
  let zqaaIds: number[] = [];

  /** The stored reports dated in [start, end], each with what the calendar orders and gates by. */
  const storedReports = (start: string, end: string) =>
    ctx()
      .db.select({
        id: earnings.id,
        symbol: assets.symbol,
        marketCap: assets.marketCap,
        date: earnings.date,
        time: earnings.time,
        session: earnings.session,
        priceMovePercent: earnings.priceMovePercent,
      })
      .from(earnings)
      .innerJoin(assets, eq(assets.id, earnings.assetId))
      .where(between(earnings.date, start, end));

  beforeAll(async () => {
    const { db } = ctx();
    // Bigger and more followed than any demo company, so the top and popular lists hold them whatever else is stored.
    const zqaa = await insertAsset(db, {
      symbol: 'ZQAA',
      marketCap: 9e12,
      popularity: 2_000_000_000,
      sector: 'Technology',
    });
    const zqbb = await insertAsset(db, {
      symbol: 'ZQBB',
      marketCap: 5e10,
      popularity: 1_900_000_000,
      sector: 'Financials',
    });
    const zqcc = await insertAsset(db, { symbol: 'ZQCC', marketCap: 2e9, popularity: 1_800_000_000, exchange: 'NYSE' });
    await insertAsset(db, { symbol: 'ZQDD', marketCap: 5e8, popularity: 1_700_000_000, type: 'otc', exchange: 'OTC' });
    await insertAsset(db, {
      symbol: 'ZQEE',
      marketCap: 9e12,
      popularity: 1_600_000_000,
      type: 'crypto',
      exchange: null,
    });
    zqaaIds = await insertEarnings(
      db,
      zqaa,
      ZQAA_OFFSETS.map((offset, index) => {
        const past = offset < 0;
        return {
          periodYear: 2020 + Math.floor(index / 4),
          period: (['Q1', 'Q2', 'Q3', 'Q4'] as const)[index % 4] ?? 'Q1',
          date: daysFromToday(offset),
          time: '16:05',
          session: 'after',
          dateStatus: past ? 'confirmed' : 'estimated',
          dateSource: past ? 'sec' : 'test',
          epsEstimate: 2 + index * 0.1,
          epsActual: past ? 2.1 + index * 0.1 : null,
          epsPriorYear: 1.6 + index * 0.1,
          revenueEstimate: 1e11,
          revenueActual: past ? 1.05e11 : null,
          revenuePriorYear: 9e10,
          priceMovePercent: past ? PAST_MOVE : null,
          reportedAt: past ? new Date(`${daysFromToday(offset)}T20:05:00Z`) : null,
        };
      }),
    );
    const upcoming = zqaaIds.at(-1) ?? 0;
    await db.insert(earningsDateChanges).values([
      {
        earningsId: upcoming,
        oldDate: daysFromToday(14),
        newDate: daysFromToday(12),
        oldStatus: 'estimated',
        newStatus: 'estimated',
        source: 'test',
        changedAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        earningsId: upcoming,
        oldDate: daysFromToday(12),
        newDate: daysFromToday(10),
        oldTime: null,
        newTime: '16:05',
        oldStatus: 'estimated',
        newStatus: 'estimated',
        source: 'test',
        changedAt: new Date('2026-02-01T00:00:00Z'),
      },
    ]);
    // The far week: sessions out of order on purpose, one time without a session, one with nothing known.
    await insertEarnings(db, zqbb, [
      { periodYear: 2089, period: 'Q4', date: MON, time: '16:30', session: 'after', dateStatus: 'confirmed' },
      { periodYear: 2090, period: 'Q1', date: WED, time: null, session: null, dateStatus: 'estimated' },
    ]);
    await insertEarnings(db, zqcc, [
      { periodYear: 2089, period: 'Q4', date: MON, time: '07:00', session: null, dateStatus: 'confirmed', ...ZQCC_MON },
      { periodYear: 2090, period: 'Q1', date: TUE, time: '12:00', session: 'market', dateStatus: 'estimated' },
    ]);
    [free, pro] = await Promise.all([service().user(), service().user({ plan: 'earningshub_pro' })]);
    [anonymous, freeFeatures, proFeatures] = await Promise.all([
      featuresOf(ctx(), undefined),
      featuresOf(ctx(), free),
      featuresOf(ctx(), pro),
    ]);
  });

  describe('the calendar', () => {
    it('lists a week by date, session and time, each row saying when, how sure and who said so', async () => {
      const answer = await calendarService.calendar(ctx(), anonymous, WEEK, today());
      expect(answer).toMatchObject({ start: WEEK.start, end: WEEK.end, timeZone: MARKET_TIME_ZONE });
      expect(answer.earnings.map((row) => `${row.date} ${row.symbol}`)).toEqual([
        `${MON} ZQCC`,
        `${MON} ZQBB`,
        `${TUE} ZQCC`,
        `${WED} ZQBB`,
      ]);
      for (const row of answer.earnings) {
        expect(row).toMatchObject({ timeZone: MARKET_TIME_ZONE, dateSource: 'test', source: 'test' });
      }
      const [zqccMon, zqbbMon, zqccTue, zqbbWed] = answer.earnings;
      // The session comes from the time when only the time is stored.
      expect(zqccMon).toMatchObject({ time: '07:00', session: 'before', dateStatus: 'confirmed', exchange: 'NYSE' });
      expect(zqbbMon).toMatchObject({ time: '16:30', session: 'after', sector: 'Financials', marketCap: 5e10 });
      expect(zqccTue).toMatchObject({ time: '12:00', session: 'market', dateStatus: 'estimated' });
      expect(zqbbWed).toMatchObject({ time: null, session: null, dateStatus: 'estimated' });
    });

    it('derives surprises and year-over-year changes (a smaller loss is growth)', async () => {
      const answer = await calendarService.calendar(ctx(), anonymous, { start: MON, end: MON }, today());
      const row = answer.earnings.find((r) => r.symbol === 'ZQCC');
      const { epsEstimate, epsActual, epsPriorYear, revenueEstimate, revenueActual, revenuePriorYear } = ZQCC_MON;
      expect(row?.epsSurprise).toBeCloseTo(epsActual - epsEstimate);
      expect(row?.epsSurprisePercent).toBeCloseTo(((epsActual - epsEstimate) / Math.abs(epsEstimate)) * 100);
      expect(row?.yoyPercentChangeEPS).toBeCloseTo(((epsActual - epsPriorYear) / Math.abs(epsPriorYear)) * 100);
      expect(row?.revenueSurprise).toBeCloseTo(revenueActual - revenueEstimate);
      expect(row?.revenueSurprisePercent).toBeCloseTo(((revenueActual - revenueEstimate) / revenueEstimate) * 100);
      expect(row?.yoyPercentChangeRevenue).toBeCloseTo(((revenueActual - revenuePriorYear) / revenuePriorYear) * 100);
    });

    it("holds the demo market's week as stored, in calendar order; a free caller sees the price move blanked", async () => {
      const week = weekWindow(today());
      const stored = await storedReports(week.start, week.end);
      expect(stored.length).toBeGreaterThan(0);
      const sessionOfRow = (row: (typeof stored)[number]) =>
        row.session ?? (row.time ? sessionOf(row.time, row.date) : null);
      const order = [...stored].sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          (sessionOfRow(a) === null ? 3 : SESSION_RANK[sessionOfRow(a) as SessionType]) -
            (sessionOfRow(b) === null ? 3 : SESSION_RANK[sessionOfRow(b) as SessionType]) ||
          (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
          (b.marketCap ?? -1) - (a.marketCap ?? -1) ||
          a.symbol.localeCompare(b.symbol),
      );
      const paid = await calendarService.calendar(ctx(), proFeatures, week, today());
      expect(paid.earnings.map((row) => row.id)).toEqual(order.map((row) => row.id));
      expect(paid.earnings.map((row) => row.priceMovePercent)).toEqual(order.map((row) => row.priceMovePercent));
      expect(paid.gated).toEqual([]);
      const historyStart = calendarHistoryStart(today());
      const visible = order.filter((row) => row.date >= historyStart);
      // The price-move marker counts the rows that lost a price move or a typical move (both premium).
      const typical = new Map(paid.earnings.map((row) => [row.id, row.typicalMovePercent ?? null]));
      const moves = visible.filter((row) => row.priceMovePercent !== null || typical.get(row.id) != null).length;
      const freeAnswer = await calendarService.calendar(ctx(), freeFeatures, week, today());
      expect(freeAnswer.historyStart).toBe(historyStart);
      expect(freeAnswer.earnings.map((row) => row.id)).toEqual(visible.map((row) => row.id));
      expect(freeAnswer.earnings.every((row) => row.priceMovePercent === null)).toBe(true);
      expect(freeAnswer.earnings.every((row) => (row.typicalMovePercent ?? null) === null)).toBe(true);
      expect(freeAnswer.gated).toEqual([
        ...(order.length > visible.length
          ? [{ feature: 'earningsHistory', hidden: order.length - visible.length }]
          : []),
        ...(moves > 0 ? [{ feature: 'priceMove', hidden: moves }] : []),
      ]);
    });

    it('withholds history and the price move from anonymous and free callers, not from pro', async () => {
      const past = daysFromToday(-273);
      const window = { start: addDays(past, -3), end: addDays(past, 3) };
      const historyStart = calendarHistoryStart(today());
      const stored = await storedReports(window.start, window.end);
      const history = stored.filter((row) => row.date < historyStart).length;
      expect(history).toBeGreaterThan(0);
      for (const features of [anonymous, freeFeatures]) {
        const answer = await calendarService.calendar(ctx(), features, window, today());
        expect(answer.historyStart).toBe(historyStart);
        expect(answer.earnings.map((row) => row.id).sort()).toEqual(
          stored
            .filter((row) => row.date >= historyStart)
            .map((row) => row.id)
            .sort(),
        );
        expect(answer.earnings.some((row) => row.symbol === 'ZQAA')).toBe(false);
        expect(answer.gated).toContainEqual({ feature: 'earningsHistory', hidden: history });
      }
      const paid = await calendarService.calendar(ctx(), proFeatures, window, today());
      expect(paid.historyStart).toBeNull();
      expect(paid.gated).toEqual([]);
      expect(paid.earnings).toHaveLength(stored.length);
      expect(paid.earnings.find((row) => row.symbol === 'ZQAA')).toMatchObject({
        id: zqaaIds[2],
        date: past,
        priceMovePercent: PAST_MOVE,
        dateStatus: 'confirmed',
        dateSource: 'sec',
      });
    });

    it('blanks the price move of a recent report for free callers and says how many', async () => {
      const recent = daysFromToday(-85);
      const window = { start: recent, end: recent };
      const moves = (await storedReports(recent, recent)).filter((row) => row.priceMovePercent !== null).length;
      const answer = await calendarService.calendar(ctx(), anonymous, window, today());
      expect(answer.earnings.find((r) => r.symbol === 'ZQAA')).toMatchObject({ date: recent, priceMovePercent: null });
      expect(answer.gated).toContainEqual({ feature: 'priceMove', hidden: moves });
      const paid = await calendarService.calendar(ctx(), proFeatures, window, today());
      expect(paid.earnings.find((r) => r.symbol === 'ZQAA')?.priceMovePercent).toBe(PAST_MOVE);
    });

    it('sends the same reports by column, only the fields the calendar draws, with the same markers', async () => {
      const cache = newCache();
      const past = daysFromToday(-273);
      const windows = [
        { start: WEEK.start, end: WEEK.end },
        { start: addDays(past, -3), end: addDays(past, 3) },
        { start: daysFromToday(-85), end: daysFromToday(-85) },
      ];
      const read = async (features: AccountFeatures, query: calendarService.CalendarQuery) =>
        JSON.parse((await calendarService.calendarBody(ctx(), cache, features, query)).identity.toString('utf8'));
      for (const window of windows)
        for (const features of [anonymous, proFeatures]) {
          const rows = await read(features, { ...window, shape: 'rows' });
          const answer = await read(features, { ...window, shape: 'columns' });
          expect(answer).toMatchObject({ start: rows.start, end: rows.end, historyStart: rows.historyStart });
          expect(Object.keys(answer.columns)).toEqual(CALENDAR_COLUMNS);
          expect(answer.count).toBe(rows.earnings.length);
          expect(decodeEarningsColumns(answer.columns, answer.count)).toEqual(rows.earnings.map(drawn));
          // The moves are columns too (the move after each report, the typical move): withheld alike.
          expect(answer.gated).toEqual(rows.gated);
        }
    });

    it('defaults to the week shown today, or the five days up to an end alone', async () => {
      const cache = newCache();
      const answer = JSON.parse(
        (await calendarService.calendarBody(ctx(), cache, anonymous, {})).identity.toString('utf8'),
      );
      const week = weekWindow(today());
      expect({ start: answer.start, end: answer.end }).toEqual({ start: week.start, end: week.end });
      expect(calendarService.resolveWindow({ end: WED }, today())).toEqual({ start: addDays(WED, -4), end: WED });
      expect(calendarService.resolveWindow({ start: TUE }, today())).toEqual({ start: TUE, end: weekWindow(TUE).end });
    });

    it('keeps a cached answer until the market-changed message names earnings, then serves the new report', async () => {
      const cache = newCache();
      const unsubscribe = await clearOnMarketChange(ctx().bus, cache, ['earnings', 'assets']);
      try {
        const symbols = async () =>
          JSON.parse(
            (
              await calendarService.calendarBody(ctx(), cache, anonymous, { start: LATE_DAY, end: LATE_DAY })
            ).identity.toString('utf8'),
          ).earnings.map((row: { symbol: string }) => row.symbol);
        expect(await symbols()).toEqual([]);
        const id = await insertAsset(ctx().db, { symbol: 'ZQNEW', marketCap: 1e9 });
        await insertEarnings(ctx().db, id, [
          { periodYear: 2090, period: 'Q1', date: LATE_DAY, time: '08:00', session: 'before', dateStatus: 'confirmed' },
        ]);
        // Until ingestion says so, the cached answer stands.
        expect(await symbols()).toEqual([]);
        await ctx().bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['quotes'] });
        await ctx().bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings'] });
        await expect.poll(symbols, { timeout: 10_000 }).toEqual(['ZQNEW']);
      } finally {
        await unsubscribe();
      }
    });
  });

  describe('daily counts', () => {
    it('counts reports per day and session, confirmed vs estimated, the session derived from a time alone', async () => {
      const none = { total: 0, confirmed: 0, estimated: 0 };
      expect(await calendarService.calendarDaily(ctx(), WEEK)).toEqual({
        start: WEEK.start,
        end: WEEK.end,
        days: [
          {
            date: MON,
            total: 2,
            confirmed: 2,
            estimated: 0,
            sessions: {
              before: { total: 1, confirmed: 1, estimated: 0 },
              market: none,
              after: { total: 1, confirmed: 1, estimated: 0 },
              unknown: none,
            },
          },
          {
            date: TUE,
            total: 1,
            confirmed: 0,
            estimated: 1,
            sessions: { before: none, market: { total: 1, confirmed: 0, estimated: 1 }, after: none, unknown: none },
          },
          {
            date: WED,
            total: 1,
            confirmed: 0,
            estimated: 1,
            sessions: { before: none, market: none, after: none, unknown: { total: 1, confirmed: 0, estimated: 1 } },
          },
        ],
      });
    });

    it("counts the demo market's week as the calendar lists it", async () => {
      const week = weekWindow(today());
      const rows = (await calendarService.calendar(ctx(), proFeatures, week, today())).earnings;
      const daily = await calendarService.calendarDaily(ctx(), week);
      const dates = [...new Set(rows.map((row) => row.date))].sort();
      expect(daily.days.map((day) => day.date)).toEqual(dates);
      for (const day of daily.days) {
        const ofDay = rows.filter((row) => row.date === day.date);
        const count = (list: typeof rows) => ({
          total: list.length,
          confirmed: list.filter((row) => row.dateStatus === 'confirmed').length,
          estimated: list.filter((row) => row.dateStatus === 'estimated').length,
        });
        expect(day).toEqual({
          date: day.date,
          ...count(ofDay),
          sessions: {
            before: count(ofDay.filter((row) => row.session === 'before')),
            market: count(ofDay.filter((row) => row.session === 'market')),
            after: count(ofDay.filter((row) => row.session === 'after')),
            unknown: count(ofDay.filter((row) => row.session === null)),
          },
        });
      }
    });
  });

  describe("a company's quarters", () => {
    it('gives pro every quarter, newest first, with the date-change history', async () => {
      const answer = await calendarService.symbolEarnings(ctx(), proFeatures, 'zqaa', {});
      expect(answer).toMatchObject({ symbol: 'ZQAA', type: 'stock', timeZone: MARKET_TIME_ZONE, gated: [] });
      expect(answer.earnings.map((row) => row.date)).toEqual(
        [...ZQAA_OFFSETS].reverse().map((offset) => daysFromToday(offset)),
      );
      const [next, last] = answer.earnings;
      expect(next?.dateChanges.map((change) => change.newDate)).toEqual([daysFromToday(12), daysFromToday(10)]);
      expect(next?.dateChanges[0]).toEqual({
        oldDate: daysFromToday(14),
        newDate: daysFromToday(12),
        oldTime: null,
        newTime: null,
        oldStatus: 'estimated',
        newStatus: 'estimated',
        source: 'test',
        changedAt: '2026-01-01T00:00:00.000Z',
      });
      expect(next?.dateChanges[1]).toMatchObject({ oldTime: null, newTime: '16:05', source: 'test' });
      expect(last?.dateChanges).toEqual([]);
    });

    it('gives anonymous and free callers the next quarter and the last one, and says how many it hid', async () => {
      for (const features of [anonymous, freeFeatures]) {
        const answer = await calendarService.symbolEarnings(ctx(), features, 'ZQAA', {});
        expect(answer.earnings.map((row) => row.date)).toEqual([daysFromToday(10), daysFromToday(-85)]);
        expect(answer.earnings[1]?.priceMovePercent).toBeNull();
        expect(answer.gated).toEqual([
          { feature: 'earningsHistory', hidden: ZQAA_OFFSETS.length - 2 },
          { feature: 'priceMove', hidden: 1 },
        ]);
      }
    });

    it('narrows to a fiscal year or one quarter; an old quarter is locked for free callers', async () => {
      const year = await calendarService.symbolEarnings(ctx(), proFeatures, 'ZQAA', { periodYear: 2020 });
      expect(year.earnings.map((row) => row.id)).toEqual(zqaaIds.slice(0, 4).reverse());
      const quarter = await calendarService.symbolEarnings(ctx(), proFeatures, 'ZQAA', {
        periodYear: 2020,
        period: 'Q3',
      });
      expect(quarter.earnings.map((row) => [row.period, row.id])).toEqual([['Q3', zqaaIds[2]]]);
      const locked = await calendarService.symbolEarnings(ctx(), anonymous, 'ZQAA', { periodYear: 2020, period: 'Q3' });
      expect(locked).toMatchObject({ earnings: [], gated: [{ feature: 'earningsHistory', hidden: 1 }] });
    });

    it('names an unknown symbol', async () => {
      await expect(calendarService.symbolEarnings(ctx(), anonymous, 'nopez', {})).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbol: NOPEZ',
      });
    });
  });

  describe('notable reports (top market)', () => {
    it('lists the biggest popular stocks reporting soon or recently, one report each, nearest today', async () => {
      const answer = await calendarService.topMarket(ctx(), anonymous, DEFAULT_LIMITS.topMarketEarnings);
      expect(answer.start).toBe(daysFromToday(-TOP_MARKET_EARNINGS_DAYS_BEFORE));
      expect(answer.end).toBe(daysFromToday(TOP_MARKET_EARNINGS_DAYS_AFTER));
      expect(answer.earnings.length).toBeGreaterThan(0);
      expect(answer.earnings.length).toBeLessThanOrEqual(DEFAULT_LIMITS.topMarketEarnings);
      const caps = answer.earnings.map((row) => row.marketCap ?? -1);
      expect(caps).toEqual([...caps].sort((a, b) => b - a));
      const symbols = answer.earnings.map((row) => row.symbol);
      expect(new Set(symbols).size).toBe(symbols.length);
      // ZQAA (9 trillion, larger than any demo company) reports in 10 days: it leads.
      expect(answer.earnings[0]).toMatchObject({ symbol: 'ZQAA', id: zqaaIds.at(-1), date: daysFromToday(10) });
      for (const row of answer.earnings) {
        expect(row.type).toBe('stock');
        expect(row.date >= answer.start && row.date <= answer.end).toBe(true);
      }
      // Each company's report is the one of its reports in the window nearest today.
      const ids = answer.earnings.map((row) => row.id);
      const reports = await ctx()
        .db.select({ id: earnings.id, assetId: earnings.assetId, date: earnings.date })
        .from(earnings)
        .where(
          and(
            inArray(
              earnings.assetId,
              ctx().db.select({ id: earnings.assetId }).from(earnings).where(inArray(earnings.id, ids)),
            ),
            between(earnings.date, answer.start, answer.end),
          ),
        );
      const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(today()));
      for (const row of answer.earnings) {
        const own = reports.find((report) => report.id === row.id);
        const others = reports.filter((report) => report.assetId === own?.assetId);
        expect(Math.min(...others.map((report) => distance(report.date)))).toBe(distance(row.date));
      }
    });

    it('honours a limit', async () => {
      const answer = await calendarService.topMarket(ctx(), anonymous, 1);
      expect(answer.earnings.map((row) => row.symbol)).toEqual(['ZQAA']);
    });
  });

  describe('filter groups', () => {
    it("gives each group's active stock and OTC symbols, most popular first", async () => {
      const reporting = await ctx()
        .db.select({ symbol: assets.symbol, marketCap: assets.marketCap, popularity: assets.popularity })
        .from(assets)
        .where(and(eq(assets.active, true), inArray(assets.type, ['stock', 'otc'])));
      const popularityOf = new Map(reporting.map((row) => [row.symbol, row.popularity]));
      const all = await calendarService.filterSymbols(ctx(), undefined, 'all');
      expect(all.count).toBe(all.symbols.length);
      expect([...all.symbols].sort()).toEqual(reporting.map((row) => row.symbol).sort());
      const popularity = all.symbols.map((symbol) => popularityOf.get(symbol) ?? 0);
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
      expect(all.symbols).not.toContain('ZQEE');
      for (const filter of ['one_billion', 'ten_billion', 'hundred_billion'] as const) {
        const group = await calendarService.filterSymbols(ctx(), undefined, filter);
        const floor = SYMBOL_FILTER_MIN_MARKET_CAP[filter];
        expect(group.symbols, filter).toEqual(
          all.symbols.filter((symbol) => {
            const cap = reporting.find((row) => row.symbol === symbol)?.marketCap;
            return cap !== null && cap !== undefined && cap >= floor;
          }),
        );
      }
      const popular = await calendarService.filterSymbols(ctx(), undefined, 'popular');
      expect(popular.symbols).toEqual(all.symbols.slice(0, POPULAR_SYMBOLS_COUNT));
      expect(popular.symbols.slice(0, 4)).toEqual(['ZQAA', 'ZQBB', 'ZQCC', 'ZQDD']);
    });

    it('needs a caller for the custom group; the legacy alerts value reads the custom filter (empty at first)', async () => {
      await expect(calendarService.filterSymbols(ctx(), undefined, CUSTOM_SYMBOL_FILTER)).rejects.toMatchObject({
        statusCode: 401,
        message: 'Please sign in to use your custom filter.',
      });
      expect(await calendarService.filterSymbols(ctx(), free, LEGACY_ALERTS_FILTER)).toEqual({
        filter: CUSTOM_SYMBOL_FILTER,
        count: 0,
        symbols: [],
      });
    });
  });
});
