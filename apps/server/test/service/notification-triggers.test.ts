/**
 * Notification triggers on the service tier: each source row becomes one event and its deliveries for the right
 * users on the right channels; free users get the alert defaults only; a switch off means nothing; a re-run
 * duplicates nothing; a first run with no watermark ignores the seeded history; an empty digest is never made; a
 * moved confirmed date reaches list followers without an alert; the job runs every trigger and the loop enqueues it.
 */
import { randomUUID } from 'node:crypto';
import {
  alerts,
  assetListItems,
  assetLists,
  assets,
  deliveries,
  earnings,
  jobs,
  news,
  notificationCursors,
  notificationEvents,
  notificationPreferences,
  rowsOf,
  users,
} from '@eh/db';
import {
  ALERT_DEFAULTS,
  type AlertSettings,
  addDays,
  formatEps,
  NOTIFICATION_SESSION_LABELS,
  nyDate,
  nyToUtc,
  REMINDER_LOCAL_TIME,
  reminderDay,
  zonedClock,
  zonedTimeToUtc,
} from '@eh/domain';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import type { AppContext } from '../../src/kernel/context.ts';
import { NOTIFICATION_DELIVER_JOB, NOTIFICATION_TRIGGERS_JOB } from '../../src/modules/notifications/jobs.ts';
import { reportNow } from '../../src/modules/notifications/triggers/demo-report.ts';
import { runDigests } from '../../src/modules/notifications/triggers/digests.ts';
import { publishEvent, subscriptionsWithAlerts } from '../../src/modules/notifications/triggers/fanout.ts';
import { runTriggers, startTriggerLoop, TRIGGERS } from '../../src/modules/notifications/triggers/index.ts';
import { dayLabel } from '../../src/modules/notifications/triggers/messages.ts';
import {
  analystRatings,
  dateChange,
  dividendPayment,
  earningsReminder,
  earningsResults,
  eventTranscript,
  eventTranscriptSummary,
  guidance,
  liveCall,
  type Trigger,
} from '../../src/modules/notifications/triggers/sources.ts';
import { eachDatabase, silentLog } from './context.ts';

type Person = { id: string };
type Name = 'paid' | 'paidOff' | 'free' | 'delinquent' | 'lister' | 'digester';

const ON: AlertSettings = Object.fromEntries(Object.keys(ALERT_DEFAULTS).map((key) => [key, true])) as AlertSettings;
const OFF: AlertSettings = Object.fromEntries(Object.keys(ALERT_DEFAULTS).map((key) => [key, false])) as AlertSettings;

describe('plans with the alerts feature', () => {
  it("come from the domain's rule: paying, not delinquent", () => {
    const keys = subscriptionsWithAlerts().map((s) => `${s.plan}/${s.subscriptionType}/${s.status}`);
    expect(keys).toContain('earningshub_plus/paid/active');
    expect(keys).toContain('earningshub_team/paid/canceled');
    expect(keys.some((key) => key.startsWith('free/'))).toBe(false);
    expect(keys.some((key) => key.endsWith('/delinquent'))).toBe(false);
    expect(keys.some((key) => key.includes('/free/'))).toBe(false);
  });
});

eachDatabase((service) => {
  /** Results, ratings, guidance, live calls, transcripts, dividends: RESULTS. Reminders and moved dates: REMINDED. */
  let RESULTS: string;
  let REMINDED: string;
  const people = {} as Record<Name, Person>;
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;

  async function addAlert(who: Person, symbol: string, settings: Partial<AlertSettings>) {
    await db()
      .insert(alerts)
      .values({ userId: who.id, symbol, ...settings })
      .onConflictDoUpdate({ target: [alerts.userId, alerts.symbol], set: settings });
  }

  const mine = () => Object.values(people).map((person) => person.id);

  /** The deliveries of an event to our users, as 'who:channel' sorted. */
  async function deliveredTo(eventId: number): Promise<string[]> {
    const rows = await db()
      .select({ userId: deliveries.userId, channel: deliveries.channel })
      .from(deliveries)
      .where(and(eq(deliveries.eventId, eventId), inArray(deliveries.userId, mine())));
    const name = (id: string) => Object.entries(people).find(([, person]) => person.id === id)?.[0];
    return rows.map((row) => `${name(row.userId)}:${row.channel}`).sort();
  }

  async function eventByKey(kind: string, eventKey: string) {
    const [row] = await db()
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.kind, kind as never), eq(notificationEvents.eventKey, eventKey)));
    return row;
  }

  async function countDeliveries() {
    const [row] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from deliveries`));
    return row?.n ?? 0;
  }

  async function assetIdOf(symbol: string) {
    const [row] = await db().select({ id: assets.id }).from(assets).where(eq(assets.symbol, symbol));
    if (!row) throw new Error(`no asset ${symbol}`);
    return row.id;
  }

  const run = (trigger: Trigger, now = new Date()) => trigger({ db: db(), now });

  /** Runs a trigger twice: the second run creates nothing and queues nothing more. */
  async function runTwice(trigger: Trigger, now = new Date()) {
    const first = await run(trigger, now);
    const before = await countDeliveries();
    const second = await run(trigger, now);
    expect(second).toEqual({ events: 0, deliveries: 0 });
    expect(await countDeliveries()).toBe(before);
    return first;
  }

  beforeAll(async () => {
    // Two popular stocks, the second with a report coming after the first's (reminders are taken on its eve).
    const rows = rowsOf<{ symbol: string }>(
      await db().execute(sql`
        select a.symbol from assets a
        where a.type = 'stock' and a.active and a.source = 'demo'
          and exists (select 1 from earnings e where e.asset_id = a.id and e.eps_actual is null and e.date > ${nyDate(new Date())}::date)
        order by a.popularity desc limit 2`),
    );
    [RESULTS, REMINDED] = rows.map((row) => row.symbol) as [string, string];
    if (!RESULTS || !REMINDED) throw new Error('the seeded market has too few stocks with coming reports');

    const plans = {
      paid: 'earningshub_pro',
      paidOff: 'earningshub_plus',
      free: 'free',
      delinquent: 'earningshub_pro',
      lister: 'earningshub_pro',
      digester: 'earningshub_plus',
    } as const;
    for (const [name, plan] of Object.entries(plans) as [Name, (typeof plans)[Name]][]) {
      people[name] = { id: (await service().user({ plan })).sub };
    }
    await db().update(users).set({ subscriptionStatus: 'delinquent' }).where(eq(users.id, people.delinquent.id));

    // Everything on except SMS and the digests (tested on their own).
    const paidSwitches = { ...ON, notifyBySms: false, dailySummary: false, weeklySummary: false };
    for (const symbol of [RESULTS, REMINDED]) {
      await addAlert(people.paid, symbol, paidSwitches);
      // Every kind off; channels on: only the moved-date notice reaches them.
      await addAlert(people.paidOff, symbol, { ...OFF, notifyByEmail: true, notifyByPush: true });
      // Everything on (digests too) but email: a free plan honours the opt-out, not the extras.
      await addAlert(people.free, symbol, { ...ON, notifyByEmail: false });
      await addAlert(people.delinquent, symbol, { ...ON, dailySummary: false });
    }
    // The lister follows REMINDED through a list only.
    const [list] = await db().insert(assetLists).values({ userId: people.lister.id, name: 'Watch' }).returning();
    if (!list) throw new Error('no list');
    await db()
      .insert(assetListItems)
      .values({ listId: list.id, userId: people.lister.id, symbol: REMINDED, assetType: 'stock' });
    await db().insert(notificationPreferences).values({ userId: people.paid.id, timeZone: 'Europe/Paris' });
    await db().insert(notificationPreferences).values({ userId: people.digester.id, timeZone: 'Asia/Tokyo' });
  });

  describe('first run with no watermark', () => {
    it('ignores the seeded history (years of results, ratings, moved dates…) and sets every watermark', async () => {
      const [{ n: history }] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from earnings where eps_actual is not null`),
      ) as [{ n: number }];
      expect(history).toBeGreaterThan(100);
      // Make history look fresh to an instant watermark: it must still be ignored on a first run.
      await db().execute(sql`update earnings set updated_at = now() where id in (
        select e.id from earnings e join assets a on a.id = e.asset_id where a.symbol = ${RESULTS} and e.eps_actual is not null
        order by e.date desc limit 1)`);
      for (const trigger of [
        earningsResults,
        analystRatings,
        guidance,
        dateChange,
        liveCall,
        eventTranscript,
        eventTranscriptSummary,
      ]) {
        expect(await run(trigger)).toEqual({ events: 0, deliveries: 0 });
      }
      const cursors = await db().select().from(notificationCursors);
      expect(cursors.map((cursor) => cursor.trigger).sort()).toEqual(
        [
          'analystRatings',
          'dateChange',
          'earningsResults',
          'eventTranscript',
          'eventTranscriptSummary',
          'guidance',
          'liveCall',
        ].sort(),
      );
      expect(await db().select().from(notificationEvents)).toEqual([]);
    });
  });

  describe('earningsResults, through the demo market\'s "report now"', () => {
    it('stores actuals near the estimates and queues the event for paid users with the switch on only', async () => {
      const report = await reportNow(ctx(), RESULTS.toLowerCase());
      expect(report.symbol).toBe(RESULTS);
      expect(report.epsEstimate).not.toBeNull();
      const estimate = report.epsEstimate ?? Number.NaN;
      expect(Math.abs(report.epsActual - estimate)).toBeLessThanOrEqual(Math.abs(estimate) * 0.11 + 0.01);
      const [stored] = await db().select().from(earnings).where(eq(earnings.id, report.earningsId));
      expect(stored?.epsActual).toBe(report.epsActual);
      expect(stored?.reportedAt).not.toBeNull();
      // The wire's story, for the news feed and the company's News tab.
      const stories = await db().select().from(news).where(sql`${RESULTS} = any(${news.symbols})`);
      const story = stories.find((row) => row.externalId.startsWith('report-now:'));
      expect(story).toMatchObject({ newsType: 'earnings_results', symbols: [RESULTS] });
      expect(story?.title).toContain(`EPS ${formatEps(report.epsActual)}`);

      const outcome = await runTwice(earningsResults);
      expect(outcome.events).toBe(1);
      const event = await eventByKey('earningsResults', `earnings:${report.earningsId}`);
      expect(event).toMatchObject({
        symbol: RESULTS,
        userId: null,
        path: `/quote/${RESULTS}/earnings`,
        title: `${RESULTS} reported ${report.period} ${report.periodYear} results`,
      });
      expect(event?.body).toContain(`EPS ${formatEps(report.epsActual)}`);
      expect(event?.data).toMatchObject({ epsActual: report.epsActual, epsEstimate: report.epsEstimate });
      expect(typeof event?.data.epsSurprisePercent).toBe('number');
      // Paid with the switch on: email and push (SMS off). Free and delinquent: the defaults have results off,
      // whatever they stored. The paid user with the switch off: nothing.
      expect(await deliveredTo(event?.id ?? -1)).toEqual(['paid:email', 'paid:push']);
    });

    it('publishing a stored event again (a retried job) queues nothing', async () => {
      const [event] = await db()
        .select()
        .from(notificationEvents)
        .where(eq(notificationEvents.kind, 'earningsResults'));
      if (!event) throw new Error('no event');
      expect(await publishEvent(db(), { ...event, kind: 'earningsResults' }, { audience: 'alerts' })).toEqual({
        eventId: null,
        deliveries: 0,
      });
    });

    it('refuses a symbol no demo company has, and a market that is not the seeded demo', async () => {
      await expect(reportNow(ctx(), 'NOPE.ZZ')).rejects.toMatchObject({
        statusCode: 400,
        message: "body.symbol: no demo company has the symbol 'NOPE.ZZ'",
      });
      await db().execute(sql`delete from seed_runs where name = 'demo-market'`);
      try {
        await expect(reportNow(ctx(), REMINDED)).rejects.toMatchObject({
          statusCode: 409,
          message: 'The demo market is not seeded here',
        });
      } finally {
        await db().execute(sql`insert into seed_runs (name) values ('demo-market')`);
      }
    });
  });

  describe('earningsReminder', () => {
    it("on the trading day before, with date, session and status, due at 17:00 in each user's zone", async () => {
      const assetId = await assetIdOf(REMINDED);
      const [report] = await db()
        .select()
        .from(earnings)
        .where(and(eq(earnings.assetId, assetId), isNull(earnings.epsActual), gt(earnings.date, nyDate(new Date()))))
        .orderBy(asc(earnings.date))
        .limit(1);
      if (!report) throw new Error('no coming report');
      const eve = reminderDay(report.date);
      // The trading day before the eve: too early, nothing.
      await run(earningsReminder, nyToUtc(reminderDay(eve), '12:00'));
      expect(await eventByKey('earningsReminder', `reminder:${report.id}:${report.date}`)).toBeUndefined();
      const noon = nyToUtc(eve, '12:00');
      const outcome = await runTwice(earningsReminder, noon);
      expect(outcome.events).toBeGreaterThanOrEqual(1);
      const event = await eventByKey('earningsReminder', `reminder:${report.id}:${report.date}`);
      if (!event) throw new Error('no reminder');
      expect(event.title).toContain(dayLabel(report.date));
      expect(event.title).toContain(report.dateStatus);
      if (report.session) expect(event.title).toContain(NOTIFICATION_SESSION_LABELS[report.session]);
      expect(event.path).toBe(`/quote/${REMINDED}/earnings`);
      // Paid: its switches (email, push). Free: the defaults less the email it turned off. Delinquent: the defaults.
      // Paid with the switch off: nothing.
      expect(await deliveredTo(event.id)).toEqual([
        'delinquent:email',
        'delinquent:push',
        'free:push',
        'paid:email',
        'paid:push',
      ]);
      const times = await db()
        .select({ userId: deliveries.userId, notBefore: deliveries.notBefore })
        .from(deliveries)
        .where(eq(deliveries.eventId, event.id));
      const at = (who: Person) => times.find((row) => row.userId === who.id)?.notBefore.toISOString();
      expect(at(people.paid)).toBe(zonedTimeToUtc(eve, REMINDER_LOCAL_TIME, 'Europe/Paris').toISOString());
      expect(at(people.free)).toBe(nyToUtc(eve, REMINDER_LOCAL_TIME).toISOString());
    });

    it('nothing on a day the market is closed', async () => {
      let saturday = nyDate(new Date());
      while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
      expect(await run(earningsReminder, nyToUtc(saturday, '12:00'))).toEqual({ events: 0, deliveries: 0 });
    });
  });

  describe('dateChange', () => {
    it('a moved confirmed date reaches every follower, list followers without an alert included, whatever their switches', async () => {
      const assetId = await assetIdOf(REMINDED);
      const [report] = await db()
        .select()
        .from(earnings)
        .where(and(eq(earnings.assetId, assetId), gt(earnings.date, nyDate(new Date()))))
        .orderBy(asc(earnings.date))
        .limit(1);
      if (!report) throw new Error('no coming report');
      const moved = addDays(report.date, 2);
      const [confirmedMove] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into earnings_date_changes (earnings_id, old_date, new_date, old_time, new_time, old_status, new_status, source)
          values (${report.id}, ${report.date}::date, ${moved}::date, '16:05', '16:05', 'confirmed', 'confirmed', 'test')
          returning id`),
      );
      // An estimate that moved is no news; neither is a confirmation of the same date.
      await db().execute(sql`
        insert into earnings_date_changes (earnings_id, old_date, new_date, old_status, new_status, source) values
          (${report.id}, ${report.date}::date, ${moved}::date, 'estimated', 'estimated', 'test'),
          (${report.id}, ${report.date}::date, ${report.date}::date, 'confirmed', 'confirmed', 'test')`);
      const outcome = await runTwice(dateChange);
      expect(outcome.events).toBe(1);
      const event = await eventByKey('dateChange', `date-change:${confirmedMove?.id}`);
      if (!event) throw new Error('no event');
      expect(event.title).toContain(dayLabel(moved));
      expect(event.path).toBe(`/quote/${REMINDED}/earnings`);
      // paidOff has every kind off (channels on); the lister has no alert (the defaults' channels: email and push).
      expect(await deliveredTo(event.id)).toEqual([
        'delinquent:email',
        'delinquent:push',
        'free:push',
        'lister:email',
        'lister:push',
        'paid:email',
        'paid:push',
        'paidOff:email',
        'paidOff:push',
      ]);
    });
  });

  describe('analystRatings and guidance', () => {
    it('a new rating row reaches paid users with the switch on; an old one (history) nobody', async () => {
      const assetId = await assetIdOf(RESULTS);
      const today = nyDate(new Date());
      const [fresh] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into analyst_ratings (asset_id, date, firm, action, from_grade, to_grade, price_target, prior_price_target, source)
          values (${assetId}, ${today}::date, 'Trigger Test Securities', 'upgrade', 'Hold', 'Buy', 250, 200, 'test'),
            (${assetId}, ${addDays(today, -400)}::date, 'Old History LLC', 'downgrade', 'Buy', 'Hold', 90, 100, 'test')
          returning id`),
      );
      const outcome = await runTwice(analystRatings);
      expect(outcome.events).toBe(1);
      const event = await eventByKey('analystRatings', `rating:${fresh?.id}`);
      if (!event) throw new Error('no event');
      expect(event.title).toBe(`Trigger Test Securities upgrades ${RESULTS}: Buy`);
      expect(event.body).toBe('Hold → Buy; price target $200.00 → $250.00');
      expect(event.path).toBe(`/quote/${RESULTS}/analysts`);
      expect(await deliveredTo(event.id)).toEqual(['paid:email', 'paid:push']);
    });

    it('a new guidance row likewise', async () => {
      const assetId = await assetIdOf(RESULTS);
      const [row] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into guidance (asset_id, period_year, period, metric, low, high, consensus, issued_date, source)
          values (${assetId}, 2031, 'Q1', 'eps', 1.1, 1.3, 1.25, ${nyDate(new Date())}::date, 'test') returning id`),
      );
      const outcome = await runTwice(guidance);
      expect(outcome.events).toBe(1);
      const event = await eventByKey('guidance', `guidance:${row?.id}`);
      expect(event?.title).toBe(`${RESULTS} guides Q1 2031 EPS: $1.10–$1.30`);
      expect(await deliveredTo(event?.id ?? -1)).toEqual(['paid:email', 'paid:push']);
    });
  });

  describe('liveCall, eventTranscript, eventTranscriptSummary', () => {
    it('a call going live, its transcript and its summary each make one event', async () => {
      const assetId = await assetIdOf(RESULTS);
      const [call] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into events (event_type, event_status, event_date, asset_id, symbol, title, external_id, source, period_year, period)
          values ('call', 'upcoming', now(), ${assetId}, ${RESULTS}, ${`${RESULTS} Q1 2031 earnings call`}, ${`trigger-test-${randomUUID()}`}, 'test', 2031, 'Q1')
          returning id`),
      );
      expect(await run(liveCall)).toEqual({ events: 0, deliveries: 0 });
      await db().execute(sql`update events set event_status = 'live', updated_at = now() where id = ${call?.id}`);
      expect((await runTwice(liveCall)).events).toBe(1);
      const live = await eventByKey('liveCall', `live:${call?.id}`);
      expect(live?.path).toBe(`/${RESULTS}/events/${call?.id}`);
      expect(await deliveredTo(live?.id ?? -1)).toEqual(['paid:email', 'paid:push']);

      const fileId = `trigger-test-${randomUUID()}`;
      await db().execute(sql`
        insert into files (id, asset_id, symbol, type, period_year, period, event_id, title, date, source)
        values (${fileId}, ${assetId}, ${RESULTS}, 'transcript', 2031, 'Q1', ${call?.id}, 'Q1 2031 call transcript', now(), 'test')`);
      expect((await runTwice(eventTranscript)).events).toBe(1);
      const transcript = await eventByKey('eventTranscript', `transcript:${fileId}`);
      expect(transcript?.path).toBe(`/transcripts/${fileId}`);
      expect(await deliveredTo(transcript?.id ?? -1)).toEqual(['paid:email', 'paid:push']);

      await db().execute(sql`
        insert into file_analysis (file_id, summary, model, source)
        values (${fileId}, 'Revenue grew on strong demand; margins widened.', 'test', 'test')`);
      expect((await runTwice(eventTranscriptSummary)).events).toBe(1);
      const summary = await eventByKey('eventTranscriptSummary', `summary:${fileId}`);
      expect(summary?.body).toBe('Revenue grew on strong demand; margins widened.');
      expect(await deliveredTo(summary?.id ?? -1)).toEqual(['paid:email', 'paid:push']);
    });
  });

  describe('dividendPayment', () => {
    it('on the payment date; a payment of the past is not news', async () => {
      const assetId = await assetIdOf(RESULTS);
      const today = nyDate(new Date());
      const payDay = addDays(today, 10);
      const [paid] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into dividends (asset_id, ex_date, payment_date, amount, source) values
            (${assetId}, ${addDays(today, 3)}::date, ${payDay}::date, 0.26, 'test'),
            (${assetId}, ${addDays(today, -60)}::date, ${addDays(today, -40)}::date, 0.25, 'test')
          returning id`),
      );
      // First run: its watermark starts today; the past payment is never announced.
      expect(await run(dividendPayment)).toMatchObject({ events: 0 });
      expect(await run(dividendPayment, nyToUtc(addDays(payDay, -1), '12:00'))).toMatchObject({ events: 0 });
      const outcome = await runTwice(dividendPayment, nyToUtc(payDay, '12:00'));
      expect(outcome.events).toBe(1);
      const event = await eventByKey('dividendPayment', `dividend:${paid?.id}`);
      expect(event?.title).toBe(`${RESULTS} pays $0.26 a share today`);
      expect(event?.path).toBe(`/quote/${RESULTS}/dividends`);
      expect(await deliveredTo(event?.id ?? -1)).toEqual(['paid:email', 'paid:push']);
    });
  });

  describe('daily and weekly summaries', () => {
    it("one personal event at 18:00 in the user's zone with their symbols' news; never an empty one", async () => {
      await addAlert(people.digester, REMINDED, {
        ...OFF,
        dailySummary: true,
        weeklySummary: true,
        notifyByEmail: true,
      });
      const tokyoToday = zonedClock(new Date(), 'Asia/Tokyo').date;
      const at = zonedTimeToUtc(tokyoToday, '19:00', 'Asia/Tokyo');
      // Before 18:00 in Tokyo: not yet.
      expect(
        await runDigests({ db: db(), now: zonedTimeToUtc(tokyoToday, '17:30', 'Asia/Tokyo') }, 'dailySummary'),
      ).toEqual({ events: 0, deliveries: 0 });
      await db().execute(sql`
        insert into news (external_id, slug, title, news_type, symbols, published_at, source)
        values (${`trigger-test-${randomUUID()}`}, 'trigger-test', ${`${REMINDED} opens a new plant`}, 'news',
          array[${REMINDED}]::text[], ${new Date(at.getTime() - 3_600_000).toISOString()}::timestamptz, 'test')`);
      const outcome = await runDigests({ db: db(), now: at }, 'dailySummary');
      expect(outcome.events).toBeGreaterThanOrEqual(1);
      const event = await eventByKey('dailySummary', `daily:${tokyoToday}:${people.digester.id}`);
      if (!event) throw new Error('no digest');
      expect(event.userId).toBe(people.digester.id);
      expect(event.symbol).toBeNull();
      expect(event.body).toContain(`${REMINDED}: ${REMINDED} opens a new plant`);
      expect(event.path).toBe('/my-stocks');
      expect(await deliveredTo(event.id)).toEqual(['digester:email']);
      // Once the zone's day is done, nothing more that day.
      expect(await runDigests({ db: db(), now: new Date(at.getTime() + 3_600_000) }, 'dailySummary')).toEqual({
        events: 0,
        deliveries: 0,
      });
    });

    it('a day when nothing happened to their symbols makes no digest', async () => {
      // Far ahead: no report, bar or news of the period exists.
      const quietDay = '2031-06-07';
      const at = zonedTimeToUtc(quietDay, '19:00', 'Asia/Tokyo');
      for (const kind of ['dailySummary', 'weeklySummary'] as const) await runDigests({ db: db(), now: at }, kind);
      const made = await db()
        .select()
        .from(notificationEvents)
        .where(
          and(
            eq(notificationEvents.userId, people.digester.id),
            sql`${notificationEvents.eventKey} like ${`%${quietDay}%`}`,
          ),
        );
      expect(made).toEqual([]);
      const [cursor] = await db()
        .select()
        .from(notificationCursors)
        .where(eq(notificationCursors.trigger, 'dailySummary:Asia/Tokyo'));
      expect(cursor?.position).toBe(quietDay);
    });

    it('free and delinquent users never get digests, whatever they stored (the defaults have them off)', async () => {
      const today = nyDate(new Date());
      await db().execute(sql`
        insert into news (external_id, slug, title, news_type, symbols, published_at, source)
        values (${`trigger-test-${randomUUID()}`}, 'trigger-test', ${`${RESULTS} names a new chief executive`}, 'news',
          array[${RESULTS}, ${REMINDED}]::text[], ${nyToUtc(today, '18:30').toISOString()}::timestamptz, 'test')`);
      await runDigests({ db: db(), now: nyToUtc(today, '19:00') }, 'dailySummary');
      const [cursor] = await db()
        .select()
        .from(notificationCursors)
        .where(eq(notificationCursors.trigger, 'dailySummary:America/New_York'));
      expect(cursor?.position).toBe(today);
      const made = await db()
        .select()
        .from(notificationEvents)
        .where(inArray(notificationEvents.userId, [people.free.id, people.delinquent.id]));
      expect(made).toEqual([]);
    });
  });

  describe('the move since a report', () => {
    it('reaches the results alert and the daily summary: a stored reaction, an after-hours quote', async () => {
      // A Tuesday far ahead, each report stored as the market would store it by 19:00 New York time that day.
      const day = '2031-06-10';
      const now = nyToUtc(day, '19:00');
      const insertReport = async (symbol: string, session: 'before' | 'after', time: string, actuals: number[]) => {
        const [eps, estimate, revenue] = actuals;
        const [row] = rowsOf<{ id: number }>(
          await db().execute(sql`
            insert into earnings (asset_id, period_year, period, date, time, session, date_status, date_source,
              eps_actual, eps_estimate, revenue_actual, source)
            values (${await assetIdOf(symbol)}, 2090, 'Q2', ${day}::date, ${time}, ${session}, 'confirmed', 'test',
              ${eps}, ${estimate}, ${revenue}, 'test')
            returning id`),
        );
        if (!row) throw new Error('no report');
        return row.id;
      };
      const opened = await insertReport(RESULTS, 'before', '07:00', [1.52, 1.43, 94e9]);
      await db().execute(sql`
        insert into earnings_reactions (earnings_id, asset_id, report_date, session, reason, base_date, reaction_date,
          gap_percent, one_day_percent, computed_at)
        values (${opened}, ${await assetIdOf(RESULTS)}, ${day}::date, 'before', null, ${addDays(day, -1)}::date,
          ${day}::date, 3.14, 2.36, ${nyToUtc(day, '16:30').toISOString()}::timestamptz)`);
      const afterHours = await insertReport(REMINDED, 'after', '16:05', [2.1, 2, 5e9]);
      await db().execute(sql`
        insert into quotes (asset_id, price, prev_close, extended_price, extended_session, extended_at, quoted_at, source)
        values (${await assetIdOf(REMINDED)}, 200, 190, 206.2, 'after', ${nyToUtc(day, '17:00').toISOString()}::timestamptz,
          ${nyToUtc(day, '16:00').toISOString()}::timestamptz, 'test')
        on conflict (asset_id) do update set price = excluded.price, prev_close = excluded.prev_close,
          extended_price = excluded.extended_price, extended_session = excluded.extended_session,
          extended_at = excluded.extended_at, quoted_at = excluded.quoted_at`);

      await run(earningsResults, now);
      const reaction = await eventByKey('earningsResults', `earnings:${opened}`);
      expect(reaction?.body).toBe(
        'EPS $1.52 beat $1.43 est. (+6.3%); Revenue $94.0B; shares opened +3.1% and closed +2.4%',
      );
      expect(reaction?.data.move).toEqual({ when: 'reaction', percent: 2.36, gapPercent: 3.14, oneDayPercent: 2.36 });
      const quoted = await eventByKey('earningsResults', `earnings:${afterHours}`);
      expect(quoted?.body).toBe('EPS $2.10 beat $2.00 est. (+5.0%); Revenue $5.00B; shares +3.1% after hours');
      expect(quoted?.data.move).toEqual({ when: 'afterHours', percent: 3.1 });

      // A Plus user in New York with the daily summary of both.
      const mover = { id: (await service().user({ plan: 'earningshub_plus' })).sub };
      for (const symbol of [RESULTS, REMINDED])
        await addAlert(mover, symbol, { ...OFF, dailySummary: true, notifyByEmail: true });
      await runDigests({ db: db(), now }, 'dailySummary');
      const digest = await eventByKey('dailySummary', `daily:${day}:${mover.id}`);
      const lines = digest?.body.split('\n') ?? [];
      expect(lines).toContain(
        `${RESULTS} reported Q2 2090: EPS $1.52 vs $1.43 est., revenue $94.0B; shares opened +3.1% and closed +2.4%`,
      );
      expect(lines).toContain(
        `${REMINDED} reported Q2 2090: EPS $2.10 vs $2.00 est., revenue $5.00B; shares +3.1% after hours`,
      );
    });
  });

  describe('the trigger job and loop', () => {
    const triggerJobs = () => db().select().from(jobs).where(eq(jobs.name, NOTIFICATION_TRIGGERS_JOB));
    /** The last id the jobs table drew: an enqueue draws one even when its key's job is already queued. */
    const lastJobId = async () => {
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql`select last_value::int as n from pg_sequences where sequencename = 'jobs_id_seq'`),
      );
      return row?.n ?? 0;
    };

    it('runs every trigger and enqueues delivery when something was queued', async () => {
      await db().delete(jobs).where(eq(jobs.name, NOTIFICATION_DELIVER_JOB));
      const assetId = await assetIdOf(RESULTS);
      await db().execute(sql`
        insert into analyst_ratings (asset_id, date, firm, action, to_grade, source)
        values (${assetId}, ${nyDate(new Date())}::date, 'Loop Test Partners', 'initiate', 'Buy', 'test')`);
      const outcomes = await runTriggers(db(), new Date(), silentLog);
      expect(Object.keys(outcomes).sort()).toEqual(Object.keys(TRIGGERS).sort());
      expect(outcomes.analystRatings).toEqual({ events: 1, deliveries: 2 });
      const queued = await db().select().from(jobs).where(eq(jobs.name, NOTIFICATION_DELIVER_JOB));
      expect(queued.map((job) => [job.status, job.uniqueKey])).toEqual([['queued', NOTIFICATION_DELIVER_JOB]]);
    });

    it('enqueues the trigger job at start and on every market change, once at a time', async () => {
      await db().delete(jobs).where(eq(jobs.name, NOTIFICATION_TRIGGERS_JOB));
      // The loop's enqueues, counted as it asks for them: a kick builds its insert before its first await.
      let asked = 0;
      const real = db();
      const watched: AppContext = {
        ...ctx(),
        db: Object.create(real, {
          insert: {
            value: (table: Parameters<typeof real.insert>[0]) => {
              asked += 1;
              return real.insert(table);
            },
          },
        }),
      };
      const publish = (dataset: string) => ctx().bus.publish(MARKET_CHANGED_CHANNEL, { datasets: [dataset] });
      const stop = startTriggerLoop(watched, silentLog);
      try {
        await expect.poll(async () => (await triggerJobs()).length).toBe(1);
        // Still queued: a burst of changes makes no second job. Published until the loop has heard one and its
        // enqueue has drawn an id (the bus may still be subscribing).
        const drawn = await lastJobId();
        await expect
          .poll(async () => {
            await publish('earnings');
            return lastJobId();
          })
          .toBeGreaterThan(drawn);
        expect(asked).toBeGreaterThan(1);
        expect((await triggerJobs()).map((job) => job.status)).toEqual(['queued']);
        // Once it ran, the next change enqueues it again.
        await db().update(jobs).set({ status: 'done' }).where(eq(jobs.name, NOTIFICATION_TRIGGERS_JOB));
        await publish('analystRatings');
        await expect.poll(async () => (await triggerJobs()).filter((job) => job.status === 'queued').length).toBe(1);
      } finally {
        stop();
      }
      // Stopped: a change enqueues nothing. A listener subscribed after the loop hears the change after it would have.
      await db().delete(jobs).where(eq(jobs.name, NOTIFICATION_TRIGGERS_JOB));
      let heard: () => void = () => {};
      const change = new Promise<void>((resolve) => {
        heard = resolve;
      });
      const unsubscribe = await ctx().bus.subscribe(MARKET_CHANGED_CHANNEL, () => heard());
      try {
        const before = asked;
        await publish('earnings');
        await change;
        expect(asked).toBe(before);
        expect(await triggerJobs()).toEqual([]);
      } finally {
        await unsubscribe();
      }
    });
  });
});
