import type { AssetRef, CalendarEvent, NewsItem, Quote } from '@eh/contracts';
import { accountFeaturesFor, FREE_ACCOUNT_FEATURES, LIVE_CLOSE_CODES, PRO_PLAN } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { createHub, type LiveSocket, topic } from './hub.ts';

class FakeSocket implements LiveSocket {
  sent: string[] = [];
  bufferedAmount = 0;
  readyState = 1;
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;
  terminated = false;
  send(data: string | Buffer) {
    this.sent.push(String(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  messages() {
    return this.sent.map((raw) => JSON.parse(raw));
  }
}

const anonymous = { userId: null, anonymousId: 'a1', features: FREE_ACCOUNT_FEATURES };
const pro = {
  userId: 'u1',
  anonymousId: null,
  features: accountFeaturesFor({ plan: PRO_PLAN, subscriptionType: 'paid', status: 'active' }),
};

const quote = (symbol: string, price: number, type: Quote['type'] = 'stock'): Quote => ({
  symbol,
  type,
  name: symbol,
  price,
  prevClose: 100,
  open: 100,
  lowPrice: 99,
  highPrice: 101,
  volume: 1,
  change: price - 100,
  changePercent: price - 100,
  quotedAt: '2025-03-12T14:00:00.000Z',
  source: 'demo',
});

describe(createHub.name, () => {
  it('coalesces each client’s quotes into one quotes message per flush, newest per asset', () => {
    const hub = createHub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    const ca = hub.add(a, anonymous);
    const cb = hub.add(b, anonymous);
    hub.followQuote(ca, { type: 'stock', symbol: 'AAPL' });
    hub.followQuote(ca, { type: 'crypto', symbol: 'BTC' });
    hub.followQuote(cb, { type: 'stock', symbol: 'MSFT' });
    hub.route({ type: 'quote', data: quote('AAPL', 101) });
    hub.routeQuotes([quote('AAPL', 102), quote('BTC', 80_000, 'crypto'), quote('TSLA', 5)]);
    // Same symbol, other type: not followed.
    hub.routeQuotes([quote('BTC', 1, 'stock')]);
    expect(a.sent).toEqual([]);
    expect(hub.flush(new Date('2025-03-12T14:00:01Z'))).toBe(1);
    const [batch] = a.messages();
    expect(batch).toMatchObject({ type: 'quotes', at: '2025-03-12T14:00:01.000Z' });
    expect(batch.data.map((q: Quote) => [q.symbol, q.price])).toEqual([
      ['AAPL', 102],
      ['BTC', 80_000],
    ]);
    expect(b.sent).toEqual([]);
    // Nothing new: nothing sent.
    expect(hub.flush()).toBe(0);
    expect(hub.lastQuote({ type: 'stock', symbol: 'aapl' })?.price).toBe(102);
  });

  it('sends a flush round a slice at a time, never two batches to a client in one round', () => {
    const hub = createHub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    const ca = hub.add(a, anonymous);
    hub.followQuote(ca, { type: 'stock', symbol: 'AAPL' });
    hub.followQuote(hub.add(b, anonymous), { type: 'stock', symbol: 'AAPL' });
    hub.routeQuotes([quote('AAPL', 101)]);
    const round = hub.beginFlush();
    expect(round.next(1)).toBe(true);
    expect([a.sent.length, b.sent.length]).toEqual([1, 0]);
    // AAPL moves during the round: B's batch has the newer price, A waits for the next round.
    hub.routeQuotes([quote('AAPL', 102)]);
    expect(round.next(10)).toBe(false);
    expect(round.sent()).toBe(2);
    expect(a.sent).toHaveLength(1);
    expect(b.messages()[0].data[0].price).toBe(102);
    hub.flush();
    expect(a.messages().map((m) => m.data[0].price)).toEqual([101, 102]);
    expect(b.sent).toHaveLength(1);
  });

  it('sends a client only what moved after it came and while it followed', () => {
    const hub = createHub();
    const early = new FakeSocket();
    const late = new FakeSocket();
    const first = hub.add(early, anonymous);
    const aapl = { type: 'stock', symbol: 'AAPL' } as const;
    const msft = { type: 'stock', symbol: 'MSFT' } as const;
    hub.followQuote(first, aapl);
    hub.followQuote(first, msft);
    hub.routeQuotes([quote('AAPL', 101)]);
    // Came after AAPL's move: its snapshot has it, the batch does not.
    const second = hub.add(late, anonymous);
    hub.followQuote(second, aapl);
    hub.routeQuotes([quote('MSFT', 50)]);
    expect(hub.flush()).toBe(1);
    expect(early.messages()[0].data.map((q: Quote) => q.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(late.sent).toEqual([]);
    // Let go of MSFT: its next move is not sent; AAPL's reaches both.
    hub.unfollowQuote(first, msft);
    hub.routeQuotes([quote('MSFT', 51), quote('AAPL', 102)]);
    expect(hub.flush()).toBe(2);
    expect(early.messages()[1].data.map((q: Quote) => [q.symbol, q.price])).toEqual([['AAPL', 102]]);
    expect(late.messages()[0].data.map((q: Quote) => [q.symbol, q.price])).toEqual([['AAPL', 102]]);
    expect(hub.stats().followedAssets).toBe(1);
  });

  it('keeps a paused client’s quotes coalesced until it unpauses', () => {
    const hub = createHub();
    const socket = new FakeSocket();
    const client = hub.add(socket, anonymous);
    hub.followQuote(client, { type: 'stock', symbol: 'AAPL' });
    client.paused = true;
    for (let price = 101; price <= 110; price += 1) {
      hub.routeQuotes([quote('AAPL', price)]);
      hub.flush();
    }
    expect(socket.sent).toEqual([]);
    client.paused = false;
    hub.flushClient(client);
    expect(socket.messages().map((m) => m.data.map((q: Quote) => q.price))).toEqual([[110]]);
  });

  it('tells the feed once when the first client follows an asset and when the last lets go', async () => {
    const follows: AssetRef[][] = [];
    const unfollows: AssetRef[][] = [];
    const hub = createHub({ onFollow: (a) => follows.push(a), onUnfollow: (a) => unfollows.push(a) });
    const one = hub.add(new FakeSocket(), anonymous);
    const two = hub.add(new FakeSocket(), anonymous);
    const aapl = { type: 'stock', symbol: 'AAPL' } as const;
    hub.followQuote(one, aapl);
    hub.followQuote(one, aapl); // a list holding it too
    hub.followQuote(two, aapl);
    await Promise.resolve();
    expect(follows).toEqual([[aapl]]);
    hub.unfollowQuote(one, aapl);
    expect(hub.follows(one, aapl)).toBe(true);
    hub.unfollowQuote(one, aapl);
    hub.remove(two);
    await Promise.resolve();
    expect(unfollows).toEqual([[aapl]]);
    expect(hub.followedAssets()).toEqual([]);
  });

  it('keeps an asset followed while one reason remains: the symbol itself, or a list holding it', () => {
    const hub = createHub();
    const client = hub.add(new FakeSocket(), anonymous);
    const aapl = { type: 'stock', symbol: 'AAPL' } as const;
    hub.followQuote(client, aapl, 'symbol');
    hub.followQuote(client, aapl, 'symbol'); // named twice: still one reason
    hub.followQuote(client, aapl, 'list');
    expect(client.symbols).toBe(1);
    expect(hub.followedSymbol(client, 'stock:AAPL')).toEqual(aapl);
    hub.unfollowQuote(client, aapl, 'symbol');
    expect(hub.followedSymbol(client, 'stock:AAPL')).toBeNull();
    expect(hub.follows(client, aapl)).toBe(true);
    hub.unfollowQuote(client, aapl, 'symbol'); // no longer a reason: changes nothing
    expect(hub.follows(client, aapl)).toBe(true);
    hub.unfollowQuote(client, aapl, 'list');
    expect(hub.follows(client, aapl)).toBe(false);
    expect(client.symbols).toBe(0);
  });

  it('finds a long list of follows through its index as assets come and go', () => {
    const hub = createHub();
    const client = hub.add(new FakeSocket(), anonymous);
    const ref = (i: number) => ({ type: 'stock', symbol: `S${i}` }) as const;
    const count = 150;
    for (let i = 0; i < count; i += 1) hub.followQuote(client, ref(i), 'symbol');
    // The subscription applied: its arrays trimmed, in the same order, the index still true.
    hub.settle(client);
    // Every third let go: each removal moves the last asset into the gap.
    for (let i = 0; i < count; i += 3) hub.unfollowQuote(client, ref(i), 'symbol');
    for (let i = 0; i < count; i += 1) expect(hub.follows(client, ref(i))).toBe(i % 3 !== 0);
    expect(client.symbols).toBe(count - Math.ceil(count / 3));
    expect(client.quoteList.map((entry) => entry.ref.symbol).sort()).toEqual(
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => `S${i}`)
        .sort(),
    );
  });

  it('routes news by content type, symbol and filter group, each client once', () => {
    const hub = createHub({ groupSymbols: (group) => (group === 'popular' ? new Set(['AAPL']) : undefined) });
    const byType = new FakeSocket();
    const bySymbol = new FakeSocket();
    const byGroup = new FakeSocket();
    const byAll = new FakeSocket();
    const other = new FakeSocket();
    hub.addTopic(hub.add(byType, anonymous), topic.newsType('transcript'));
    const both = hub.add(bySymbol, anonymous);
    hub.addTopic(both, topic.newsSymbol('aapl'));
    hub.addTopic(both, topic.newsType('transcript'));
    hub.addTopic(hub.add(byGroup, anonymous), topic.newsFilter('popular'));
    hub.addTopic(hub.add(byAll, anonymous), topic.newsFilter('all'));
    hub.addTopic(hub.add(other, anonymous), topic.newsSymbol('MSFT'));
    const item: NewsItem = {
      id: 1,
      slug: 's',
      title: 'Apple reports',
      summary: null,
      url: null,
      imageUrl: null,
      author: null,
      newsType: 'transcript',
      tags: [],
      symbols: ['AAPL'],
      createdDate: '2025-03-12T14:00:00.000Z',
      source: 'demo',
    };
    hub.route({ type: 'marketNews', data: item });
    for (const socket of [byType, bySymbol, byGroup, byAll])
      expect(socket.messages()).toEqual([{ type: 'marketNews', data: item }]);
    expect(other.sent).toEqual([]);
  });

  it('routes news to the custom group of the users whose symbols it names, each their own', () => {
    const own = new Map([
      ['u1', new Set(['AAPL'])],
      ['u2', new Set(['MSFT'])],
    ]);
    const hub = createHub({ customSymbols: (userId) => own.get(userId) });
    const ann = new FakeSocket();
    const bob = new FakeSocket();
    hub.addTopic(hub.add(ann, pro), topic.customNews('u1'));
    hub.addTopic(hub.add(bob, { ...pro, userId: 'u2' }), topic.customNews('u2'));
    const item = (id: number, symbols: string[]): NewsItem => ({
      id,
      slug: 's',
      title: 'News',
      summary: null,
      url: null,
      imageUrl: null,
      author: null,
      newsType: 'story',
      tags: [],
      symbols,
      createdDate: '2025-03-12T14:00:00.000Z',
      source: 'demo',
    });
    hub.route({ type: 'marketNews', data: item(1, ['aapl', 'NVDA']) });
    // The group is read when news comes, so a list change shows in the next item.
    own.set('u2', new Set(['MSFT', 'NVDA']));
    hub.route({ type: 'marketNews', data: item(2, ['NVDA']) });
    expect(ann.messages().map((m) => m.data.id)).toEqual([1]);
    expect(bob.messages().map((m) => m.data.id)).toEqual([2]);
  });

  it('sends each client an event as its plan shows it, and community posts to the event’s followers', () => {
    const hub = createHub();
    const free = new FakeSocket();
    const paid = new FakeSocket();
    const elsewhere = new FakeSocket();
    hub.addTopic(hub.add(free, anonymous), topic.event(7));
    hub.addTopic(hub.add(paid, pro), topic.event('all'));
    hub.addTopic(hub.add(elsewhere, anonymous), topic.event(8));
    const event: CalendarEvent = {
      id: 7,
      eventType: 'economic',
      eventStatus: 'live',
      eventDate: '2025-03-12T12:30:00.000Z',
      symbol: null,
      name: null,
      title: 'CPI',
      description: null,
      earningsId: null,
      periodYear: null,
      period: null,
      details: { actual: 3.1 },
      audioUrl: null,
      youtubeUrl: null,
      source: 'demo',
      gated: null,
    };
    hub.route({ type: 'event', data: event });
    expect(free.messages()[0].data).toMatchObject({ details: {}, gated: { feature: 'economicCalendar' } });
    expect(paid.messages()[0].data).toMatchObject({ details: { actual: 3.1 }, gated: null });
    expect(elsewhere.sent).toEqual([]);
    hub.route({ type: 'events_community_post', action: 'deleted', data: { id: 'p1', eventId: 7 } });
    expect(free.messages()[1]).toEqual({
      type: 'events_community_post',
      action: 'deleted',
      data: { id: 'p1', eventId: 7 },
    });
    expect(paid.messages()).toHaveLength(2);
    expect(elsewhere.sent).toEqual([]);
  });

  it('drops a client whose unsent data passes the bound with 1013, and cuts it off if it does not answer', async () => {
    const drops: number[] = [];
    const hub = createHub({ sendBufferMax: 1000, closeGraceMs: 20, onDrop: (_c, bytes) => drops.push(bytes) });
    const slow = new FakeSocket();
    const fine = new FakeSocket();
    const slowClient = hub.add(slow, anonymous);
    hub.followQuote(slowClient, { type: 'stock', symbol: 'AAPL' });
    hub.followQuote(hub.add(fine, anonymous), { type: 'stock', symbol: 'AAPL' });
    hub.routeQuotes([quote('AAPL', 101)]);
    hub.flush();
    slow.bufferedAmount = 1001;
    hub.routeQuotes([quote('AAPL', 102)]);
    hub.flush();
    expect(slow.closedWith).toEqual({
      code: LIVE_CLOSE_CODES.tryAgainLater,
      reason: 'slow consumer: too much unsent data',
    });
    expect(slow.sent).toHaveLength(1);
    expect(fine.sent).toHaveLength(2);
    expect(drops).toEqual([1001]);
    expect(slowClient.closed).toBe(true);
    expect(hub.stats()).toMatchObject({ clients: 1, droppedSlow: 1 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(slow.terminated).toBe(true);
    // Later quotes never reach it.
    hub.routeQuotes([quote('AAPL', 103)]);
    hub.flush();
    expect(slow.sent).toHaveLength(1);
  });

  it('closes every client with 1001 when the server goes away', () => {
    const hub = createHub();
    const socket = new FakeSocket();
    hub.add(socket, anonymous);
    hub.closeAll();
    expect(socket.closedWith?.code).toBe(LIVE_CLOSE_CODES.goingAway);
    expect(hub.stats().clients).toBe(0);
  });
});
