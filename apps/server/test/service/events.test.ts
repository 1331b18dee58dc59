/**
 * SPEC §7 Events on the service tier: a window of New York days oldest first (from today without one), recorded
 * calls newest first, filters by type and status, `hasMore` when the limit cut the list; economic and Fed figures and
 * recordings withheld from plans without them, with the markers saying so; a company's events; the live stream.
 */
import { EVENTS_DEFAULT_LIMIT, SYMBOL_EVENTS_DEFAULT_LIMIT } from '@eh/contracts';
import { events } from '@eh/db';
import { type AccountFeatures, nyToUtc } from '@eh/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import * as calendar from '../../src/modules/events/service.ts';
import { daysFromToday, insertAsset } from '../integration/earnings-seed.ts';
import { eachDatabase } from './context.ts';

/** Days far from any demo data. */
const DAY1 = '2091-03-05';
const DAY2 = '2091-03-06';
const DAY_BEFORE = '2091-03-04';

eachDatabase((service) => {
  const ctx = () => service().ctx;
  const ids: Record<string, number> = {};
  let anonymous: AccountFeatures;
  let free: AccountFeatures;
  let plus: AccountFeatures;
  const byTitle = <T extends { title: string }>(list: T[], title: string) =>
    list.find((event) => event.title === title);
  const list = (features: AccountFeatures, query: Partial<calendar.EventsQuery> = {}) =>
    calendar.list(ctx(), features, { limit: EVENTS_DEFAULT_LIMIT, ...query });

  beforeAll(async () => {
    const { db } = ctx();
    const zqev = await insertAsset(db, { symbol: 'ZQEV', name: 'ZQ Events Corp.', marketCap: 4e11, popularity: 50 });
    const rows: (Omit<typeof events.$inferInsert, 'source' | 'externalId'> & { key: string })[] = [
      {
        key: 'cpi',
        eventType: 'economic',
        eventStatus: 'upcoming',
        eventDate: nyToUtc(DAY1, '08:30'),
        title: 'CPI (MoM)',
        details: { country: 'US', importance: 'high', forecast: 0.2, previous: 0.3 },
      },
      {
        key: 'fomc',
        eventType: 'economic_fed',
        eventStatus: 'upcoming',
        eventDate: nyToUtc(DAY1, '14:00'),
        title: 'FOMC rate decision',
        details: { forecast: '4.25%' },
      },
      {
        key: 'call',
        eventType: 'call',
        eventStatus: 'upcoming',
        eventDate: nyToUtc(DAY1, '17:00'),
        assetId: zqev,
        symbol: 'ZQEV',
        title: 'ZQEV Q1 2091 earnings call',
        periodYear: 2091,
        period: 'Q1',
        details: { webcast: 'https://example.com/webcast' },
      },
      {
        key: 'ipo',
        eventType: 'ipo',
        eventStatus: 'upcoming',
        eventDate: nyToUtc(DAY2, '09:30'),
        title: 'ZQ New Co IPO',
        details: { priceLow: 18, priceHigh: 20 },
      },
      {
        key: 'exdiv',
        eventType: 'dividend_ex',
        eventStatus: 'upcoming',
        eventDate: nyToUtc(DAY2, '00:00'),
        assetId: zqev,
        symbol: 'ZQEV',
        title: 'ZQEV ex-dividend $0.25',
      },
      {
        key: 'recorded',
        eventType: 'call',
        eventStatus: 'closed',
        eventDate: new Date(`${daysFromToday(-30)}T21:00:00Z`),
        assetId: zqev,
        symbol: 'ZQEV',
        title: 'ZQEV Q4 earnings call',
        audioUrl: 'https://example.com/zqev-q4.mp3',
      },
      {
        key: 'live',
        eventType: 'call',
        eventStatus: 'live',
        eventDate: new Date(Date.now() - 60_000),
        assetId: zqev,
        symbol: 'ZQEV',
        title: 'ZQEV investor day',
        audioUrl: 'https://example.com/live.m3u8',
        youtubeUrl: 'https://www.youtube.com/watch?v=zqev',
      },
    ];
    for (const { key, ...row } of rows) {
      const [stored] = await db
        .insert(events)
        .values({ source: 'test', externalId: `test-${key}`, ...row })
        .returning({ id: events.id });
      ids[key] = stored?.id ?? 0;
    }
    const [freeCaller, plusCaller] = await Promise.all([
      service().user(),
      service().user({ plan: 'earningshub_plus' }),
    ]);
    [anonymous, free, plus] = await Promise.all([
      featuresOf(ctx(), undefined),
      featuresOf(ctx(), freeCaller),
      featuresOf(ctx(), plusCaller),
    ]);
  });

  describe('listing', () => {
    it('lists a window oldest first, with economic and Fed figures withheld from free callers', async () => {
      for (const features of [anonymous, free]) {
        const answer = await list(features, { start: DAY1, end: DAY2 });
        expect(answer.events.map((event) => event.id)).toEqual(
          ['cpi', 'fomc', 'call', 'exdiv', 'ipo'].map((key) => ids[key]),
        );
        expect(byTitle(answer.events, 'CPI (MoM)')).toMatchObject({
          eventType: 'economic',
          eventDate: nyToUtc(DAY1, '08:30').toISOString(),
          details: {},
          gated: { feature: 'economicCalendar', hidden: 1 },
        });
        expect(byTitle(answer.events, 'FOMC rate decision')).toMatchObject({
          details: {},
          gated: { feature: 'fedCalendar' },
        });
        expect(byTitle(answer.events, 'ZQ New Co IPO')).toMatchObject({ details: { priceLow: 18 }, gated: null });
        expect(byTitle(answer.events, 'ZQEV Q1 2091 earnings call')).toMatchObject({
          symbol: 'ZQEV',
          name: 'ZQ Events Corp.',
          period: 'Q1',
          periodYear: 2091,
          gated: null,
        });
        expect(answer.gated).toEqual([
          { feature: 'economicCalendar', hidden: 1 },
          { feature: 'fedCalendar', hidden: 1 },
        ]);
        expect(answer.hasMore).toBe(false);
      }
    });

    it('gives plus the figures', async () => {
      const answer = await list(plus, { start: DAY1, end: DAY1, type: ['economic', 'economic_fed'] });
      expect(answer.events.map((event) => event.id)).toEqual([ids.cpi, ids.fomc]);
      expect(byTitle(answer.events, 'CPI (MoM)')).toMatchObject({ details: { forecast: 0.2 }, gated: null });
      expect(byTitle(answer.events, 'FOMC rate decision')).toMatchObject({ details: { forecast: '4.25%' } });
      expect(answer.gated).toEqual([]);
    });

    it('filters by type and status, and says when the limit cut the list', async () => {
      const calls = await list(anonymous, { type: ['call'], status: ['upcoming'], start: DAY1 });
      expect(calls.events[0]).toMatchObject({ id: ids.call, eventType: 'call', eventStatus: 'upcoming' });
      for (const event of calls.events) expect(event).toMatchObject({ eventType: 'call', eventStatus: 'upcoming' });
      const cut = await list(anonymous, { start: DAY1, end: DAY2, limit: 2 });
      expect(cut.events.map((event) => event.id)).toEqual([ids.cpi, ids.fomc]);
      expect(cut.hasMore).toBe(true);
      const reversed = await list(anonymous, { start: DAY1, end: DAY2, order: 'desc' });
      expect(reversed.events.map((event) => event.id)).toEqual(
        ['ipo', 'exdiv', 'call', 'fomc', 'cpi'].map((key) => ids[key]),
      );
    });

    it('lists recorded calls newest first and keeps their recording from free callers', async () => {
      // The day of our recorded call (the demo market has calls of its own around it).
      const window = { type: ['call' as const], status: ['closed' as const], start: daysFromToday(-31) };
      const recordedOnly = { ...window, end: daysFromToday(-30), limit: 500 };
      const answer = await list(anonymous, recordedOnly);
      expect(answer.events.find((event) => event.id === ids.recorded)).toMatchObject({
        eventStatus: 'closed',
        audioUrl: null,
        gated: { feature: 'historicalAudio' },
      });
      const dates = answer.events.map((event) => event.eventDate);
      expect(dates).toEqual([...dates].sort().reverse());
      const paid = await list(plus, recordedOnly);
      expect(paid.events.find((event) => event.id === ids.recorded)).toMatchObject({
        audioUrl: 'https://example.com/zqev-q4.mp3',
        gated: null,
      });
    });

    it('starts from today when no window is given, and a live call keeps its audio for everyone', async () => {
      const answer = await list(anonymous, { status: ['live', 'upcoming'], limit: 500 });
      expect(answer.events.find((event) => event.id === ids.live)).toMatchObject({
        audioUrl: 'https://example.com/live.m3u8',
        gated: null,
      });
      expect(answer.events.some((event) => event.id === ids.recorded)).toBe(false);
    });

    it('keeps a call begun before midnight on while it is live, and only that one of the day before', async () => {
      await ctx()
        .db.insert(events)
        .values(
          ['live', 'upcoming'].map((status, i) => ({
            source: 'test',
            externalId: `test-late-${status}`,
            eventType: 'call' as const,
            eventStatus: status as 'live' | 'upcoming',
            eventDate: nyToUtc(DAY_BEFORE, `23:5${i}`),
            title: `ZQEV late call ${status}`,
          })),
        );
      // Five minutes into DAY1 in New York, the list from today without a window.
      const answer = await calendar.list(
        ctx(),
        anonymous,
        { type: ['call'], status: ['live', 'upcoming'], limit: 500 },
        nyToUtc(DAY1, '00:05'),
      );
      const titles = answer.events.map((event) => event.title);
      expect(titles).toContain('ZQEV late call live');
      expect(titles).not.toContain('ZQEV late call upcoming');
    });
  });

  describe('one event', () => {
    it('gives one event, gated as in lists', async () => {
      expect(await calendar.one(ctx(), anonymous, ids.fomc ?? 0)).toMatchObject({
        id: ids.fomc,
        title: 'FOMC rate decision',
        details: {},
        gated: { feature: 'fedCalendar' },
      });
      expect((await calendar.one(ctx(), plus, ids.fomc ?? 0)).details).toEqual({ forecast: '4.25%' });
    });

    it('refuses an unknown event', async () => {
      await expect(calendar.one(ctx(), anonymous, 999_999_999)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown event: 999999999',
      });
    });
  });

  describe("a company's events", () => {
    it('lists them newest first under the stored symbol, whatever its case asked', async () => {
      const answer = await calendar.ofSymbol(ctx(), anonymous, 'zqev', SYMBOL_EVENTS_DEFAULT_LIMIT);
      expect(answer.symbol).toBe('ZQEV');
      expect(answer.events.map((event) => event.id)).toEqual(
        ['exdiv', 'call', 'live', 'recorded'].map((key) => ids[key]),
      );
      expect(answer.gated).toEqual([{ feature: 'historicalAudio', hidden: 1 }]);
      expect(answer.hasMore).toBe(false);
      const cut = await calendar.ofSymbol(ctx(), plus, 'ZQEV', 2);
      expect(cut.events.map((event) => event.id)).toEqual([ids.exdiv, ids.call]);
      expect(cut.hasMore).toBe(true);
    });

    it('refuses an unknown symbol', async () => {
      await expect(calendar.ofSymbol(ctx(), anonymous, 'nopez', 10)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown symbol: NOPEZ',
      });
    });
  });

  describe('the live stream', () => {
    it('gives the live stream, and null once nothing is live', async () => {
      expect((await calendar.youtubeStream(ctx())).stream).toMatchObject({
        eventId: ids.live,
        symbol: 'ZQEV',
        youtubeUrl: 'https://www.youtube.com/watch?v=zqev',
        eventType: 'call',
      });
      await ctx().db.update(events).set({ eventStatus: 'closed' }).where(eq(events.eventStatus, 'live'));
      expect(await calendar.youtubeStream(ctx())).toEqual({ stream: null });
    });
  });
});
