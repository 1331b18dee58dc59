/**
 * Live calls over the socket and HTTP: a client following a call is pushed its sentences as `event` messages with
 * `segments` (the same GET /events/{id}/live-transcript then gives), a client following all events is pushed each
 * call the clock moves, and the live-transcript route reads the plan from the token and answers 404 and 400. The
 * loop's rules (replays, moves, speaking once, gating, pruning) are the service tier's
 * (test/service/live-calls.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { events } from '@eh/db';
import { DEMO_REPLAY_SOURCE } from '@eh/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCalls } from '../../src/modules/live-calls/index.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';
import { connectLive, type LiveTestClient } from './sync-client.ts';

let server: TestServer;
const open: LiveTestClient[] = [];

const api = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(`/api${path}`, { headers });
  return { status: res.status, json: await body(res) };
};

async function follower(eventId: number | 'all') {
  const client = await connectLive(server.url, { app: 'earningshub', anonymousId: `lc-${randomUUID().slice(0, 8)}` });
  open.push(client);
  await client.next('welcome');
  client.send({ type: 'subscribe', targets: { events: [eventId] } });
  await client.next('subscribed');
  return client;
}

/** Turns `loop` until `pushed` settles (the server's own loop may speak first: either push counts). */
async function turnUntil<T>(loop: { tick(): Promise<void> }, pushed: Promise<T>): Promise<T> {
  let settled = false;
  const watched = pushed.finally(() => {
    settled = true;
  });
  while (!settled) {
    await loop.tick();
    await Promise.race([watched, new Promise((resolve) => setTimeout(resolve, 250))]).catch(() => {});
  }
  return watched;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('a live replay', () => {
  it('pushes its sentences to a follower, as GET /events/{id}/live-transcript then gives them', async () => {
    const loop = createLiveCalls(server.ctx, server.app.log, { demo: true });
    await loop.tick(new Date(), true);
    // The newest replay: the most of its call still to say.
    const [replay] = await server.ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.source, DEMO_REPLAY_SOURCE), eq(events.eventStatus, 'live')))
      .orderBy(desc(events.eventDate))
      .limit(1);
    if (!replay) throw new Error('no live replay');
    const client = await follower(replay.id);
    const pushed = await turnUntil(
      loop,
      client.next('event', (m) => m.data.id === replay.id && (m.segments?.length ?? 0) > 0, 30_000),
    );
    expect(pushed.data).toMatchObject({ id: replay.id, eventStatus: 'live' });
    const sofar = await api(`/events/${replay.id}/live-transcript`);
    expect(sofar.status).toBe(200);
    expect(sofar.json).toMatchObject({ eventId: replay.id, eventStatus: 'live', available: true, gated: null });
    for (const segment of pushed.segments) expect(sofar.json.segments[segment.seq]).toEqual(segment);

    // Once closed, the transcript is the transcript feature's: the token's plan decides.
    await server.ctx.db
      .update(events)
      .set({ eventStatus: 'closed', eventDate: new Date(Date.now() - 10 * 60_000) })
      .where(eq(events.id, replay.id));
    expect((await api(`/events/${replay.id}/live-transcript`)).json).toMatchObject({
      segments: [],
      gated: { feature: 'transcript', hidden: 1 },
    });
    const member = await signedInUser(server, 'pro.livecalls@example.com');
    const me = await api('/core/users/me', member.headers);
    await setPlan(server.ctx, me.json.id, 'earningshub_pro');
    const pro = await api(`/events/${replay.id}/live-transcript`, member.headers);
    expect(pro.json.gated).toBeNull();
    expect(pro.json.segments.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('calls moved by the clock', () => {
  it('are pushed to a client following all events', async () => {
    const client = await follower('all');
    const [row] = await server.ctx.db
      .insert(events)
      .values({
        eventType: 'call',
        eventStatus: 'upcoming',
        eventDate: new Date(Date.now() - 1000),
        symbol: 'ZQLC',
        title: 'ZQ Live starting',
        externalId: `live-calls-starting-${randomUUID()}`,
        source: 'test',
      })
      .returning({ id: events.id });
    const starting = row?.id ?? 0;
    // The server's own loop may move it first: either push counts.
    const pushed = client.next('event', (m) => m.data.id === starting);
    await createLiveCalls(server.ctx, server.app.log, { demo: false }).tick(new Date(), true);
    expect(await pushed).toMatchObject({ data: { id: starting, eventStatus: 'live' } });
  });
});

describe('GET /events/{id}/live-transcript', () => {
  it('answers 404 for an unknown event and 400 for an id that is not one', async () => {
    expect(await api('/events/999999999/live-transcript')).toMatchObject({
      status: 404,
      json: { message: 'Unknown event: 999999999', code: 'NOT_FOUND' },
    });
    expect((await api('/events/abc/live-transcript')).status).toBe(400);
  });
});
