/**
 * Live calls against the real server, its worker loop and the socket: calls move upcoming → live →
 * closed by the clock (each move announced as an `event`), the demo keeps replays of its recorded calls live at
 * any hour, a live replay's sentences are stored once each and pushed with speaker turns, GET
 * /events/{id}/live-transcript gives what was said so far (free while live, the transcript feature once closed),
 * and finished replays are removed after an hour.
 */
import { randomUUID } from 'node:crypto';
import { events, liveTranscriptSegments } from '@eh/db';
import { DEMO_REPLAY_EVERY_MS, DEMO_REPLAY_SOURCE } from '@eh/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCalls } from '../../src/modules/live-calls/index.ts';
import { pruneReplays } from '../../src/modules/live-calls/queries.ts';
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

/** Waits until `check` gives a value (polling), up to `ms`. */
async function eventually<T>(check: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => {})));
  await server?.close();
});

describe('the demo replays', () => {
  it('keeps a few replays live at any hour, each of a recorded call, and schedules the next ones', async () => {
    const live = await eventually(async () => {
      const { json } = await api('/events?type=call&status=live&limit=500');
      const replays = json.events.filter((event: { source: string }) => event.source === DEMO_REPLAY_SOURCE);
      return replays.length >= 2 ? replays : null;
    }, 70_000);
    for (const replay of live) {
      expect(replay.title).toMatch(/ Earnings Call \(demo replay\)$/);
      expect(replay.description).toContain('no audio');
      expect(replay.audioUrl).toBeNull();
      expect(replay.details).toMatchObject({
        replay: true,
        hasTranscript: true,
        liveTranscript: { fileId: expect.any(String) },
      });
      expect(Date.parse(replay.eventDate) % DEMO_REPLAY_EVERY_MS).toBe(0);
    }
    // Different calls side by side.
    expect(new Set(live.map((replay: { symbol: string }) => replay.symbol)).size).toBe(live.length);
    const { json } = await api('/events?type=call&status=upcoming&limit=500');
    const next = json.events.filter((event: { source: string }) => event.source === DEMO_REPLAY_SOURCE);
    expect(next.length).toBeGreaterThan(0);
    for (const replay of next) expect(Date.parse(replay.eventDate)).toBeGreaterThan(Date.now() - 10_000);
  }, 90_000);

  it('speaks a live replay sentence by sentence: stored once each, in order, with speaker turns, pushed on the socket', async () => {
    // The newest replay: the most of its call still to say.
    const { json } = await api('/events?type=call&status=live&limit=500');
    const replay = json.events.filter((event: { source: string }) => event.source === DEMO_REPLAY_SOURCE).at(-1);
    const client = await follower(replay.id);
    const pushed = await client.next('event', (m) => m.data.id === replay.id && (m.segments?.length ?? 0) > 0, 30_000);
    expect(pushed.data).toMatchObject({ id: replay.id, eventStatus: 'live' });
    for (const segment of pushed.segments) {
      expect(segment).toMatchObject({
        seq: expect.any(Number),
        speaker: expect.any(String),
        turn: expect.any(Number),
        text: expect.any(String),
      });
      expect(Date.parse(segment.spokenAt)).toBeLessThanOrEqual(Date.now());
    }
    const sofar = await api(`/events/${replay.id}/live-transcript`);
    expect(sofar.status).toBe(200);
    expect(sofar.json).toMatchObject({ eventId: replay.id, eventStatus: 'live', available: true, gated: null });
    const seqs = sofar.json.segments.map((s: { seq: number }) => s.seq);
    expect(seqs).toEqual(seqs.map((_: number, index: number) => index));
    for (const segment of pushed.segments) expect(sofar.json.segments[segment.seq]).toEqual(segment);
    // The call opens with the operator, then the line passes on: turns go up one at a time as speakers change.
    expect(sofar.json.segments[0]).toMatchObject({ seq: 0, speaker: 'Operator', turn: 0, section: 'Operator' });
    for (let index = 1; index < sofar.json.segments.length; index += 1) {
      const [before, after] = [sofar.json.segments[index - 1], sofar.json.segments[index]];
      expect(after.turn - before.turn).toBe(after.speaker === before.speaker ? 0 : 1);
      expect(Date.parse(after.spokenAt)).toBeGreaterThan(Date.parse(before.spokenAt));
    }
    // A second loop (another node) stores and announces nothing twice.
    const before = await server.ctx.db
      .select({ seq: liveTranscriptSegments.seq })
      .from(liveTranscriptSegments)
      .where(eq(liveTranscriptSegments.eventId, replay.id));
    const other = createLiveCalls(server.ctx, server.app.log, { demo: true });
    await other.tick(new Date(), true);
    const after = await server.ctx.db
      .select({ seq: liveTranscriptSegments.seq })
      .from(liveTranscriptSegments)
      .where(eq(liveTranscriptSegments.eventId, replay.id))
      .orderBy(asc(liveTranscriptSegments.seq));
    expect(after.map((row) => row.seq)).toEqual(after.map((_, index) => index));
    expect(after.length).toBeGreaterThanOrEqual(before.length);
  }, 90_000);
});

describe('calls move on by the clock', () => {
  async function addCall(key: string, startsAgoMs: number, status: 'upcoming' | 'live', details = {}) {
    const [row] = await server.ctx.db
      .insert(events)
      .values({
        eventType: 'call',
        eventStatus: status,
        eventDate: new Date(Date.now() - startsAgoMs),
        symbol: 'ZQLC',
        title: `ZQ Live ${key}`,
        details,
        externalId: `live-calls-${key}-${randomUUID()}`,
        source: 'test',
      })
      .returning({ id: events.id });
    return row?.id ?? 0;
  }

  it('turns an upcoming call live at its start and closes one after its hour, announcing both', async () => {
    const starting = await addCall('starting', 1000, 'upcoming');
    const ending = await addCall('ending', 61 * 60_000, 'live');
    const estimated = await addCall('estimated', 1000, 'upcoming', { dateStatus: 'estimated' });
    const future = await addCall('future', -60 * 60_000, 'upcoming');
    const client = await follower('all');
    const loop = createLiveCalls(server.ctx, server.app.log, { demo: false });
    await loop.tick(new Date(), true);
    const status = async (id: number) => (await api(`/events/${id}`)).json.eventStatus;
    expect(await status(starting)).toBe('live');
    expect(await status(ending)).toBe('closed');
    // A date that is only estimated is left alone, and so is a call still to come.
    expect(await status(estimated)).toBe('upcoming');
    expect(await status(future)).toBe('upcoming');
    expect(await client.next('event', (m) => m.data.id === starting)).toMatchObject({ data: { eventStatus: 'live' } });
    expect(await client.next('event', (m) => m.data.id === ending)).toMatchObject({ data: { eventStatus: 'closed' } });
  });
});

describe('the live transcript of a finished call', () => {
  it('needs the transcript feature once the call has closed, and is gone with the replay an hour later', async () => {
    const [replay] = await server.ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.source, DEMO_REPLAY_SOURCE), eq(events.eventStatus, 'live')))
      .limit(1);
    if (!replay) throw new Error('no live replay');
    await eventually(async () => (await api(`/events/${replay.id}/live-transcript`)).json.segments.length > 0);
    // The call ends (ten minutes ago it began: over, and not yet old enough for the server's loop to remove).
    await server.ctx.db
      .update(events)
      .set({ eventStatus: 'closed', eventDate: new Date(Date.now() - 10 * 60_000) })
      .where(eq(events.id, replay.id));
    const anonymous = await api(`/events/${replay.id}/live-transcript`);
    expect(anonymous.json).toMatchObject({ eventStatus: 'closed', segments: [], gated: { feature: 'transcript' } });
    const member = await signedInUser(server, 'pro.livecalls@example.com');
    const me = await api('/core/users/me', member.headers);
    await setPlan(server.ctx.db, me.json.id, 'earningshub_pro');
    const pro = await api(`/events/${replay.id}/live-transcript`, member.headers);
    expect(pro.json.gated).toBeNull();
    expect(pro.json.segments.length).toBeGreaterThan(0);
    // An hour after it ended the replay goes, its transcript with it (an hour on, as the loop will see it).
    expect(await pruneReplays(server.ctx.db, new Date(Date.now() + 60 * 60_000))).toBeGreaterThan(0);
    expect((await api(`/events/${replay.id}`)).status).toBe(404);
    const left = await server.ctx.db
      .select()
      .from(liveTranscriptSegments)
      .where(eq(liveTranscriptSegments.eventId, replay.id));
    expect(left).toEqual([]);
  });

  it('says when a call has no live transcript, and 404 for an unknown one', async () => {
    const { json } = await api('/events?type=call&status=closed&limit=5');
    const plain = json.events.find((event: { source: string }) => event.source === 'demo');
    expect((await api(`/events/${plain.id}/live-transcript`)).json).toMatchObject({ available: false, segments: [] });
    expect((await api('/events/999999999/live-transcript')).status).toBe(404);
    expect((await api('/events/abc/live-transcript')).status).toBe(400);
  });
});
