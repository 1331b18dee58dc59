/**
 * The live socket (SPEC §4/§5/§7/§8) against the real server: credentials, subscriptions (batched),
 * quotes coalesced into one message a second (the demo simulator's and published ones), lists for their owner only,
 * plan gates on pushed events, an error frame for every bad frame with the connection still working, and a slow
 * client dropped with 1013 instead of buffered.
 */
import type { CalendarEvent, NewsItem, Quote } from '@eh/contracts';
import { assets, events, files, news } from '@eh/db';
import { CUSTOM_SYMBOL_FILTER, LIVE_CLOSE_CODES } from '@eh/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import { publishLive } from '../../src/sync/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { holdStocksStill, popularSymbols } from '../market-fixtures.ts';
import { connectLive, type LiveTestClient } from './sync-client.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let stock: string;
let otherStock: string;
let crypto: string;
const open: LiveTestClient[] = [];

const tokenOf = (who: { headers: Record<string, string> }) => (who.headers.authorization ?? '').replace(/^Bearer /, '');

async function connect(query: Record<string, string>) {
  const client = await connectLive(server.url, query);
  open.push(client);
  await client.next('welcome');
  return client;
}

const anonymous = () => connect({ app: 'earningshub', anonymousId: `anon-${Math.random().toString(36).slice(2)}` });

const quote = (symbol: string, price: number): Quote => ({
  symbol,
  type: 'stock',
  name: symbol,
  price,
  prevClose: 100,
  open: 100,
  lowPrice: 90,
  highPrice: 110,
  volume: 1000,
  change: price - 100,
  changePercent: price - 100,
  quotedAt: new Date().toISOString(),
  source: 'test',
});

const hasQuote = (symbol: string, price?: number) => (message: { data: Quote[] }) =>
  message.data.some((q) => q.symbol === symbol && (price === undefined || q.price === price));

beforeAll(async () => {
  server = await startTestServer();
  [ann, bob] = await Promise.all([
    signedInUser(server, 'ann.live@example.com'),
    signedInUser(server, 'bob.live@example.com'),
  ]);
  for (const who of [ann, bob]) await server.api('/api/core/users/me', { headers: who.headers });
  ({
    stocks: [stock, otherStock],
    crypto,
  } = await popularSymbols(server.ctx.db));
  // Its stocks carry only the quotes this file publishes, at any hour; the crypto stays the simulator's.
  expect(await holdStocksStill(server.ctx.db, [stock, otherStock])).toBe(2);
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('connecting', () => {
  it('answers a plain GET with 426', async () => {
    const res = await server.api('/sync?app=earningshub&anonymousId=x');
    expect(res.status).toBe(426);
    expect(await body(res)).toMatchObject({ code: 'upgrade_required' });
  });

  it('takes an anonymous id, and a token longer than 40 characters as the signed-in user', async () => {
    const visitor = await connectLive(server.url, { app: 'earningshub', anonymousId: 'visitor-1' });
    open.push(visitor);
    expect(await visitor.next('welcome')).toMatchObject({
      user: 'anonymous',
      quoteIntervalMs: 1000,
      subscriptionBatchMs: 500,
    });
    const member = await connectLive(server.url, { app: 'earningshub', token: tokenOf(ann) });
    open.push(member);
    expect(await member.next('welcome')).toMatchObject({ user: 'signedIn' });
    // A short token is the anonymous id (SPEC §5).
    const short = await connectLive(server.url, { app: 'earningshub', token: 'short-anonymous-id' });
    open.push(short);
    expect(await short.next('welcome')).toMatchObject({ user: 'anonymous' });
  });

  it('refuses a token that does not verify (4001) and a connection without app or credential (4000)', async () => {
    const forged = await connectLive(server.url, { app: 'earningshub', token: `${tokenOf(ann).slice(0, -8)}AAAAAAAA` });
    expect(await forged.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await forged.closed).code).toBe(LIVE_CLOSE_CODES.unauthorized);
    const noApp = await connectLive(server.url, { anonymousId: 'visitor-2' });
    expect(await noApp.next('error')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('app') });
    expect((await noApp.closed).code).toBe(LIVE_CLOSE_CODES.badRequest);
    const nobody = await connectLive(server.url, { app: 'earningshub' });
    expect((await nobody.closed).code).toBe(LIVE_CLOSE_CODES.badRequest);
  });
});

describe('quotes', () => {
  it('subscribes stocks and cryptos in one batch, sends their current quote, then a quotes batch each second', async () => {
    const client = await anonymous();
    const sentAt = Date.now();
    client.send({
      type: 'subscribe',
      requestId: 'q1',
      targets: { stocks: [stock.toLowerCase(), 'NOSUCHSYMBOL'], cryptos: [crypto] },
    });
    const ack = await client.next('subscribed');
    // Applied in the next round of subscriptions, well within the client's own batch rhythm.
    expect(Date.now() - sentAt).toBeLessThan(3000);
    expect(ack).toMatchObject({
      requestId: 'q1',
      targets: { stocks: [stock], cryptos: [crypto] },
      missing: [{ type: 'stock', symbol: 'NOSUCHSYMBOL' }],
    });
    const snapshot = await client.next('quote', (m) => m.data.symbol === stock);
    expect(snapshot.data).toMatchObject({ type: 'stock', symbol: stock });
    await client.next('quote', (m) => m.data.symbol === crypto);

    // A quote published anywhere reaches the client in the next batch, coalesced: the last of three.
    for (const price of [101, 102, 103]) await publishLive(server.ctx, { type: 'quote', data: quote(stock, price) });
    const batch = await client.next('quotes', hasQuote(stock));
    expect(batch.data.filter((q: Quote) => q.symbol === stock)).toEqual([expect.objectContaining({ price: 103 })]);
    // Crypto trades around the clock: the simulator moves it (demo source) within a few seconds.
    const ticked = await client.next('quotes', (m) =>
      m.data.some((q: Quote) => q.symbol === crypto && q.source === 'demo'),
    );
    const moved = ticked.data.find((q: Quote) => q.symbol === crypto);
    expect(moved.highPrice).toBeGreaterThanOrEqual(moved.price);
    expect(moved.lowPrice).toBeLessThanOrEqual(moved.price);
    // At most one quotes message a second: each batch is cut in a second of its own (rounds start at x.050 s).
    const seconds = client.messages
      .filter((m) => m.type === 'quotes')
      .map((m) => Math.floor((Date.parse(m.at) - 50) / 1000));
    expect(seconds.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < seconds.length; i += 1) expect(seconds[i]).toBeGreaterThan(seconds[i - 1] ?? 0);
    expect(server.app.live?.hub.stats().followedAssets).toBeGreaterThanOrEqual(2);
  });

  it('stops sending an unsubscribed asset, holds quotes while paused and sends the newest on unpause', async () => {
    const client = await anonymous();
    client.send({ type: 'subscribe', targets: { stocks: [otherStock] } });
    await client.next('subscribed');
    client.send({ type: 'pause' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = client.messages.length;
    await publishLive(server.ctx, { type: 'quote', data: quote(otherStock, 111) });
    await publishLive(server.ctx, { type: 'quote', data: quote(otherStock, 112) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.messages.slice(before).filter((m) => m.type === 'quotes')).toEqual([]);
    client.send({ type: 'unpause' });
    const resumed = await client.next('quotes', hasQuote(otherStock), 5000, before);
    expect(resumed.data.find((q: Quote) => q.symbol === otherStock).price).toBe(112);

    client.send({ type: 'unsubscribe', requestId: 'u1', targets: { stocks: [otherStock.toLowerCase()] } });
    expect(await client.next('unsubscribed')).toMatchObject({ requestId: 'u1', targets: { stocks: [otherStock] } });
    const after = client.messages.length;
    await publishLive(server.ctx, { type: 'quote', data: quote(otherStock, 113) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.messages.slice(after).filter((m) => m.type === 'quotes' && hasQuote(otherStock)(m))).toEqual([]);
  });
});

describe('lists', () => {
  it('follows a list for its owner (its symbols’ quotes) and refuses anyone else’s', async () => {
    const created = await server.api('/api/earnings/lists', {
      method: 'POST',
      headers: { ...ann.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Live' }),
    });
    expect(created.status).toBe(201);
    const list = (await body(created)) as { id: string };
    const added = await server.api(`/api/earnings/lists/${list.id}/items`, {
      method: 'POST',
      headers: { ...ann.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: otherStock }),
    });
    expect(added.status).toBeLessThan(300);

    const owner = await connect({ app: 'earningshub', token: tokenOf(ann) });
    owner.send({ type: 'subscribe', requestId: 'p1', targets: { portfolios: [list.id] } });
    expect(await owner.next('subscribed')).toMatchObject({ requestId: 'p1', targets: { portfolios: [list.id] } });
    await owner.next('quote', (m) => m.data.symbol === otherStock);
    await publishLive(server.ctx, { type: 'quotes', at: new Date().toISOString(), data: [quote(otherStock, 121)] });
    await owner.next('quotes', hasQuote(otherStock, 121));

    const intruder = await connect({ app: 'earningshub', token: tokenOf(bob) });
    intruder.send({ type: 'subscribe', requestId: 'p2', targets: { portfolios: [list.id], stocks: [stock] } });
    expect(await intruder.next('error')).toMatchObject({
      code: 'forbidden',
      path: 'targets.portfolios.0',
      requestId: 'p2',
    });
    // The rest of the message still applies; the list does not.
    const ack = await intruder.next('subscribed');
    expect(ack.targets).toEqual({ stocks: [stock] });

    const visitor = await anonymous();
    visitor.send({ type: 'subscribe', targets: { portfolios: [list.id] } });
    expect(await visitor.next('error')).toMatchObject({ code: 'forbidden', message: 'sign in to follow your lists' });
    // The custom news group is the owner's symbols too.
    visitor.send({ type: 'subscribe', requestId: 'c1', targets: { newsFilter: [CUSTOM_SYMBOL_FILTER] } });
    expect(await visitor.next('error', (m) => m.requestId === 'c1')).toMatchObject({
      code: 'forbidden',
      path: 'targets.newsFilter.0',
    });
  });
});

describe('news and events', () => {
  it('sends news by content type and symbol, and each client an event as its plan shows it', async () => {
    const client = await anonymous();
    client.send({
      type: 'subscribe',
      targets: { news: ['transcript'], newsSymbols: [stock], events: [424242], filesFilter: ['transcripts'] },
    });
    await client.next('subscribed');
    const item: NewsItem = {
      id: 99_000_001,
      slug: 'live-news',
      title: 'Live news',
      summary: 'From the socket',
      url: null,
      imageUrl: null,
      author: null,
      newsType: 'story',
      tags: [],
      symbols: [stock],
      createdDate: new Date().toISOString(),
      source: 'test',
    };
    await publishLive(server.ctx, { type: 'marketNews', data: item });
    expect((await client.next('marketNews')).data).toEqual(item);
    const event: CalendarEvent = {
      id: 424242,
      eventType: 'economic',
      eventStatus: 'live',
      eventDate: new Date().toISOString(),
      symbol: null,
      name: null,
      title: 'CPI (live test)',
      description: null,
      earningsId: null,
      periodYear: null,
      period: null,
      details: { actual: 3.1, forecast: 3.0 },
      audioUrl: null,
      youtubeUrl: null,
      source: 'test',
      gated: null,
    };
    await publishLive(server.ctx, { type: 'event', data: event });
    const pushed = await client.next('event');
    expect(pushed.data).toMatchObject({ id: 424242, details: {}, gated: { feature: 'economicCalendar' } });
    await publishLive(server.ctx, {
      type: 'events_community_post',
      action: 'created',
      data: {
        id: 'post-1',
        eventId: 424242,
        content: 'Great call',
        userId: null,
        userName: 'Ann',
        createdAt: new Date().toISOString(),
        updatedAt: null,
      },
    });
    expect(await client.next('events_community_post')).toMatchObject({ action: 'created', data: { id: 'post-1' } });
  });
});

describe('what ingestion stores', () => {
  it('pushes fresh news, a new file and a changed event of today once an ingestion run announces them', async () => {
    const client = await anonymous();
    const [asset] = await server.ctx.db
      .select({ id: assets.id, symbol: assets.symbol })
      .from(assets)
      .where(eq(assets.symbol, stock));
    if (!asset) throw new Error('no asset');
    const [event] = await server.ctx.db
      .insert(events)
      .values({
        eventType: 'call',
        eventStatus: 'live',
        eventDate: new Date(),
        assetId: asset.id,
        symbol: asset.symbol,
        title: `${asset.symbol} call (ingested)`,
        externalId: 'live-ingested-call',
        source: 'test',
      })
      .returning({ id: events.id });
    if (!event) throw new Error('no event');
    client.send({
      type: 'subscribe',
      targets: { news: ['earnings_results'], filesFilter: ['transcripts'], events: [event.id] },
    });
    await client.next('subscribed');
    // A backfilled (old) item is not news: stored too, never pushed.
    const [fresh] = await server.ctx.db
      .insert(news)
      .values([
        {
          externalId: 'live-ingested-fresh',
          slug: 'live-ingested-fresh',
          title: 'Results are out',
          newsType: 'earnings_results',
          symbols: [asset.symbol],
          publishedAt: new Date(),
          source: 'test',
        },
        {
          externalId: 'live-ingested-old',
          slug: 'live-ingested-old',
          title: 'Last year',
          newsType: 'earnings_results',
          symbols: [asset.symbol],
          publishedAt: new Date(Date.now() - 400 * 86_400_000),
          source: 'test',
        },
      ])
      .returning({ id: news.id });
    await server.ctx.db.insert(files).values({
      id: 'live-ingested-transcript',
      assetId: asset.id,
      symbol: asset.symbol,
      type: 'transcript',
      periodYear: 2026,
      period: 'Q3',
      title: `${asset.symbol} Q3 2026 transcript`,
      date: new Date(),
      source: 'test',
    });
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['news', 'files', 'events'] });
    const pushed = await client.next('marketNews');
    expect(pushed.data).toMatchObject({ id: fresh?.id, title: 'Results are out', newsType: 'earnings_results' });
    expect((await client.next('marketDataAssetFile')).data).toMatchObject({
      id: 'live-ingested-transcript',
      type: 'transcript',
      gated: { feature: expect.any(String) },
    });
    expect((await client.next('event')).data).toMatchObject({
      id: event.id,
      eventStatus: 'live',
      symbol: asset.symbol,
    });
    // Announced again with nothing new: nothing more is sent.
    const count = client.messages.length;
    await server.ctx.bus.publish(MARKET_CHANGED_CHANNEL, { datasets: ['news', 'files', 'events'] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.messages.slice(count)).toEqual([]);
    expect(client.messages.filter((m) => m.type === 'marketNews')).toHaveLength(1);
  });
});

describe('bad frames', () => {
  it('answers every bad frame with an error frame naming the problem, and the connection still works', async () => {
    const client = await anonymous();
    const cases: [unknown, string, string | null][] = [
      ['not json', 'invalid_json', null],
      ['{"type":"subscribe!"}', 'unknown_type', 'type'],
      ['{"type":"subscribe","targets":{"stocks":["BAD SYMBOL"]}}', 'invalid_message', 'targets.stocks.0'],
      ['{"type":"subscribe","targets":{}}', 'invalid_message', 'targets'],
      ['{"type":"ping"}\u0000', 'invalid_text', null],
      ['{"type":"subscribe","__proto__":{"isAdmin":true},"targets":{"stocks":["A"]}}', 'forbidden_key', '__proto__'],
      [JSON.stringify({ type: 'ping', requestId: 'x'.repeat(100_000) }), 'too_large', null],
      [Buffer.from([1, 2, 3]), 'binary_frame', null],
    ];
    for (const [frame, code, path] of cases) {
      const from = client.messages.length;
      client.send(frame);
      const problem = await client.next('error', () => true, 5000, from);
      expect(problem, String(frame).slice(0, 60)).toMatchObject({ code, path });
      expect(problem.message.length).toBeGreaterThan(5);
    }
    client.send({ type: 'ping', requestId: 'still-here' });
    expect(await client.next('pong')).toEqual({ type: 'pong', requestId: 'still-here' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('tells a client that floods it to slow down, ignoring the excess', async () => {
    const client = await anonymous();
    for (let i = 0; i < 100; i += 1) client.send({ type: 'ping', requestId: `p${i}` });
    expect(await client.next('error', (m) => m.code === 'rate_limited')).toMatchObject({ code: 'rate_limited' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pongs = client.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    client.send({ type: 'ping', requestId: 'after' });
    await client.next('pong', (m) => m.requestId === 'after');
  });
});

describe('backpressure', () => {
  it('drops a client that stops reading with 1013 once its unsent data passes the bound, and serves the others', async () => {
    const slow = await anonymous();
    const reader = await anonymous();
    for (const client of [slow, reader]) {
      client.send({ type: 'subscribe', targets: { news: ['headline'] } });
      await client.next('subscribed');
    }
    slow.socket.pause();
    const summary = 'x'.repeat(100_000);
    const dropsBefore = server.app.live?.hub.stats().droppedSlow ?? 0;
    let published = 0;
    // Until the server gives up on it: the kernel's socket buffers take a few MB first.
    while ((server.app.live?.hub.stats().droppedSlow ?? 0) === dropsBefore && published < 600) {
      for (let i = 0; i < 20; i += 1) {
        published += 1;
        await publishLive(server.ctx, {
          type: 'marketNews',
          data: {
            id: published,
            slug: `flood-${published}`,
            title: `Flood ${published}`,
            summary,
            url: null,
            imageUrl: null,
            author: null,
            newsType: 'headline',
            tags: [],
            symbols: [],
            createdDate: new Date().toISOString(),
            source: 'test',
          },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.app.live?.hub.stats().droppedSlow).toBe(dropsBefore + 1);
    // It reads again: what was sent before the drop, then the close frame.
    slow.socket.resume();
    const closed = await slow.closed;
    expect(closed).toEqual({ code: LIVE_CLOSE_CODES.tryAgainLater, reason: 'slow consumer: too much unsent data' });
    // The server sent it far less than was published: it stopped at the bound.
    const received = slow.messages.filter((m) => m.type === 'marketNews').length;
    expect(received).toBeLessThan(published);
    // The reader got everything and is still served.
    await reader.next('marketNews', (m) => m.data.id === published, 20_000);
    reader.send({ type: 'ping', requestId: 'alive' });
    await reader.next('pong');
    console.info(
      `sync backpressure: ${published} messages of ${Math.round(summary.length / 1024)} KB published; the slow client got ${received} before it was dropped`,
    );
  }, 60_000);
});
