import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSearchIndex, marketDayStatus, nyToUtc, type SearchAsset, searchAssets, tradingHours } from '@eh/domain';
import { describe, expect, it } from 'vitest';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(REAL, path), 'utf8'));

describe('market calendar rules against the exchanges (Polygon upcoming market status, 2022)', () => {
  const upcoming = readJson('polygon/v1_marketstatus_upcoming.json') as {
    date: string;
    status: 'closed' | 'early-close';
    close?: string;
  }[];

  it.each(upcoming.map((row) => [row.date, row.status, row.close] as const))('%s is %s', (date, status, close) => {
    expect(marketDayStatus(date)).toBe(status);
    if (close) expect(tradingHours(date)?.close.toISOString()).toBe(new Date(close).toISOString());
  });
});

describe('symbol search over the real SEC ticker list', () => {
  const sec = readJson('sec-edgar/company_tickers_exchange.json') as { data: [number, string, string, string][] };
  const assets: SearchAsset[] = sec.data.map(([, name, symbol, exchange], i) => ({
    symbol,
    name,
    type: exchange === 'OTC' ? 'otc' : 'stock',
    exchange,
    // The list is ordered by market value, largest first: rank stands in for popularity.
    popularity: sec.data.length - i,
  }));
  const index = buildSearchIndex(assets);
  const top = (query: string) => searchAssets(index, query, { limit: 10 }).map((a) => a.symbol);

  it('holds the whole list', () => {
    expect(assets.length).toBeGreaterThan(9000);
  });

  it.each([
    ['apple', 'AAPL'],
    ['AAPL', 'AAPL'],
    ['nvidia', 'NVDA'],
    ['boeing', 'BA'],
    ['coinbase', 'COIN'],
  ])('%s finds %s first', (query, symbol) => {
    expect(top(query)[0]).toBe(symbol);
  });

  it('finds share classes however they are typed', () => {
    for (const query of ['brk.b', 'BRK B', 'brk-b']) expect(top(query)).toContain('BRK-B');
    expect(top('alphabet')).toEqual(expect.arrayContaining(['GOOGL', 'GOOG']));
  });

  it('finds OTC names', () => {
    const fnma = assets.find((a) => a.symbol === 'FNMA');
    expect(fnma?.type).toBe('otc');
    expect(top('fannie')).toContain('FNMA');
  });

  it('ignores blank input and caps results at 10', () => {
    expect(top('   ')).toEqual([]);
    expect(top('a')).toHaveLength(10);
  });

  it('keeps the regular close of an ordinary day at 16:00 New York time', () => {
    expect(tradingHours('2022-11-23')?.close.toISOString()).toBe(nyToUtc('2022-11-23', '16:00').toISOString());
  });
});
