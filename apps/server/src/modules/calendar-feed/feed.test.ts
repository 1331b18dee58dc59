import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeed, reportSummary } from './feed.ts';
import type { FeedReportRow } from './queries.ts';

const report = (over: Partial<FeedReportRow>): FeedReportRow => ({
  id: 1,
  symbol: 'AAPL',
  name: 'Apple Inc.',
  periodYear: 2026,
  period: 'Q4',
  date: '2026-11-27',
  time: null,
  session: 'after',
  dateStatus: 'confirmed',
  changes: 0,
  updatedAt: new Date('2026-11-20T12:00:00Z'),
  ...over,
});

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

const input = (reports: FeedReportRow[]) => ({ appName: 'EarningsHub', publicUrl: 'https://eh.example', reports });

describe(reportSummary.name, () => {
  it('names the symbol and the session, or only the symbol when the session is unknown', () => {
    expect(reportSummary({ symbol: 'AAPL', session: 'after' })).toBe('AAPL earnings (after market close)');
    expect(reportSummary({ symbol: 'MSFT', session: 'before' })).toBe('MSFT earnings (before market open)');
    expect(reportSummary({ symbol: 'X', session: null })).toBe('X earnings');
  });
});

describe(buildFeed.name, () => {
  it('writes a calendar an RFC 5545 parser reads: header, refresh hints, one event per report', () => {
    const calendar = parse(
      buildFeed(
        input([
          report({}),
          report({
            id: 2,
            symbol: 'NVDA',
            name: 'NVIDIA, Corp; "quoted"',
            time: '16:20',
            dateStatus: 'estimated',
            changes: 3,
          }),
        ]),
      ),
    );
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//EarningsHub//Earnings calendar feed//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('EarningsHub earnings');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    const [allDay, timed] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    if (!allDay || !timed) throw new Error('two events expected');
    expect(allDay.uid).toBe('earnings-1@eh.example');
    expect(allDay.summary).toBe('AAPL earnings (after market close)');
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe('2026-11-27');
    expect(allDay.endDate.toString()).toBe('2026-11-28');
    expect(allDay.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(allDay.sequence).toBe(0);
    expect(allDay.component.getFirstPropertyValue('url')).toBe('https://eh.example/quote/AAPL/earnings');
    expect(allDay.description).toContain('Session: after market close');
    expect(allDay.description).toContain('Date: confirmed by the company');

    expect(timed.uid).toBe('earnings-2@eh.example');
    expect(timed.startDate.isDate).toBe(false);
    expect(timed.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(timed.startDate.zone?.tzid).toBe('America/New_York');
    // 16:20 in New York on 27 November (EST, UTC-5) is 21:20 UTC.
    expect(timed.startDate.toJSDate().toISOString()).toBe('2026-11-27T21:20:00.000Z');
    expect(timed.endDate.toJSDate().toISOString()).toBe('2026-11-27T22:20:00.000Z');
    expect(timed.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(timed.sequence).toBe(3);
    expect(timed.description).toContain('NVIDIA, Corp; "quoted" (NVDA) Q4 2026 earnings.');
    expect(timed.description).toContain('Session: 16:20 New York time, after market close');
    expect(timed.description).toContain('Date: estimated');
  });

  it('keeps New York wall-clock time across daylight saving: 08:00 in July is 12:00 UTC', () => {
    const calendar = parse(buildFeed(input([report({ date: '2026-07-30', time: '08:00', session: 'before' })])));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-30T12:00:00.000Z');
  });

  it('takes DTSTAMP from when the report last changed, so the same data gives the same bytes', () => {
    const reports = [report({})];
    expect(buildFeed(input(reports))).toBe(buildFeed(input(reports)));
    expect(buildFeed(input(reports))).toContain('DTSTAMP:20261120T120000Z\r\n');
    expect(buildFeed(input(reports))).not.toContain('BEGIN:VTIMEZONE');
  });

  it('is an empty but valid calendar when the user follows nothing', () => {
    const calendar = parse(buildFeed(input([])));
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('EarningsHub earnings');
  });
});
