/**
 * Daily and weekly summaries: one personal event per user (their symbols' results, coming reports, price moves and
 * news of the period), at DIGEST_LOCAL_TIME in their zone, the weekly one on WEEKLY_DIGEST_WEEKDAY. Users are taken
 * a zone at a time: once a zone's local day is done (its watermark), nobody there is looked at again that day. A
 * digest with nothing in it is never created.
 */

import { type Database, lastDailyBar, rowsOf } from '@eh/db';
import {
  addDays,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  DIGEST_MOVE_MIN_PERCENT,
  describeReportMove,
  digestDue,
  digestPeriod,
  formatCompact,
  formatEps,
  formatPercent,
  type IsoDate,
  nextTradingDay,
  percentChange,
  type ReportMove,
  type ReportMoveFacts,
  timeZoneOrDefault,
  zonedClock,
  zonedTimeToUtc,
} from '@eh/domain';
import { sql } from 'drizzle-orm';
import { readCursor, writeCursor } from './cursors.ts';
import { type NotificationEventInput, publishEvent, switchedOnAlertsSql } from './fanout.ts';
import { dayLabel, moveSinceReport, NOTICE_PATHS } from './messages.ts';
import { REPORT_MOVE_COLUMNS, REPORT_MOVE_JOINS, type TriggerEnv, type TriggerOutcome } from './sources.ts';

export type DigestKind = 'dailySummary' | 'weeklySummary';

/** Lines a digest's plain body lists at most (the event's data keeps every item). */
export const DIGEST_MAX_LINES = 8;
/** Headlines per symbol a digest keeps. */
export const DIGEST_NEWS_PER_SYMBOL = 2;

interface ResultItem {
  symbol: string;
  date: IsoDate;
  period: string;
  periodYear: number;
  epsActual: number | null;
  epsEstimate: number | null;
  revenueActual: number | null;
  /** How the stock has moved since, when it can be told. */
  move: ReportMove | null;
}
interface UpcomingItem {
  symbol: string;
  date: IsoDate;
  session: string | null;
  dateStatus: string;
}
interface MoveItem {
  symbol: string;
  from: number;
  to: number;
  percent: number;
}
interface NewsItem {
  symbol: string;
  title: string;
  slug: string;
  id: number;
  publishedAt: string;
}

export interface DigestContent {
  results: ResultItem[];
  upcoming: UpcomingItem[];
  moves: MoveItem[];
  news: NewsItem[];
}

const KEY_PREFIX: Readonly<Record<DigestKind, string>> = { dailySummary: 'daily', weeklySummary: 'weekly' };
const NAME: Readonly<Record<DigestKind, string>> = { dailySummary: 'daily', weeklySummary: 'weekly' };

/** The notice for one user, or null when nothing happened to their symbols. */
export function digestNotice(
  kind: DigestKind,
  userId: string,
  date: IsoDate,
  content: DigestContent,
): NotificationEventInput | null {
  const lines = [
    ...content.results.map((r) => {
      const eps = r.epsActual === null ? '' : ` EPS ${formatEps(r.epsActual)}`;
      const est = r.epsEstimate === null || r.epsActual === null ? '' : ` vs ${formatEps(r.epsEstimate)} est.`;
      const revenue = r.revenueActual === null ? '' : `, revenue ${formatCompact(r.revenueActual, { currency: true })}`;
      const move = r.move ? `; ${describeReportMove(r.move)}` : '';
      return `${r.symbol} reported ${r.period} ${r.periodYear}:${eps}${est}${revenue}${move}`;
    }),
    ...content.moves.map(
      (m) =>
        `${m.symbol} ${m.percent > 0 ? 'rose' : 'fell'} ${formatPercent(Math.abs(m.percent), { signed: false, digits: 1 })}`,
    ),
    ...content.upcoming.map((u) => `${u.symbol} reports ${dayLabel(u.date)} (${u.dateStatus})`),
    ...content.news.map((n) => `${n.symbol}: ${n.title}`),
  ];
  if (lines.length === 0) return null;
  const counts = [
    [content.results.length, 'result'],
    [content.moves.length, 'move'],
    [content.upcoming.length, 'coming report'],
    [content.news.length, 'news item'],
  ] as const;
  const summary = counts
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${count} ${what}${count > 1 ? 's' : ''}`)
    .join(', ');
  const more = lines.length > DIGEST_MAX_LINES ? [`and ${lines.length - DIGEST_MAX_LINES} more`] : [];
  return {
    kind,
    eventKey: `${KEY_PREFIX[kind]}:${date}:${userId}`,
    symbol: null,
    userId,
    title: `Your ${NAME[kind]} summary for ${dayLabel(date)}: ${summary}`,
    body: [...lines.slice(0, DIGEST_MAX_LINES), ...more].join('\n'),
    path: NOTICE_PATHS.myStocks(),
    data: { date, ...content },
  };
}

/** Everything of the period for these symbols, by symbol. */
async function contentBySymbol(
  db: Database,
  kind: DigestKind,
  symbols: string[],
  period: { from: IsoDate; to: IsoDate },
  since: Date,
  now: Date,
): Promise<Map<string, DigestContent>> {
  const bySymbol = new Map<string, DigestContent>();
  const of = (symbol: string) => {
    let content = bySymbol.get(symbol);
    if (!content) {
      content = { results: [], upcoming: [], moves: [], news: [] };
      bySymbol.set(symbol, content);
    }
    return content;
  };
  const list = sql.param(symbols);
  const upcomingTo = kind === 'dailySummary' ? nextTradingDay(period.to) : addDays(period.to, 7);
  const reports = rowsOf<Omit<ResultItem, 'move'> & UpcomingItem & ReportMoveFacts & { reported: boolean }>(
    await db.execute(sql`
      select a.symbol, e.date::text as date, e.period, e.period_year as "periodYear", ${REPORT_MOVE_COLUMNS},
        e.date_status as "dateStatus", e.eps_actual as "epsActual", e.eps_estimate as "epsEstimate",
        e.revenue_actual as "revenueActual", (e.eps_actual is not null or e.revenue_actual is not null) as reported
      from earnings e join assets a on a.id = e.asset_id ${REPORT_MOVE_JOINS}
      where a.symbol = any(${list}::text[]) and e.date between ${period.from}::date and ${upcomingTo}::date
      order by e.date, a.symbol`),
  );
  for (const r of reports) {
    if (r.reported && r.date <= period.to)
      of(r.symbol).results.push({
        symbol: r.symbol,
        date: r.date,
        period: r.period,
        periodYear: r.periodYear,
        epsActual: r.epsActual,
        epsEstimate: r.epsEstimate,
        revenueActual: r.revenueActual,
        move: moveSinceReport(r, now),
      });
    else if (!r.reported && r.date > period.to)
      of(r.symbol).upcoming.push({ symbol: r.symbol, date: r.date, session: r.session, dateStatus: r.dateStatus });
  }
  // The period's last close against the last close before it.
  const closes = rowsOf<{ symbol: string; before: number | null; last: number | null }>(
    await db.execute(sql`
      select a.symbol,
        (select o.close from ${lastDailyBar(sql`a.id`, sql`${period.from}::date - 1`)} o) as before,
        (select o.close from ${lastDailyBar(sql`a.id`, sql`${period.to}::date`)} o where o.date >= ${period.from}::date) as last
      from assets a where a.symbol = any(${list}::text[])`),
  );
  for (const c of closes) {
    const percent = percentChange(c.last, c.before);
    if (percent !== null && c.last !== null && c.before !== null && Math.abs(percent) >= DIGEST_MOVE_MIN_PERCENT[kind])
      of(c.symbol).moves.push({ symbol: c.symbol, from: c.before, to: c.last, percent });
  }
  const news = rowsOf<NewsItem>(
    await db.execute(sql`
      select s.symbol, n.id, n.title, n.slug, n.published_at::text as "publishedAt"
      from unnest(${list}::text[]) as s(symbol)
      cross join lateral (select n.id, n.title, n.slug, n.published_at from news n
        where n.symbols @> array[s.symbol] and n.published_at >= ${since.toISOString()}::timestamptz
          and n.published_at <= ${now.toISOString()}::timestamptz
        order by n.published_at desc limit ${DIGEST_NEWS_PER_SYMBOL}) n`),
  );
  for (const n of news) of(n.symbol).news.push(n);
  return bySymbol;
}

/** One kind of digest for every zone whose local time has come. */
export async function runDigests(env: TriggerEnv, kind: DigestKind): Promise<TriggerOutcome> {
  const { db, now } = env;
  const outcome: TriggerOutcome = { events: 0, deliveries: 0 };
  const zones = rowsOf<{ zone: string }>(
    await db.execute(sql`
      select distinct coalesce(p.time_zone, ${DEFAULT_NOTIFICATION_TIME_ZONE}) as zone
      from alerts al left join notification_preferences p on p.user_id = al.user_id`),
  );
  for (const { zone } of zones) {
    const clock = zonedClock(now, timeZoneOrDefault(zone));
    if (!digestDue(kind, clock)) continue;
    const cursorName = `${kind}:${zone}`;
    const done = await readCursor(db, cursorName);
    if (done !== null && done >= clock.date) continue;
    const subscriptions = rowsOf<{ user_id: string; symbol: string }>(
      await db.execute(switchedOnAlertsSql(kind, zone)),
    );
    if (subscriptions.length > 0) {
      const period = digestPeriod(kind, clock.date);
      const since = zonedTimeToUtc(period.from, '00:00', timeZoneOrDefault(zone));
      const symbols = [...new Set(subscriptions.map((s) => s.symbol))];
      const bySymbol = await contentBySymbol(db, kind, symbols, period, since, now);
      const byUser = new Map<string, string[]>();
      for (const s of subscriptions) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s.symbol]);
      for (const [userId, userSymbols] of byUser) {
        const content: DigestContent = { results: [], upcoming: [], moves: [], news: [] };
        for (const symbol of userSymbols.sort()) {
          const found = bySymbol.get(symbol);
          if (!found) continue;
          content.results.push(...found.results);
          content.upcoming.push(...found.upcoming);
          content.moves.push(...found.moves);
          content.news.push(...found.news);
        }
        const notice = digestNotice(kind, userId, clock.date, content);
        if (!notice) continue;
        const published = await publishEvent(db, notice, { audience: 'user' });
        if (published.eventId !== null) outcome.events += 1;
        outcome.deliveries += published.deliveries;
      }
    }
    await writeCursor(db, cursorName, clock.date);
  }
  return outcome;
}
