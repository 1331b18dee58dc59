import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  currentWeek,
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  formatMonthSlug,
  formatWeekSlug,
  monthWindow,
  nextMonth,
  nextWeek,
  parseMonthSlug,
  parseWeekSlug,
  previousMonth,
  previousWeek,
  weekWindow,
} from './calendar.ts';

describe(weekWindow.name, () => {
  it('spans Monday to Friday of the week holding a weekday', () => {
    const week = weekWindow('2026-11-25'); // Wednesday
    expect(week).toEqual({
      start: '2026-11-23',
      end: '2026-11-27',
      days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
    });
    expect(weekWindow('2026-11-23').start).toBe('2026-11-23');
    expect(weekWindow('2026-11-27').start).toBe('2026-11-23');
  });

  it('shows the next week on Saturday and Sunday', () => {
    expect(weekWindow('2026-11-21').start).toBe('2026-11-23');
    expect(weekWindow('2026-11-22').start).toBe('2026-11-23');
  });

  it('crosses month and year ends', () => {
    expect(weekWindow('2026-12-31')).toMatchObject({ start: '2026-12-28', end: '2027-01-01' });
    expect(weekWindow('2027-01-02').start).toBe('2027-01-04');
  });
});

describe(currentWeek.name, () => {
  it('uses the New York date', () => {
    // Sunday 22:00 in New York is already Monday in UTC; still Sunday -> next week from New York's point of view.
    expect(currentWeek(new Date('2026-11-23T03:00:00Z')).start).toBe('2026-11-23');
    // Friday 21:00 in New York is Saturday 02:00 UTC: the week shown is still the Friday's week.
    expect(currentWeek(new Date('2026-11-28T02:00:00Z')).start).toBe('2026-11-23');
    // Saturday in New York: the next week.
    expect(currentWeek(new Date('2026-11-28T15:00:00Z')).start).toBe('2026-11-30');
  });
});

describe(previousWeek.name, () => {
  it('steps back a week from a window or a date', () => {
    expect(previousWeek(weekWindow('2026-11-25')).start).toBe('2026-11-16');
    expect(previousWeek('2026-01-02').start).toBe('2025-12-22');
    // From a Saturday the week shown is the next one, so "previous" is the week just ended.
    expect(previousWeek('2026-11-28').start).toBe('2026-11-23');
  });
});

describe(nextWeek.name, () => {
  it('steps forward a week', () => {
    expect(nextWeek(weekWindow('2026-12-30')).start).toBe('2027-01-04');
    expect(nextWeek('2026-11-28').start).toBe('2026-12-07');
  });
});

describe(monthWindow.name, () => {
  it('lists the days and the Monday-Friday weeks of a month', () => {
    const november = monthWindow(2026, 11);
    expect(november.start).toBe('2026-11-01');
    expect(november.end).toBe('2026-11-30');
    expect(november.days).toHaveLength(30);
    // Nov 1 2026 is a Sunday: the first week is Mon Nov 2; Nov 30 is a Monday.
    expect(november.weeks.map((week) => week.start)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('includes a leading week that starts in the previous month', () => {
    const april = monthWindow(2026, 4); // Wednesday Apr 1
    expect(april.weeks[0]?.start).toBe('2026-03-30');
    expect(april.weeks.at(-1)?.start).toBe('2026-04-27');
  });

  it('knows February in leap years', () => {
    expect(monthWindow(2028, 2).end).toBe('2028-02-29');
    expect(monthWindow(2027, 2).days).toHaveLength(28);
  });

  it('rejects an impossible month', () => {
    expect(() => monthWindow(2026, 13)).toThrow(RangeError);
    expect(() => monthWindow(2026, 0)).toThrow(RangeError);
  });
});

describe(currentMonth.name, () => {
  it('uses the New York date', () => {
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toMatchObject({ year: 2026, month: 11 });
    expect(currentMonth(new Date('2026-12-01T05:00:00Z'))).toMatchObject({ year: 2026, month: 12 });
  });
});

describe(previousMonth.name, () => {
  it('wraps the year', () => {
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(previousMonth({ year: 2026, month: 11 })).toEqual({ year: 2026, month: 10 });
  });
});

describe(nextMonth.name, () => {
  it('wraps the year', () => {
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    expect(nextMonth({ year: 2026, month: 2 })).toEqual({ year: 2026, month: 3 });
  });
});

describe(parseWeekSlug.name, () => {
  it('accepts a real YYYY-MM-DD within the date-picker bounds', () => {
    expect(parseWeekSlug('2026-11-23')).toBe('2026-11-23');
    expect(parseWeekSlug('2026-11-28')).toBe('2026-11-28');
    expect(parseWeekSlug(DATE_PICKER_MIN)).toBe(DATE_PICKER_MIN);
    expect(parseWeekSlug(DATE_PICKER_MAX)).toBe(DATE_PICKER_MAX);
  });

  it('rejects impossible, malformed and out-of-bounds dates', () => {
    for (const slug of [
      '2026-02-30',
      '2026-13-01',
      '2026-11-31',
      '2026-11-1',
      '26-11-23',
      'this-week',
      '',
      '1899-12-31',
      '2100-01-01',
      '2026-11-23x',
    ]) {
      expect(parseWeekSlug(slug), slug).toBeNull();
    }
  });
});

describe(formatWeekSlug.name, () => {
  it('formats and validates', () => {
    expect(formatWeekSlug('2026-11-23')).toBe('2026-11-23');
    expect(() => formatWeekSlug('2026-02-30')).toThrow(RangeError);
    expect(() => formatWeekSlug('2100-01-04')).toThrow(RangeError);
  });
});

describe(parseMonthSlug.name, () => {
  it('reads month-year case-insensitively', () => {
    expect(parseMonthSlug('november-2026')).toEqual({ year: 2026, month: 11 });
    expect(parseMonthSlug('November-2026')).toEqual({ year: 2026, month: 11 });
    expect(parseMonthSlug('JANUARY-1900')).toEqual({ year: 1900, month: 1 });
    expect(parseMonthSlug('december-2099')).toEqual({ year: 2099, month: 12 });
  });

  it('rejects bad slugs', () => {
    for (const slug of [
      'nov-2026',
      'novembre-2026',
      'november',
      'november-26',
      'november-2026-1',
      '11-2026',
      'december-1899',
      'january-2100',
      ' november-2026',
      '',
    ]) {
      expect(parseMonthSlug(slug), slug).toBeNull();
    }
  });

  it('round-trips every month', () => {
    for (let month = 1; month <= 12; month += 1) {
      expect(parseMonthSlug(formatMonthSlug({ year: 2026, month }))).toEqual({ year: 2026, month });
    }
  });
});

describe(formatMonthSlug.name, () => {
  it('writes lowercase month-year', () => {
    expect(formatMonthSlug({ year: 2026, month: 11 })).toBe('november-2026');
    expect(() => formatMonthSlug({ year: 2026, month: 13 })).toThrow(RangeError);
    expect(() => formatMonthSlug({ year: 2100, month: 1 })).toThrow(RangeError);
  });
});
