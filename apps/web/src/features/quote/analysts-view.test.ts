import { describe, expect, it } from 'vitest';
import { consensusLabel, latestByFirm, priceTargets } from './analysts-view.ts';

const ratings = [
  { date: '2026-10-01', firm: 'A', priceTarget: 200, toGrade: 'Buy' },
  { date: '2026-11-01', firm: 'A', priceTarget: 220, toGrade: 'Buy' },
  { date: '2026-09-15', firm: 'B', priceTarget: 180, toGrade: 'Hold' },
  { date: '2026-10-20', firm: 'C', priceTarget: null, toGrade: 'Sell' },
  { date: '2026-10-21', firm: 'D', priceTarget: 250, toGrade: 'Buy' },
];

describe(latestByFirm.name, () => {
  it('keeps each firm’s newest rating, newest first', () => {
    expect(latestByFirm(ratings).map((r) => `${r.firm}:${r.date}`)).toEqual([
      'A:2026-11-01',
      'D:2026-10-21',
      'C:2026-10-20',
      'B:2026-09-15',
    ]);
  });
});

describe(priceTargets.name, () => {
  it('spreads the firms’ current targets', () => {
    expect(priceTargets(ratings)).toEqual({ low: 180, high: 250, average: 650 / 3, median: 220, count: 3 });
    expect(priceTargets([{ date: '2026-01-01', firm: 'X', priceTarget: null, toGrade: null }])).toBeNull();
  });
  it('takes the middle two for an even count', () => {
    expect(priceTargets(ratings.slice(0, 3))?.median).toBe(200);
  });
});

describe(consensusLabel.name, () => {
  it('weighs the counts', () => {
    expect(consensusLabel({ strongBuy: 10, buy: 5, hold: 1, sell: 0, strongSell: 0 })).toBe('Strong buy');
    expect(consensusLabel({ strongBuy: 2, buy: 8, hold: 6, sell: 0, strongSell: 0 })).toBe('Buy');
    expect(consensusLabel({ strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 })).toBeNull();
  });
});
