import { addDays, weeklyHistoryDates } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * GET /pricing/assets/{symbol}/metrics over the seeded demo market (the test template holds it, with its weekly EHS
 * history): weekly points oldest first, the window respected, and the score kept for the pro ehs feature.
 */

interface Point {
  date: string;
  overallScore: number | null;
  ps: number | null;
  pe: number | null;
  yoyEps: number | null;
  yoyRevenue: number | null;
}
interface Answer {
  symbol: string;
  start: string;
  end: string;
  points: Point[];
  gated: { feature: string; hidden: number } | null;
}

let server: TestServer;
let free: Record<string, string>;
let pro: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  const freeUser = await signedInUser(server, 'metrics-free@example.com');
  const proUser = await signedInUser(server, 'metrics-pro@example.com');
  await server.api('/api/core/users/me', { headers: freeUser.headers });
  await server.api('/api/core/users/me', { headers: proUser.headers });
  await setPlan(server.ctx, proUser.sub, 'earningshub_pro');
  free = freeUser.headers;
  pro = proUser.headers;
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(`/api${path}`, { headers });
  return { status: res.status, body: (await body(res)) as Answer & { message: string } };
};

describe('GET /pricing/assets/{symbol}/metrics', () => {
  it('gives a pro member the weekly score history of AAPL, oldest first, with its parts', async () => {
    const { status, body: answer } = await get('/pricing/assets/aapl/metrics', pro);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ symbol: 'AAPL', gated: null });
    const dates = answer.points.map((p) => p.date);
    expect(dates.length).toBeGreaterThan(50);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    const first = dates[0] as string;
    const last = dates.at(-1) as string;
    expect(answer.start).toBe(first);
    // Every point but the latest day is the last trading day of its week, and no week is missing.
    const weeks = weeklyHistoryDates(first, last);
    expect(dates.slice(0, -1).every((d) => weeks.includes(d))).toBe(true);
    expect(weeks.filter((d) => d < last)).toEqual(dates.slice(0, -1).filter((d) => d < last));
    const scored = answer.points.filter((p) => p.overallScore !== null);
    expect(scored.length).toBeGreaterThan(dates.length / 2);
    for (const p of scored) {
      expect(p.overallScore).toBeGreaterThanOrEqual(0);
      expect(p.overallScore).toBeLessThanOrEqual(100);
    }
    expect(answer.points.some((p) => p.ps !== null && p.pe !== null)).toBe(true);
  });

  it('keeps to the window asked for', async () => {
    const all = (await get('/pricing/assets/AAPL/metrics', pro)).body.points;
    const start = all[10]?.date as string;
    const end = addDays(all[20]?.date as string, 1);
    const { status, body: answer } = await get(`/pricing/assets/AAPL/metrics?start=${start}&end=${end}`, pro);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ start, end });
    expect(answer.points.map((p) => p.date)).toEqual(all.slice(10, 21).map((p) => p.date));
  });

  it('blanks the score for anonymous and free callers, keeping the four parts', async () => {
    const full = (await get('/pricing/assets/AAPL/metrics', pro)).body;
    const hidden = full.points.filter((p) => p.overallScore !== null).length;
    for (const headers of [{}, free]) {
      const { status, body: answer } = await get('/pricing/assets/AAPL/metrics', headers);
      expect(status).toBe(200);
      expect(answer.gated).toEqual({ feature: 'ehs', hidden });
      expect(answer.points.every((p) => p.overallScore === null)).toBe(true);
      expect(answer.points).toEqual(full.points.map((p) => ({ ...p, overallScore: null })));
    }
  });

  it('answers 404 for an unknown symbol and 400 naming the field for a bad date', async () => {
    const unknown = await get('/pricing/assets/NOPE/metrics');
    expect(unknown.status).toBe(404);
    const bad = await get('/pricing/assets/AAPL/metrics?start=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^query\.start: /);
    const reversed = await get('/pricing/assets/AAPL/metrics?start=2026-03-10&end=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('query.end: must not be before start');
  });
});
