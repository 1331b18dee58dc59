import { describe, expect, it } from 'vitest';
import { newerQuote } from './newer-quote.ts';

describe(newerQuote.name, () => {
  const held = { price: 101.25, quotedAt: '2026-11-26T15:00:03.000Z' };
  it('keeps a streamed quote over an older stored one, and takes a fresher one', () => {
    expect(newerQuote(held, { price: 100, quotedAt: '2026-11-26T14:59:00.000Z' })).toBe(held);
    const fresher = { price: 102, quotedAt: '2026-11-26T15:01:00.000Z' };
    expect(newerQuote(held, fresher)).toBe(fresher);
  });
  it('keeps the held quote on a tie', () => {
    expect(newerQuote(held, { price: 99, quotedAt: held.quotedAt })).toBe(held);
  });
});
