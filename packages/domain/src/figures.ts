/**
 * Figures derived from stored numbers, the same on the server and in the web client: earnings surprises, year-over-
 * year changes (the calendar's yoyPercentChange sort keys of SPEC §3) and the distribution of a metric (stats call).
 */

/** Decimal places of a derived percentage: enough for any display, without float noise (12.300000000000001). */
export const PERCENT_DECIMALS = 4;
/** Significant digits of a derived difference or statistic (0.08, not 0.08000000000000007). */
export const DIFFERENCE_DIGITS = 12;

/** Change from `base` to `value` in percent of |base|; null when either is missing or `base` is 0. */
export function percentChange(value: number | null | undefined, base: number | null | undefined): number | null {
  if (value == null || base == null || base === 0 || !Number.isFinite(value) || !Number.isFinite(base)) return null;
  const scale = 10 ** PERCENT_DECIMALS;
  return Math.round(((value - base) / Math.abs(base)) * 100 * scale) / scale;
}

export interface Surprise {
  /** actual − estimate */
  surprise: number | null;
  /** the surprise in percent of |estimate| */
  surprisePercent: number | null;
}

/** An actual against its estimate. Both null until both are known. */
export function surpriseOf(actual: number | null | undefined, estimate: number | null | undefined): Surprise {
  if (actual == null || estimate == null) return { surprise: null, surprisePercent: null };
  return {
    surprise: Number((actual - estimate).toPrecision(DIFFERENCE_DIGITS)),
    surprisePercent: percentChange(actual, estimate),
  };
}

/**
 * Year-over-year change of a quarter: the actual against the same quarter a year earlier once reported, until then
 * the estimate against it (the growth analysts expect), so upcoming reports sort by it too.
 */
export function yoyPercentChange(
  actual: number | null | undefined,
  estimate: number | null | undefined,
  priorYear: number | null | undefined,
): number | null {
  return percentChange(actual ?? estimate, priorYear);
}

export interface HistogramBin {
  /** inclusive */
  from: number;
  /** exclusive, except for the last bin */
  to: number;
  count: number;
}

export interface Distribution {
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  stdDev: number | null;
  p10: number | null;
  p25: number | null;
  median: number | null;
  p75: number | null;
  p90: number | null;
  histogram: HistogramBin[];
}

/** The `p`-th percentile (0–100) of sorted values with linear interpolation (PostgreSQL's percentile_cont). */
export function percentileOf(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (rank - low);
}

/** Summary statistics and an equal-width histogram of the finite values (non-finite ones are ignored). */
export function distributionOf(values: readonly number[], bins = 10): Distribution {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const count = sorted.length;
  const min = sorted[0] ?? null;
  const max = sorted[count - 1] ?? null;
  if (count === 0 || min === null || max === null) {
    return {
      count,
      min,
      max,
      mean: null,
      stdDev: null,
      p10: null,
      p25: null,
      median: null,
      p75: null,
      p90: null,
      histogram: [],
    };
  }
  const mean = sorted.reduce((sum, value) => sum + value, 0) / count;
  const variance = sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / count;
  const width = (max - min) / bins;
  const histogram: HistogramBin[] =
    width === 0
      ? [{ from: min, to: max, count }]
      : Array.from({ length: bins }, (_, index) => ({
          from: min + index * width,
          to: index === bins - 1 ? max : min + (index + 1) * width,
          count: 0,
        }));
  if (width > 0) {
    for (const value of sorted) {
      const index = Math.min(bins - 1, Math.floor((value - min) / width));
      const bin = histogram[index];
      if (bin) bin.count += 1;
    }
  }
  const round = (value: number) => Number(value.toPrecision(DIFFERENCE_DIGITS));
  const tidy = (value: number | null) => (value === null ? null : round(value));
  return {
    count,
    min,
    max,
    mean: tidy(mean),
    stdDev: tidy(Math.sqrt(variance)),
    p10: tidy(percentileOf(sorted, 10)),
    p25: tidy(percentileOf(sorted, 25)),
    median: tidy(percentileOf(sorted, 50)),
    p75: tidy(percentileOf(sorted, 75)),
    p90: tidy(percentileOf(sorted, 90)),
    histogram: histogram.map((bin) => ({ ...bin, from: round(bin.from), to: round(bin.to) })),
  };
}
