import { describe, expect, it } from 'vitest';
import { medianScore, PERFORMANCE_METRICS, type RunResult, runFailure } from './lighthouse-runs.ts';

const CATEGORIES = ['performance', 'accessibility'];

function measured(): RunResult {
  return {
    categories: { performance: { score: 0.97 }, accessibility: { score: 1 } },
    audits: Object.fromEntries(
      PERFORMANCE_METRICS.map((id) => [id, { score: 0.9, scoreDisplayMode: 'numeric', numericValue: 1200 }]),
    ),
  };
}

describe('runFailure', () => {
  it('accepts a run whose categories are scored and whose metrics are measured', () => {
    expect(runFailure(measured(), CATEGORIES)).toBeNull();
  });

  it('fails a run with a runtime error', () => {
    const lhr = { ...measured(), runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } };
    expect(runFailure(lhr, CATEGORIES)).toBe('NO_FCP: The page did not paint any content.');
  });

  it('fails a run whose category has no score', () => {
    const lhr = measured();
    lhr.categories.performance = { score: null };
    expect(runFailure(lhr, CATEGORIES)).toBe('no score for performance');
  });

  it('fails a run whose metric errored ("?" on screen), even when a score came out', () => {
    const lhr = measured();
    lhr.audits['largest-contentful-paint'] = { score: null, scoreDisplayMode: 'error' };
    delete lhr.audits['speed-index'];
    expect(runFailure(lhr, CATEGORIES)).toBe('metrics not measured: largest-contentful-paint, speed-index');
  });

  it('does not ask for performance metrics when performance is not audited', () => {
    const lhr = measured();
    lhr.audits = {};
    expect(runFailure(lhr, ['accessibility'])).toBeNull();
  });
});

describe('medianScore', () => {
  it('takes the middle of the successful runs', () => {
    expect(medianScore([97, 91, 99])).toBe(97);
    expect(medianScore([91, 99])).toBe(99);
  });

  it('has no median without a successful run', () => {
    expect(medianScore([])).toBeNull();
  });
});
