import { describe, expect, it } from 'vitest';
import { PAGES, paramsAreValid } from '../../shared/routes.ts';
import { callEvent as call } from '../calls/index.ts';
import {
  CALLS_PATH,
  listsAndAlertsPath,
  liveCallPath,
  RECORDED_CALLS_PATH,
  TOUR_STEPS,
  tourStepAt,
  transcriptPath,
} from './tour-model.ts';
import { readTourStep } from './tour-state.ts';

describe('TOUR_STEPS', () => {
  it('has five to eight stops with distinct keys, each saying what is there', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(5);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(8);
    expect(new Set(TOUR_STEPS.map((step) => step.key)).size).toBe(TOUR_STEPS.length);
    for (const step of TOUR_STEPS) {
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.body.length).toBeGreaterThan(step.look.length);
    }
  });

  it('leads fixed stops to routes the app has', () => {
    const patterns = PAGES.map((page) => new RegExp(`^${page.path.replace(/:[^/]+/g, '[^/]+')}$`));
    for (const step of TOUR_STEPS) {
      if (step.target.kind !== 'page') continue;
      const path = step.target.path;
      expect(patterns.some((pattern) => pattern.test(path)) || path.startsWith('/quote/'), `${step.key}: ${path}`).toBe(
        true,
      );
    }
  });
});

describe(liveCallPath.name, () => {
  it('opens the page of the first live call', () => {
    const calls = [
      call({ id: 7, eventStatus: 'upcoming', symbol: 'KO' }),
      call({ id: 8, eventStatus: 'live', symbol: 'jpm' }),
      call({ id: 9, eventStatus: 'live', symbol: 'INTC' }),
    ];
    expect(liveCallPath(calls)).toBe('/JPM/events/8');
  });

  it('opens the calls page when nothing is live, or a live call has no company', () => {
    expect(liveCallPath([call({ eventStatus: 'upcoming' })])).toBe(CALLS_PATH);
    expect(liveCallPath([call({ eventStatus: 'live', symbol: null })])).toBe(CALLS_PATH);
    expect(liveCallPath([])).toBe(CALLS_PATH);
  });
});

describe(transcriptPath.name, () => {
  it('prefers a company’s own recorded call over a newer demo replay', () => {
    const calls = [
      call({ id: 1, symbol: 'INTC', source: 'demo-replay', periodYear: 2026, details: { hasTranscript: true } }),
      call({ id: 2, symbol: 'CASY', details: { hasTranscript: false } }),
      call({ id: 3, symbol: 'NVDA', details: { hasTranscript: true } }),
    ];
    expect(transcriptPath(calls)).toBe('/quote/NVDA/2027/Q3');
  });

  it('takes a replay when it is the only call with a transcript (it opens the call it repeats)', () => {
    const replay = call({ symbol: 'INTC', source: 'demo-replay', periodYear: 2026, details: { hasTranscript: true } });
    expect(transcriptPath([replay])).toBe('/quote/INTC/2026/Q3');
  });

  it('opens the recorded calls when none has a transcript', () => {
    expect(transcriptPath([call({ details: { hasTranscript: false } })])).toBe(RECORDED_CALLS_PATH);
    expect(transcriptPath([])).toBe(RECORDED_CALLS_PATH);
  });
});

describe(listsAndAlertsPath.name, () => {
  it('opens My Stocks when signed in, a stock’s page (its header adds to lists and alerts) when not', () => {
    expect(listsAndAlertsPath(true)).toBe('/my-stocks');
    const symbol = listsAndAlertsPath(false).split('/')[2];
    expect(listsAndAlertsPath(false)).toMatch(/^\/quote\/[A-Z]+$/);
    expect(paramsAreValid({ symbol })).toBe(true);
  });
});

describe(readTourStep.name, () => {
  it('reads stored step numbers and refuses anything else', () => {
    expect(readTourStep('0')).toBe(0);
    expect(readTourStep('5')).toBe(5);
    expect(readTourStep(3)).toBe(3);
    for (const bad of [null, '', '-1', '1.5', 'x', '007', 1.5, -1, '__proto__', {}]) {
      expect(readTourStep(bad), String(bad)).toBeNull();
    }
  });

  it('leaves a step past the tour’s end to tourStepAt, which has no step there', () => {
    expect(tourStepAt(TOUR_STEPS.length)).toBeNull();
    expect(tourStepAt(null)).toBeNull();
    expect(tourStepAt(0)?.key).toBe(TOUR_STEPS[0]?.key);
  });
});
