/**
 * Live calls: calls move upcoming → live → closed by the clock, a call with a transcript to speak is
 * spoken live sentence by sentence (stored once, pushed on the socket as `event` messages carrying `segments`), and
 * the demo keeps a replay of one of its recorded calls starting every two minutes, so a few are live at any hour.
 * The loop runs on every node with the worker role; each change is a single statement (an update, or an insert
 * that skips what is there), so among several nodes exactly one announces it.
 */
import type { getLiveTranscript, ResponseOf } from '@eh/contracts';
import {
  type AccountFeatures,
  accountFeaturesFor,
  type CallScript,
  callScript,
  callStatusAt,
  canUse,
  DEMO_REPLAY_AHEAD_MS,
  DEMO_REPLAY_KEEP_MS,
  DEMO_REPLAY_SOURCE,
  DEMO_REPLAY_TAIL_MS,
  type FiscalPeriod,
  MS_PER_DAY,
  MS_PER_MINUTE,
  replayChoice,
  replayExternalId,
  replaySlots,
  segmentsSaid,
  TEAM_PLAN,
} from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { turnsEvery } from '../../kernel/jobs/turns.ts';
import { publishLive } from '../../kernel/live.ts';
import { indexSpokenSegments } from '../call-search/index.ts';
import { eventById, toEvent } from '../events/index.ts';
import * as q from './queries.ts';

/** Events are published as a caller with every feature sees them; the socket gates each client (sync/gate.ts). */
const EVERY_FEATURE = accountFeaturesFor({ plan: TEAM_PLAN, subscriptionType: 'paid', status: 'active' });

/** How often the loop looks for segments to speak. */
export const LIVE_CALLS_TICK_MS = 1000;
/** How often calls are moved on, replays scheduled and old ones removed. */
export const LIVE_CALLS_MAINTAIN_MS = 5000;
/** How far back a replay may have started and still be on (longer than any demo call). */
const REPLAY_LOOKBACK_MS = 30 * MS_PER_MINUTE;
/** The replay candidates are read again after this long (new transcripts arrive with the daily roll). */
const CANDIDATES_TTL_MS = 10 * MS_PER_MINUTE;
/** Segments of one call stored and pushed per tick at most (a node back from a long pause catches up in steps). */
const SEGMENTS_PER_TICK = 200;
/** Moved calls further back than this change silently (a first start after a long stop): nobody watches them. */
const ANNOUNCE_WITHIN_MS = MS_PER_DAY;

/** A stored transcript's sections as far as speaking them needs (files.content; `startMs` and the rest ignored). */
const StoredTranscript = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      paragraphs: z.array(z.object({ speaker: z.string(), role: z.string().nullable().catch(null), text: z.string() })),
    }),
  ),
});

export interface LiveCallsOptions {
  /** Schedule the demo's replays (the demo market is seeded). */
  demo: boolean;
  tickMs?: number;
  maintainMs?: number;
}

export interface LiveCalls {
  start(): void;
  /** Stops the loop and waits for a turn in progress. */
  stop(): Promise<void>;
  /** One turn: maintenance when due (or `maintain`), then the segments due at `now`. */
  tick(now?: Date, maintain?: boolean): Promise<void>;
}

export function createLiveCalls(ctx: AppContext, log: FastifyBaseLogger, options: LiveCallsOptions): LiveCalls {
  const tickMs = options.tickMs ?? LIVE_CALLS_TICK_MS;
  const maintainMs = options.maintainMs ?? LIVE_CALLS_MAINTAIN_MS;
  const scripts = new Map<string, CallScript | null>();
  /** The segments each live call has said as far as this node knows (the next to store). */
  const said = new Map<number, number>();
  let live: q.ScriptedCall[] = [];
  let candidates: { at: number; list: q.ReplayCandidate[] } | null = null;
  /** Replay slots this node has made sure of (an insert per slot once, not every maintenance). */
  const ensured = new Set<number>();
  let lastMaintained = Number.NEGATIVE_INFINITY;

  async function scriptOf(fileId: string): Promise<CallScript | null> {
    if (scripts.has(fileId)) return scripts.get(fileId) ?? null;
    const parsed = StoredTranscript.safeParse(await q.transcriptContent(ctx.db, { fileId }));
    const script = parsed.success ? callScript(parsed.data.sections) : null;
    if (script && script.segments.length === 0) scripts.set(fileId, null);
    else scripts.set(fileId, script);
    return scripts.get(fileId) ?? null;
  }

  async function announce(id: number, segments?: Awaited<ReturnType<typeof q.addSegments>>) {
    const row = await eventById(ctx.db, { id });
    if (!row) return;
    await publishLive(ctx, {
      type: 'event',
      data: toEvent(row, EVERY_FEATURE),
      ...(segments?.length ? { segments } : {}),
    });
  }

  /** Schedules the replays starting from a little while ago to a few minutes ahead, each once. */
  async function scheduleReplays(now: Date) {
    if (!candidates || now.getTime() - candidates.at > CANDIDATES_TTL_MS)
      candidates = { at: now.getTime(), list: await q.replayCandidates(ctx.db) };
    const list = candidates.list;
    if (list.length === 0) return;
    const nowMs = now.getTime();
    const slots = replaySlots(nowMs - REPLAY_LOOKBACK_MS, nowMs + DEMO_REPLAY_AHEAD_MS);
    for (const slot of ensured) if (slot < (slots[0] ?? 0)) ensured.delete(slot);
    for (const start of slots) {
      if (ensured.has(start)) continue;
      const candidate = list[replayChoice(start, list.length)];
      if (!candidate) continue;
      const script = await scriptOf(candidate.fileId);
      if (!script) continue;
      const lengthMs = script.lengthMs + DEMO_REPLAY_TAIL_MS;
      // A replay that would be over already is not made up after the fact.
      if (start + lengthMs <= nowMs) continue;
      const period = candidate.period as FiscalPeriod;
      await q.addReplay(ctx.db, {
        eventType: 'call',
        eventStatus: callStatusAt(start, lengthMs, nowMs),
        eventDate: new Date(start),
        assetId: candidate.assetId,
        symbol: candidate.symbol,
        title: `${candidate.name} ${period} ${candidate.periodYear} Earnings Call (demo replay)`,
        description: `A replay of the demo market's recorded ${period} ${candidate.periodYear} call, spoken at speaking pace as if live, so a live call can be tried at any hour. It has no audio. Replays are removed an hour after they end.`,
        periodYear: candidate.periodYear,
        period,
        details: {
          dateStatus: 'confirmed',
          hasTranscript: true,
          replay: true,
          lengthMs,
          liveTranscript: { fileId: candidate.fileId },
        },
        audioUrl: null,
        youtubeUrl: null,
        externalId: replayExternalId(start),
        source: DEMO_REPLAY_SOURCE,
      });
      ensured.add(start);
    }
  }

  async function maintain(now: Date) {
    if (options.demo) await scheduleReplays(now);
    const moved = await q.moveCalls(ctx.db, now);
    for (const call of moved) {
      if (now.getTime() - call.eventDate.getTime() > ANNOUNCE_WITHIN_MS) continue;
      await announce(call.id);
      if (call.eventStatus === 'closed') said.delete(call.id);
    }
    live = await q.liveScriptedCalls(ctx.db);
    const ids = new Set(live.map((call) => call.id));
    for (const id of said.keys()) if (!ids.has(id)) said.delete(id);
    if (options.demo) await q.pruneReplays(ctx.db, new Date(now.getTime() - DEMO_REPLAY_KEEP_MS));
    lastMaintained = now.getTime();
  }

  /** Stores and pushes what each live call has said since the last turn. */
  async function speak(now: Date) {
    for (const call of live) {
      const script = await scriptOf(call.fileId);
      if (!script) continue;
      const due = segmentsSaid(script, now.getTime() - call.eventDate.getTime());
      const from = said.get(call.id) ?? 0;
      if (due <= from) continue;
      const upTo = Math.min(due, from + SEGMENTS_PER_TICK);
      const rows = script.segments.slice(from, upTo).map((segment) => ({
        seq: segment.seq,
        speaker: segment.speaker,
        role: segment.role,
        section: segment.section,
        turn: segment.turn,
        text: segment.text,
        spokenAt: new Date(call.eventDate.getTime() + segment.endMs),
      }));
      const added = await q.addSegments(ctx.db, call.id, rows);
      said.set(call.id, upTo);
      if (added.length > 0) await announce(call.id, added);
      // What was said is searchable at once, and tried on the saved searches (keyword alerts).
      if (added.length > 0) await indexSpokenSegments(ctx.db, call.id);
    }
  }

  async function tick(now = new Date(), forceMaintain = false) {
    if (forceMaintain || now.getTime() - lastMaintained >= maintainMs) await maintain(now);
    await speak(now);
  }

  return { ...turnsEvery(tickMs, () => tick(), log, 'live calls turn failed'), tick };
}

/**
 * GET /events/{id}/live-transcript: what the call has said so far. Free while it is live (like listening in);
 * once closed it is a transcript, behind the transcript feature.
 */
export async function liveTranscript(
  ctx: AppContext,
  features: AccountFeatures,
  id: number,
  limit: number,
): Promise<ResponseOf<typeof getLiveTranscript>> {
  const row = await eventById(ctx.db, { id });
  if (!row) throw notFound(`Unknown event: ${id}`);
  const available = row.eventType === 'call' && typeof row.details.liveTranscript === 'object';
  const gated =
    row.eventStatus === 'closed' && !canUse(features, 'transcript')
      ? { feature: 'transcript' as const, hidden: 1 }
      : null;
  const segments = available && !gated ? await q.segmentsOf(ctx.db, { eventId: id, limit }) : [];
  return { eventId: id, eventStatus: row.eventStatus, available, segments, gated };
}
