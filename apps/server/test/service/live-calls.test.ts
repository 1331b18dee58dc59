/**
 * Live calls on the service tier, driving the live-calls loop turn by turn: calls move upcoming → live → closed by
 * the clock (each move told on the bus as an `event`, a move long past left silent), the demo keeps replays of its
 * recorded calls live at any hour, a live replay's sentences are stored once each (a second node adds and tells
 * nothing twice) with speaker turns, the transcript so far is free while live and needs the transcript feature once
 * closed, and finished replays are removed with their transcripts.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_TRANSCRIPT_MAX_SEGMENTS, type LiveTranscriptSegment } from '@eh/contracts';
import { events, liveTranscriptSegments } from '@eh/db';
import { type AccountFeatures, DEMO_REPLAY_EVERY_MS, DEMO_REPLAY_SOURCE } from '@eh/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../src/kernel/channels.ts';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import * as calendar from '../../src/modules/events/service.ts';
import { addReplay, pruneReplays, replayCandidates } from '../../src/modules/live-calls/queries.ts';
import { createLiveCalls, liveTranscript } from '../../src/modules/live-calls/service.ts';
import { eachDatabase, silentLog } from './context.ts';

interface Told {
  type: string;
  data: { id: number; eventStatus: string };
  segments?: LiveTranscriptSegment[];
}

eachDatabase((service) => {
  const ctx = () => service().ctx;
  let anonymous: AccountFeatures;
  let pro: AccountFeatures;
  let heard: Told[] = [];
  let stopListening: (() => Promise<void>) | undefined;
  const toldAbout = (id: number) => heard.filter((m) => m.type === 'event' && m.data.id === id);
  const transcript = (id: number, features = anonymous) =>
    liveTranscript(ctx(), features, id, LIVE_TRANSCRIPT_MAX_SEGMENTS);
  const replays = async (status: 'live' | 'upcoming') =>
    ctx()
      .db.select()
      .from(events)
      .where(and(eq(events.source, DEMO_REPLAY_SOURCE), eq(events.eventStatus, status)))
      .orderBy(asc(events.eventDate));
  const storedSeqs = async (id: number) =>
    (
      await ctx()
        .db.select({ seq: liveTranscriptSegments.seq })
        .from(liveTranscriptSegments)
        .where(eq(liveTranscriptSegments.eventId, id))
        .orderBy(asc(liveTranscriptSegments.seq))
    ).map((row) => row.seq);
  const upTo = (n: number) => Array.from({ length: n }, (_, index) => index);

  beforeAll(async () => {
    anonymous = await featuresOf(ctx(), undefined);
    pro = await featuresOf(ctx(), await service().user({ plan: 'earningshub_pro' }));
  });
  beforeEach(async () => {
    heard = [];
    stopListening = await ctx().bus.subscribe(LIVE_CHANNEL, (message) => {
      heard.push(message as Told);
    });
  });
  afterEach(async () => {
    await stopListening?.();
  });

  describe('the demo replays', () => {
    const loop = () => createLiveCalls(ctx(), silentLog, { demo: true });

    it('keeps a few replays live at any hour, each of a recorded call, and schedules the next ones', async () => {
      const candidates = await replayCandidates(ctx().db);
      expect(candidates.length).toBeGreaterThan(1);
      // One per company, its latest transcript, in symbol order.
      expect(new Set(candidates.map((c) => c.assetId)).size).toBe(candidates.length);
      expect(candidates.map((c) => c.symbol)).toEqual(
        candidates.map((c) => c.symbol).sort((a, b) => a.localeCompare(b)),
      );

      // A minute into the latest slot that has passed that minute: the replay started then is live, and so is the one
      // before it (a demo call takes more than three minutes).
      const now = new Date(Math.floor((Date.now() - 60_000) / DEMO_REPLAY_EVERY_MS) * DEMO_REPLAY_EVERY_MS + 60_000);
      await loop().tick(now, true);
      const live = (
        await calendar.list(ctx(), anonymous, { type: ['call'], status: ['live'], limit: 500 })
      ).events.filter((event) => event.source === DEMO_REPLAY_SOURCE);
      expect(live.length).toBeGreaterThanOrEqual(2);
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
      expect(new Set(live.map((replay) => replay.symbol)).size).toBe(live.length);
      const next = await replays('upcoming');
      expect(next.length).toBeGreaterThan(0);
      for (const replay of next) expect(replay.eventDate.getTime()).toBeGreaterThan(now.getTime());
      // A slot holds one replay: adding it again adds nothing.
      const [taken] = next;
      if (!taken) throw new Error('no upcoming replay');
      const { id: _, updatedAt: __, ...again } = taken;
      expect(await addReplay(ctx().db, again)).toBeNull();
    });

    it('speaks a live replay sentence by sentence: stored once each, in order, with speaker turns, told on the bus', async () => {
      const speaker = loop();
      // The newest replay: the most of its call still to say.
      const replay = (await replays('live')).at(-1);
      if (!replay) throw new Error('no live replay');
      await expect
        .poll(
          async () => {
            await speaker.tick();
            return toldAbout(replay.id).some((m) => (m.segments?.length ?? 0) > 0);
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(true);
      const pushed = toldAbout(replay.id).flatMap((m) => m.segments ?? []);
      expect(toldAbout(replay.id)[0]?.data).toMatchObject({ id: replay.id, eventStatus: 'live' });
      for (const segment of pushed) {
        expect(segment).toMatchObject({
          seq: expect.any(Number),
          speaker: expect.any(String),
          turn: expect.any(Number),
          text: expect.any(String),
        });
        expect(Date.parse(segment.spokenAt)).toBeLessThanOrEqual(Date.now());
      }
      const sofar = await transcript(replay.id);
      expect(sofar).toMatchObject({ eventId: replay.id, eventStatus: 'live', available: true, gated: null });
      expect(sofar.segments.map((s) => s.seq)).toEqual(upTo(sofar.segments.length));
      for (const segment of pushed) expect(sofar.segments[segment.seq]).toEqual(segment);
      // The call opens with the operator, then the line passes on: turns go up one at a time as speakers change.
      expect(sofar.segments[0]).toMatchObject({ seq: 0, speaker: 'Operator', turn: 0, section: 'Operator' });
      for (let index = 1; index < sofar.segments.length; index += 1) {
        const [before, after] = [sofar.segments[index - 1], sofar.segments[index]];
        if (!before || !after) throw new Error('a segment is missing');
        expect(after.turn - before.turn).toBe(after.speaker === before.speaker ? 0 : 1);
        expect(Date.parse(after.spokenAt)).toBeGreaterThan(Date.parse(before.spokenAt));
      }

      // A second loop (another node) stores and tells nothing twice.
      const before = await storedSeqs(replay.id);
      heard = [];
      await loop().tick(new Date(), true);
      const after = await storedSeqs(replay.id);
      expect(after).toEqual(upTo(after.length));
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      await expect
        .poll(() =>
          toldAbout(replay.id)
            .flatMap((m) => m.segments ?? [])
            .map((s) => s.seq),
        )
        .toEqual(after.slice(before.length));
    });
  });

  describe('calls move on by the clock', () => {
    async function addCall(key: string, startsAgoMs: number, status: 'upcoming' | 'live', details = {}) {
      const [row] = await ctx()
        .db.insert(events)
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

    it('turns an upcoming call live at its start and closes one after its hour, telling both', async () => {
      const starting = await addCall('starting', 1000, 'upcoming');
      const ending = await addCall('ending', 61 * 60_000, 'live');
      const estimated = await addCall('estimated', 1000, 'upcoming', { dateStatus: 'estimated' });
      const future = await addCall('future', -60 * 60_000, 'upcoming');
      const forgotten = await addCall('forgotten', 3 * 86_400_000, 'upcoming');
      await createLiveCalls(ctx(), silentLog, { demo: false }).tick(new Date(), true);
      const status = async (id: number) => (await calendar.one(ctx(), anonymous, id)).eventStatus;
      expect(await status(starting)).toBe('live');
      expect(await status(ending)).toBe('closed');
      // A date that is only estimated is left alone, and so is a call still to come.
      expect(await status(estimated)).toBe('upcoming');
      expect(await status(future)).toBe('upcoming');
      // A call that ended days ago closes without telling anyone.
      expect(await status(forgotten)).toBe('closed');
      await expect
        .poll(() => [starting, ending].map((id) => toldAbout(id).map((m) => m.data.eventStatus)))
        .toEqual([['live'], ['closed']]);
      expect(toldAbout(forgotten)).toEqual([]);
    });
  });

  describe('the live transcript of a finished call', () => {
    it('needs the transcript feature once the call has closed, and is gone with the replay an hour later', async () => {
      const speaker = createLiveCalls(ctx(), silentLog, { demo: true });
      // The newest replay: the furthest from its end.
      const replay = (await replays('live')).at(-1);
      if (!replay) throw new Error('no live replay');
      await expect
        .poll(
          async () => {
            await speaker.tick();
            return (await transcript(replay.id)).segments.length;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBeGreaterThan(0);
      // The call ends (ten minutes ago it began: over, and not yet old enough for the loop to remove).
      await ctx()
        .db.update(events)
        .set({ eventStatus: 'closed', eventDate: new Date(Date.now() - 10 * 60_000) })
        .where(eq(events.id, replay.id));
      expect(await transcript(replay.id)).toMatchObject({
        eventStatus: 'closed',
        available: true,
        segments: [],
        gated: { feature: 'transcript', hidden: 1 },
      });
      const paid = await transcript(replay.id, pro);
      expect(paid.gated).toBeNull();
      expect(paid.segments.length).toBeGreaterThan(0);
      // An hour after it ended the replay goes, its transcript with it (an hour on, as the loop will see it).
      expect(await pruneReplays(ctx().db, new Date(Date.now() + 60 * 60_000))).toBeGreaterThan(0);
      await expect(calendar.one(ctx(), anonymous, replay.id)).rejects.toMatchObject({ statusCode: 404 });
      expect(await storedSeqs(replay.id)).toEqual([]);
    });

    it('says when a call has no live transcript, and refuses an unknown one', async () => {
      const plain = (
        await calendar.list(ctx(), anonymous, { type: ['call'], status: ['closed'], limit: 5 })
      ).events.find((event) => event.source === 'demo');
      if (!plain) throw new Error('no recorded demo call');
      expect(await transcript(plain.id, pro)).toEqual({
        eventId: plain.id,
        eventStatus: 'closed',
        available: false,
        segments: [],
        gated: null,
      });
      await expect(transcript(999_999_999)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Unknown event: 999999999',
      });
    });
  });
});
