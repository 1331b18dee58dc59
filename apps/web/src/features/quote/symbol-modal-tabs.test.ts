import { describe, expect, it } from 'vitest';
import { SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { isSymbolModalTab, modalTabFor, pageTabFor, SYMBOL_MODAL_TABS } from './symbol-modal-tabs.ts';

describe('SYMBOL_MODAL_TABS', () => {
  it('holds the twelve tabs of SPEC §2', () => {
    expect(SYMBOL_MODAL_TABS.map((tab) => tab.key).sort()).toEqual(
      [
        'earnings',
        'ehs',
        'news',
        'analystRatings',
        'dividends',
        'shortInterest',
        'priceHistory',
        'info',
        'earningsHistory',
        'secFilings',
        'trades',
        'events',
      ].sort(),
    );
  });
});

describe(pageTabFor.name, () => {
  it('maps each modal tab to the page that shows the same section', () => {
    expect(symbolPath('AAPL', pageTabFor('priceHistory'))).toBe('/quote/AAPL/price');
    expect(symbolPath('AAPL', pageTabFor('shortInterest'))).toBe('/quote/AAPL/short');
    expect(symbolPath('AAPL', pageTabFor('earningsHistory'))).toBe('/quote/AAPL/earnings');
    expect(symbolPath('AAPL', pageTabFor('info'))).toBe('/quote/AAPL');
    expect(symbolPath('AAPL', pageTabFor('secFilings'))).toBe('/quote/AAPL/sec-filings');
  });
});

describe(modalTabFor.name, () => {
  it('covers every page tab', () => {
    for (const tab of SYMBOL_TABS) expect(isSymbolModalTab(modalTabFor(tab.key))).toBe(true);
    expect(modalTabFor('analysts')).toBe('analystRatings');
    expect(modalTabFor('overview')).toBe('info');
  });
});

describe(isSymbolModalTab.name, () => {
  it('refuses unknown tabs', () => {
    expect(isSymbolModalTab('chart')).toBe(false);
    expect(isSymbolModalTab(null)).toBe(false);
  });
});
