import { assets, type Database, events } from '@eh/db';
import type { CalendarEventType, EventStatus } from '@eh/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';

const eventColumns = {
  id: events.id,
  eventType: events.eventType,
  eventStatus: events.eventStatus,
  eventDate: events.eventDate,
  symbol: events.symbol,
  assetSymbol: assets.symbol,
  name: assets.name,
  title: events.title,
  description: events.description,
  earningsId: events.earningsId,
  periodYear: events.periodYear,
  period: events.period,
  details: events.details,
  audioUrl: events.audioUrl,
  youtubeUrl: events.youtubeUrl,
  source: events.source,
};

/** Events with their company's symbol and name. */
export function selectEvents(db: Database) {
  return db.select(eventColumns).from(events).leftJoin(assets, eq(assets.id, events.assetId));
}
export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

export interface ListEventsParams {
  /** Inclusive lower bound of the event time. */
  from?: Date | undefined;
  /** Live events whatever their start (a call begun before midnight is still on now): `from` bounds the others. */
  liveBeforeFrom?: boolean;
  /** Exclusive upper bound. */
  to?: Date | undefined;
  types?: readonly CalendarEventType[] | undefined;
  statuses?: readonly EventStatus[] | undefined;
  order: 'asc' | 'desc';
  limit: number;
}

/** Events in a time range by type and status (events_type_status_date_idx / events_date_idx). */
export async function listEvents(db: Database, params: ListEventsParams): Promise<EventRow[]> {
  const where: (SQL | undefined)[] = [
    params.from
      ? params.liveBeforeFrom
        ? or(eq(events.eventStatus, 'live'), gte(events.eventDate, params.from))
        : gte(events.eventDate, params.from)
      : undefined,
    params.to ? lt(events.eventDate, params.to) : undefined,
    params.types?.length ? inArray(events.eventType, [...params.types]) : undefined,
    params.statuses?.length ? inArray(events.eventStatus, [...params.statuses]) : undefined,
  ];
  const by = params.order === 'asc' ? asc : desc;
  return selectEvents(db)
    .where(and(...where))
    .orderBy(by(events.eventDate), by(events.id))
    .limit(params.limit);
}

export async function eventById(db: Database, params: { id: number }): Promise<EventRow | undefined> {
  const rows = await selectEvents(db).where(eq(events.id, params.id)).limit(1);
  return rows[0];
}

/** One company's events, newest first (events_asset_date_idx). */
export async function assetEvents(db: Database, params: { assetId: number; limit: number }): Promise<EventRow[]> {
  return selectEvents(db)
    .where(eq(events.assetId, params.assetId))
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(params.limit);
}

/** The live events streamed on YouTube, the most recently started first. */
export async function liveStream(db: Database): Promise<EventRow | undefined> {
  const rows = await selectEvents(db)
    .where(and(eq(events.eventStatus, 'live'), isNotNull(events.youtubeUrl)))
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(1);
  return rows[0];
}
