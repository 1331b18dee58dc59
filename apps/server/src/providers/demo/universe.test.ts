import { describe, expect, it } from 'vitest';
import { CRYPTO } from './universe/crypto.ts';
import { OTC } from './universe/otc.ts';
import { STOCKS } from './universe/stocks.ts';
import { buildUniverse } from './universe.ts';

const universe = buildUniverse();
const of = (symbol: string) => {
  const asset = universe.bySymbol.get(symbol);
  if (asset === undefined) throw new Error(`${symbol} missing`);
  return asset;
};

describe(buildUniverse.name, () => {
  it('holds at least 500 stocks, 50 crypto assets, 50 OTC names and the major indexes', () => {
    const count = (type: string) => universe.assets.filter((asset) => asset.type === type).length;
    expect(count('stock')).toBeGreaterThanOrEqual(500);
    expect(count('crypto')).toBeGreaterThanOrEqual(50);
    expect(count('otc')).toBeGreaterThanOrEqual(50);
    const indexes = universe.assets.filter((asset) => asset.type === 'index').map((asset) => asset.symbol);
    expect(indexes).toEqual(expect.arrayContaining(['^GSPC', '^DJI', '^IXIC', '^RUT', '^NDX', '^VIX']));
  });

  it('names every symbol once', () => {
    const symbols = universe.assets.map((asset) => asset.symbol.toUpperCase());
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(new Set(STOCKS.map((row) => row[0])).size).toBe(STOCKS.length);
  });

  it('knows fiscal years that do not end in December', () => {
    const months = Object.fromEntries(
      ['NVDA', 'AAPL', 'MSFT', 'WMT', 'ORCL', 'NKE', 'FDX', 'COST', 'ADBE', 'JPM'].map((symbol) => [
        symbol,
        of(symbol).fiscalYearEndMonth,
      ]),
    );
    expect(months).toEqual({ NVDA: 1, AAPL: 9, MSFT: 6, WMT: 1, ORCL: 5, NKE: 5, FDX: 5, COST: 8, ADBE: 11, JPM: 12 });
  });

  it('lists share classes as one company: same CIK, same release habits, prices in their real ratio', () => {
    for (const [first, second] of [
      ['BRK.B', 'BRK.A'],
      ['GOOGL', 'GOOG'],
      ['FOXA', 'FOX'],
      ['NWSA', 'NWS'],
    ] as const) {
      const a = of(first);
      const b = of(second);
      expect(b.cik, second).toBe(a.cik);
      expect(b.companySeed, second).toBe(a.companySeed);
      expect(b.release, second).toEqual(a.release);
      expect([a.primary, b.primary]).toEqual([true, false]);
    }
    expect(of('BRK.A').referencePrice / of('BRK.B').referencePrice).toBeCloseTo(1500, -2);
    // The market cap is the company's, whichever class is asked.
    const cap = (symbol: string) => of(symbol).shares * of(symbol).referencePrice;
    expect(cap('BRK.A') / cap('BRK.B')).toBeCloseTo(1, 1);
  });

  it('gives CIKs as 10-digit strings or null, crypto their CoinGecko ids, OTC names the OTC market', () => {
    expect(of('AAPL').cik).toBe('0000320193');
    expect(of('NVDA').cik).toBe('0001045810');
    for (const asset of universe.assets) if (asset.cik !== null) expect(asset.cik).toMatch(/^\d{10}$/);
    expect(of('BTC').externalIds).toEqual({ coingecko: 'bitcoin' });
    expect(
      universe.assets.filter((asset) => asset.type === 'crypto').every((asset) => asset.externalIds.coingecko),
    ).toBe(true);
    expect(CRYPTO.length).toBeGreaterThanOrEqual(50);
    expect(OTC.every((row) => universe.byKey.get(`otc:${row[0]}`)?.exchange === 'OTC')).toBe(true);
    expect(of('FNMA').type).toBe('otc');
  });

  it('puts household names first in popularity', () => {
    const ranked = [...universe.assets].sort((a, b) => b.popularity - a.popularity).map((asset) => asset.symbol);
    expect(ranked.slice(0, 5)).toEqual(['AAPL', 'TSLA', 'NVDA', 'BTC', 'AMZN']);
    expect(ranked.indexOf('DIS')).toBeLessThan(ranked.indexOf('ROP'));
    expect(ranked.indexOf('NFLX')).toBeLessThan(ranked.indexOf('TYL'));
  });

  it('has volatile names more volatile than mega caps, crypto above both', () => {
    expect(of('TSLA').volatility).toBeGreaterThan(of('AAPL').volatility);
    expect(of('PLTR').volatility).toBeGreaterThan(of('KO').volatility);
    expect(of('SOL').volatility).toBeGreaterThan(of('TSLA').volatility);
    expect(of('USDT').pegged).toBe(true);
  });
});
