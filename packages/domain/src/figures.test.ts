import { describe, expect, it } from 'vitest';
import { distributionOf, percentChange, percentileOf, surpriseOf, yoyPercentChange } from './figures.ts';

describe(percentChange.name, () => {
  it('measures against the absolute base, so a smaller loss is an improvement', () => {
    expect(percentChange(1.5, 1.2)).toBeCloseTo(25);
    expect(percentChange(-0.5, -1)).toBeCloseTo(50);
    expect(percentChange(0.5, -1)).toBeCloseTo(150);
  });

  it('is null without both numbers or with a zero base', () => {
    expect(percentChange(null, 1)).toBeNull();
    expect(percentChange(1, undefined)).toBeNull();
    expect(percentChange(1, 0)).toBeNull();
  });
});

describe(surpriseOf.name, () => {
  it('gives the beat or miss in units and in percent of the estimate', () => {
    // Rounded: no float noise reaches the client.
    expect(surpriseOf(2.18, 2.1)).toEqual({ surprise: 0.08, surprisePercent: 3.8095 });
    expect(percentChange(1.1, 1)).toBe(10);
    expect(surpriseOf(null, 2.1)).toEqual({ surprise: null, surprisePercent: null });
  });
});

describe(yoyPercentChange.name, () => {
  it('uses the actual once reported, the estimate until then', () => {
    expect(yoyPercentChange(120, 110, 100)).toBeCloseTo(20);
    expect(yoyPercentChange(null, 110, 100)).toBeCloseTo(10);
    expect(yoyPercentChange(null, null, 100)).toBeNull();
  });
});

describe(distributionOf.name, () => {
  it('matches percentile_cont and a plain histogram on a known sample', () => {
    const values = [5, 1, 4, 2, 3, 10, 6, 7, 9, 8];
    const result = distributionOf(values, 3);
    expect(result).toMatchObject({ count: 10, min: 1, max: 10, mean: 5.5, median: 5.5 });
    // Rounded to 12 significant digits: 3.25 and 9.1 exactly, no float noise.
    expect(result.p25).toBe(3.25);
    expect(result.p90).toBe(9.1);
    expect(result.stdDev).toBeCloseTo(Math.sqrt(8.25));
    expect(result.histogram.map((bin) => bin.count)).toEqual([3, 3, 4]);
    expect(result.histogram.at(-1)?.to).toBe(10);
  });

  it('ignores non-finite values and handles a single value and none', () => {
    expect(distributionOf([3, Number.NaN, Number.POSITIVE_INFINITY]).histogram).toEqual([{ from: 3, to: 3, count: 1 }]);
    expect(distributionOf([])).toMatchObject({ count: 0, median: null, histogram: [] });
    expect(percentileOf([], 50)).toBeNull();
  });
});
