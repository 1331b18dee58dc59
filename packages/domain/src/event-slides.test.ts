import { describe, expect, it } from 'vitest';
import {
  addRecentComparison,
  clampSidePanelWidth,
  clampSlideshowDelay,
  RECENT_COMPARISONS_MAX,
  SIDE_PANEL_DEFAULT_WIDTH,
  SLIDESHOW_DEFAULT_DELAY_MS,
  stepSlide,
} from './event-slides.ts';

describe('SPEC §9 defaults', () => {
  it('are a 5000 ms slideshow delay and a 30 % side panel', () => {
    expect(SLIDESHOW_DEFAULT_DELAY_MS).toBe(5000);
    expect(SIDE_PANEL_DEFAULT_WIDTH).toBe(30);
  });
});

describe(clampSidePanelWidth.name, () => {
  it('keeps the width within 10–90 %, to a tenth', () => {
    expect(clampSidePanelWidth(42.345)).toBe(42.3);
    expect(clampSidePanelWidth(2)).toBe(10);
    expect(clampSidePanelWidth(120)).toBe(90);
    expect(clampSidePanelWidth(Number.NaN)).toBe(30);
  });
});

describe(clampSlideshowDelay.name, () => {
  it('keeps the delay within 1–60 s, in whole ms', () => {
    expect(clampSlideshowDelay(8000.4)).toBe(8000);
    expect(clampSlideshowDelay(10)).toBe(1000);
    expect(clampSlideshowDelay(1e9)).toBe(60_000);
    expect(clampSlideshowDelay(Number.POSITIVE_INFINITY)).toBe(5000);
  });
});

describe(stepSlide.name, () => {
  it('wraps around both ends', () => {
    expect(stepSlide(0, 1, 4)).toBe(1);
    expect(stepSlide(3, 1, 4)).toBe(0);
    expect(stepSlide(0, -1, 4)).toBe(3);
    expect(stepSlide(2, 0, 0)).toBe(0);
  });
});

describe(addRecentComparison.name, () => {
  it('puts the symbol first in upper case, once, keeping ten', () => {
    expect(addRecentComparison(['MSFT', 'NVDA'], 'nvda')).toEqual(['NVDA', 'MSFT']);
    const full = Array.from({ length: RECENT_COMPARISONS_MAX }, (_, i) => `S${i}`);
    const next = addRecentComparison(full, 'AAPL');
    expect(next).toHaveLength(RECENT_COMPARISONS_MAX);
    expect(next[0]).toBe('AAPL');
    expect(next).not.toContain(`S${RECENT_COMPARISONS_MAX - 1}`);
    expect(addRecentComparison(['MSFT'], '  ')).toEqual(['MSFT']);
  });
});
