import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createNasdaqTraderProvider } from '../../src/providers/nasdaqtrader/nasdaqtrader-provider.ts';
import { directorySecurities, ETF_INDUSTRY, parsePipeTable } from '../../src/providers/nasdaqtrader/transform.ts';
import type { AssetRecord } from '../../src/providers/types.ts';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const DIR = resolve(REAL, 'nasdaqtrader');
const read = (file: string) => readFileSync(resolve(DIR, file), 'utf8');

describe('Nasdaq Trader nasdaqlisted.txt', () => {
  const text = read('nasdaqlisted.txt');
  const securities = directorySecurities(text);

  it('has 4,973 symbols of which 8 are test issues', () => {
    expect(parsePipeTable(text).rows).toHaveLength(4973);
    expect(securities).toHaveLength(4965);
    expect(securities.some((s) => s.asset.symbol === 'ZXYZ.A')).toBe(false);
    expect(parsePipeTable(text).createdAt?.toISOString()).toBe('2025-07-22T01:31:00.000Z');
  });

  it('flags 914 ETFs and names Apple plainly', () => {
    expect(securities.filter((s) => s.etf)).toHaveLength(914);
    expect(securities.find((s) => s.asset.symbol === 'QQQ')?.etf).toBe(true);
    expect(securities.find((s) => s.asset.symbol === 'AAPL')?.asset).toMatchObject({
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      type: 'stock',
    });
  });
});

describe('Nasdaq Trader otherlisted.txt', () => {
  const text = read('otherlisted.txt');
  const securities = directorySecurities(text);
  const bySymbol = new Map(securities.map((s) => [s.asset.symbol, s]));

  it('has 6,606 symbols of which 25 are test issues, on four exchanges', () => {
    expect(parsePipeTable(text).rows).toHaveLength(6606);
    expect(securities).toHaveLength(6581);
    const perExchange = Object.fromEntries(
      ['NYSE', 'NYSE Arca', 'CBOE', 'NYSE American'].map((x) => [
        x,
        securities.filter((s) => s.asset.exchange === x).length,
      ]),
    );
    expect(perExchange).toEqual({ NYSE: 2879, 'NYSE Arca': 2389, CBOE: 1005, 'NYSE American': 308 });
    expect(securities.filter((s) => s.etf)).toHaveLength(3430);
  });

  it('writes classes, preferreds and warrants as SEC does', () => {
    expect(bySymbol.get('BRK.B')?.asset.name).toBe('Berkshire Hathaway Inc.');
    expect(bySymbol.get('ABR-PD')?.asset.exchange).toBe('NYSE');
    expect(bySymbol.get('ETI-P')).toBeDefined();
    expect(bySymbol.get('BFLY-WT')).toBeDefined();
    expect(bySymbol.has('ABR$D')).toBe(false);
    expect(securities.filter((s) => s.asset.symbol.includes('$'))).toHaveLength(0);
    expect(bySymbol.get('SPY')).toMatchObject({ etf: true, asset: { exchange: 'NYSE Arca' } });
  });

  it('shares its symbols with the SEC list', () => {
    const sec = JSON.parse(readFileSync(resolve(REAL, 'sec-edgar', 'company_tickers_exchange.json'), 'utf8')) as {
      data: [number, string, string, string | null][];
    };
    const inSec = ['BRK-B', 'CMS-PB', 'BFLY-WT', 'HWM-P', 'CELG-RI'].filter((t) =>
      sec.data.some((row) => row[2] === t),
    );
    expect(inSec).toHaveLength(5);
    for (const symbol of ['BRK.B', 'CMS-PB', 'BFLY-WT', 'HWM-P', 'CELG-RI']) expect(bySymbol.has(symbol)).toBe(true);
  });
});

describe('Nasdaq Trader provider from the recorded folder', () => {
  it('gives both directories as assets, ETFs marked', async () => {
    const provider = createNasdaqTraderProvider({ config: loadConfig({}), fromFile: DIR });
    expect(provider.datasets).toEqual(['assets']);
    const assets: AssetRecord[] = [];
    for await (const batch of provider.fetch('assets', {})) assets.push(...batch);
    expect(assets).toHaveLength(4965 + 6581);
    expect(new Set(assets.map((a) => a.symbol)).size).toBe(assets.length);
    expect(assets.filter((a) => a.industry === ETF_INDUSTRY)).toHaveLength(914 + 3430);
    const some: AssetRecord[] = [];
    for await (const batch of provider.fetch('assets', { assets: [{ symbol: 'SPY', type: 'stock' }] }))
      some.push(...batch);
    expect(some.map((a) => a.symbol)).toEqual(['SPY']);
  });
});
