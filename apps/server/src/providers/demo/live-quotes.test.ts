import type { AssetRef } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import type { QuoteAnchor } from '../live-feed.ts';
import { createDemoQuoteFeed, createWalk, simulateAsset, tradesAt } from './live-quotes.ts';

// Wednesday 2025-03-12, New York on daylight time: the regular session runs 13:30-20:00 UTC.
const OPEN = Date.parse('2025-03-12T13:30:00Z') / 1000;
const CLOSE = Date.parse('2025-03-12T20:00:00Z') / 1000;
const TEN_AM = Date.parse('2025-03-12T14:00:00Z') / 1000;

const stock = (overrides: Partial<QuoteAnchor> = {}): QuoteAnchor => ({
  symbol: 'AAPL',
  type: 'stock',
  name: 'Apple Inc.',
  price: 200,
  prevClose: 198,
  open: 199,
  highPrice: 202,
  lowPrice: 197,
  volume: 10_000_000,
  // Struck at 11:00 New York time: the stored quote is today's.
  quotedAt: (TEN_AM + 3600) * 1000,
  source: 'demo',
  ...overrides,
});

describe(createWalk.name, () => {
  it('is a pure function of seed, asset and second, bounded to [-1, 1]', () => {
    const a = createWalk(7, 'stock:AAPL');
    const b = createWalk(7, 'stock:AAPL');
    const other = createWalk(8, 'stock:AAPL');
    const values: number[] = [];
    for (let s = TEN_AM; s < TEN_AM + 20_000; s += 7) values.push(a(s));
    // Out of order and fresh: the same values.
    expect(b(TEN_AM + 7 * 100)).toBe(values[100]);
    expect(b(TEN_AM)).toBe(values[0]);
    expect(other(TEN_AM)).not.toBe(values[0]);
    expect(Math.max(...values.map(Math.abs))).toBeLessThanOrEqual(1);
    // It wanders: not stuck near zero.
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0.3);
  });
});

describe(simulateAsset.name, () => {
  it('walks on from a stored quote of the same session, within the band, with extremes that contain it', () => {
    const anchor = stock();
    const sim = simulateAsset(anchor, 5);
    const from = anchor.quotedAt / 1000;
    const band = (202 - 197) / 200 / 2;
    let last = null;
    let lowest = Infinity;
    let highest = -Infinity;
    let outside = 0;
    for (let s = from; s < CLOSE; s += 1) {
      const quote = sim.quoteAt(s);
      if (!quote) throw new Error(`no quote at ${s}`);
      lowest = Math.min(lowest, quote.price);
      highest = Math.max(highest, quote.price);
      if (quote.highPrice === null || quote.lowPrice === null) throw new Error('no range');
      if (quote.highPrice < quote.price || quote.lowPrice > quote.price) outside += 1;
      last = quote;
    }
    expect(outside).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(roundDown(200 * Math.exp(-2 * band)));
    expect(highest).toBeLessThanOrEqual(roundUp(200 * Math.exp(2 * band)));
    expect(highest - lowest).toBeGreaterThan(0.1);
    expect(last).toMatchObject({ prevClose: 198, open: 199, source: 'demo', symbol: 'AAPL', type: 'stock' });
    expect(last?.highPrice).toBeGreaterThanOrEqual(202);
    expect(last?.lowPrice).toBeLessThanOrEqual(197);
    expect(last?.change).toBeCloseTo((last?.price ?? 0) - 198, 6);
    expect(last?.volume).toBeGreaterThan(10_000_000);
    expect(sim.quoteAt(from)?.price).toBe(200);
  });

  it('gives every node the same quote, whether it followed every second or only asks now', () => {
    const steady = simulateAsset(stock(), 3);
    const late = simulateAsset(stock(), 3);
    const at = CLOSE - 60;
    for (let s = stock().quotedAt / 1000; s < at; s += 1) steady.quoteAt(s);
    expect(late.quoteAt(at)).toEqual(steady.quoteAt(at));
  });

  it('starts a new session from a stored quote of an earlier day: the stored price is the previous close', () => {
    const yesterday = stock({ quotedAt: (OPEN - 86_400 + 6.5 * 3600) * 1000, volume: 23_400 });
    const sim = simulateAsset(yesterday, 1);
    const quote = sim.quoteAt(OPEN + 600);
    expect(quote?.prevClose).toBe(200);
    expect(quote?.open).toBeCloseTo(200, -1);
    expect(quote?.volume).toBe(600);
    expect(quote?.quotedAt).toBe(new Date((OPEN + 600) * 1000).toISOString());
  });

  it('leaves a stock alone outside the regular session, and moves crypto around the clock', () => {
    expect(simulateAsset(stock()).quoteAt(CLOSE + 60)).toBeNull();
    const saturday = Date.parse('2025-03-15T03:00:00Z') / 1000;
    expect(simulateAsset(stock()).quoteAt(saturday)).toBeNull();
    const btc = simulateAsset(
      stock({ symbol: 'BTC', type: 'crypto', name: 'Bitcoin', price: 80_000, highPrice: 82_000, lowPrice: 79_000 }),
    );
    expect(btc.quoteAt(saturday)).toMatchObject({ symbol: 'BTC', type: 'crypto', prevClose: 80_000 });
  });
});

describe(createDemoQuoteFeed.name, () => {
  const anchors: QuoteAnchor[] = [
    stock(),
    stock({ symbol: 'MSFT', name: 'Microsoft', price: 400, highPrice: 405, lowPrice: 395 }),
    // A real provider's quote: never moved.
    stock({ symbol: 'REAL', name: 'Real Corp', source: 'yahoo' }),
  ];
  const refs: AssetRef[] = anchors.map(({ symbol, type }) => ({ symbol, type }));

  it('moves the followed demo assets in about 70% of seconds, never a real quote or an unfollowed one', async () => {
    const asked: AssetRef[][] = [];
    const feed = createDemoQuoteFeed({
      seed: 11,
      now: () => TEN_AM * 1000 + 3_600_000,
      loadAnchors: async (wanted) => {
        asked.push([...wanted]);
        return anchors.filter((a) => wanted.some((w) => w.symbol === a.symbol));
      },
    });
    feed.follow(refs);
    feed.follow(refs.slice(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toHaveLength(1);
    const from = TEN_AM + 3600;
    let moves = 0;
    for (let s = from; s < from + 200; s += 1) {
      const quotes = feed.tick(s);
      expect(quotes.every((q) => q.symbol !== 'REAL')).toBe(true);
      moves += quotes.length;
      for (const quote of quotes) expect(tradesAt(11, `stock:${quote.symbol}`, s)).toBe(true);
    }
    expect(moves / 400).toBeGreaterThan(0.55);
    expect(moves / 400).toBeLessThan(0.85);
    expect(feed.current({ symbol: 'MSFT', type: 'stock' })?.price).toBe(400);
    expect(feed.current({ symbol: 'REAL', type: 'stock' })).toBeNull();
    feed.unfollow([{ symbol: 'MSFT', type: 'stock' }]);
    for (let s = from + 200; s < from + 260; s += 1) expect(feed.tick(s).every((q) => q.symbol === 'AAPL')).toBe(true);
    await feed.stop();
  });
});

const roundDown = (value: number) => Math.floor(value * 100) / 100;
const roundUp = (value: number) => Math.ceil(value * 100) / 100;
