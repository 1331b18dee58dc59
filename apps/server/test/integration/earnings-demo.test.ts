import { addDays, nyDate, sessionOf, weekWindow } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * The seeded demo market (the test template holds it, as a first start does) read through the earnings calls: its
 * busiest season week, a past week and the week ahead agree with the daily counts and with themselves. Read as pro,
 * so nothing is trimmed.
 */

let server: TestServer;
let headers: Record<string, string> = {};
const TODAY = nyDate(new Date());

interface Row {
  symbol: string;
  date: string;
  time: string | null;
  session: string | null;
  timeZone: string;
  dateStatus: string;
  dateSource: string;
  source: string;
  epsActual: number | null;
  revenueActual: number | null;
  reportedAt: string | null;
  epsSurprise: number | null;
}
interface Day {
  date: string;
  total: number;
  confirmed: number;
  estimated: number;
}

beforeAll(async () => {
  server = await startTestServer();
  const pro = await signedInUser(server, 'demo-calendar-pro@example.com');
  await server.api('/api/core/users/me', { headers: pro.headers });
  await setPlan(server.ctx, pro.sub, 'earningshub_pro');
  headers = pro.headers;
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const res = await server.api(`/api${path}`, { headers });
  expect(res.status, path).toBe(200);
  return body(res);
};
const week = (start: string, end: string) =>
  get(`/pricing/assets/earnings/calendar?start=${start}&end=${end}`) as Promise<{ earnings: Row[] }>;
const daily = (start: string, end: string) =>
  get(`/pricing/assets/earnings/calendar/daily?start=${start}&end=${end}`) as Promise<{ days: Day[] }>;

/** Every row says when, how sure and who said so, and the week is in calendar order with one report per company. */
function expectCoherent(rows: Row[], start: string, end: string) {
  const rank = (session: string | null) => ['before', 'market', 'after'].indexOf(session ?? '') + 1 || 4;
  const symbols = new Set<string>();
  rows.forEach((row, index) => {
    expect(row.date >= start && row.date <= end, row.symbol).toBe(true);
    expect(row).toMatchObject({ timeZone: 'America/New_York', source: 'demo' });
    expect(['confirmed', 'estimated']).toContain(row.dateStatus);
    expect(row.dateSource.length).toBeGreaterThan(0);
    if (row.time !== null) expect(row.session, row.symbol).toBe(sessionOf(row.time, row.date));
    expect(symbols.has(row.symbol), `${row.symbol} twice`).toBe(false);
    symbols.add(row.symbol);
    const previous = rows[index - 1];
    if (previous && previous.date === row.date)
      expect(rank(previous.session) <= rank(row.session), `${previous.symbol} before ${row.symbol}`).toBe(true);
  });
}

describe('the demo market through the earnings calendar', () => {
  it("has busy seasons, and its busiest week's rows agree with the daily counts", async () => {
    const { days } = await daily(addDays(TODAY, -180), addDays(TODAY, 180));
    const weeks = new Map<string, Day[]>();
    for (const day of days) {
      const monday = weekWindow(day.date).start;
      weeks.set(monday, [...(weeks.get(monday) ?? []), day]);
    }
    const [monday, busiest] = [...weeks].sort(
      (a, b) => b[1].reduce((n, d) => n + d.total, 0) - a[1].reduce((n, d) => n + d.total, 0),
    )[0] ?? ['', []];
    const total = busiest.reduce((n, d) => n + d.total, 0);
    // A season's peak week (230 reports in the demo market of November 2026).
    expect(total).toBeGreaterThanOrEqual(150);
    const friday = weekWindow(monday).end;
    const { earnings } = await week(monday, friday);
    expect(earnings).toHaveLength(total);
    expectCoherent(earnings, monday, friday);
    for (const day of busiest) {
      const rows = earnings.filter((row) => row.date === day.date);
      expect(rows.filter((row) => row.dateStatus === 'confirmed').length, day.date).toBe(day.confirmed);
      expect(rows.filter((row) => row.dateStatus === 'estimated').length, day.date).toBe(day.estimated);
    }
  });

  it('shows actuals for reports already out, none for reports ahead', async () => {
    const past = weekWindow(addDays(TODAY, -21));
    const reported = (await week(past.start, past.end)).earnings;
    expectCoherent(reported, past.start, past.end);
    for (const row of reported) {
      expect(row.dateStatus, row.symbol).toBe('confirmed');
      expect(row.epsActual, row.symbol).not.toBeNull();
      expect(row.reportedAt, row.symbol).not.toBeNull();
      expect(row.epsSurprise, row.symbol).not.toBeNull();
    }
    const ahead = weekWindow(addDays(TODAY, 14));
    const upcoming = (await week(ahead.start, ahead.end)).earnings;
    expectCoherent(upcoming, ahead.start, ahead.end);
    for (const row of upcoming) {
      expect(row.epsActual, row.symbol).toBeNull();
      expect(row.revenueActual, row.symbol).toBeNull();
      expect(row.reportedAt, row.symbol).toBeNull();
    }
  });

  it("gives a reporting company's history with every quarter in order and its date's changes", async () => {
    const ahead = weekWindow(addDays(TODAY, 14));
    const upcoming = (await week(ahead.start, ahead.end)).earnings;
    const estimated = upcoming.find((row) => row.dateStatus === 'estimated') ?? upcoming[0];
    if (!estimated) throw new Error('no report in the week ahead');
    const history = await get(`/pricing/assets/${encodeURIComponent(estimated.symbol)}/earnings`);
    expect(history.earnings.length).toBeGreaterThanOrEqual(8);
    const dates = history.earnings.map((row: Row) => row.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(history.earnings.some((row: Row) => row.date === estimated.date)).toBe(true);
  });
});
