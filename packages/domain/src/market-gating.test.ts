import { describe, expect, it } from 'vitest';
import { isDividendVisible, trimDividendHistory, trimScores, trimShortInterestHistory } from './market-gating.ts';
import { accountFeaturesFor, FREE_ACCOUNT_FEATURES } from './plans.ts';

const plus = accountFeaturesFor({ plan: 'earningshub_plus', subscriptionType: 'paid', status: 'active' });
const pro = accountFeaturesFor({ plan: 'earningshub_pro', subscriptionType: 'paid', status: 'active' });

const dividends = [
  { exDate: '2026-08-10', amount: 0.27 },
  { exDate: '2026-05-11', amount: 0.26 },
  { exDate: '2026-02-09', amount: 0.26 },
  { exDate: '2025-11-10', amount: 0.26 },
];

describe(trimDividendHistory.name, () => {
  it('keeps the upcoming dividends and the latest past one for a free caller, and says how many it hid', () => {
    const result = trimDividendHistory(dividends, FREE_ACCOUNT_FEATURES, '2026-05-11');
    expect(result.items.map((d) => d.exDate)).toEqual(['2026-08-10', '2026-05-11']);
    expect(result.gated).toEqual({ feature: 'dividendHistory', hidden: 2 });
  });

  it('keeps everything for plus and pro (historicalDividends)', () => {
    for (const features of [plus, pro]) {
      expect(trimDividendHistory(dividends, features, '2026-05-11')).toEqual({ items: dividends, gated: null });
    }
  });

  it('hides a window that lies wholly in the past, and hides nothing for a never-paid asset', () => {
    const past = dividends.slice(2);
    expect(trimDividendHistory(past, FREE_ACCOUNT_FEATURES, '2026-05-11')).toEqual({
      items: [],
      gated: { feature: 'dividendHistory', hidden: 2 },
    });
    expect(isDividendVisible(FREE_ACCOUNT_FEATURES, '2026-09-01', null)).toBe(true);
  });
});

describe(trimShortInterestHistory.name, () => {
  const rows = [{ settlementDate: '2026-03-31' }, { settlementDate: '2026-03-13' }, { settlementDate: '2026-02-27' }];

  it('keeps only the latest settlement without the pro shortInterest feature (plus included)', () => {
    for (const features of [FREE_ACCOUNT_FEATURES, plus]) {
      expect(trimShortInterestHistory(rows, features, '2026-03-31')).toEqual({
        items: [{ settlementDate: '2026-03-31' }],
        gated: { feature: 'shortInterestHistory', hidden: 2 },
      });
    }
  });

  it('keeps every settlement for pro', () => {
    expect(trimShortInterestHistory(rows, pro, '2026-03-31')).toEqual({ items: rows, gated: null });
  });
});

describe(trimScores.name, () => {
  const constituents = [
    { symbol: 'AAPL', score: 81.2 },
    { symbol: 'MSFT', score: null },
  ];

  it('blanks scores for callers without ehs and counts the ones it blanked', () => {
    expect(trimScores(constituents, plus)).toEqual({
      items: [
        { symbol: 'AAPL', score: null },
        { symbol: 'MSFT', score: null },
      ],
      gated: { feature: 'ehs', hidden: 1 },
    });
  });

  it('keeps scores for pro', () => {
    expect(trimScores(constituents, pro)).toEqual({ items: constituents, gated: null });
  });
});
