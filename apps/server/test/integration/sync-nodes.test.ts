/**
 * Two server nodes and Redis: a quote, an event and a community post published on node A reach a
 * client of node B, through Redis pub/sub; a list changed through node A reaches its owner's socket on another node
 * at once; a plan change and a sign-out made through node A hold on another node through the bus, well before what
 * that node remembers of its callers expires; a node going away closes its clients with 1001 (they reconnect). Runs
 * on CI's Redis (TEST_REDIS_URL), else on a redis-server of its own, else not at all (said so).
 */
import type { NewsItem, Quote } from '@eh/contracts';
import { assets } from '@eh/db';
import { CUSTOM_SYMBOL_FILTER, LIVE_CLOSE_CODES } from '@eh/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/app.ts';
import { ACCOUNT_MEMORY_TTL_MS } from '../../src/kernel/account-memory.ts';
import { createBus } from '../../src/kernel/bus/index.ts';
import { rememberedEntitlements } from '../../src/kernel/entitlements.ts';
import { setPlan as setPlanByAdmin } from '../../src/modules/plans/service.ts';
import { accountEntitlements } from '../../src/modules/teams/index.ts';
import { publishLive } from '../../src/sync/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { TEST_REDIS_URL } from '../env.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';
import { holdStocksStill } from '../market-fixtures.ts';
import { type RedisServer, redisAvailable, startRedis, waitFor } from './faults/services.ts';
import { connectLive, type LiveTestClient } from './sync-client.ts';

const ownRedis = !TEST_REDIS_URL && redisAvailable();
if (!TEST_REDIS_URL && !ownRedis) console.warn('sync-nodes: no TEST_REDIS_URL and no redis-server; skipped');

describe.skipIf(!TEST_REDIS_URL && !ownRedis)('two nodes and Redis', () => {
  let redis: RedisServer | null = null;
  let a: TestServer;
  let b: TestServer | null;
  let stock: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    if (ownRedis) redis = await startRedis();
    const REDIS_URL = TEST_REDIS_URL ?? redis?.url ?? '';
    [a, b] = await Promise.all([startTestServer({ REDIS_URL }), startTestServer({ REDIS_URL })]);
    const [row] = await a.ctx.db
      .select({ symbol: assets.symbol })
      .from(assets)
      .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
      .orderBy(desc(assets.popularity))
      .limit(1);
    if (!row) throw new Error('the seeded market has no stocks');
    stock = row.symbol;
    // Each node runs the demo market on its own database: neither may move the stock the test publishes.
    for (const node of [a, b as TestServer]) expect(await holdStocksStill(node.ctx.db, [stock])).toBe(1);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all([a?.close(), b?.close()]);
    await redis?.kill();
  });

  const connect = async (server: TestServer) => {
    const client = await connectLive(server.url, { app: 'earningshub', anonymousId: `node-test-${clients.length}` });
    clients.push(client);
    await client.next('welcome');
    return client;
  };

  it('carries a quote, an event and a community post published on node A to a client of node B', async () => {
    if (!b) throw new Error('node B did not start');
    expect(a.ctx.bus.kind).toBe('redis');
    const onA = await connect(a);
    const onB = await connect(b);
    // An event id no other test publishes, so a shared CI Redis carries nothing else for it.
    const eventId = 1_900_000_000 + Math.floor(Math.random() * 1_000_000);
    for (const client of [onA, onB]) {
      client.send({ type: 'subscribe', targets: { stocks: [stock], events: [eventId] } });
      await client.next('subscribed');
    }
    // Redis confirms subscriptions asynchronously: B listens since it started, so this is only the client's batch.
    const price = 1000 + Math.round(Math.random() * 1000) / 100;
    const quote: Quote = {
      symbol: stock,
      type: 'stock',
      name: stock,
      price,
      prevClose: 1000,
      open: 1000,
      lowPrice: 990,
      highPrice: 1100,
      volume: 1,
      change: price - 1000,
      changePercent: (price - 1000) / 10,
      quotedAt: new Date().toISOString(),
      source: 'test',
    };
    await publishLive(a.ctx, { type: 'quote', data: quote });
    const hasPrice = (m: { data: Quote[] }) => m.data.some((q) => q.symbol === stock && q.price === price);
    await onB.next('quotes', hasPrice);
    await onA.next('quotes', hasPrice);

    await publishLive(a.ctx, {
      type: 'event',
      data: {
        id: eventId,
        eventType: 'call',
        eventStatus: 'live',
        eventDate: new Date().toISOString(),
        symbol: stock,
        name: stock,
        title: `${stock} earnings call`,
        description: null,
        earningsId: null,
        periodYear: 2025,
        period: 'Q1',
        details: {},
        audioUrl: null,
        youtubeUrl: null,
        source: 'test',
        gated: null,
      },
    });
    expect((await onB.next('event')).data).toMatchObject({ id: eventId, eventStatus: 'live' });
    await publishLive(a.ctx, {
      type: 'events_community_post',
      action: 'updated',
      data: {
        id: `post-${eventId}`,
        eventId,
        content: 'edited',
        userId: null,
        userName: 'Ann',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
    expect(await onB.next('events_community_post')).toMatchObject({ action: 'updated', data: { eventId } });
  });

  it('sends a list change made through node A to its owner’s socket on another node, well before the re-read', async () => {
    // Nodes share one database in production; A and B have one each, so the other node runs on A's, with a Redis
    // link of its own and only the socket.
    const bus = await createBus(a.ctx.config.REDIS_URL, a.ctx.config.BUS_NAMESPACE);
    const c = await buildServer({ ...a.ctx, bus, config: { ...a.ctx.config, ROLES: ['sync'] } });
    try {
      await c.listen({ port: 0, host: '127.0.0.1' });
      const address = c.server.address();
      if (typeof address !== 'object' || !address) throw new Error('node C is not listening');
      const ann = await signedInUser(a, `ann.nodes.${Date.now()}@example.com`);
      const created = await a.api('/api/earnings/lists', json({ name: 'Nodes' }, { headers: ann.headers }));
      const list = (await body(created)) as { id: string };
      const token = (ann.headers.authorization ?? '').replace(/^Bearer /, '');
      const onC = await connectLive(`http://127.0.0.1:${address.port}`, { app: 'earningshub', token });
      clients.push(onC);
      await onC.next('welcome');
      onC.send({ type: 'subscribe', targets: { portfolios: [list.id], newsFilter: [CUSTOM_SYMBOL_FILTER] } });
      expect((await onC.next('subscribed')).targets).toEqual({
        portfolios: [list.id],
        newsFilter: [CUSTOM_SYMBOL_FILTER],
      });

      const added = await a.api(
        `/api/earnings/lists/${list.id}/items`,
        json({ symbol: stock }, { headers: ann.headers }),
      );
      expect(added.status).toBe(201);
      // A few seconds at most, where the periodic re-read alone would take up to a minute.
      await onC.next('quote', (m) => m.data.symbol === stock, 5000);

      // The custom group followed the change too: news about the added symbol comes, news about another does not.
      const id = 1_900_000_000 + Math.floor(Math.random() * 1_000_000);
      const item = (newsId: number, symbols: string[]): NewsItem => ({
        id: newsId,
        slug: `nodes-${newsId}`,
        title: 'Nodes',
        summary: null,
        url: null,
        imageUrl: null,
        author: null,
        newsType: 'story',
        tags: [],
        symbols,
        createdDate: new Date().toISOString(),
        source: 'test',
      });
      await publishLive(a.ctx, { type: 'marketNews', data: item(id, ['NOT-IN-THE-LIST']) });
      await publishLive(a.ctx, { type: 'marketNews', data: item(id + 1, [stock]) });
      // The bus keeps their order, so once the second is in, the first would have been too.
      await onC.next('marketNews', (m) => m.data.id === id + 1);
      expect(onC.messages.filter((m) => m.type === 'marketNews' && m.data.id === id)).toEqual([]);
    } finally {
      await c.close();
      await bus.close();
    }
  });

  it('holds a plan change and a sign-out made through node A on another node within the bus, not the memory bound', async () => {
    // Node D serves the API on A's database (as nodes share one in production) with a Redis link and memory of its own.
    const bus = await createBus(a.ctx.config.REDIS_URL, a.ctx.config.BUS_NAMESPACE);
    const d = await buildServer({
      ...a.ctx,
      bus,
      entitlements: rememberedEntitlements(accountEntitlements(a.ctx.db), bus),
      config: { ...a.ctx.config, ROLES: ['api'] },
    });
    try {
      const email = `ann.memory.${Date.now()}@example.com`;
      const ann = await signedInUser(a, email);
      await a.api('/api/core/users/me', { headers: ann.headers });
      const history = async () => {
        const res = await d.inject({ url: `/api/pricing/assets/${stock}/short-interests`, headers: ann.headers });
        return { status: res.statusCode, gated: res.statusCode === 200 ? res.json().gated : undefined };
      };
      // D remembers the free member's features and the standing session from this answer.
      expect(await history()).toMatchObject({ status: 200, gated: { feature: 'shortInterestHistory' } });
      // Well inside the memory's bound: only the bus's message can make D see the change in time.
      const withinTheBus = ACCOUNT_MEMORY_TTL_MS / 4;

      await setPlanByAdmin(a.ctx, email, 'earningshub_pro');
      await waitFor(
        'the pro plan on node D',
        async () => ((await history()).gated === null ? true : undefined),
        withinTheBus,
      );

      await new Promise<void>((resolve, reject) =>
        ann.user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }),
      );
      await waitFor(
        'the sign-out on node D',
        async () => ((await history()).status === 401 ? true : undefined),
        withinTheBus,
      );
    } finally {
      await d.close();
      await bus.close();
    }
  });

  it('closes its clients with 1001 when a node goes away', async () => {
    if (!b) throw new Error('node B did not start');
    const onB = await connect(b);
    const closing = b.close();
    b = null;
    expect((await onB.closed).code).toBe(LIVE_CLOSE_CODES.goingAway);
    await closing;
  });
});
