import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  formatWallTime,
  fromEpochDay,
  isIsoDate,
  lastWeekdayOfMonth,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  nthWeekdayOfMonth,
  nyDate,
  nyOffsetMs,
  nyParts,
  nyTime,
  nyToUtc,
  parseIsoDate,
  parseWallTime,
  toEpochDay,
} from './time.ts';

describe(nyDate.name, () => {
  it('is the New York date, not the UTC one', () => {
    // 03:30 UTC on Nov 23 is still 22:30 on Nov 22 in New York (EST).
    expect(nyDate(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-22');
    expect(nyDate(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
    // Summer: EDT is UTC-4.
    expect(nyDate(new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30');
    expect(nyDate(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it('turns the year at New York midnight', () => {
    expect(nyDate(new Date('2027-01-01T04:59:00Z'))).toBe('2026-12-31');
    expect(nyDate(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
  });
});

describe(nyParts.name, () => {
  it('reads the wall clock and weekday in New York, midnight as hour 0', () => {
    expect(nyParts(new Date('2026-03-09T04:00:00Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 9,
      hour: 0,
      minute: 0,
      second: 0,
      dayOfWeek: 1,
    });
  });

  it('rejects an invalid date', () => {
    expect(() => nyParts(new Date('nope'))).toThrow(RangeError);
  });

  it('agrees with the platform time-zone database every 20 minutes around each change and every 7 h elsewhere', () => {
    const tzdb = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const read = (time: number) => {
      const part = Object.fromEntries(tzdb.formatToParts(time).map(({ type, value }) => [type, value]));
      return {
        year: Number(part.year),
        month: Number(part.month),
        day: Number(part.day),
        hour: Number(part.hour),
        minute: Number(part.minute),
        second: Number(part.second),
        dayOfWeek: weekdays.indexOf(part.weekday ?? ''),
      };
    };
    const instants: number[] = [];
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2040, 0, 1); time += 7 * MS_PER_HOUR + 13_000)
      instants.push(time);
    for (let year = 2000; year < 2040; year++) {
      for (const month of [3, 4, 10, 11]) {
        for (let time = Date.UTC(year, month - 1, 1); time < Date.UTC(year, month - 1, 15); time += 20 * MS_PER_MINUTE)
          instants.push(time);
      }
    }
    const mismatches = instants.filter((time) => JSON.stringify(nyParts(time)) !== JSON.stringify(read(time)));
    expect(mismatches.map((time) => new Date(time).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(80_000);
    // Two hundred thousand platform formats: about 2 s alone, past the default 5 s beside the other suites in CI.
  }, 60_000);
});

describe(nyTime.name, () => {
  it('formats HH:MM', () => {
    expect(nyTime(new Date('2026-11-23T14:30:00Z'))).toBe('09:30');
    expect(nyTime(new Date('2026-06-01T13:30:00Z'))).toBe('09:30');
  });
});

describe(nyOffsetMs.name, () => {
  it('is -5 h in winter and -4 h in summer', () => {
    expect(nyOffsetMs(Date.parse('2026-01-15T12:00:00Z'))).toBe(-5 * MS_PER_HOUR);
    expect(nyOffsetMs(Date.parse('2026-07-15T12:00:00Z'))).toBe(-4 * MS_PER_HOUR);
  });
});

describe(nyToUtc.name, () => {
  it('converts ordinary winter and summer wall times', () => {
    expect(nyToUtc('2026-01-15', '09:30').toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(nyToUtc('2026-07-15', '16:00').toISOString()).toBe('2026-07-15T20:00:00.000Z');
    expect(nyToUtc('2026-07-15').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('handles the spring-forward day (2026-03-08, 02:00 EST -> 03:00 EDT)', () => {
    expect(nyToUtc('2026-03-08', '01:59').toISOString()).toBe('2026-03-08T06:59:00.000Z');
    // 02:30 does not exist: read as 03:30 EDT.
    expect(nyToUtc('2026-03-08', '02:30').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(nyToUtc('2026-03-08', '03:00').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(nyToUtc('2026-03-08', '09:30').toISOString()).toBe('2026-03-08T13:30:00.000Z');
  });

  it('handles the fall-back day (2026-11-01, 02:00 EDT -> 01:00 EST)', () => {
    expect(nyToUtc('2026-11-01', '00:30').toISOString()).toBe('2026-11-01T04:30:00.000Z');
    // 01:30 happens twice: the earlier (EDT) one.
    expect(nyToUtc('2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(nyToUtc('2026-11-01', '02:00').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(nyToUtc('2026-11-01', '09:30').toISOString()).toBe('2026-11-01T14:30:00.000Z');
  });

  it('round-trips through nyDate/nyTime for every half hour across both transitions', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = formatWallTime(minutes);
        if (date === '2026-03-08' && time.startsWith('02:')) continue; // skipped hour
        const instant = nyToUtc(date, time);
        expect(nyDate(instant)).toBe(date);
        expect(nyTime(instant)).toBe(time);
      }
    }
  });

  it('rejects bad input', () => {
    expect(() => nyToUtc('2026-02-30', '09:30')).toThrow(RangeError);
    expect(() => nyToUtc('2026-02-03', '24:00')).toThrow(RangeError);
  });
});

describe(parseIsoDate.name, () => {
  it('accepts real days only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-04-31')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-00-10')).toBeNull();
    expect(parseIsoDate('2026-1-1')).toBeNull();
    expect(parseIsoDate(' 2026-01-01')).toBeNull();
    expect(parseIsoDate('1900-02-29')).toBeNull();
    expect(parseIsoDate('2000-02-29')).not.toBeNull();
    expect(isIsoDate('2026-12-31')).toBe(true);
  });
});

describe(parseWallTime.name, () => {
  it('reads HH:MM and H:MM into minutes', () => {
    expect(parseWallTime('09:30')).toBe(570);
    expect(parseWallTime('9:30')).toBe(570);
    expect(parseWallTime('23:59')).toBe(1439);
    expect(parseWallTime('24:00')).toBeNull();
    expect(parseWallTime('12:60')).toBeNull();
    expect(parseWallTime('noon')).toBeNull();
  });
});

describe(addDays.name, () => {
  it('crosses months, years, leap days and DST without drifting', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
  });
});

describe(daysBetween.name, () => {
  it('counts whole days', () => {
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });
});

describe(dayOfWeek.name, () => {
  it('numbers Sunday 0 to Saturday 6', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(dayOfWeek('1900-01-01')).toBe(1);
    expect(dayOfWeek('2099-12-31')).toBe(4);
    expect(dayOfWeek('1969-12-31')).toBe(3);
  });
});

describe(toEpochDay.name, () => {
  it('round-trips with fromEpochDay', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    for (const date of ['1900-01-01', '1999-12-31', '2026-11-23', '2099-12-31']) {
      expect(fromEpochDay(toEpochDay(date))).toBe(date);
    }
  });
});

describe(daysInMonth.name, () => {
  it('knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 11)).toBe(30);
  });
});

describe(nthWeekdayOfMonth.name, () => {
  it('finds the n-th weekday', () => {
    expect(nthWeekdayOfMonth(2026, 1, 1, 3)).toBe('2026-01-19');
    expect(nthWeekdayOfMonth(2026, 11, 4, 4)).toBe('2026-11-26');
    expect(nthWeekdayOfMonth(2026, 9, 1, 1)).toBe('2026-09-07');
  });
});

describe(lastWeekdayOfMonth.name, () => {
  it('finds the last weekday', () => {
    expect(lastWeekdayOfMonth(2026, 5, 1)).toBe('2026-05-25');
    expect(lastWeekdayOfMonth(2027, 5, 1)).toBe('2027-05-31');
  });
});
