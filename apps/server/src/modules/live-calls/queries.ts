import type { LiveTranscriptSegment } from '@eh/contracts';
import { assets, type Database, events, files, liveTranscriptSegments } from '@eh/db';
import { CALL_LIVE_MINUTES, DEMO_REPLAY_SOURCE } from '@eh/domain';
import { and, asc, eq, sql } from 'drizzle-orm';

/** A call's length: its own (`details.lengthMs`, the replays') or {@link CALL_LIVE_MINUTES}. */
const callLength = sql`coalesce((${events.details}->>'lengthMs')::bigint, ${CALL_LIVE_MINUTES * 60_000}) * interval '1 millisecond'`;
/** Calls whose date is only estimated are not moved: nobody knows the call is on. */
const dated = sql`coalesce(${events.details}->>'dateStatus', 'confirmed') <> 'estimated'`;

export interface MovedCall {
  id: number;
  eventStatus: 'live' | 'closed';
  eventDate: Date;
}

/**
 * Moves calls on by the clock (events_type_status_date_idx): upcoming ones whose start has come go live (or
 * straight to closed when their length has passed too), live ones whose length has passed close. Each row moves
 * in one statement, so among several nodes one reports it. Returns the calls moved.
 */
export async function moveCalls(db: Database, now: Date): Promise<MovedCall[]> {
  const at = now.toISOString();
  const closed = await db
    .update(events)
    .set({ eventStatus: 'closed', updatedAt: sql`now()` })
    .where(
      and(
        eq(events.eventType, 'call'),
        sql`${events.eventStatus} in ('upcoming', 'live')`,
        sql`${events.eventDate} + ${callLength} <= ${at}::timestamptz`,
        dated,
      ),
    )
    .returning({ id: events.id, eventStatus: events.eventStatus, eventDate: events.eventDate });
  const live = await db
    .update(events)
    .set({ eventStatus: 'live', updatedAt: sql`now()` })
    .where(
      and(
        eq(events.eventType, 'call'),
        eq(events.eventStatus, 'upcoming'),
        sql`${events.eventDate} <= ${at}::timestamptz`,
        dated,
      ),
    )
    .returning({ id: events.id, eventStatus: events.eventStatus, eventDate: events.eventDate });
  return [...closed, ...live] as MovedCall[];
}

export interface ScriptedCall {
  id: number;
  fileId: string;
  eventDate: Date;
}

/** Live calls with a transcript to speak (`details.liveTranscript.fileId`: the demo's replays). */
export async function liveScriptedCalls(db: Database): Promise<ScriptedCall[]> {
  const fileId = sql<string>`${events.details}->'liveTranscript'->>'fileId'`;
  return db
    .select({ id: events.id, fileId, eventDate: events.eventDate })
    .from(events)
    .where(and(eq(events.eventType, 'call'), eq(events.eventStatus, 'live'), sql`${fileId} is not null`))
    .orderBy(asc(events.eventDate), asc(events.id));
}

export interface ReplayCandidate {
  fileId: string;
  assetId: number;
  symbol: string;
  name: string;
  periodYear: number;
  period: string;
}

/** The latest transcript of each company that has one, by symbol: what the demo replays, in turn. */
export async function replayCandidates(db: Database): Promise<ReplayCandidate[]> {
  const rows = await db
    .selectDistinctOn([files.assetId], {
      fileId: files.id,
      assetId: files.assetId,
      symbol: assets.symbol,
      name: assets.name,
      periodYear: files.periodYear,
      period: files.period,
    })
    .from(files)
    .innerJoin(assets, eq(assets.id, files.assetId))
    .where(and(eq(files.type, 'transcript'), sql`${files.content} is not null`, eq(files.source, 'demo')))
    .orderBy(files.assetId, sql`${files.date} desc`, files.id);
  return rows.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.fileId.localeCompare(b.fileId));
}

export async function transcriptContent(db: Database, params: { fileId: string }): Promise<unknown> {
  const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, params.fileId)).limit(1);
  return row?.content ?? null;
}

/** Adds a replay unless its slot has one already; true when added. */
export async function addReplay(db: Database, row: typeof events.$inferInsert): Promise<number | null> {
  const [added] = await db.insert(events).values(row).onConflictDoNothing().returning({ id: events.id });
  return added?.id ?? null;
}

/** Removes the replays that ended before `before` (their transcripts and posts go with them). */
export async function pruneReplays(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(events)
    .where(
      and(
        eq(events.source, DEMO_REPLAY_SOURCE),
        eq(events.eventStatus, 'closed'),
        sql`${events.eventDate} + ${callLength} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: events.id });
  return removed.length;
}

type SegmentRow = Omit<typeof liveTranscriptSegments.$inferInsert, 'eventId'>;

/** Stores segments once: those another node stored first are skipped. Returns the ones this call stored. */
export async function addSegments(db: Database, eventId: number, rows: SegmentRow[]): Promise<LiveTranscriptSegment[]> {
  if (rows.length === 0) return [];
  const added = await db
    .insert(liveTranscriptSegments)
    .values(rows.map((row) => ({ ...row, eventId })))
    .onConflictDoNothing()
    .returning();
  return added.sort((a, b) => a.seq - b.seq).map(toSegment);
}

export async function segmentsOf(db: Database, params: { eventId: number; limit: number }) {
  const rows = await db
    .select()
    .from(liveTranscriptSegments)
    .where(eq(liveTranscriptSegments.eventId, params.eventId))
    .orderBy(asc(liveTranscriptSegments.seq))
    .limit(params.limit);
  return rows.map(toSegment);
}

function toSegment(row: typeof liveTranscriptSegments.$inferSelect): LiveTranscriptSegment {
  return {
    seq: row.seq,
    speaker: row.speaker,
    role: row.role,
    section: row.section,
    turn: row.turn,
    text: row.text,
    spokenAt: row.spokenAt.toISOString(),
  };
}
