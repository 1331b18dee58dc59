import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_TIME_ZONE,
  digestDue,
  digestPeriod,
  isTimeZone,
  reminderDay,
  switchCounts,
  timeZoneOrDefault,
  zonedClock,
  zonedTimeToUtc,
} from './notifications.ts';
import { nyToUtc } from './time.ts';

describe(reminderDay.name, () => {
  it('is the trading day before the report', () => {
    expect(reminderDay('2026-11-25')).toBe('2026-11-24'); // Wednesday → Tuesday
    expect(reminderDay('2026-11-30')).toBe('2026-11-27'); // Monday → Friday (early close still trades)
    expect(reminderDay('2026-11-27')).toBe('2026-11-25'); // Friday after Thanksgiving → Wednesday
    expect(reminderDay('2027-01-04')).toBe('2026-12-31'); // after New Year's Day
    expect(reminderDay('2026-11-28')).toBe('2026-11-27'); // a Saturday report (Berkshire) → Friday
  });
});

describe(zonedTimeToUtc.name, () => {
  it('reads a wall time in the zone', () => {
    expect(zonedTimeToUtc('2026-11-24', '17:00', 'America/New_York').toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', '17:00', 'America/New_York').toISOString()).toBe('2026-07-01T21:00:00.000Z');
    expect(zonedTimeToUtc('2026-11-24', '17:00', 'Europe/Paris').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(zonedTimeToUtc('2026-11-24', '17:00', 'Asia/Kolkata').toISOString()).toBe('2026-11-24T11:30:00.000Z');
    expect(zonedTimeToUtc('2026-11-24', '18:00', 'UTC').toISOString()).toBe('2026-11-24T18:00:00.000Z');
    // Across the date line: Auckland's evening is New York's early morning of the same date.
    expect(zonedTimeToUtc('2026-11-24', '18:00', 'Pacific/Auckland').toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('agrees with New York rule of the domain on both sides of every 2026 transition', () => {
    for (const [date, time] of [
      ['2026-03-08', '01:30'],
      ['2026-03-08', '02:30'], // skipped: read after the jump
      ['2026-03-08', '03:30'],
      ['2026-11-01', '01:30'], // repeated: the earlier
      ['2026-11-01', '02:30'],
    ] as const) {
      expect(zonedTimeToUtc(date, time, 'America/New_York').toISOString(), `${date} ${time}`).toBe(
        nyToUtc(date, time).toISOString(),
      );
    }
  });

  it('handles a European spring gap and autumn repeat', () => {
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTimeToUtc('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(() => zonedTimeToUtc('2026-02-30', '17:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-02-03', '25:00', 'UTC')).toThrow(RangeError);
  });
});

describe(zonedClock.name, () => {
  it('gives the local date and time at an instant', () => {
    const instant = new Date('2026-11-25T03:30:00Z');
    expect(zonedClock(instant, 'America/New_York')).toEqual({ date: '2026-11-24', time: '22:30' });
    expect(zonedClock(instant, 'Asia/Tokyo')).toEqual({ date: '2026-11-25', time: '12:30' });
    expect(zonedClock(new Date('2026-11-25T00:00:00Z'), 'UTC')).toEqual({ date: '2026-11-25', time: '00:00' });
  });
});

describe(timeZoneOrDefault.name, () => {
  it('keeps a known zone and replaces an unknown one', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(timeZoneOrDefault('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneOrDefault('Mars/Olympus_Mons')).toBe(DEFAULT_NOTIFICATION_TIME_ZONE);
    expect(timeZoneOrDefault(null)).toBe(DEFAULT_NOTIFICATION_TIME_ZONE);
  });
});

describe(digestDue.name, () => {
  it('is due from the digest time on, the weekly one on Saturdays only', () => {
    expect(digestDue('dailySummary', { date: '2026-11-26', time: '17:59' })).toBe(false);
    expect(digestDue('dailySummary', { date: '2026-11-26', time: '18:00' })).toBe(true);
    expect(digestDue('weeklySummary', { date: '2026-11-26', time: '20:00' })).toBe(false);
    expect(digestDue('weeklySummary', { date: '2026-11-28', time: '18:00' })).toBe(true);
    expect(digestDue('weeklySummary', { date: '2026-11-28', time: '09:00' })).toBe(false);
  });
});

describe(digestPeriod.name, () => {
  it('covers the day, or the seven days ending on it', () => {
    expect(digestPeriod('dailySummary', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(digestPeriod('weeklySummary', '2026-11-28')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
  });
});

describe('switchCounts', () => {
  it('takes the stored switch with the alerts feature, the default without it, and never turns a switched-off one on', () => {
    expect(switchCounts('liveCall', true, true)).toBe(true);
    expect(switchCounts('earningsReminder', true, false)).toBe(false);
    // Without the feature: an extra stays off, a default stays on, an opt-out holds.
    expect(switchCounts('liveCall', false, true)).toBe(false);
    expect(switchCounts('earningsReminder', false, true)).toBe(true);
    expect(switchCounts('notifyByEmail', false, false)).toBe(false);
    // No alert (a list follower): the defaults, whatever the plan.
    expect(switchCounts('notifyByPush', true, undefined)).toBe(true);
    expect(switchCounts('notifyBySms', false, undefined)).toBe(false);
  });
});
