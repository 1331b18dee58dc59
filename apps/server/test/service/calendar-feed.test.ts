/**
 * The personal calendar feed on the service tier: its secret address (off, on, rotated, revoked), and the RFC 5545
 * text the service builds, read back with a real parser (ical.js): one event per report of the symbols the user
 * follows by a list or an alert, stable UIDs, statuses, times, folding; a moved date; other users' symbols; names
 * that open no feed; 1,000 symbols. The demo market's reports of a followed stock are read back with Drizzle.
 */
import { alerts, assets, earnings, earningsDateChanges } from '@eh/db';
import { addDays } from '@eh/domain';
import { and, between, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as alertsService from '../../src/modules/alerts/service.ts';
import * as feedService from '../../src/modules/calendar-feed/service.ts';
import * as lists from '../../src/modules/lists/service.ts';
import { daysFromToday, insertAsset, insertEarnings, today } from '../integration/earnings-seed.ts';
import { popularSymbols } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

const LONG_NAME = 'Zürich Fête, Crème; Brûlée \\ Holdings — Ünïcödé “Extra” Long Name 😀 for Folding Tests';
const NO_FEED = { statusCode: 404, message: 'No such calendar feed' };

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
  };
}

/** The file name of a feed's address: what the route hands the service. */
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

eachDatabase((service) => {
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;
  let owner: Caller;
  let other: Caller;
  /** Report ids by name, for the UIDs the feed must carry. */
  const ids: Record<string, number | undefined> = {};
  const host = () => new URL(ctx().config.PUBLIC_URL).host;
  const base = () => ctx().config.PUBLIC_URL.replace(/\/$/, '');
  const uid = (name: string) => `earnings-${ids[name]}@${host()}`;
  const byUid = (events: ICAL.Event[], name: string) => {
    const event = events.find((e) => e.uid === uid(name));
    if (!event) throw new Error(`no event ${name} (${uid(name)})`);
    return event;
  };
  /** The feed of `caller`'s current address, as text. */
  const feedOf = async (caller: Caller) => {
    const { feed } = await feedService.get(ctx(), caller);
    if (!feed) throw new Error('the feed is off');
    const file = await feedService.feedFile(ctx(), fileOf(feed.url));
    return { ...file, text: file.body.toString('utf8') };
  };

  beforeAll(async () => {
    [owner, other] = await Promise.all([service().user(), service().user()]);
    const zfaa = await insertAsset(db(), { symbol: 'ZFAA', name: 'ZFAA Instruments' });
    const zfbb = await insertAsset(db(), { symbol: 'ZFBB', name: 'ZFBB Foods' });
    const zfcc = await insertAsset(db(), { symbol: 'ZFCC', name: 'ZFCC Secret Holdings' });
    const zfdd = await insertAsset(db(), { symbol: 'ZFDD', name: 'ZFDD Far Away' });
    const zfee = await insertAsset(db(), { symbol: 'ZFEE', name: LONG_NAME });
    [ids.aaPast, ids.aaNext, ids.aaLater] = await insertEarnings(db(), zfaa, [
      {
        periodYear: 2025,
        period: 'Q4',
        date: daysFromToday(-10),
        time: '16:05',
        session: 'after',
        dateStatus: 'confirmed',
      },
      { periodYear: 2026, period: 'Q1', date: daysFromToday(5), time: null, session: 'after', dateStatus: 'confirmed' },
      { periodYear: 2026, period: 'Q2', date: daysFromToday(95), time: null, session: null, dateStatus: 'estimated' },
    ]);
    [ids.bbNext] = await insertEarnings(db(), zfbb, [
      {
        periodYear: 2026,
        period: 'Q1',
        date: daysFromToday(3),
        time: '08:00',
        session: 'before',
        dateStatus: 'estimated',
      },
    ]);
    [ids.ccNext] = await insertEarnings(db(), zfcc, [
      {
        periodYear: 2026,
        period: 'Q1',
        date: daysFromToday(4),
        time: null,
        session: 'before',
        dateStatus: 'confirmed',
      },
    ]);
    // Outside the window: 60 days back (the feed keeps 30) and 400 ahead (it keeps 366).
    [ids.ddOld, ids.ddFar] = await insertEarnings(db(), zfdd, [
      {
        periodYear: 2025,
        period: 'Q3',
        date: daysFromToday(-60),
        time: null,
        session: 'after',
        dateStatus: 'confirmed',
      },
      {
        periodYear: 2027,
        period: 'Q3',
        date: daysFromToday(400),
        time: null,
        session: 'after',
        dateStatus: 'estimated',
      },
    ]);
    [ids.eeNext] = await insertEarnings(db(), zfee, [
      {
        periodYear: 2026,
        period: 'Q1',
        date: daysFromToday(6),
        time: '17:00',
        session: 'after',
        dateStatus: 'confirmed',
      },
    ]);
    // The owner follows ZFAA and ZFDD by alerts and ZFBB and ZFEE in a list; the other user follows ZFCC only.
    await alertsService.add(ctx(), owner, { symbol: 'ZFAA' });
    await alertsService.add(ctx(), owner, { symbol: 'zfdd' });
    const list = await lists.create(ctx(), owner, { name: 'Feed list' });
    await lists.addItem(ctx(), owner, list.id, { symbol: 'ZFBB' });
    await lists.addItem(ctx(), owner, list.id, { symbol: 'ZFEE' });
    // A symbol in both a list and an alert is one event, not two.
    await lists.addItem(ctx(), owner, list.id, { symbol: 'ZFAA' });
    await alertsService.add(ctx(), other, { symbol: 'ZFCC' });
  });

  describe('the feed settings', () => {
    it('are off until turned on, then give a secret address of 256 random bits', async () => {
      expect(await feedService.get(ctx(), owner)).toEqual({ feed: null });
      const on = await feedService.rotate(ctx(), owner);
      const secret = new RegExp(
        `^${base().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/calendar/([A-Za-z0-9_-]{43})\\.ics$`,
      );
      expect(on.feed.url).toMatch(secret);
      // The 43 characters decode to FEED_SECRET_BYTES random bytes: 256 bits, an address nobody can guess.
      expect(Buffer.from(secret.exec(on.feed.url)?.[1] ?? '', 'base64url')).toHaveLength(feedService.FEED_SECRET_BYTES);
      expect(Date.parse(on.feed.createdAt)).not.toBeNaN();
      expect(await feedService.get(ctx(), owner)).toEqual(on);
    });
  });

  describe('the feed', () => {
    let text: string;
    let etag: string;

    beforeAll(async () => {
      ({ text, etag } = await feedOf(owner));
    });

    it('is CRLF-terminated and folded: no physical line passes 75 octets', () => {
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = text.split('\r\n');
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // The long, multi-byte company name did need folding.
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    });

    it('has the calendar header and refresh hints, and an ETag of its bytes', async () => {
      const { calendar } = parse(text);
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(calendar.getFirstPropertyValue('prodid')).toMatch(/^-\/\/.+\/\/Earnings calendar feed\/\/EN$/);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${ctx().config.APP_NAME} earnings`);
      expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
      expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      // Nothing changed: the same bytes, the same ETag.
      expect((await feedOf(owner)).etag).toBe(etag);
    });

    it("holds one event per report of the user's symbols in the window, and nothing else", () => {
      const { events } = parse(text);
      expect(events.map((e) => e.uid).sort()).toEqual(
        ['aaPast', 'aaNext', 'aaLater', 'bbNext', 'eeNext'].map(uid).sort(),
      );
    });

    it('writes a known day as an all-day event, a known time as a timed one in New York time', () => {
      const { events } = parse(text);
      const allDay = byUid(events, 'aaNext');
      expect(allDay.startDate.isDate).toBe(true);
      expect(allDay.startDate.toString()).toBe(daysFromToday(5));
      expect(allDay.endDate.toString()).toBe(daysFromToday(6));
      expect(allDay.summary).toBe('ZFAA earnings (after market close)');
      const timed = byUid(events, 'bbNext');
      expect(timed.startDate.isDate).toBe(false);
      expect(timed.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
      expect(timed.startDate.toString()).toBe(`${daysFromToday(3)}T08:00:00`);
      // 08:00 in New York is 12:00 or 13:00 UTC, as daylight saving has it.
      expect([12, 13]).toContain(timed.startDate.toJSDate().getUTCHours());
      expect(timed.summary).toBe('ZFBB earnings (before market open)');
      expect(byUid(events, 'aaLater').summary).toBe('ZFAA earnings');
    });

    it('marks confirmed dates CONFIRMED and estimated ones TENTATIVE, and says so in the description', () => {
      const { events } = parse(text);
      const status = (name: string) => byUid(events, name).component.getFirstPropertyValue('status');
      expect(status('aaNext')).toBe('CONFIRMED');
      expect(status('aaPast')).toBe('CONFIRMED');
      expect(status('bbNext')).toBe('TENTATIVE');
      expect(status('aaLater')).toBe('TENTATIVE');
      expect(byUid(events, 'bbNext').description).toContain('Date: estimated');
      expect(byUid(events, 'aaNext').description).toContain('Session: after market close');
    });

    it('links each event to the symbol’s earnings page, and reads escaped text back as it was', () => {
      const { events } = parse(text);
      expect(byUid(events, 'aaNext').component.getFirstPropertyValue('url')).toBe(`${base()}/quote/ZFAA/earnings`);
      expect(byUid(events, 'eeNext').description).toContain(`${LONG_NAME} (ZFEE) Q1 2026 earnings.`);
      expect(byUid(events, 'aaNext').sequence).toBe(0);
    });

    it('follows a moved date: same UID, the new start, a higher SEQUENCE, a new ETag', async () => {
      const before = byUid(parse(text).events, 'aaNext');
      await db()
        .insert(earningsDateChanges)
        .values({
          earningsId: ids.aaNext ?? 0,
          oldDate: daysFromToday(5),
          newDate: daysFromToday(7),
          oldTime: null,
          newTime: '16:30',
          oldStatus: 'confirmed',
          newStatus: 'confirmed',
          source: 'test',
        });
      await db()
        .update(earnings)
        .set({ date: daysFromToday(7), time: '16:30', updatedAt: new Date() })
        .where(eq(earnings.id, ids.aaNext ?? 0));
      const moved = await feedOf(owner);
      const after = byUid(parse(moved.text).events, 'aaNext');
      expect(after.uid).toBe(before.uid);
      expect(before.startDate.toString()).toBe(daysFromToday(5));
      expect(after.startDate.toString()).toBe(`${daysFromToday(7)}T16:30:00`);
      expect(before.sequence).toBe(0);
      expect(after.sequence).toBe(1);
      expect(moved.etag).not.toBe(etag);
    });
  });

  describe('secrets', () => {
    it("never shows one user's symbols in another's feed", async () => {
      const mine = (await feedService.get(ctx(), owner)).feed?.url;
      const theirs = (await feedService.rotate(ctx(), other)).feed.url;
      expect(theirs).not.toBe(mine);
      expect(parse((await feedOf(other)).text).events.map((e) => e.uid)).toEqual([uid('ccNext')]);
      expect(parse((await feedOf(owner)).text).events.map((e) => e.uid)).not.toContain(uid('ccNext'));
      // The settings answer each caller's own address only.
      expect((await feedService.get(ctx(), other)).feed?.url).toBe(theirs);
    });

    it('rotates: a new address works, the old one opens nothing, as if it never was', async () => {
      const old = (await feedService.get(ctx(), owner)).feed?.url ?? '';
      const rotated = (await feedService.rotate(ctx(), owner)).feed.url;
      expect(rotated).not.toBe(old);
      await expect(feedService.feedFile(ctx(), fileOf(old))).rejects.toMatchObject(NO_FEED);
      expect(parse((await feedService.feedFile(ctx(), fileOf(rotated))).body.toString('utf8')).events).toHaveLength(5);
      expect((await feedService.get(ctx(), owner)).feed?.url).toBe(rotated);
    });

    it('revokes: the address opens nothing and the settings say off; turning it off again is no error', async () => {
      const url = (await feedService.get(ctx(), owner)).feed?.url ?? '';
      expect(await feedService.revoke(ctx(), owner)).toEqual({ feed: null });
      await expect(feedService.feedFile(ctx(), fileOf(url))).rejects.toMatchObject(NO_FEED);
      expect(await feedService.get(ctx(), owner)).toEqual({ feed: null });
      expect(await feedService.revoke(ctx(), owner)).toEqual({ feed: null });
    });

    it.each([
      ['an unknown secret of the right shape', `${'A'.repeat(43)}.ics`],
      ['10 KB', `${'A'.repeat(10_240)}.ics`],
      ['the wrong characters', `${'A'.repeat(40)}$% !.ics`],
      ['a lone surrogate', `${'A'.repeat(42)}\uD800.ics`],
      ['non-ASCII', `${'é'.repeat(43)}.ics`],
      ['a path in the name', '../../etc/passwd.ics'],
      ['a sub-path', `a/${'A'.repeat(43)}.ics`],
      ['no .ics', 'A'.repeat(43)],
      ['another extension', `${'A'.repeat(43)}.json`],
      ['nothing', '.ics'],
    ])('opens no feed for %s', async (_, file) => {
      await expect(feedService.feedFile(ctx(), file)).rejects.toMatchObject(NO_FEED);
    });

    it('reads the secret only from a name that can hold one', () => {
      const secret = `${'A'.repeat(40)}_-9`;
      expect(feedService.secretOf(`${secret}.ics`)).toBe(secret);
      for (const file of [secret, `${secret}.ICS`, `${secret}x.ics`, `${secret.slice(1)}.ics`, `/${secret}.ics`])
        expect(feedService.secretOf(file), file).toBeNull();
    });
  });

  describe('reports of the demo market', () => {
    it('holds every report of a followed demo stock from 30 days back to a year ahead', async () => {
      const reader = await service().user();
      const {
        stocks: [symbol],
      } = await popularSymbols(db());
      await alertsService.add(ctx(), reader, { symbol });
      await feedService.rotate(ctx(), reader);
      const stored = await db()
        .select({ id: earnings.id })
        .from(earnings)
        .innerJoin(assets, eq(assets.id, earnings.assetId))
        .where(
          and(
            eq(assets.symbol, symbol),
            between(
              earnings.date,
              addDays(today(), -feedService.FEED_PAST_DAYS),
              addDays(today(), feedService.FEED_AHEAD_DAYS),
            ),
          ),
        );
      expect(stored.length).toBeGreaterThan(0);
      const { events } = parse((await feedOf(reader)).text);
      expect(events.map((e) => e.uid).sort()).toEqual(stored.map((row) => `earnings-${row.id}@${host()}`).sort());
      for (const event of events) expect(event.summary.startsWith(`${symbol} earnings`)).toBe(true);
    });
  });

  describe('a user with 1,000 symbols', () => {
    it('gets all 4,000 of their reports', async () => {
      const heavy = await service().user();
      const symbols = Array.from({ length: 1000 }, (_, i) => `ZH${String(i).padStart(4, '0')}`);
      const stored = await db()
        .insert(assets)
        .values(
          symbols.map((symbol) => ({
            symbol,
            symbolUpper: symbol,
            name: `${symbol} Heavy Industries, Inc.`,
            type: 'stock' as const,
            exchange: 'NASDAQ',
            source: 'test',
          })),
        )
        .returning({ id: assets.id });
      const quarters = [
        {
          periodYear: 2025,
          period: 'Q4',
          date: daysFromToday(-20),
          time: '16:05',
          session: 'after',
          dateStatus: 'confirmed',
        },
        {
          periodYear: 2026,
          period: 'Q1',
          date: daysFromToday(70),
          time: null,
          session: 'before',
          dateStatus: 'confirmed',
        },
        {
          periodYear: 2026,
          period: 'Q2',
          date: daysFromToday(160),
          time: null,
          session: null,
          dateStatus: 'estimated',
        },
        {
          periodYear: 2026,
          period: 'Q3',
          date: daysFromToday(250),
          time: null,
          session: null,
          dateStatus: 'estimated',
        },
      ] as const;
      const reports = await db()
        .insert(earnings)
        .values(
          stored.flatMap(({ id }) =>
            quarters.map((quarter) => ({
              ...quarter,
              assetId: id,
              source: 'test',
              dateSource: 'test',
            })),
          ),
        )
        .returning({ id: earnings.id });
      await db()
        .insert(alerts)
        .values(symbols.map((symbol) => ({ userId: heavy.sub, symbol })));
      await feedService.rotate(ctx(), heavy);
      const started = performance.now();
      const { text } = await feedOf(heavy);
      const took = performance.now() - started;
      // Speed is measured, not asserted: a shared machine's load decides it (CONVENTIONS §5).
      console.info(
        `calendar feed on ${service().kind}, 1,000 symbols / ${reports.length} events / ${(text.length / 1e6).toFixed(2)} MB: ${took.toFixed(0)} ms`,
      );
      // Read line by line: parsing 2 MB with ical.js takes longer than building it, and the small feed above is
      // already read back with it.
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(reports.length);
      expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(reports.length);
      const uids = lines.filter((line) => line.startsWith('UID:')).map((line) => line.slice('UID:'.length));
      expect(uids.sort()).toEqual(reports.map((row) => `earnings-${row.id}@${host()}`).sort());
    }, 120_000);
  });
});
