/**
 * Results landing live ("the calendar's results update live"): the demo market's reports get their
 * figures at their release time (not at the next day's roll), the very figures the demo provider gives, and every
 * sync node pushes a fresh result as an `event` message carrying the report (`earnings`) with its call, gated by
 * the plan as the earnings calls are; an old quarter's change is not news.
 */
import { randomUUID } from 'node:crypto';
import { earnings, events, rowsOf } from '@eh/db';
import { MARKET_TIME_ZONE } from '@eh/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import { createDemoResults, demoRolledToday, dueDemoReports } from '../../src/modules/market-history/demo-results.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { connectLive, type LiveTestClient } from './sync-client.ts';

let server: TestServer;
const open: LiveTestClient[] = [];

interface Report {
  id: number;
  symbol: string;
  date: string;
  time: string;
  releasedAt: Date;
  epsActual: number;
  revenueActual: number | null;
  reportedAt: Date;
  eventId: number;
}

/** Demo reports with figures, a release time and an earnings call, the most recent first. */
async function reportedDemoReports(limit: number): Promise<Report[]> {
  return rowsOf<Report>(
    await server.ctx.db.execute(sql`
      select e.id, a.symbol, e.date::text as date, e.time,
        ((e.date + e.time::time) at time zone ${MARKET_TIME_ZONE}) as "releasedAt",
        e.eps_actual as "epsActual", e.revenue_actual as "revenueActual", e.reported_at as "reportedAt",
        ev.id as "eventId"
      from earnings e join assets a on a.id = e.asset_id
        join events ev on ev.earnings_id = e.id and ev.event_type = 'call'
      where e.source = 'demo' and e.eps_actual is not null and e.time is not null and e.reported_at is not null
      order by e.date desc, e.id limit ${limit}`),
  ).map((row) => ({ ...row, releasedAt: new Date(row.releasedAt), reportedAt: new Date(row.reportedAt) }));
}

async function follower() {
  const client = await connectLive(server.url, { app: 'earningshub', anonymousId: `lr-${randomUUID().slice(0, 8)}` });
  open.push(client);
  await client.next('welcome');
  client.send({ type: 'subscribe', targets: { events: ['all'] } });
  await client.next('subscribed');
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('the demo market', () => {
  it("lands a report's figures at its release time: the provider's own figures, not before", async () => {
    const [report] = await reportedDemoReports(1);
    if (!report) throw new Error('the demo market has no reported quarter with a time');
    // As it stood on its day before the release: no figures.
    await server.ctx.db
      .update(earnings)
      .set({ epsActual: null, revenueActual: null, reportedAt: null })
      .where(eq(earnings.id, report.id));
    const at = (offsetMs: number) => new Date(report.releasedAt.getTime() + offsetMs);

    expect((await dueDemoReports(server.ctx, at(-60_000))).map((row) => row.id)).not.toContain(report.id);
    const before = createDemoResults(server.ctx, server.app.log, { now: () => at(-60_000) });
    expect((await before.tick()).map((row) => row.id)).not.toContain(report.id);

    const after = createDemoResults(server.ctx, server.app.log, { now: () => at(90_000) });
    expect((await after.tick()).map((row) => row.id)).toContain(report.id);
    const [stored] = await server.ctx.db
      .select({ epsActual: earnings.epsActual, revenueActual: earnings.revenueActual, reportedAt: earnings.reportedAt })
      .from(earnings)
      .where(eq(earnings.id, report.id));
    expect(stored).toEqual({
      epsActual: report.epsActual,
      revenueActual: report.revenueActual,
      reportedAt: report.reportedAt,
    });
    // Landed: no longer due.
    expect((await dueDemoReports(server.ctx, at(120_000))).map((row) => row.id)).not.toContain(report.id);
  });

  it("waits for the day's roll: before it, the roll brings the figures (and a run of ours would pass for it)", async () => {
    const [run] = rowsOf<{ last: number | string }>(
      await server.ctx.db.execute(sql`
        select extract(epoch from max(started_at)) * 1000 as last
        from ingestion_runs where provider = 'demo' and dataset <> 'earnings'`),
    );
    const rolled = new Date(Number(run?.last));
    expect(await demoRolledToday(server.ctx, rolled)).toBe(true);
    const nextDay = new Date(rolled.getTime() + 86_400_000);
    expect(await demoRolledToday(server.ctx, nextDay)).toBe(false);
    const runs = async () =>
      rowsOf<{ n: number }>(await server.ctx.db.execute(sql`select count(*)::int as n from ingestion_runs`))[0]?.n;
    const before = await runs();
    expect(await createDemoResults(server.ctx, server.app.log, { now: () => nextDay }).tick()).toEqual([]);
    expect(await runs()).toBe(before);
  });
});

describe('results on the socket', () => {
  it('pushes a fresh result with its call to every follower of the calls, once, as the plan shows it', async () => {
    const [fresh, old] = await reportedDemoReports(2);
    if (!fresh || !old) throw new Error('the demo market has too few reported quarters');
    const client = await follower();
    // A result just in (with a price move a free plan does not see), and an old quarter's figures revised, each
    // written as the ingestion writer writes a change (updated_at touched).
    await server.ctx.db
      .update(earnings)
      .set({
        epsActual: 9.87,
        revenueActual: 123_400_000,
        reportedAt: new Date(),
        priceMovePercent: 4.2,
        updatedAt: new Date(),
      })
      .where(eq(earnings.id, fresh.id));
    await server.ctx.db
      .update(earnings)
      .set({ epsActual: 1.23, reportedAt: new Date(Date.now() - 3 * 86_400_000), updatedAt: new Date() })
      .where(eq(earnings.id, old.id));
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings'] });
    const pushed = await client.next('event', (message) => message.earnings?.id === fresh.id);
    expect(pushed.data).toMatchObject({ id: fresh.eventId, eventType: 'call', earningsId: fresh.id });
    expect(pushed.earnings).toMatchObject({
      id: fresh.id,
      symbol: fresh.symbol,
      epsActual: 9.87,
      revenueActual: 123_400_000,
      priceMovePercent: null,
    });
    expect(pushed.earnings.epsSurprise).toEqual(expect.any(Number));
    // Announced again with nothing new, nothing more; the old quarter never.
    const count = client.messages.length;
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['earnings'] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.messages.slice(count).filter((m) => m.type === 'event' && m.earnings)).toEqual([]);
    expect(client.messages.filter((m) => m.earnings?.id === old.id)).toEqual([]);
    const [call] = await server.ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.earningsId, fresh.id), eq(events.eventType, 'call')));
    expect(call?.id).toBe(fresh.eventId);
  });
});
