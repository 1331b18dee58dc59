import { describe, expect, it } from 'vitest';
import { localClock, localDayStart, quietHoursEnd } from './rules.ts';

describe(localClock.name, () => {
  it('reads the wall clock of the zone', () => {
    const at = new Date('2026-11-26T13:05:00Z');
    expect(localClock('America/New_York', at)).toBe('08:05');
    expect(localClock('Asia/Tokyo', at)).toBe('22:05');
    expect(localClock('UTC', at)).toBe('13:05');
  });
});

describe(quietHoursEnd.name, () => {
  const prefs = { timeZone: 'Europe/Paris', quietStart: '22:00', quietEnd: '07:00' };

  it('is null outside quiet hours or without them', () => {
    expect(quietHoursEnd(prefs, new Date('2026-11-26T12:00:00Z'))).toBeNull();
    expect(quietHoursEnd({ ...prefs, quietStart: null, quietEnd: null }, new Date('2026-11-26T23:00:00Z'))).toBeNull();
    // 07:00 Paris is the end itself: no longer quiet.
    expect(quietHoursEnd(prefs, new Date('2026-11-27T06:00:00Z'))).toBeNull();
  });

  it('gives the end of quiet hours that span midnight, on either side of it', () => {
    // 23:30 Paris (UTC+1 in November) → 07:00 Paris the next morning = 06:00Z.
    expect(quietHoursEnd(prefs, new Date('2026-11-26T22:30:20Z'))?.toISOString()).toBe('2026-11-27T06:00:00.000Z');
    // 02:15 Paris → 07:00 the same morning.
    expect(quietHoursEnd(prefs, new Date('2026-11-27T01:15:00Z'))?.toISOString()).toBe('2026-11-27T06:00:00.000Z');
  });

  it('handles quiet hours within one day', () => {
    const day = { timeZone: 'America/New_York', quietStart: '09:00', quietEnd: '17:30' };
    // 10:00 New York (UTC-5) → 17:30 = 22:30Z.
    expect(quietHoursEnd(day, new Date('2026-11-26T15:00:00Z'))?.toISOString()).toBe('2026-11-26T22:30:00.000Z');
  });
});

describe(localDayStart.name, () => {
  it('is local midnight as an instant', () => {
    expect(localDayStart('America/New_York', new Date('2026-11-26T13:05:00Z')).toISOString()).toBe(
      '2026-11-26T05:00:00.000Z',
    );
    // 01:00 Tokyo on the 27th: the day began at 15:00Z on the 26th.
    expect(localDayStart('Asia/Tokyo', new Date('2026-11-26T16:00:00Z')).toISOString()).toBe(
      '2026-11-26T15:00:00.000Z',
    );
  });
});
