import { describe, expect, it } from 'vitest';
import { SYMBOL_SECTIONS, sectionApplies, sectionsForAsset } from './asset-sections.ts';
import { MARKET_ASSET_TYPES } from './market.ts';

describe(sectionsForAsset.name, () => {
  it('shows a stock every section', () => {
    expect(sectionsForAsset('stock')).toEqual([...SYMBOL_SECTIONS]);
  });

  it('shows a coin its price, news and trades, never company sections', () => {
    expect(sectionsForAsset('crypto')).toEqual(['overview', 'news', 'price', 'trades']);
    for (const section of ['earnings', 'ehs', 'dividends', 'secFilings', 'analysts', 'short'] as const)
      expect(sectionApplies('crypto', section)).toBe(false);
  });

  it('shows an OTC name its earnings, coverage and short interest, but no EHS or SEC filings', () => {
    expect(sectionsForAsset('otc')).toEqual(['overview', 'earnings', 'analysts', 'news', 'short', 'price', 'trades']);
  });

  it('shows an index its price and news only', () => {
    expect(sectionsForAsset('index')).toEqual(['overview', 'news', 'price']);
  });

  it('always has the overview first, whatever the type', () => {
    for (const type of MARKET_ASSET_TYPES) expect(sectionsForAsset(type)[0]).toBe('overview');
  });
});
