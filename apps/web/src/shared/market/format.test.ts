import { describe, expect, it } from 'vitest';
import { earningsTiming, relativeDays, toneOf } from './format.ts';

describe(earningsTiming.name, () => {
  const row = { date: '2026-11-24', time: '16:05', session: 'after', dateStatus: 'confirmed' } as const;

  it('converts the New York time into the reader’s zone with the session label', () => {
    const ny = earningsTiming(row, 'America/New_York');
    expect(ny.time).toBe('4:05 PM EST');
    expect(ny.date).toBe('Tue, Nov 24, 2026');
    expect(ny.session).toBe('After market close');
    expect(ny.statusLabel).toBe('Confirmed');
    const london = earningsTiming(row, 'Europe/London');
    expect(london.time).toBe('9:05 PM GMT');
    const tokyo = earningsTiming(row, 'Asia/Tokyo');
    // The next morning in Tokyo: the date moves with the time.
    expect(tokyo.date).toBe('Wed, Nov 25, 2026');
    expect(tokyo.time).toMatch(/^6:05 AM/);
  });

  it('keeps the New York day when only the session is known, and never hides an estimate', () => {
    const timing = earningsTiming({ ...row, time: null, session: 'before', dateStatus: 'estimated' }, 'Asia/Tokyo');
    expect(timing).toMatchObject({
      date: 'Tue, Nov 24, 2026',
      time: null,
      session: 'Before market open',
      statusLabel: 'Estimated',
    });
  });
});

describe(relativeDays.name, () => {
  it('counts whole days between dates', () => {
    expect(relativeDays('2026-11-24', '2026-11-24')).toBe('today');
    expect(relativeDays('2026-11-25', '2026-11-24')).toBe('tomorrow');
    expect(relativeDays('2026-11-30', '2026-11-24')).toBe('in 6 days');
    expect(relativeDays('2026-11-20', '2026-11-24')).toBe('4 days ago');
  });
});

describe(toneOf.name, () => {
  it('names the direction of a change', () => {
    expect(toneOf(1)).toBe('up');
    expect(toneOf(-1)).toBe('down');
    expect(toneOf(0)).toBe('flat');
    expect(toneOf(null)).toBe('flat');
  });
});
