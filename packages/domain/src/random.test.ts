import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';

describe(seededRandom.name, () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
  });

  it('stays in [0, 1) and spreads evenly', () => {
    const random = seededRandom(7);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i += 1) {
      const value = random();
      if (value < 0 || value >= 1) outside += 1;
      buckets[Math.floor(value * 10)] = (buckets[Math.floor(value * 10)] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});
