/**
 * One trigger per source: each reads what is new since its watermark (notification_cursors) and publishes an event
 * per row. A trigger's first run only sets its watermark at "now" (the current last id, instant or day), so a
 * freshly seeded market with years of history notifies nobody about the past; rows about something older than
 * TRIGGER_MAX_AGE_DAYS (a history fill that lands later) are not news either.
 */
import { type Database, notificationPreferences, rowsOf } from '@eh/db';
import {
  addDays,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  DEMO_REPLAY_SOURCE,
  type IsoDate,
  isTradingDay,
  MS_PER_DAY,
  nextTradingDay,
  nyDate,
  REMINDER_LOCAL_TIME,
  type ReportMoveFacts,
  timeZoneOrDefault,
  zonedTimeToUtc,
} from '@eh/domain';
import { type SQL, sql } from 'drizzle-orm';
import { readCursor, writeCursor } from './cursors.ts';
import { type Audience, type NotificationEventInput, publishEvent, type ZonedNotBefore } from './fanout.ts';
import {
  type DateChangeRow,
  type DividendRow,
  dateChangeNotice,
  dividendNotice,
  type FileRow,
  type GuidanceRow,
  guidanceNotice,
  type LiveCallRow,
  liveCallNotice,
  moveSinceReport,
  type RatingRow,
  type ReportDateRow,
  type ResultsRow,
  ratingNotice,
  reminderNotice,
  resultsNotice,
  summaryNotice,
  transcriptNotice,
} from './messages.ts';

/** A row about something older than this (by its own date) is history, not news. */
export const TRIGGER_MAX_AGE_DAYS = 3;
/** Instant watermarks re-read this much before themselves: a write that committed late still counts (keys dedupe). */
export const INSTANT_CURSOR_OVERLAP_MS = 5 * 60_000;
/** Rows read per statement (id watermarks page through a burst). */
export const TRIGGER_BATCH = 500;

export interface TriggerEnv {
  db: Database;
  now: Date;
}

export interface TriggerOutcome {
  /** Events created by this run (an event that existed is not counted). */
  events: number;
  deliveries: number;
}

export type Trigger = (env: TriggerEnv) => Promise<TriggerOutcome>;

async function publishAll(
  db: Database,
  notices: readonly NotificationEventInput[],
  audience: Audience,
  notBefore?: ZonedNotBefore,
): Promise<TriggerOutcome> {
  const outcome: TriggerOutcome = { events: 0, deliveries: 0 };
  for (const notice of notices) {
    const published = await publishEvent(db, notice, { audience, ...(notBefore ? { notBefore } : {}) });
    if (published.eventId !== null) outcome.events += 1;
    outcome.deliveries += published.deliveries;
  }
  return outcome;
}

const add = (a: TriggerOutcome, b: TriggerOutcome): TriggerOutcome => ({
  events: a.events + b.events,
  deliveries: a.deliveries + b.deliveries,
});
const NOTHING: TriggerOutcome = { events: 0, deliveries: 0 };

/** Someone has an alert on the row's symbol (`symbolSql`): no event is stored that nobody could receive. */
const followedSql = (symbolSql: SQL) => sql`exists (select 1 from alerts al where al.symbol = ${symbolSql})`;

/** A trigger over a serial id: rows after the watermark, in pages; the first run starts at the current last id. */
function idTrigger<Row extends { id: number }>(spec: {
  name: string;
  table: string;
  rows: (after: number, env: TriggerEnv) => SQL;
  notice: (row: Row) => NotificationEventInput;
  audience: Audience;
}): Trigger {
  return async (env) => {
    const { db } = env;
    const cursor = await readCursor(db, spec.name);
    if (cursor === null) {
      const [row] = rowsOf<{ max: number | null }>(
        await db.execute(sql`select max(id)::int as max from ${sql.identifier(spec.table)}`),
      );
      await writeCursor(db, spec.name, String(row?.max ?? 0));
      return NOTHING;
    }
    let after = Number(cursor);
    let outcome = NOTHING;
    for (;;) {
      const rows = rowsOf<Row>(await db.execute(sql`${spec.rows(after, env)} order by id limit ${TRIGGER_BATCH}`));
      const last = rows.at(-1);
      outcome = add(outcome, await publishAll(db, rows.map(spec.notice), spec.audience));
      if (!last) break;
      after = last.id;
      await writeCursor(db, spec.name, String(after));
      if (rows.length < TRIGGER_BATCH) break;
    }
    return outcome;
  };
}

/**
 * A trigger over a row's own change instant (actuals stored on an earnings row, an event gone live): rows changed
 * since the watermark (less the overlap); the first run starts at the database's now.
 */
function instantTrigger<Row>(spec: {
  name: string;
  rows: (since: string, env: TriggerEnv) => SQL;
  notice: (row: Row, now: Date) => NotificationEventInput;
}): Trigger {
  return async (env) => {
    const { db } = env;
    const cursor = await readCursor(db, spec.name);
    if (cursor === null) {
      const [row] = rowsOf<{ ms: number }>(await db.execute(sql`select extract(epoch from now()) * 1000 as ms`));
      await writeCursor(db, spec.name, new Date(Number(row?.ms ?? env.now.getTime())).toISOString());
      return NOTHING;
    }
    const since = new Date(new Date(cursor).getTime() - INSTANT_CURSOR_OVERLAP_MS).toISOString();
    const rows = rowsOf<Row & { changedAtMs: number }>(await db.execute(spec.rows(since, env)));
    const outcome = await publishAll(
      db,
      rows.map((row) => spec.notice(row, env.now)),
      'alerts',
    );
    const latest = rows.reduce(
      (max, row) => Math.max(max, Math.floor(Number(row.changedAtMs))),
      new Date(cursor).getTime(),
    );
    await writeCursor(db, spec.name, new Date(latest).toISOString());
    return outcome;
  };
}

const minDate = (env: TriggerEnv): IsoDate => addDays(nyDate(env.now), -TRIGGER_MAX_AGE_DAYS);
const minInstant = (env: TriggerEnv) => new Date(env.now.getTime() - TRIGGER_MAX_AGE_DAYS * MS_PER_DAY).toISOString();

/**
 * A report's (`e`) stored reaction and its asset's quote, the facts its move is told from (ReportMoveFacts): columns
 * and joins. Instants as epoch ms in double precision, which both drivers hand back as numbers.
 */
export const REPORT_MOVE_COLUMNS = sql`e.time, e.session, (extract(epoch from e.reported_at) * 1000)::float8 as "reportedAtMs",
  r.report_date::text as "reactionReportDate",
  r.session as "reactionSession", r.reason as "reactionReason", r.reaction_date::text as "reactionDate",
  r.gap_percent as "gapPercent", r.one_day_percent as "oneDayPercent",
  (extract(epoch from r.computed_at) * 1000)::float8 as "reactionComputedAtMs",
  q.price, q.prev_close as "prevClose", q.extended_price as "extendedPrice", q.extended_session as "extendedSession",
  (extract(epoch from q.extended_at) * 1000)::float8 as "extendedAtMs",
  (extract(epoch from q.quoted_at) * 1000)::float8 as "quotedAtMs"`;
export const REPORT_MOVE_JOINS = sql`left join earnings_reactions r on r.earnings_id = e.id
  left join quotes q on q.asset_id = e.asset_id`;

export const earningsResults = instantTrigger<ResultsRow & ReportMoveFacts>({
  name: 'earningsResults',
  rows: (since, env) => sql`
    select e.id, a.symbol, a.name, e.period_year as "periodYear", e.period, e.date::text as date,
      e.eps_actual as "epsActual", e.eps_estimate as "epsEstimate",
      e.revenue_actual as "revenueActual", e.revenue_estimate as "revenueEstimate", extract(epoch from e.updated_at) * 1000 as "changedAtMs",
      ${REPORT_MOVE_COLUMNS}
    from earnings e join assets a on a.id = e.asset_id ${REPORT_MOVE_JOINS}
    where e.updated_at > ${since}::timestamptz and (e.eps_actual is not null or e.revenue_actual is not null)
      and e.date >= ${minDate(env)}::date and ${followedSql(sql`a.symbol`)}
    order by e.updated_at, e.id`,
  notice: (row, now) => resultsNotice(row, moveSinceReport(row, now)),
});

export const liveCall = instantTrigger<LiveCallRow>({
  name: 'liveCall',
  rows: (since, env) => sql`
    select ev.id, ev.symbol, ev.title, ev.period_year as "periodYear", ev.period, extract(epoch from ev.updated_at) * 1000 as "changedAtMs"
    from events ev
    where ev.updated_at > ${since}::timestamptz and ev.event_type = 'call' and ev.event_status = 'live'
      -- The demo's replays (one every two minutes, modules/live-calls) are not news to a follower.
      and ev.source <> ${DEMO_REPLAY_SOURCE}
      and ev.symbol is not null and ev.event_date >= ${minInstant(env)}::timestamptz and ${followedSql(sql`ev.symbol`)}
    order by ev.updated_at, ev.id`,
  notice: liveCallNotice,
});

export const eventTranscript = instantTrigger<FileRow>({
  name: 'eventTranscript',
  rows: (since, env) => sql`
    select f.id, f.symbol, f.title, f.period_year as "periodYear", f.period, extract(epoch from f.created_at) * 1000 as "changedAtMs"
    from files f
    where f.created_at > ${since}::timestamptz and f.type = 'transcript' and f.date >= ${minInstant(env)}::timestamptz
      and ${followedSql(sql`f.symbol`)}
    order by f.created_at, f.id`,
  notice: transcriptNotice,
});

export const eventTranscriptSummary = instantTrigger<FileRow & { summary: string }>({
  name: 'eventTranscriptSummary',
  rows: (since, env) => sql`
    select f.id, f.symbol, f.title, f.period_year as "periodYear", f.period, fa.summary,
      extract(epoch from fa.created_at) * 1000 as "changedAtMs"
    from file_analysis fa join files f on f.id = fa.file_id
    where fa.created_at > ${since}::timestamptz and f.type = 'transcript' and f.date >= ${minInstant(env)}::timestamptz
      and ${followedSql(sql`f.symbol`)}
    order by fa.created_at, f.id`,
  notice: summaryNotice,
});

export const analystRatings = idTrigger<RatingRow>({
  name: 'analystRatings',
  table: 'analyst_ratings',
  audience: 'alerts',
  rows: (after, env) => sql`
    select * from (select r.id, a.symbol, r.date::text as date, r.firm, r.action, r.from_grade as "fromGrade",
      r.to_grade as "toGrade", r.price_target as "priceTarget", r.prior_price_target as "priorPriceTarget"
    from analyst_ratings r join assets a on a.id = r.asset_id
    where r.id > ${after} and r.date >= ${minDate(env)}::date and ${followedSql(sql`a.symbol`)}) rows`,
  notice: ratingNotice,
});

export const guidance = idTrigger<GuidanceRow>({
  name: 'guidance',
  table: 'guidance',
  audience: 'alerts',
  rows: (after, env) => sql`
    select * from (select g.id, a.symbol, g.period_year as "periodYear", g.period, g.metric, g.low, g.high,
      g.consensus, g.issued_date::text as "issuedDate"
    from guidance g join assets a on a.id = g.asset_id
    where g.id > ${after} and g.issued_date >= ${minDate(env)}::date and ${followedSql(sql`a.symbol`)}) rows`,
  notice: guidanceNotice,
});

/** A confirmed date or time that moved, for a report not long past: every follower of the symbol hears of it. */
export const dateChange = idTrigger<DateChangeRow>({
  name: 'dateChange',
  table: 'earnings_date_changes',
  audience: 'followers',
  rows: (after, env) => sql`
    select * from (select c.id, a.symbol, a.name, e.period_year as "periodYear", e.period,
      c.old_date::text as "oldDate", c.new_date::text as "newDate", c.old_time as "oldTime", c.new_time as "newTime",
      e.session, c.new_status as "newStatus"
    from earnings_date_changes c join earnings e on e.id = c.earnings_id join assets a on a.id = e.asset_id
    where c.id > ${after} and c.old_status = 'confirmed'
      and (c.old_date is distinct from c.new_date or c.old_time is distinct from c.new_time)
      and greatest(c.old_date, c.new_date) >= ${minDate(env)}::date
      and (${followedSql(sql`a.symbol`)}
        or exists (select 1 from asset_list_items li where li.symbol = a.symbol))) rows`,
  notice: dateChangeNotice,
});

/** A day watermark: each New York day after the last one handled, up to today; the first run starts at today. */
async function daysToHandle(db: Database, name: string, today: IsoDate): Promise<IsoDate[]> {
  const cursor = await readCursor(db, name);
  const from = cursor === null ? today : addDays(cursor, 1);
  const days: IsoDate[] = [];
  // A server off for weeks catches up on the last few days only: older payments are history.
  for (
    let day = from < addDays(today, -TRIGGER_MAX_AGE_DAYS) ? addDays(today, -TRIGGER_MAX_AGE_DAYS) : from;
    day <= today;
    day = addDays(day, 1)
  )
    days.push(day);
  return days;
}

/** On the payment date (New York), each dividend paid that day. */
export const dividendPayment: Trigger = async (env) => {
  const { db } = env;
  const today = nyDate(env.now);
  const days = await daysToHandle(db, 'dividendPayment', today);
  if (days.length === 0) return NOTHING;
  const rows = rowsOf<DividendRow>(
    await db.execute(sql`
      select d.id, a.symbol, d.amount, d.ex_date::text as "exDate", d.payment_date::text as "paymentDate"
      from dividends d join assets a on a.id = d.asset_id
      where d.payment_date between ${days[0]}::date and ${today}::date and ${followedSql(sql`a.symbol`)}
      order by d.payment_date, d.id`),
  );
  const outcome = await publishAll(db, rows.map(dividendNotice), 'alerts');
  await writeCursor(db, 'dividendPayment', today);
  return outcome;
};

/** The instant of `time` on `date` in every zone a user chose (and the default zone for everyone else). */
export async function zonedInstants(db: Database, date: IsoDate, time: string): Promise<ZonedNotBefore> {
  const zones = await db.selectDistinct({ zone: notificationPreferences.timeZone }).from(notificationPreferences);
  const byZone = new Map<string, Date>();
  for (const { zone } of zones) byZone.set(zone, zonedTimeToUtc(date, time, timeZoneOrDefault(zone)));
  return { byZone, fallback: zonedTimeToUtc(date, time, DEFAULT_NOTIFICATION_TIME_ZONE) };
}

/**
 * On a trading day, a reminder for each report of the next trading day (and of the days before it: a Saturday
 * report is reminded on Friday), due at REMINDER_LOCAL_TIME that day in each user's zone. Re-checked every run, so a
 * report scheduled during the day still gets its reminder; a moved date gets a new one (its key names the date).
 */
export const earningsReminder: Trigger = async (env) => {
  const { db } = env;
  const today = nyDate(env.now);
  if (!isTradingDay(today)) return NOTHING;
  const rows = rowsOf<ReportDateRow>(
    await db.execute(sql`
      select e.id, a.symbol, a.name, e.period_year as "periodYear", e.period, e.date::text as date, e.time, e.session,
        e.date_status as "dateStatus", e.eps_estimate as "epsEstimate", e.revenue_estimate as "revenueEstimate"
      from earnings e join assets a on a.id = e.asset_id
      where e.date > ${today}::date and e.date <= ${nextTradingDay(today)}::date
        and e.eps_actual is null and e.revenue_actual is null and ${followedSql(sql`a.symbol`)}
        and not exists (select 1 from notification_events n
          where n.kind = 'earningsReminder' and n.event_key = 'reminder:' || e.id || ':' || e.date::text)
      order by e.date, e.id`),
  );
  if (rows.length === 0) return NOTHING;
  const notBefore = await zonedInstants(db, today, REMINDER_LOCAL_TIME);
  return publishAll(db, rows.map(reminderNotice), 'alerts', notBefore);
};
