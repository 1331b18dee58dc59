import { MS_PER_DAY } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { Economy } from './economy.ts';
import { DemoWorld } from './world.ts';

describe('demo Fed calendar', () => {
  // The calendar ends 800 days after now; a January meeting inside it has its minutes three weeks later, outside.
  // On 2026-11-25 that put the minutes of 2029-01-31 past the end and every first start failed.
  it('dates the Fed events of the coming months whatever the day, near the calendar’s end too', () => {
    const start = Date.parse('2026-11-01T15:00:00Z');
    for (let day = 0; day < 60; day += 1) {
      const world = new DemoWorld(2, new Date(start + day * MS_PER_DAY));
      const events = new Economy(world).fedEvents(world.today - 30, world.today + 120);
      expect(events.some((event) => event.title === 'FOMC Interest Rate Decision')).toBe(true);
      for (const event of events) {
        const onDay = Math.floor(event.eventDate.getTime() / MS_PER_DAY);
        expect(onDay).toBeLessThanOrEqual(world.today + 121);
      }
    }
    // Sixty worlds, each drawing its calendar: a second or two on a quiet machine, past the unit default of 5 s when
    // the other projects keep both cores busy.
  }, 30_000);
});

describe('demo economic calendar wording', () => {
  it('says dates as people read them (Nov 14, 2026), never as 2026-11-14', () => {
    const world = new DemoWorld(2, new Date('2026-11-20T15:02:00Z'));
    const economy = new Economy(world);
    const events = [
      ...economy.fedEvents(world.today - 120, world.today + 120),
      ...economy.economicEvents(world.today - 30, world.today + 30),
    ];
    const minutes = events.filter((event) => event.title === 'FOMC Meeting Minutes');
    expect(minutes.length).toBeGreaterThan(0);
    for (const event of minutes)
      expect(event.description).toMatch(
        /^Minutes of the [A-Z][a-z]{2} \d{1,2}\s–\s([A-Z][a-z]{2} )?\d{1,2}, \d{4} meeting\.$/,
      );
    expect(events.some((event) => /\(Week ending [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/.test(event.title))).toBe(true);
    expect(events.filter((event) => /\d{4}-\d\d-\d\d/.test(`${event.title} ${event.description ?? ''}`))).toEqual([]);
  });
});
