import { describe, expect, it } from 'vitest';
import { Quote } from './market.ts';
import {
  isPlainQuote,
  LIVE_CLIENT_MESSAGE_MAX_BYTES,
  LIVE_TARGET_ITEMS_MAX,
  LiveDataMessage,
  LiveServerMessage,
  parseClientMessage,
  readLiveDataMessage,
} from './sync.ts';

const problem = (raw: string) => {
  const result = parseClientMessage(raw);
  if (result.ok) throw new Error(`expected ${raw.slice(0, 60)} to be refused`);
  return result.error;
};

describe(parseClientMessage.name, () => {
  it('reads a subscribe with every target', () => {
    const raw = JSON.stringify({
      type: 'subscribe',
      requestId: 'r1',
      targets: {
        portfolios: ['8c0f6a4e-2b7d-4c1e-9f3a-5d6e7f8a9b0c'],
        stocks: [' aapl ', 'BRK-B'],
        otcs: ['FNMA'],
        cryptos: ['BTC'],
        news: ['transcript', 'earnings_results'],
        newsSymbols: ['MSFT'],
        newsFilter: ['popular'],
        filesFilter: ['transcripts'],
        events: [12, 'all'],
      },
    });
    const result = parseClientMessage(raw);
    expect(result).toMatchObject({
      ok: true,
      message: { type: 'subscribe', requestId: 'r1', targets: { stocks: ['aapl', 'BRK-B'], events: [12, 'all'] } },
    });
  });

  it('reads pause, unpause, ping and unsubscribe', () => {
    expect(parseClientMessage('{"type":"pause"}')).toEqual({ ok: true, message: { type: 'pause' } });
    expect(parseClientMessage('{"type":"unpause"}').ok).toBe(true);
    expect(parseClientMessage('{"type":"ping","requestId":"x"}').ok).toBe(true);
    expect(parseClientMessage('{"type":"unsubscribe","targets":{"cryptos":["ETH"]}}').ok).toBe(true);
  });

  it('names what is wrong with a bad frame', () => {
    expect(problem('not json')).toMatchObject({ code: 'invalid_json' });
    expect(problem('[1,2]')).toMatchObject({ code: 'invalid_message' });
    expect(problem('null')).toMatchObject({ code: 'invalid_message' });
    expect(problem('{"targets":{}}')).toMatchObject({ code: 'invalid_message', path: 'type' });
    expect(problem('{"type":"subscribe!"}')).toMatchObject({ code: 'unknown_type', path: 'type' });
    expect(problem('{"type":"toString"}')).toMatchObject({ code: 'unknown_type' });
    expect(problem('{"type":"subscribe","targets":{"stocks":["A A"]}}')).toMatchObject({
      code: 'invalid_message',
      path: 'targets.stocks.0',
      message: 'must be a ticker symbol',
    });
    expect(problem('{"type":"subscribe","targets":{"planets":["MARS"]}}')).toMatchObject({
      code: 'invalid_message',
      path: 'targets',
    });
    expect(problem('{"type":"subscribe","targets":{"stocks":[]}}')).toMatchObject({
      code: 'invalid_message',
      message: expect.stringContaining('at least one item'),
    });
    expect(problem('{"type":"subscribe","targets":{"portfolios":["not-a-uuid"]}}')).toMatchObject({
      path: 'targets.portfolios.0',
    });
    expect(problem('{"type":"subscribe","targets":{"events":[-1]}}')).toMatchObject({ path: 'targets.events.0' });
    expect(problem('{"type":"pause","extra":1}')).toMatchObject({ code: 'invalid_message' });
  });

  it('refuses NUL characters, raw or escaped, and lone surrogates', () => {
    expect(problem('{"type":"ping"}\u0000')).toMatchObject({ code: 'invalid_text' });
    expect(problem('{"type":"subscribe","targets":{"stocks":["AA\\u0000PL"]}}')).toMatchObject({
      code: 'invalid_message',
      path: 'targets.stocks.0',
    });
    expect(problem('{"type":"ping","requestId":"\\ud800"}')).toMatchObject({ code: 'invalid_message' });
  });

  it('refuses prototype keys anywhere, without polluting anything', () => {
    expect(problem('{"type":"subscribe","__proto__":{"polluted":true},"targets":{"stocks":["A"]}}')).toMatchObject({
      code: 'forbidden_key',
      path: '__proto__',
    });
    expect(problem('{"type":"subscribe","targets":{"constructor":{"prototype":{"x":1}}}}')).toMatchObject({
      code: 'forbidden_key',
      path: 'targets.constructor',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a frame above the size limit before reading it, and too many items', () => {
    const huge = JSON.stringify({ type: 'ping', requestId: 'x'.repeat(LIVE_CLIENT_MESSAGE_MAX_BYTES) });
    expect(problem(huge)).toMatchObject({ code: 'too_large' });
    const many = Array.from({ length: LIVE_TARGET_ITEMS_MAX + 1 }, (_, i) => `S${i}`);
    expect(problem(JSON.stringify({ type: 'subscribe', targets: { stocks: many } }))).toMatchObject({
      code: 'invalid_message',
      path: 'targets.stocks',
    });
  });

  it('reads a deeply nested frame without overflowing the stack', () => {
    const deep = `{"type":"ping","requestId":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(problem(deep)).toMatchObject({ code: 'invalid_message', path: 'requestId' });
  });
});

describe('server messages', () => {
  const quote = {
    symbol: 'AAPL',
    type: 'stock',
    name: 'Apple Inc.',
    price: 200,
    prevClose: 199,
    open: 199.5,
    lowPrice: 198,
    highPrice: 201,
    volume: 1000,
    change: 1,
    changePercent: 0.5025,
    quotedAt: '2025-03-12T14:00:00.000Z',
    source: 'demo',
  };

  it('types each data message by its type (and a community post by its action)', () => {
    expect(LiveDataMessage.safeParse({ type: 'quotes', at: quote.quotedAt, data: [quote] }).success).toBe(true);
    expect(LiveDataMessage.safeParse({ type: 'quote', data: quote }).success).toBe(true);
    expect(
      LiveDataMessage.safeParse({ type: 'events_community_post', action: 'deleted', data: { id: 'p1', eventId: 3 } })
        .success,
    ).toBe(true);
    expect(
      LiveDataMessage.safeParse({ type: 'events_community_post', action: 'created', data: { id: 'p1', eventId: 3 } })
        .success,
    ).toBe(false);
    expect(LiveDataMessage.safeParse({ type: 'quotes', at: quote.quotedAt, data: [{ symbol: 'AAPL' }] }).success).toBe(
      false,
    );
    expect(
      LiveServerMessage.safeParse({ type: 'error', code: 'too_large', message: 'm', path: null, requestId: null })
        .success,
    ).toBe(true);
  });
});

describe(readLiveDataMessage.name, () => {
  const quote = {
    symbol: 'AAPL',
    type: 'stock',
    name: 'Apple',
    price: 190.5,
    prevClose: 189,
    open: null,
    lowPrice: 188,
    highPrice: 191,
    volume: 1000,
    change: 1.5,
    changePercent: 0.79,
    quotedAt: '2026-11-26T15:00:00.000Z',
    source: 'demo',
  };
  const extended = { price: 191, session: 'after', at: null, change: 0.5, changePercent: null };
  // Each a change of one field: the hand check must never accept what the schema refuses or would change.
  const variants: Record<string, unknown>[] = [
    quote,
    { ...quote, extended },
    { ...quote, extended: null },
    { ...quote, extended: { ...extended, at: '2026-11-26T21:00:00Z' } },
    { ...quote, extended: { ...extended, session: 'night' } },
    { ...quote, extended: { ...extended, extra: 1 } },
    { ...quote, price: '190' },
    { ...quote, price: null },
    { ...quote, volume: '1' },
    { ...quote, change: undefined },
    { ...quote, type: 'bond' },
    { ...quote, symbol: 5 },
    { ...quote, name: null },
    { ...quote, quotedAt: 'yesterday' },
    { ...quote, quotedAt: '2026-11-26T15:00:00+01:00' },
    { ...quote, source: undefined },
    { ...quote, extra: 'kept?' },
    JSON.parse(`{"__proto__":{"x":1},${JSON.stringify(quote).slice(1)}`),
  ];

  it('takes a plain quote as the schema does, and leaves every other to it', () => {
    for (const value of variants) {
      const schema = Quote.safeParse(value);
      if (isPlainQuote(value)) {
        expect(schema.success, JSON.stringify(value)).toBe(true);
        expect(schema.data).toEqual(value);
      }
    }
    expect(isPlainQuote(quote)).toBe(true);
    expect(isPlainQuote({ ...quote, extended })).toBe(true);
    expect(isPlainQuote({ ...quote, extra: 1 })).toBe(false);
  });

  it('answers like LiveDataMessage for quote batches and every other message', () => {
    const at = '2026-11-26T15:00:01.000Z';
    const messages = [
      ...variants.map((q) => ({ type: 'quotes', at, data: [quote, q] })),
      { type: 'quotes', at: 'now', data: [quote] },
      { type: 'quotes', at, data: [quote], more: 1 },
      { type: 'quotes', at, data: 'x' },
      { type: 'quote', data: quote },
      { type: 'quote', data: { ...quote, price: 'x' } },
      { type: 'nothing' },
    ];
    for (const message of messages) {
      const fast = readLiveDataMessage(JSON.parse(JSON.stringify(message)));
      const schema = LiveDataMessage.safeParse(JSON.parse(JSON.stringify(message)));
      expect(fast.success, JSON.stringify(message).slice(0, 200)).toBe(schema.success);
      if (fast.success) expect(fast.data).toEqual(schema.data);
    }
  });
});
