import { describe, expect, it } from 'vitest';
import { widthForKey } from './side-panel-layout.tsx';
import { barScale, drawnDeck, type QuarterFigures, verdict } from './slides-model.ts';

const FIGURES: QuarterFigures = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  periodYear: 2026,
  period: 'Q3',
  date: '2026-07-30',
  epsEstimate: 1.43,
  epsActual: 1.57,
  epsPriorYear: 1.4,
  epsSurprisePercent: 9.79,
  yoyPercentChangeEPS: 12.14,
  revenueEstimate: 89_300_000_000,
  revenueActual: 94_040_000_000,
  revenuePriorYear: 85_780_000_000,
  revenueSurprisePercent: 5.31,
  yoyPercentChangeRevenue: 9.63,
  priceMovePercent: -2.5,
};

describe(drawnDeck.name, () => {
  it('draws a title, EPS, revenue and year-over-year slide from the figures, the same every time', () => {
    const deck = drawnDeck(FIGURES);
    expect(deck.map((slide) => slide.kind)).toEqual(['title', 'bars', 'bars', 'points']);
    expect(deck).toEqual(drawnDeck(FIGURES));
    const [title, eps, revenue, yoy] = deck;
    expect(title).toMatchObject({ title: 'Apple Inc.', subtitle: 'Q3 2026 earnings' });
    expect(eps).toMatchObject({ title: 'Earnings per share', verdict: 'Beat the estimate by 9.8%' });
    if (eps?.kind !== 'bars' || revenue?.kind !== 'bars' || yoy?.kind !== 'points') throw new Error('kinds');
    expect(eps.bars.map((bar) => [bar.label, bar.text])).toEqual([
      ['Estimate', '$1.43'],
      ['Actual', '$1.57'],
      ['A year earlier', '$1.40'],
    ]);
    expect(revenue.bars.map((bar) => bar.value)).toEqual([89_300_000_000, 94_040_000_000, 85_780_000_000]);
    expect(yoy.points).toHaveLength(3);
    expect(yoy.points[2]).toContain('−2.5%');
  });

  it('leaves out what is not known: an unreported quarter has no actual bar and no year-over-year slide', () => {
    const deck = drawnDeck({
      ...FIGURES,
      epsActual: null,
      epsSurprisePercent: null,
      revenueActual: null,
      revenueSurprisePercent: null,
      revenuePriorYear: null,
      yoyPercentChangeEPS: null,
      yoyPercentChangeRevenue: null,
      priceMovePercent: null,
    });
    expect(deck.map((slide) => slide.kind)).toEqual(['title', 'bars', 'bars']);
    const eps = deck[1];
    if (eps?.kind !== 'bars') throw new Error('kind');
    expect(eps.verdict).toBe('Not reported yet');
    expect(eps.bars.map((bar) => bar.label)).toEqual(['Estimate', 'A year earlier']);
  });
});

describe(verdict.name, () => {
  it('says beat, missed or in line', () => {
    expect(verdict(1, -3.14)).toBe('Missed the estimate by 3.1%');
    expect(verdict(1, 0.01)).toBe('In line with the estimate');
    expect(verdict(1, null)).toBe('No estimate to compare');
  });
});

describe(barScale.name, () => {
  it('is the largest size, a loss counted by its size', () => {
    expect(barScale([1, -3, 2])).toBe(3);
    expect(barScale([0, 0])).toBe(1);
  });
});

describe(widthForKey.name, () => {
  it('widens with ← and ↑, narrows with → and ↓, pages by ten, jumps to the bounds', () => {
    expect(widthForKey(30, 'ArrowLeft')).toBe(32);
    expect(widthForKey(30, 'ArrowDown')).toBe(28);
    expect(widthForKey(30, 'PageUp')).toBe(40);
    expect(widthForKey(11, 'PageDown')).toBe(10);
    expect(widthForKey(30, 'Home')).toBe(10);
    expect(widthForKey(30, 'End')).toBe(90);
    expect(widthForKey(30, 'a')).toBeNull();
  });
});
