import { describe, expect, it } from 'vitest';
import {
  anchorDate,
  type CalendarLocation,
  fetchWindow,
  focusDay,
  monthPath,
  neighbours,
  readSelectedDate,
  resolveCalendarLocation,
  resolveEmbedLocation,
  stepWeekday,
  viewPath,
  weekOfPath,
} from './calendar-route.ts';

/** Wednesday Nov 25, 2026, 15:00 in New York. */
const WEDNESDAY = new Date('2026-11-25T20:00:00Z');
/** Saturday Nov 28, 2026, noon in New York. */
const SATURDAY = new Date('2026-11-28T17:00:00Z');
/** Sunday Nov 29, 2026, 23:30 in New York is already Monday in UTC: New York's date decides. */
const SUNDAY_LATE = new Date('2026-11-30T04:30:00Z');

type Valid = Exclude<CalendarLocation, { invalid: true }>;
const valid = (location: CalendarLocation): Valid => {
  if ('invalid' in location) throw new Error('expected a valid location');
  return location;
};

describe(resolveCalendarLocation.name, () => {
  it('shows the Monday–Friday week holding today', () => {
    const location = valid(resolveCalendarLocation('calendarWeek', {}, WEDNESDAY));
    expect(location).toMatchObject({ view: 'week', current: true });
    if (location.view === 'month') throw new Error('week expected');
    expect(location.week.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });

  it('shows the next week on a weekend, by New York date', () => {
    for (const now of [SATURDAY, SUNDAY_LATE]) {
      const location = valid(resolveCalendarLocation('listWeek', {}, now));
      if (location.view === 'month') throw new Error('week expected');
      expect(location.view).toBe('list');
      expect(location.week.start).toBe('2026-11-30');
    }
  });

  it('reads a week slug, flagging one that is not the Monday', () => {
    const monday = valid(resolveCalendarLocation('calendarWeekOf', { dateSlug: '2026-11-23' }, WEDNESDAY));
    expect(monday).toMatchObject({ view: 'week', current: false, nonCanonicalSlug: null });
    const thursday = valid(resolveCalendarLocation('listWeekOf', { dateSlug: '2026-11-26' }, WEDNESDAY));
    expect(thursday).toMatchObject({ view: 'list', nonCanonicalSlug: '2026-11-26' });
    if (thursday.view === 'month') throw new Error('week expected');
    expect(thursday.week.start).toBe('2026-11-23');
  });

  it('rejects slugs that name no day or month within the picker bounds', () => {
    for (const dateSlug of ['2026-02-30', '1899-12-31', '2100-01-04', 'soon']) {
      expect(resolveCalendarLocation('calendarWeekOf', { dateSlug }, WEDNESDAY)).toEqual({
        view: 'week',
        invalid: true,
      });
    }
    // The week of 2099-12-31 runs into 2100: out of bounds.
    expect(resolveCalendarLocation('calendarWeekOf', { dateSlug: '2099-12-31' }, WEDNESDAY)).toMatchObject({
      invalid: true,
    });
    for (const monthYearSlug of ['smarch-2026', 'november-2100', '11-2026']) {
      expect(resolveCalendarLocation('calendarMonthOf', { monthYearSlug }, WEDNESDAY)).toEqual({
        view: 'month',
        invalid: true,
      });
    }
  });

  it('reads month slugs in any case and the current month by New York date', () => {
    const november = valid(resolveCalendarLocation('calendarMonthOf', { monthYearSlug: 'November-2026' }, WEDNESDAY));
    expect(november).toMatchObject({ view: 'month', current: false, month: { year: 2026, month: 11 } });
    // 2026-12-01T03:00Z is still November 30 in New York.
    const thisMonth = valid(resolveCalendarLocation('calendarMonth', {}, new Date('2026-12-01T03:00:00Z')));
    expect(thisMonth).toMatchObject({ month: { year: 2026, month: 11 } });
  });
});

describe('calendar URLs', () => {
  it('builds week URLs on the Monday and month URLs from the month name', () => {
    expect(weekOfPath('week', '2026-11-26')).toBe('/earnings-calendar/week-of/2026-11-23');
    expect(weekOfPath('list', '2026-11-29')).toBe('/earnings-list/week-of/2026-11-30');
    expect(monthPath({ year: 2026, month: 2 })).toBe('/earnings-calendar/month/february-2026');
  });

  it('uses the "this week/month" URLs for the current window', () => {
    expect(viewPath('week', '2026-11-27', WEDNESDAY)).toBe('/earnings-calendar/this-week');
    expect(viewPath('list', '2026-11-28', WEDNESDAY)).toBe('/earnings-list/week-of/2026-11-30');
    expect(viewPath('month', '2026-11-02', WEDNESDAY)).toBe('/earnings-calendar/this-month');
    expect(viewPath('month', '2027-01-15', WEDNESDAY)).toBe('/earnings-calendar/month/january-2027');
  });

  it('finds the previous and next windows, and stops at the picker bounds', () => {
    const week = valid(resolveCalendarLocation('calendarWeekOf', { dateSlug: '2026-11-30' }, WEDNESDAY));
    expect(neighbours(week)).toEqual({ previous: '2026-11-23', next: '2026-12-07' });
    const first = valid(resolveCalendarLocation('calendarWeekOf', { dateSlug: '1900-01-03' }, WEDNESDAY));
    expect(neighbours(first).previous).toBeNull();
    const january1900 = valid(resolveCalendarLocation('calendarMonthOf', { monthYearSlug: 'january-1900' }, WEDNESDAY));
    expect(neighbours(january1900)).toEqual({ previous: null, next: '1900-02-01' });
    const december2099 = valid(
      resolveCalendarLocation('calendarMonthOf', { monthYearSlug: 'december-2099' }, WEDNESDAY),
    );
    expect(neighbours(december2099)).toEqual({ previous: '2099-11-01', next: null });
  });

  it('fetches the whole Monday–Friday weeks of a month, clamped to the bounds', () => {
    const may = valid(resolveCalendarLocation('calendarMonthOf', { monthYearSlug: 'may-2026' }, WEDNESDAY));
    // May 1, 2026 is a Friday: its week starts Monday April 27; May 31 is a Sunday: the last week is May 25–29.
    expect(fetchWindow(may)).toEqual({ start: '2026-04-27', end: '2026-05-29' });
    const last = valid(resolveCalendarLocation('calendarMonthOf', { monthYearSlug: 'december-2099' }, WEDNESDAY));
    expect(fetchWindow(last).end).toBe('2099-12-31');
  });
});

describe(readSelectedDate.name, () => {
  const week = valid(resolveCalendarLocation('calendarWeekOf', { dateSlug: '2026-11-23' }, WEDNESDAY));
  it('keeps a weekday inside the window and ignores anything else', () => {
    expect(readSelectedDate('2026-11-25', week)).toBe('2026-11-25');
    expect(readSelectedDate('2026-12-02', week)).toBeNull();
    expect(readSelectedDate('2026-13-01', week)).toBeNull();
    expect(readSelectedDate(null, week)).toBeNull();
  });
  it('moves a weekend date to the following Monday', () => {
    expect(readSelectedDate('2026-11-22', week)).toBe('2026-11-23');
  });
  it('anchors view switches on the selected day', () => {
    expect(anchorDate(week, '2026-11-26')).toBe('2026-11-26');
    expect(anchorDate(week, null)).toBe('2026-11-23');
  });
});

describe(focusDay.name, () => {
  const week = valid(resolveCalendarLocation('calendarWeekOf', { dateSlug: '2026-11-23' }, WEDNESDAY));
  if (week.view === 'month') throw new Error('week expected');
  it('opens on the selected day, else today, else Monday', () => {
    expect(focusDay(week.week, '2026-11-27', '2026-11-25')).toBe('2026-11-27');
    expect(focusDay(week.week, null, '2026-11-25')).toBe('2026-11-25');
    expect(focusDay(week.week, null, '2026-12-25')).toBe('2026-11-23');
  });
  it('steps over weekends', () => {
    expect(stepWeekday('2026-11-27', 1)).toBe('2026-11-30');
    expect(stepWeekday('2026-11-30', -1)).toBe('2026-11-27');
  });
});

describe(resolveEmbedLocation.name, () => {
  it('opens this week by default and takes view and selectedDate from the query', () => {
    expect(resolveEmbedLocation(null, null, WEDNESDAY)).toMatchObject({ view: 'week', current: true });
    const list = resolveEmbedLocation('list', '2026-12-09', WEDNESDAY);
    expect(list).toMatchObject({ view: 'list', current: false, week: { start: '2026-12-07' } });
    expect(resolveEmbedLocation('month', '2027-02-10', WEDNESDAY)).toMatchObject({
      view: 'month',
      current: false,
      month: { year: 2027, month: 2 },
    });
  });
  it('ignores an unknown view or a date it cannot read', () => {
    expect(resolveEmbedLocation('agenda', 'tomorrow', WEDNESDAY)).toMatchObject({
      view: 'week',
      current: true,
      week: { start: '2026-11-23' },
    });
  });
});
