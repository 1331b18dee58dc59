/**
 * Judging Lighthouse runs. On a loaded host a run can fail to measure (no paint traced, a page that timed out):
 * Lighthouse then still returns a report, with a performance score of 0 or null and "?" for its metrics. Such a run
 * says nothing about the page, so it is reported as failed, retried once, and never counted in a median.
 */

/** The part of a Lighthouse result (LHR) this module reads. */
export interface RunResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number } | undefined>;
}

/** The metrics behind the performance score, as Lighthouse displays them. */
export const PERFORMANCE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** Why a run measured nothing, or null when it is a real measurement. */
export function runFailure(lhr: RunResult, categories: readonly string[]): string | null {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const unscored = categories.filter((category) => typeof lhr.categories[category]?.score !== 'number');
  if (unscored.length > 0) return `no score for ${unscored.join(', ')}`;
  if (categories.includes('performance')) {
    const missing = PERFORMANCE_METRICS.filter((id) => {
      const audit = lhr.audits[id];
      return !audit || audit.scoreDisplayMode === 'error' || typeof audit.numericValue !== 'number';
    });
    if (missing.length > 0) return `metrics not measured: ${missing.join(', ')}`;
  }
  return null;
}

/** The median of the successful runs' scores (the upper middle for an even count), or null when none succeeded. */
export function medianScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? null;
}
