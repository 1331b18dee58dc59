import type { EarningsRow } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import {
  calendarPageText,
  dateStatusText,
  dayShiftLabel,
  epsLine,
  etLabel,
  rangeLabel,
  reportTime,
  revenueLine,
  safeTimeZone,
} from './calendar-format.ts';

describe(reportTime.name, () => {
  it('shows a New York time in the reader’s zone, winter and summer', () => {
    expect(reportTime({ date: '2026-11-24', time: '16:05' }, 'America/New_York')).toEqual({
      time: '4:05 PM EST',
      dayShift: 0,
    });
    expect(reportTime({ date: '2026-07-21', time: '16:05' }, 'America/New_York').time).toBe('4:05 PM EDT');
    expect(reportTime({ date: '2026-11-24', time: '07:30' }, 'America/Los_Angeles').time).toBe('4:30 AM PST');
    expect(reportTime({ date: '2026-11-24', time: '07:30' }, 'UTC').time).toBe('12:30 PM UTC');
  });

  it('says when the reader’s zone moves the report to another day', () => {
    expect(reportTime({ date: '2026-11-24', time: '16:05' }, 'Asia/Tokyo')).toMatchObject({ dayShift: 1 });
    expect(reportTime({ date: '2026-11-24', time: '06:00' }, 'Pacific/Honolulu')).toMatchObject({ dayShift: 0 });
    expect(reportTime({ date: '2026-11-24', time: '00:30' }, 'America/Los_Angeles')).toMatchObject({ dayShift: -1 });
    expect(dayShiftLabel(1)).toBe('+1 day');
    expect(dayShiftLabel(-1)).toBe('−1 day');
    expect(dayShiftLabel(0)).toBeNull();
  });

  it('has no time when only the day is known, and falls back to New York for an unknown zone', () => {
    expect(reportTime({ date: '2026-11-24', time: null }, 'Europe/Paris')).toEqual({ time: null, dayShift: 0 });
    expect(safeTimeZone('Mars/Olympus_Mons')).toBe('America/New_York');
    expect(reportTime({ date: '2026-11-24', time: '16:05' }, 'Mars/Olympus_Mons').time).toBe('4:05 PM EST');
  });
});

describe(etLabel.name, () => {
  it('reads a New York wall time', () => {
    expect(etLabel('13:00')).toBe('1:00 PM ET');
    expect(etLabel('09:30')).toBe('9:30 AM ET');
    expect(etLabel('00:05')).toBe('12:05 AM ET');
  });
});

describe(dateStatusText.name, () => {
  it('never lets an estimate read as certain and names who said so', () => {
    expect(dateStatusText({ dateStatus: 'estimated', dateSource: 'yahoo' })).toBe(
      'Estimated date (by Yahoo Finance). The company has not confirmed it yet.',
    );
    expect(dateStatusText({ dateStatus: 'estimated', dateSource: 'demo' })).toContain('by the demo market');
    expect(dateStatusText({ dateStatus: 'confirmed', dateSource: 'sec' })).toBe(
      'Date confirmed by the company. Source: SEC filing (8-K Item 2.02).',
    );
  });
});

const reported = {
  epsEstimate: 1.2,
  epsActual: 1.32,
  epsSurprise: 0.12,
  epsSurprisePercent: 10,
  revenueEstimate: 94.3e9,
  revenueActual: 92.1e9,
  revenueSurprise: -2.2e9,
  revenueSurprisePercent: -2.33,
} satisfies Partial<EarningsRow>;

describe(epsLine.name, () => {
  it('shows estimate, actual, surprise and the beat once reported', () => {
    expect(epsLine(reported as EarningsRow)).toEqual({
      label: 'EPS',
      estimate: '$1.20',
      actual: '$1.32',
      surprise: '+10.0%',
      tone: 'up',
      verdict: 'Beat',
    });
  });
  it('shows only the estimate before the report', () => {
    expect(epsLine({ ...reported, epsActual: null } as EarningsRow)).toMatchObject({
      actual: null,
      surprise: null,
      verdict: null,
      tone: 'flat',
    });
  });
});

describe(revenueLine.name, () => {
  it('marks a miss in compact dollars', () => {
    expect(revenueLine(reported as EarningsRow)).toEqual({
      label: 'Revenue',
      estimate: '$94.3B',
      actual: '$92.1B',
      surprise: '−2.3%',
      tone: 'down',
      verdict: 'Missed',
    });
  });
});

describe(rangeLabel.name, () => {
  it('writes a week compactly across months and years', () => {
    expect(rangeLabel('2026-11-23', '2026-11-27')).toBe('Nov 23 – 27, 2026');
    expect(rangeLabel('2026-11-30', '2026-12-04')).toBe('Nov 30 – Dec 4, 2026');
    expect(rangeLabel('2026-12-28', '2027-01-01')).toBe('Dec 28, 2026 – Jan 1, 2027');
  });
});

describe(calendarPageText.name, () => {
  it('names the week or month in the title and counts the reports in the description', () => {
    const week = calendarPageText({
      view: 'week',
      current: false,
      start: '2026-11-23',
      end: '2026-11-27',
      count: 142,
      topSymbols: ['NVDA', 'WMT'],
    });
    expect(week.title).toBe('Earnings Calendar — week of Nov 23, 2026');
    expect(week.heading).toBe('Earnings calendar: week of Nov 23, 2026');
    expect(week.description).toMatch(/^142 companies report from Nov 23 – 27, 2026, including NVDA, WMT\. /);
    const thisWeek = calendarPageText({ view: 'list', current: true, start: '2026-11-23', end: '2026-11-27' });
    expect(thisWeek).toMatchObject({
      heading: 'Earnings list: this week',
      title: 'Earnings List — week of Nov 23, 2026',
    });
    const month = calendarPageText({
      view: 'month',
      current: true,
      start: '2026-10-26',
      end: '2026-12-04',
      year: 2026,
      month: 11,
      count: 1,
    });
    expect(month.title).toBe('Earnings Calendar — November 2026');
    expect(month.description).toMatch(/^1 company reports in November 2026\. /);
  });
});
