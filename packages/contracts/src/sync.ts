import { CONTENT_TYPES, LIVE_ALL_EVENTS, LIVE_TARGETS, type LiveTarget, SYMBOL_FILTERS } from '@eh/domain';
import { z } from 'zod';
import { SymbolString } from './common.ts';
import { EarningsRow } from './earnings.ts';
import { CalendarEvent } from './events.ts';
import { FILE_FILTERS, FileMeta } from './files.ts';
import { LiveTranscriptSegment } from './live-calls.ts';
import { AssetRef, Quote } from './market.ts';
import { NewsItem } from './news.ts';
import { SafeString, textProblem } from './text.ts';

/**
 * SPEC §7 Live socket (`/sync`): one typed map of the messages both ways, used by the server, the worker and the
 * web client (DESIGN §9 typed socket events). A client sends subscribe / unsubscribe (and pause / unpause, ping);
 * the server sends the data types of SPEC §7 (quote, quotes, marketNews, marketDataAssetFile,
 * events_community_post, event), acknowledgements, and an error frame for every message it could not take.
 */

/** Most items one target of one message names (the batch quote call's limit). */
export const LIVE_TARGET_ITEMS_MAX = 200;
/** Most items one connection follows over all its targets; beyond it a subscription is refused. */
export const LIVE_SUBSCRIPTIONS_MAX = 1000;
/** A client message larger than this (UTF-8 bytes) is answered with an error frame and otherwise ignored. */
export const LIVE_CLIENT_MESSAGE_MAX_BYTES = 16 * 1024;

const Datetime = z.iso.datetime();
const Symbols = z.array(SymbolString).max(LIVE_TARGET_ITEMS_MAX, `must name at most ${LIVE_TARGET_ITEMS_MAX} items`);
const EventId = z
  .number()
  .int('must be an event id')
  .positive('must be an event id')
  .max(2_147_483_647, 'must be an event id');

/** SPEC §7 targets, each with its items. */
export const LiveTargets = z
  .strictObject({
    /** The caller's own stock lists (ids): the quotes of their symbols. Signed-in owners only. */
    portfolios: z.array(z.uuid('must be a list id')).max(LIVE_TARGET_ITEMS_MAX).optional(),
    stocks: Symbols.optional(),
    otcs: Symbols.optional(),
    cryptos: Symbols.optional(),
    /** News of these content types. */
    news: z.array(z.enum(CONTENT_TYPES)).max(CONTENT_TYPES.length).optional(),
    /** News about these symbols. */
    newsSymbols: Symbols.optional(),
    /**
     * News about the symbols of these filter groups (`all`: every item). The custom group is the caller's own
     * symbols (their lists and alerts), signed-in callers only.
     */
    newsFilter: z.array(z.enum(SYMBOL_FILTERS)).max(SYMBOL_FILTERS.length).optional(),
    /** New files of these feeds (the feeds of GET /pricing/files/filter/{filter}). */
    filesFilter: z.array(z.enum(FILE_FILTERS)).max(FILE_FILTERS.length).optional(),
    /** Changes of these events and their community posts; `all` follows every event. */
    events: z
      .array(z.union([EventId, z.literal(LIVE_ALL_EVENTS)]))
      .max(LIVE_TARGET_ITEMS_MAX)
      .optional(),
  })
  .refine((targets) => LIVE_TARGETS.some((target) => (targets[target]?.length ?? 0) > 0), {
    message: `must name at least one item in one of ${LIVE_TARGETS.join(', ')}`,
  });
export type LiveTargets = z.infer<typeof LiveTargets>;
/** Every target, with its items: what acknowledgements carry. */
export type LiveTargetItems = { [K in LiveTarget]?: NonNullable<LiveTargets[K]> };

const RequestId = SafeString.min(1).max(64, 'must be at most 64 characters');

// ---- client → server -------------------------------------------------------------------------------------------

export const LIVE_CLIENT_MESSAGES = {
  subscribe: z.strictObject({ type: z.literal('subscribe'), targets: LiveTargets, requestId: RequestId.optional() }),
  unsubscribe: z.strictObject({
    type: z.literal('unsubscribe'),
    targets: LiveTargets,
    requestId: RequestId.optional(),
  }),
  /** SPEC §4: the tab is hidden; quotes wait (coalesced, so nothing piles up) until `unpause`. */
  pause: z.strictObject({ type: z.literal('pause') }),
  unpause: z.strictObject({ type: z.literal('unpause') }),
  ping: z.strictObject({ type: z.literal('ping'), requestId: RequestId.optional() }),
} as const;
export type LiveClientMessageType = keyof typeof LIVE_CLIENT_MESSAGES;
export type LiveClientMessageMap = { [K in LiveClientMessageType]: z.infer<(typeof LIVE_CLIENT_MESSAGES)[K]> };
export type LiveClientMessage = LiveClientMessageMap[LiveClientMessageType];
export const LiveClientMessage = z.discriminatedUnion('type', [
  LIVE_CLIENT_MESSAGES.subscribe,
  LIVE_CLIENT_MESSAGES.unsubscribe,
  LIVE_CLIENT_MESSAGES.pause,
  LIVE_CLIENT_MESSAGES.unpause,
  LIVE_CLIENT_MESSAGES.ping,
]);

// ---- server → client -------------------------------------------------------------------------------------------

/** What an error frame says went wrong. */
export const LIVE_ERROR_CODES = [
  /** Not JSON. */
  'invalid_json',
  /** Text with a NUL character or a lone surrogate. */
  'invalid_text',
  /** Larger than {@link LIVE_CLIENT_MESSAGE_MAX_BYTES}. */
  'too_large',
  /** A binary frame: the socket speaks JSON text. */
  'binary_frame',
  /** A `type` the socket does not know. */
  'unknown_type',
  /** The right type in the wrong shape; `path` names the field. */
  'invalid_message',
  /** A key such as `__proto__`. */
  'forbidden_key',
  /** A target the caller may not follow (someone else's list). */
  'forbidden',
  /** More items than a connection may follow. */
  'too_many_subscriptions',
  /** Messages faster than the allowance: this one was ignored. */
  'rate_limited',
  /** No `app`, or a credential that does not verify; the socket closes after it. */
  'unauthorized',
  'bad_request',
  /** The server could not apply a subscription now (its database unreachable): send it again. */
  'unavailable',
] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

/** SPEC §3 community post of an event, as the socket announces it. */
export const LiveCommunityPost = z.object({
  id: z.string(),
  eventId: z.number().int(),
  content: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: Datetime,
  updatedAt: Datetime.nullable(),
});
export type LiveCommunityPost = z.infer<typeof LiveCommunityPost>;

const CommunityPostMessage = z.discriminatedUnion('action', [
  z.object({
    type: z.literal('events_community_post'),
    action: z.enum(['created', 'updated']),
    data: LiveCommunityPost,
  }),
  z.object({
    type: z.literal('events_community_post'),
    action: z.literal('deleted'),
    data: z.object({ id: z.string(), eventId: z.number().int() }),
  }),
]);

export const LIVE_SERVER_MESSAGES = {
  /** First frame of every connection: who the server took the client for, and the socket's rhythm. */
  welcome: z.object({
    type: z.literal('welcome'),
    user: z.enum(['anonymous', 'signedIn']),
    quoteIntervalMs: z.number().int(),
    subscriptionBatchMs: z.number().int(),
    subscriptionsMax: z.number().int(),
  }),
  /** A subscribe applied: the items now followed (symbols as stored) and the symbols no asset has. */
  subscribed: z.object({
    type: z.literal('subscribed'),
    requestId: z.string().nullable(),
    targets: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
    missing: z.array(AssetRef),
  }),
  unsubscribed: z.object({
    type: z.literal('unsubscribed'),
    requestId: z.string().nullable(),
    targets: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
  }),
  /** One asset's current quote, sent when the asset is subscribed (the display is right before the first tick). */
  quote: z.object({ type: z.literal('quote'), data: Quote }),
  /** The quotes that moved since the last batch (one per asset), at most one message per client per second. */
  quotes: z.object({ type: z.literal('quotes'), at: Datetime, data: z.array(Quote) }),
  marketNews: z.object({ type: z.literal('marketNews'), data: NewsItem }),
  marketDataAssetFile: z.object({ type: z.literal('marketDataAssetFile'), data: FileMeta }),
  events_community_post: CommunityPostMessage,
  /**
   * An event changed (its status, time or figures). While a call is live, its new transcript sentences ride along
   * in `segments` (in order; a client merges them by `seq`: docs/decisions/0026).
   */
  event: z.object({
    type: z.literal('event'),
    data: CalendarEvent,
    segments: z.array(LiveTranscriptSegment).optional(),
    /**
     * The report the event belongs to, when its results landed or changed (`data` is its earnings call): as the
     * earnings calls answer it, so the calendar and a company's earnings replace their copy by `id`.
     */
    earnings: EarningsRow.optional(),
  }),
  pong: z.object({ type: z.literal('pong'), requestId: z.string().nullable() }),
  error: z.object({
    type: z.literal('error'),
    code: z.enum(LIVE_ERROR_CODES),
    message: z.string(),
    /** The field at fault, dotted (`targets.stocks.0`). */
    path: z.string().nullable(),
    requestId: z.string().nullable(),
  }),
} as const;
export type LiveServerMessageType = keyof typeof LIVE_SERVER_MESSAGES;
export type LiveServerMessageMap = { [K in LiveServerMessageType]: z.infer<(typeof LIVE_SERVER_MESSAGES)[K]> };
export type LiveServerMessage = LiveServerMessageMap[LiveServerMessageType];
export type LiveError = LiveServerMessageMap['error'];

/** SPEC §7 incoming data types: what the rest of the server publishes to clients. */
export const LIVE_DATA_TYPES = [
  'marketDataAssetFile',
  'marketNews',
  'events_community_post',
  'quote',
  'quotes',
  'event',
] as const satisfies readonly LiveServerMessageType[];
export type LiveDataType = (typeof LIVE_DATA_TYPES)[number];
export type LiveDataMessage = LiveServerMessageMap[LiveDataType];

/** The data messages as the bus carries them (validated where they are published). */
export const LiveDataMessage = z.discriminatedUnion('type', [
  LIVE_SERVER_MESSAGES.marketDataAssetFile,
  LIVE_SERVER_MESSAGES.marketNews,
  CommunityPostMessage,
  LIVE_SERVER_MESSAGES.quote,
  LIVE_SERVER_MESSAGES.quotes,
  LIVE_SERVER_MESSAGES.event,
]);

const QUOTE_NULLABLE_NUMBERS = ['prevClose', 'open', 'lowPrice', 'highPrice', 'volume', 'change', 'changePercent'];
const QUOTE_KEYS = new Set(Object.keys(Quote.shape));
const ASSET_TYPES = new Set<unknown>(Quote.shape.type.options);
const EXTENDED_KEYS = new Set(['price', 'session', 'at', 'change', 'changePercent']);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isDatetime = (value: unknown) => typeof value === 'string' && Datetime.safeParse(value).success;

function isExtended(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  for (const key in v) if (!EXTENDED_KEYS.has(key)) return false;
  return (
    isNumber(v.price) &&
    (v.session === 'pre' || v.session === 'after') &&
    (v.at === null || isDatetime(v.at)) &&
    isNumber(v.change) &&
    (v.changePercent === null || isNumber(v.changePercent))
  );
}

/**
 * Exactly the quotes {@link Quote} accepts unchanged (no key it would strip, no default it would add), checked by
 * hand: a node reading a thousand quotes a second off the bus pays microseconds, not a schema walk per quote.
 * Anything else is left to the schema (`false` never means invalid, only "not the fast case").
 */
export function isPlainQuote(value: unknown): value is Quote {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  for (const key in v) if (!QUOTE_KEYS.has(key)) return false;
  if (typeof v.symbol !== 'string' || typeof v.name !== 'string' || typeof v.source !== 'string') return false;
  if (!ASSET_TYPES.has(v.type) || !isNumber(v.price) || !isDatetime(v.quotedAt)) return false;
  for (const key of QUOTE_NULLABLE_NUMBERS) if (v[key] !== null && !isNumber(v[key])) return false;
  return 'extended' in v ? v.extended !== undefined && isExtended(v.extended) : true;
}

/**
 * A data message off the bus: a `quotes` batch whose every quote is plain ({@link isPlainQuote}) is taken as it is
 * (the hot path), anything else goes through {@link LiveDataMessage}.
 */
export function readLiveDataMessage(
  value: unknown,
): { success: true; data: LiveDataMessage } | { success: false; error: z.ZodError } {
  if (typeof value === 'object' && value !== null) {
    const v = value as Record<string, unknown>;
    if (
      v.type === 'quotes' &&
      Object.keys(v).length === 3 &&
      isDatetime(v.at) &&
      Array.isArray(v.data) &&
      v.data.every(isPlainQuote)
    )
      return { success: true, data: v as LiveDataMessage };
  }
  return LiveDataMessage.safeParse(value);
}

/** Every frame the server sends, for a client that checks what it receives. */
export const LiveServerMessage = z.union([
  LIVE_SERVER_MESSAGES.welcome,
  LIVE_SERVER_MESSAGES.subscribed,
  LIVE_SERVER_MESSAGES.unsubscribed,
  LiveDataMessage,
  LIVE_SERVER_MESSAGES.pong,
  LIVE_SERVER_MESSAGES.error,
]);

// ---- reading a client frame ------------------------------------------------------------------------------------

/** Keys no message has, refused wherever they appear (a later merge must never meet them). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Problem = Pick<LiveError, 'code' | 'message' | 'path'>;
export type ParsedClientMessage = { ok: true; message: LiveClientMessage } | { ok: false; error: Problem };

const fail = (code: LiveErrorCode, message: string, path: string | null = null): ParsedClientMessage => ({
  ok: false,
  error: { code, message, path },
});

/** The first forbidden key in a parsed value, walked with a stack (a deeply nested frame cannot overflow it). */
function forbiddenKey(root: unknown): { key: string; path: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop() as (typeof stack)[number];
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) return { key, path: [...path, key].join('.') };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Reads one client frame: size, text, JSON, forbidden keys, type, then shape. Every failure names the problem
 * (and the field), so the server answers it with an error frame and keeps the connection.
 */
export function parseClientMessage(raw: string, byteLength?: number): ParsedClientMessage {
  const bytes = byteLength ?? new TextEncoder().encode(raw).length;
  if (bytes > LIVE_CLIENT_MESSAGE_MAX_BYTES)
    return fail('too_large', `a message must be at most ${LIVE_CLIENT_MESSAGE_MAX_BYTES} bytes (this one is ${bytes})`);
  const problem = textProblem(raw);
  if (problem) return fail('invalid_text', `a message ${problem}`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return fail('invalid_json', `a message must be JSON: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('invalid_message', 'a message must be a JSON object with a type');
  const forbidden = forbiddenKey(value);
  if (forbidden) return fail('forbidden_key', `the key ${forbidden.key} is not allowed`, forbidden.path);
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return fail('invalid_message', 'must be a string naming the message', 'type');
  if (!Object.hasOwn(LIVE_CLIENT_MESSAGES, type)) {
    const known = Object.keys(LIVE_CLIENT_MESSAGES).join(', ');
    return fail('unknown_type', `unknown message type ${JSON.stringify(type.slice(0, 40))}; one of ${known}`, 'type');
  }
  const parsed = LIVE_CLIENT_MESSAGES[type as LiveClientMessageType].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? issue.path.join('.') : null;
    return fail('invalid_message', issue?.message ?? 'invalid message', path);
  }
  return { ok: true, message: parsed.data };
}
