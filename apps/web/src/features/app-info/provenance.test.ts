import { describe, expect, it } from 'vitest';
import { provenanceText } from './provenance.ts';

describe(provenanceText.name, () => {
  it('says demo only while the demo market feeds the data', () => {
    expect(provenanceText({ demo: true, providers: [] })).toMatch(/demo market/);
    expect(provenanceText({ demo: false, providers: ['yahoo', 'sec'] })).toBe(
      'Market data from Yahoo Finance and SEC EDGAR',
    );
    expect(provenanceText({ demo: false, providers: ['yahoo', 'sec'] })).not.toMatch(/demo/i);
  });

  it('names both when the demo market runs beside real providers', () => {
    const text = provenanceText({ demo: true, providers: ['coingecko', 'nasdaqtrader', 'yahoo'] });
    expect(text).toContain('CoinGecko, Nasdaq Trader and Yahoo Finance');
    expect(text).toContain('Demo data');
  });

  it('says so when nothing feeds the server', () => {
    expect(provenanceText({ demo: false, providers: [] })).toBe('No market-data provider feeds this server');
  });
});
