import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../shared/theme.ts';
import {
  CONSENSUS_KEYS,
  CONSENSUS_PALETTE,
  consensusLabel,
  consensusShares,
  latestByFirm,
  priceTargets,
  trendBars,
  trendMonthLabel,
} from './analysts-view.ts';

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

describe(trendMonthLabel.name, () => {
  it('names the month, with the year on the first bar and on January', () => {
    expect(trendMonthLabel('2026-10-01', false)).toEqual({ month: 'Oct', year: null });
    expect(trendMonthLabel('2026-10-01', true)).toEqual({ month: 'Oct', year: '2026' });
    expect(trendMonthLabel('2027-01-01', false)).toEqual({ month: 'Jan', year: '2027' });
    expect(trendMonthLabel('2026-12-01', false)).toEqual({ month: 'Dec', year: null });
  });
});

describe(consensusShares.name, () => {
  it('gives each count its share of the month', () => {
    expect(consensusShares({ strongBuy: 2, buy: 4, hold: 1, sell: 1, strongSell: 0 })).toEqual({
      strongBuy: 0.25,
      buy: 0.5,
      hold: 0.125,
      sell: 0.125,
      strongSell: 0,
    });
  });
  it('is all zero for a month nobody rated', () => {
    expect(consensusShares({ strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 })).toEqual({
      strongBuy: 0,
      buy: 0,
      hold: 0,
      sell: 0,
      strongSell: 0,
    });
  });
});

describe(trendBars.name, () => {
  const trend = [
    { month: '2026-11-01', strongBuy: 1, buy: 2, hold: 1, sell: 0, strongSell: 0 },
    { month: '2026-12-01', strongBuy: 2, buy: 4, hold: 1, sell: 1, strongSell: 0 },
    { month: '2027-01-01', strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 },
  ];
  it('keeps the order, scales each bar to the month most analysts rated and describes it', () => {
    const bars = trendBars(trend);
    expect(bars.map((bar) => [bar.month, bar.total, bar.scale])).toEqual([
      ['2026-11-01', 4, 0.5],
      ['2026-12-01', 8, 1],
      ['2027-01-01', 0, 0],
    ]);
    expect(bars.map((bar) => bar.label)).toEqual([
      { month: 'Nov', year: '2026' },
      { month: 'Dec', year: null },
      { month: 'Jan', year: '2027' },
    ]);
    expect(bars[1]?.description).toBe('December 2026: 2 strong buy, 4 buy, 1 hold, 1 sell, 0 strong sell');
    expect(bars[1]?.shares.buy).toBe(0.5);
  });
  it('has no bars without a trend', () => {
    expect(trendBars([])).toEqual([]);
  });
});

describe('CONSENSUS_PALETTE', () => {
  it.each(['light', 'dark'] as const)('stands out from the %s theme at 3:1 or more, each colour distinct', (mode) => {
    const { background } = createAppTheme(mode).palette;
    const colours = CONSENSUS_KEYS.map((key) => CONSENSUS_PALETTE[mode][key]);
    for (const colour of colours) {
      expect(getContrastRatio(colour, background.paper)).toBeGreaterThanOrEqual(3);
      expect(getContrastRatio(colour, background.default)).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(colours).size).toBe(CONSENSUS_KEYS.length);
  });
});
