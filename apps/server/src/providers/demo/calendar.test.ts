import { addDays, fromEpochDay, isTradingDay, nextTradingDay, nyToUtc, previousTradingDay } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { addYears, DemoCalendar, epochDayOf, lastDayOfMonthIndex, wallTime } from './calendar.ts';

const calendar = new DemoCalendar('2019-01-01', '2028-12-31');

describe(DemoCalendar.name, () => {
  it('counts days like the domain, by arithmetic', () => {
    for (let day = -30_000; day < 60_000; day += 7) {
      const iso = fromEpochDay(day);
      expect(epochDayOf(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))), iso).toBe(day);
    }
    expect(fromEpochDay(lastDayOfMonthIndex(2024 * 12 + 1))).toBe('2024-02-29');
    expect(fromEpochDay(lastDayOfMonthIndex(2025 * 12 + 11))).toBe('2025-12-31');
  });

  it('knows trading days and moves between them as the domain rules do', () => {
    for (let iso = '2024-01-01'; iso <= '2027-12-31'; iso = addDays(iso, 1)) {
      const day = calendar.day(iso);
      expect(calendar.isTrading(day), iso).toBe(isTradingDay(iso));
      expect(calendar.iso(calendar.nextTrading(day))).toBe(nextTradingDay(iso));
      expect(calendar.iso(calendar.previousTrading(day))).toBe(previousTradingDay(iso));
    }
    expect(calendar.isEarlyClose(calendar.day('2026-11-27'))).toBe(true);
    expect(calendar.sessionMinutes(calendar.day('2026-11-27'))).toBe(210);
  });

  it('turns New York wall times into instants across daylight-saving changes', () => {
    for (let iso = '2024-01-01'; iso <= '2027-12-31'; iso = addDays(iso, 3)) {
      for (const minutes of [60, 240, 570, 960, 1200]) {
        expect(calendar.nyInstant(calendar.day(iso), minutes), `${iso} ${minutes}`).toBe(
          nyToUtc(iso, wallTime(minutes)).getTime(),
        );
      }
    }
  });

  it('adds years keeping the calendar day (Feb 29 becomes Feb 28)', () => {
    expect(addYears('2026-11-20', -5)).toBe('2021-11-20');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });
});
