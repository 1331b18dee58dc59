import type { CalendarEvent, getEvents, getSymbolEvents, getYoutubeStream, ResponseOf } from '@eh/contracts';
import {
  type AccountFeatures,
  addDays,
  type CalendarEventType,
  type EventStatus,
  eventGate,
  type IsoDate,
  mergeMarkers,
  nyDate,
  nyToUtc,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { findAsset } from '../quotes/index.ts';
import * as q from './queries.ts';

/** An event as this caller may see it: gated figures and recordings withheld, with the marker saying so. */
export function toEvent(row: q.EventRow, features: AccountFeatures): CalendarEvent {
  const gated = eventGate(
    { eventType: row.eventType, eventStatus: row.eventStatus, hasAudio: row.audioUrl !== null },
    features,
  );
  const figuresHidden = gated?.feature === 'economicCalendar' || gated?.feature === 'fedCalendar';
  return {
    id: row.id,
    eventType: row.eventType,
    eventStatus: row.eventStatus,
    eventDate: row.eventDate.toISOString(),
    symbol: row.assetSymbol ?? row.symbol,
    name: row.name,
    title: row.title,
    description: row.description,
    earningsId: row.earningsId,
    periodYear: row.periodYear,
    period: row.period,
    details: figuresHidden ? {} : row.details,
    audioUrl: gated?.feature === 'historicalAudio' ? null : row.audioUrl,
    youtubeUrl: row.youtubeUrl,
    source: row.source,
    gated,
  };
}

export interface EventsQuery {
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
  type?: CalendarEventType[] | undefined;
  status?: EventStatus[] | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
}

/**
 * Events in New York days start…end. Recorded events (status=closed alone) read newest first; everything else oldest
 * first, from today when no window is given.
 */
export async function list(
  ctx: AppContext,
  features: AccountFeatures,
  query: EventsQuery,
  now = new Date(),
): Promise<ResponseOf<typeof getEvents>> {
  const recorded = query.status?.length === 1 && query.status[0] === 'closed';
  const order = query.order ?? (recorded ? 'desc' : 'asc');
  const start = query.start ?? (order === 'asc' && !query.end ? nyDate(now) : undefined);
  const rows = await q.listEvents(ctx.db, {
    from: start ? nyToUtc(start) : undefined,
    // From today, when no window is given: a call still live since yesterday evening is still today's.
    liveBeforeFrom: !query.start && (query.status?.includes('live') ?? true),
    to: query.end ? nyToUtc(addDays(query.end, 1)) : undefined,
    types: query.type,
    statuses: query.status,
    order,
    limit: query.limit + 1,
  });
  const shown = rows.slice(0, query.limit).map((row) => toEvent(row, features));
  return { events: shown, hasMore: rows.length > query.limit, gated: mergeMarkers(shown.map((e) => e.gated)) };
}

export async function one(ctx: AppContext, features: AccountFeatures, id: number): Promise<CalendarEvent> {
  const row = await q.eventById(ctx.db, { id });
  if (!row) throw notFound(`Unknown event: ${id}`);
  return toEvent(row, features);
}

export async function ofSymbol(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
  limit: number,
): Promise<ResponseOf<typeof getSymbolEvents>> {
  const asset = await findAsset(ctx.db, { symbol });
  if (!asset) throw notFound(`Unknown symbol: ${symbol.toUpperCase()}`);
  const rows = await q.assetEvents(ctx.db, { assetId: asset.id, limit: limit + 1 });
  const shown = rows.slice(0, limit).map((row) => toEvent(row, features));
  return {
    symbol: asset.symbol,
    events: shown,
    hasMore: rows.length > limit,
    gated: mergeMarkers(shown.map((e) => e.gated)),
  };
}

export async function youtubeStream(ctx: AppContext): Promise<ResponseOf<typeof getYoutubeStream>> {
  const row = await q.liveStream(ctx.db);
  if (!row?.youtubeUrl) return { stream: null };
  return {
    stream: {
      eventId: row.id,
      eventType: row.eventType,
      title: row.title,
      symbol: row.assetSymbol ?? row.symbol,
      youtubeUrl: row.youtubeUrl,
      eventDate: row.eventDate.toISOString(),
    },
  };
}
