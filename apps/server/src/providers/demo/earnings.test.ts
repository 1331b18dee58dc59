import {
  addDays,
  daysBetween,
  isTradingDay,
  MS_PER_DAY,
  nyDate,
  nyToUtc,
  previousTradingDay,
  weekWindow,
} from '@eh/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EarningsRecord } from '../types.ts';
import { collect, keyOf, market, NOW } from './test-support.ts';

const TODAY = nyDate(NOW);
let now: EarningsRecord[] = [];
let earlier: EarningsRecord[] = [];
let later: EarningsRecord[] = [];
const periodKey = (record: EarningsRecord) => `${keyOf(record)} ${record.periodYear} ${record.period}`;

beforeAll(async () => {
  now = await collect(market(NOW), 'earnings');
  earlier = await collect(market(new Date(NOW.getTime() - 30 * MS_PER_DAY)), 'earnings');
  later = await collect(market(new Date(NOW.getTime() + 60 * MS_PER_DAY)), 'earnings');
}, 120_000);

describe('demo earnings', () => {
  it('gives every reporting company its last eight quarters and the next one', () => {
    const byCompany = new Map<string, EarningsRecord[]>();
    for (const record of now) byCompany.set(keyOf(record), [...(byCompany.get(keyOf(record)) ?? []), record]);
    expect(byCompany.size).toBeGreaterThanOrEqual(550);
    let full = 0;
    for (const [key, records] of byCompany) {
      const upcoming = records.filter((record) => record.reportedAt === null);
      expect(upcoming, key).toHaveLength(1);
      expect(records.at(-1), key).toBe(upcoming[0]);
      if (records.length === 9) full += 1;
    }
    // Only companies listed in the last two years have fewer.
    expect(full).toBeGreaterThan(byCompany.size - 12);
  }, 60_000);

  it('has actuals only for reports out by now, with the move around them', () => {
    for (const record of now) {
      const out = (record.reportedAt?.getTime() ?? Number.POSITIVE_INFINITY) <= NOW.getTime();
      expect(record.epsActual !== null, periodKey(record)).toBe(out);
      expect(record.revenueActual !== null, periodKey(record)).toBe(out);
      if (out) {
        expect(record.dateStatus).toBe('confirmed');
        // The move is close to close: known once the reaction day has closed (not yet for this morning's reports).
        if (record.date < previousTradingDay(TODAY)) expect(record.priceMovePercent, periodKey(record)).not.toBeNull();
        if (record.date === TODAY) expect(record.priceMovePercent, periodKey(record)).toBeNull();
        expect(nyDate(record.reportedAt ?? NOW)).toBe(record.date);
      } else {
        expect(record.date >= TODAY, periodKey(record)).toBe(true);
        expect(record.priceMovePercent).toBeNull();
      }
      expect(record.epsEstimate).not.toBeNull();
      expect(record.revenueEstimate).toBeGreaterThan(0);
      expect(record.estimateCount).toBeGreaterThan(0);
    }
    // Only quarters of companies listed within the last year lack a prior-year figure.
    expect(now.filter((record) => record.epsPriorYear === null).length).toBeLessThan(now.length * 0.02);
  }, 60_000);

  it('withholds a report due after the bell until it is out', async () => {
    const due = now.find(
      (record) => record.reportedAt === null && record.dateStatus === 'confirmed' && record.session === 'after',
    );
    expect(due).toBeDefined();
    if (!due?.time) return;
    const release = nyToUtc(due.date, due.time).getTime();
    const [before] = await collect(market(new Date(release - 60 * 60_000)), 'earnings', {
      assets: [due],
      from: due.date,
      to: due.date,
    });
    const [after] = await collect(market(new Date(release)), 'earnings', {
      assets: [due],
      from: due.date,
      to: due.date,
    });
    expect(before?.epsActual).toBeNull();
    expect(before?.reportedAt).toBeNull();
    expect(after?.epsActual).not.toBeNull();
    expect(after?.reportedAt?.getTime()).toBe(release);
  }, 60_000);

  it('confirms upcoming dates a few weeks ahead and estimates the rest, some without a time', () => {
    const upcoming = now.filter((record) => record.reportedAt === null);
    const confirmed = upcoming.filter((record) => record.dateStatus === 'confirmed');
    const estimated = upcoming.filter((record) => record.dateStatus === 'estimated');
    expect(confirmed.length).toBeGreaterThan(upcoming.length * 0.03);
    expect(estimated.length).toBeGreaterThan(upcoming.length * 0.3);
    for (const record of confirmed) expect(daysBetween(TODAY, record.date), periodKey(record)).toBeLessThanOrEqual(36);
    for (const record of estimated) expect(daysBetween(TODAY, record.date), periodKey(record)).toBeGreaterThan(2);
    const withoutTime = estimated.filter((record) => record.time === null).length;
    expect(withoutTime).toBeGreaterThan(estimated.length * 0.15);
    expect(withoutTime).toBeLessThan(estimated.length * 0.6);
    expect(confirmed.every((record) => record.time !== null && record.session !== null)).toBe(true);
    // What is confirmed now is the date the company reports on: the later view agrees.
    const reportedLater = new Map(later.map((record) => [periodKey(record), record]));
    for (const record of confirmed) {
      const report = reportedLater.get(periodKey(record));
      if (report?.reportedAt) expect(report.date, periodKey(record)).toBe(record.date);
    }
    // Every report due within two weeks is confirmed by now.
    for (const report of later) {
      if (report.date < TODAY || daysBetween(TODAY, report.date) > 13) continue;
      const seen = now.find((record) => periodKey(record) === periodKey(report));
      if (seen && seen.reportedAt === null) expect(seen.dateStatus, periodKey(report)).toBe('confirmed');
    }
  }, 60_000);

  it('gives an earlier view of the calendar whose estimates were later confirmed on other dates', () => {
    const current = new Map(now.map((record) => [periodKey(record), record]));
    let moved = 0;
    let confirmedSince = 0;
    for (const record of earlier) {
      if (record.dateStatus !== 'estimated') continue;
      const today = current.get(periodKey(record));
      if (today?.dateStatus !== 'confirmed') continue;
      confirmedSince += 1;
      if (today.date !== record.date) moved += 1;
    }
    expect(confirmedSince).toBeGreaterThan(50);
    expect(moved).toBeGreaterThan(confirmedSince * 0.3);
  }, 60_000);

  it('releases at New York times typical of each session', () => {
    const sessions = { before: 0, market: 0, after: 0 };
    for (const record of now) {
      if (record.session) sessions[record.session] += 1;
      if (record.time === null || record.time === undefined) continue;
      if (record.session === 'after') expect(record.time >= '16:00' && record.time <= '16:30', record.time).toBe(true);
      if (record.session === 'before') expect(record.time < '09:30', record.time).toBe(true);
      if (record.session === 'market') expect(record.time >= '09:30' && record.time < '16:00', record.time).toBe(true);
    }
    const total = sessions.before + sessions.market + sessions.after;
    expect(sessions.before / total).toBeGreaterThan(0.3);
    expect(sessions.after / total).toBeGreaterThan(0.25);
    expect(sessions.market).toBeGreaterThan(0);
    expect(sessions.market / total).toBeLessThan(0.05);
    const before = now.filter((record) => record.session === 'before' && record.time);
    const usual = before.filter((record) => (record.time ?? '') >= '06:00' && (record.time ?? '') <= '08:30');
    expect(usual.length / before.length).toBeGreaterThan(0.95);
  }, 60_000);

  it('reports on trading days (Berkshire on Saturdays), spread over weeks like a real season', () => {
    for (const record of now) {
      if (record.symbol.startsWith('BRK.')) continue;
      expect(isTradingDay(record.date), periodKey(record)).toBe(true);
    }
    expect(
      now.filter((record) => record.symbol === 'BRK.B').every((record) => new Date(record.date).getUTCDay() === 6),
    ).toBe(true);
    const weeks = new Map<string, number>();
    for (const record of now) {
      const week = weekWindow(record.date).start;
      weeks.set(week, (weeks.get(week) ?? 0) + 1);
    }
    const busiest = Math.max(...weeks.values());
    expect(busiest).toBeGreaterThanOrEqual(200);
    // A season is several weeks, not a single day.
    const [peakWeek] = [...weeks.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
    const around = [-14, -7, 7, 14].map((days) => weeks.get(addDays(peakWeek, days)) ?? 0);
    expect(around.filter((count) => count >= 40).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('reports against estimates as companies do: about three beats in four, fat tails, revenue beats less often', () => {
    const past = now.filter((record) => record.epsActual !== null && record.epsActual !== undefined);
    const epsBeats = past.filter((record) => (record.epsActual ?? 0) > (record.epsEstimate ?? 0)).length / past.length;
    const epsMisses = past.filter((record) => (record.epsActual ?? 0) < (record.epsEstimate ?? 0)).length / past.length;
    const revenueBeats =
      past.filter((record) => (record.revenueActual ?? 0) > (record.revenueEstimate ?? 0)).length / past.length;
    expect(epsBeats).toBeGreaterThan(0.68);
    expect(epsBeats).toBeLessThan(0.82);
    expect(epsMisses).toBeGreaterThan(0.12);
    expect(revenueBeats).toBeGreaterThan(0.52);
    expect(revenueBeats).toBeLessThan(0.68);
    const surprises = past
      .filter((record) => record.epsEstimate)
      .map((record) => Math.abs(((record.epsActual ?? 0) - (record.epsEstimate ?? 0)) / (record.epsEstimate ?? 1)));
    expect(surprises.filter((value) => value > 0.2).length).toBeGreaterThan(past.length * 0.01);
    const moves = past.map((record) => Math.abs(record.priceMovePercent ?? 0)).sort((a, b) => a - b);
    expect(moves[Math.floor(moves.length / 2)]).toBeGreaterThan(1);
    expect(moves.at(-1)).toBeGreaterThan(10);
  }, 60_000);

  it('keeps the prior year consistent with the same quarter a year earlier', () => {
    const byKey = new Map(now.map((record) => [periodKey(record), record]));
    let checked = 0;
    for (const record of now) {
      const yearBefore = byKey.get(`${keyOf(record)} ${record.periodYear - 1} ${record.period}`);
      if (!yearBefore?.reportedAt) continue;
      expect(record.epsPriorYear, periodKey(record)).toBe(yearBefore.epsActual);
      expect(record.revenuePriorYear, periodKey(record)).toBe(yearBefore.revenueActual);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(2000);
  }, 60_000);

  it("names NVIDIA's quarters by its January fiscal year", () => {
    const nvda = now.filter((record) => record.symbol === 'NVDA');
    const may = nvda.find((record) => record.periodEnd?.slice(5, 7) === '04');
    expect(may?.period).toBe('Q1');
    expect(Number(may?.periodEnd?.slice(0, 4)) + 1).toBe(may?.periodYear);
    const aapl = now.find((record) => record.symbol === 'AAPL' && record.periodEnd?.endsWith('-12-31'));
    expect(aapl?.period).toBe('Q1');
  }, 60_000);
});
