/**
 * The live socket service of one node (SPEC §4, §5, §7, §8): takes connections in (credential, `app`), reads their
 * frames (an error frame for every bad one, never a dropped server), applies subscriptions in batches (one round of
 * queries at a time for every client of the node: what arrives while one runs goes in the next), and feeds the hub from the bus
 * (data published anywhere with `publishLive`), from this node's quote feed (the demo simulator, as assembled) and from
 * what ingestion runs store (ingested.ts). A user's followed lists and custom group are read again when the bus says
 * their lists changed (LISTS_CHANGED_CHANNEL), and every {@link REFRESH_MS} for whatever a missed message left.
 */
import {
  APP_NAMES,
  type AssetRef,
  LIVE_SUBSCRIPTIONS_MAX,
  type LiveClientMessageMap,
  type LiveErrorCode,
  type LiveTargets,
  parseClientMessage,
  type Quote,
  readLiveDataMessage,
} from '@eh/contracts';
import {
  type AccountFeatures,
  CUSTOM_SYMBOL_FILTER,
  FREE_ACCOUNT_FEATURES,
  LIVE_CLOSE_CODES,
  LIVE_QUOTE_FLUSH_MS,
  LIVE_QUOTE_TARGETS,
  LIVE_SUBSCRIPTION_BATCH_MS,
  type MarketAssetType,
  quoteKey,
  SOCKET_TOKEN_MIN_LENGTH,
} from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LISTS_CHANGED_CHANNEL, LIVE_CHANNEL, type ListsChanged } from '../kernel/channels.ts';
import type { AppContext } from '../kernel/context.ts';
import { featuresOfUser } from '../kernel/entitlements.ts';
import { createIdTokenVerifier } from '../kernel/http/auth.ts';
import type { QuoteRow } from '../modules/quotes/index.ts';
import { toQuote } from '../modules/quotes/index.ts';
import type { LiveQuoteFeedFactory } from '../providers/live-feed.ts';
import { createHub, type LiveClient, type LiveHub, type LiveSocket, topic } from './hub.ts';
import { createIngestedBridge } from './ingested.ts';
import {
  askedKey,
  customSymbols,
  groupSymbols,
  type LiveAsset,
  listSymbols,
  ownedLists,
  quoteAnchors,
  resolveAssets,
  type SymbolGroupName,
  storedQuotes,
} from './queries.ts';

/** A socket as upgrade.ts hands it over (a `ws` WebSocket). */
export interface IncomingSocket extends LiveSocket {
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Messages a client may send per second on average, and in a burst. */
const MESSAGES_PER_SECOND = 20;
const MESSAGE_BURST = 40;
/** Messages refused for the rate in a row before the client is closed (1008). */
const RATE_VIOLATIONS_MAX = 200;
/** Frames a client may send before its credential is checked; later ones wait for it. */
const EARLY_MESSAGES_MAX = 20;
/**
 * How often every followed list and custom group is read again, and the filter groups: a list change is announced
 * on the bus and followed at once, so this only mends what a lost message left.
 */
const REFRESH_MS = 60_000;
/** The quote batch goes out this long after each second, so the simulator's tick of that second is in it. */
const FLUSH_OFFSET_MS = 50;
/** Clients sent their batch per turn of the event loop: a node with thousands keeps answering in between. */
const FLUSH_SLICE = 500;
const ANONYMOUS_ID = /^[A-Za-z0-9_.:-]{1,40}$/;
const NEWS_GROUPS = new Set<string>(['popular', 'one_billion', 'ten_billion', 'hundred_billion']);

export interface SyncOptions {
  /**
   * Makes this node's quote feed over the stored quotes (the assembly gives the demo market's simulator, which moves
   * only quotes whose source is the demo market). Absent: no feed (quotes come from the bus only).
   */
  feed?: LiveQuoteFeedFactory;
  sendBufferMax?: number;
  closeGraceMs?: number;
}

type QuoteTarget = keyof typeof LIVE_QUOTE_TARGETS;
const QUOTE_TARGETS = Object.keys(LIVE_QUOTE_TARGETS) as QuoteTarget[];
type TopicTarget = 'news' | 'newsSymbols' | 'newsFilter' | 'filesFilter' | 'events';
const TOPIC_TARGETS: TopicTarget[] = ['news', 'newsSymbols', 'newsFilter', 'filesFilter', 'events'];

/** The hub topic of a target's item; the custom group's is the user's own (none for an anonymous visitor). */
const topicOf = (target: TopicTarget, item: string | number, userId: string | null): string | null => {
  switch (target) {
    case 'news':
      return topic.newsType(String(item));
    case 'newsSymbols':
      return topic.newsSymbol(String(item));
    case 'newsFilter':
      if (item !== CUSTOM_SYMBOL_FILTER) return topic.newsFilter(String(item));
      return userId ? topic.customNews(userId) : null;
    case 'filesFilter':
      return topic.filesFilter(String(item));
    case 'events':
      return topic.event(item as number);
  }
};

/**
 * One connection's subscriptions beyond the hub's (which holds the symbols and topics it follows): what each list
 * brought, and its rate.
 */
interface Connection {
  client: LiveClient;
  /** Lists followed, with the symbols each held when last read; made with the first. */
  lists: Map<string, AssetRef[]> | null;
  tokens: number;
  refilledAt: number;
  violations: number;
  lastRateError: number;
}

/** Items per target, as acknowledgements carry them. */
type TargetItems = Record<string, (string | number)[]>;

function addItem(items: TargetItems, target: string, item: string | number) {
  const list = items[target] ?? [];
  if (!list.includes(item)) list.push(item);
  items[target] = list;
}

const itemCount = (conn: Connection) => conn.client.symbols + (conn.lists?.size ?? 0) + (conn.client.topics?.size ?? 0);

type Change = { conn: Connection; message: LiveClientMessageMap['subscribe'] | LiveClientMessageMap['unsubscribe'] };

export function createSyncService(ctx: AppContext, log: FastifyBaseLogger, options: SyncOptions = {}) {
  const groups = new Map<string, { symbols: ReadonlySet<string>; loadedAt: number }>();
  /**
   * The stored asset of each asset a client here follows, by quote key: a subscription naming it as stored is
   * resolved without a query (thousands of clients connecting follow much the same symbols).
   */
  const known = new Map<string, LiveAsset>();
  /**
   * Stored quotes (null: none) read in the last {@link LIVE_QUOTE_FLUSH_MS}, by asset id: rounds of subscriptions
   * that follow one another in a burst of connections read each asset's snapshot once, not once a round.
   */
  let recentStored = { at: 0, rows: new Map<number, QuoteRow | null>() };
  /** The custom group of each user some client of this node follows it for. */
  const customs = new Map<string, ReadonlySet<string>>();
  const feed =
    options.feed?.({
      loadAnchors: (refs) => quoteAnchors(ctx.db, refs),
      onError: (err) => log.warn({ err }, 'live quotes: the stored quotes could not be read'),
    }) ?? null;
  const hub: LiveHub = createHub({
    ...(options.sendBufferMax === undefined ? {} : { sendBufferMax: options.sendBufferMax }),
    ...(options.closeGraceMs === undefined ? {} : { closeGraceMs: options.closeGraceMs }),
    onFollow: (assets) => feed?.follow(assets),
    onUnfollow: (assets) => {
      for (const asset of assets) known.delete(quoteKey(asset.type, asset.symbol));
      feed?.unfollow(assets);
    },
    groupSymbols: (group) => groups.get(group)?.symbols,
    customSymbols: (userId) => customs.get(userId),
    onDrop: (client, bufferedBytes) =>
      log.warn({ client: client.id, bufferedBytes }, 'live: a slow client was dropped (1013) rather than buffered'),
  });
  const connections = new Map<LiveClient, Connection>();
  /** The signed-in connections by user: whose lists a change on the bus concerns. */
  const byUser = new Map<string, Set<Connection>>();
  /** Users whose lists changed, waiting for their turn to be read again. */
  const changedUsers = new Set<string>();
  const ingested = createIngestedBridge(ctx, (message) => hub.route(message), log);
  const verifyToken = createIdTokenVerifier(ctx);
  let changes: Change[] = [];
  /** A round of subscription changes is waiting for its turn (it takes every change made until it starts). */
  let roundQueued: NodeJS.Immediate | null = null;
  let applying: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing = false;
  let refreshTimer: NodeJS.Timeout | null = null;
  let stopBus: (() => Promise<void>) | null = null;
  let stopLists: (() => Promise<void>) | null = null;
  let stopStatus: (() => void) | null = null;
  let stopped = false;

  const error = (
    client: LiveClient,
    code: LiveErrorCode,
    message: string,
    path: string | null = null,
    requestId: string | null = null,
  ) => hub.send(client, { type: 'error', code, message, path, requestId });

  // ---- connections ---------------------------------------------------------------------------------------------

  /** Who the query's credential names (SPEC §5), or the reason it names no one. */
  async function identify(
    query: Record<string, unknown>,
  ): Promise<
    | { ok: true; userId: string | null; anonymousId: string | null; features: AccountFeatures }
    | { ok: false; code: number; error: LiveErrorCode; message: string }
  > {
    const app = typeof query.app === 'string' ? query.app : '';
    if (!(APP_NAMES as readonly string[]).includes(app))
      return {
        ok: false,
        code: LIVE_CLOSE_CODES.badRequest,
        error: 'bad_request',
        message: `app must be one of ${APP_NAMES.join(', ')}`,
      };
    const token = typeof query.token === 'string' ? query.token : '';
    if (token.length > SOCKET_TOKEN_MIN_LENGTH) {
      try {
        const caller = await verifyToken(token);
        return { ok: true, userId: caller.sub, anonymousId: null, features: await featuresOfUser(ctx, caller.sub) };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 401)
          return {
            ok: false,
            code: LIVE_CLOSE_CODES.unauthorized,
            error: 'unauthorized',
            message: (err as Error).message,
          };
        log.warn({ err }, 'live: a token could not be checked');
        return {
          ok: false,
          code: LIVE_CLOSE_CODES.tryAgainLater,
          error: 'unavailable',
          message: 'the server could not check the token now; try again',
        };
      }
    }
    const anonymousId = token || (typeof query.anonymousId === 'string' ? query.anonymousId : '');
    if (!ANONYMOUS_ID.test(anonymousId))
      return {
        ok: false,
        code: LIVE_CLOSE_CODES.badRequest,
        error: 'bad_request',
        message: 'a token (longer than 40 characters) or an anonymousId (1-40 letters, digits, _ . : -) is required',
      };
    return { ok: true, userId: null, anonymousId, features: FREE_ACCOUNT_FEATURES };
  }

  /** Takes a socket in: its frames wait while the credential is checked, then go through {@link receive}. */
  function accept(socket: IncomingSocket, query: Record<string, unknown>) {
    let conn: Connection | null = null;
    let closed = false;
    let early: { data: Buffer | ArrayBuffer | Buffer[]; isBinary: boolean }[] | null = null;
    socket.on('error', (err) => log.debug({ err }, 'live: socket error'));
    socket.on('close', () => {
      closed = true;
      if (conn) {
        hub.remove(conn.client);
        connections.delete(conn.client);
        const userId = conn.client.identity.userId;
        const own = userId ? byUser.get(userId) : undefined;
        own?.delete(conn);
        if (userId && own?.size === 0) byUser.delete(userId);
      }
    });
    socket.on('message', (data, isBinary) => {
      if (conn) receive(conn, data, isBinary);
      else {
        early ??= [];
        if (early.length < EARLY_MESSAGES_MAX) early.push({ data, isBinary });
      }
    });
    void identify(query).then(
      (identity) => {
        if (closed || stopped) return;
        if (!identity.ok) {
          socket.send(
            JSON.stringify({
              type: 'error',
              code: identity.error,
              message: identity.message,
              path: null,
              requestId: null,
            }),
          );
          socket.close(identity.code, identity.message.slice(0, 120));
          return;
        }
        const client = hub.add(socket, {
          userId: identity.userId,
          anonymousId: identity.anonymousId,
          features: identity.features,
        });
        const ready: Connection = {
          client,
          lists: null,
          tokens: MESSAGE_BURST,
          refilledAt: Date.now(),
          violations: 0,
          lastRateError: 0,
        };
        conn = ready;
        connections.set(client, ready);
        if (identity.userId) {
          const own = byUser.get(identity.userId) ?? new Set();
          own.add(ready);
          byUser.set(identity.userId, own);
        }
        hub.send(client, {
          type: 'welcome',
          user: identity.userId ? 'signedIn' : 'anonymous',
          quoteIntervalMs: LIVE_QUOTE_FLUSH_MS,
          subscriptionBatchMs: LIVE_SUBSCRIPTION_BATCH_MS,
          subscriptionsMax: LIVE_SUBSCRIPTIONS_MAX,
        });
        const frames = early ?? [];
        early = null;
        for (const frame of frames) receive(ready, frame.data, frame.isBinary);
      },
      (err: unknown) => {
        log.error({ err }, 'live: a connection could not be taken in');
        socket.close(LIVE_CLOSE_CODES.tryAgainLater, 'try again later');
      },
    );
  }

  /** Token bucket: false (and, at most once a second, an error frame) when the client sends too fast. */
  function allowed(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(MESSAGE_BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * MESSAGES_PER_SECOND);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      conn.violations = 0;
      return true;
    }
    conn.violations += 1;
    if (conn.violations > RATE_VIOLATIONS_MAX) {
      hub.drop(conn.client, LIVE_CLOSE_CODES.policyViolation, 'too many messages');
      return false;
    }
    if (now - conn.lastRateError >= 1000) {
      conn.lastRateError = now;
      error(conn.client, 'rate_limited', `at most ${MESSAGES_PER_SECOND} messages a second; this one was ignored`);
    }
    return false;
  }

  function receive(conn: Connection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
    const { client } = conn;
    if (client.closed || !allowed(conn)) return;
    if (isBinary) return void error(client, 'binary_frame', 'the socket takes JSON text frames only');
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    const parsed = parseClientMessage(buffer.toString('utf8'), buffer.length);
    if (!parsed.ok) return void error(client, parsed.error.code, parsed.error.message, parsed.error.path);
    const message = parsed.message;
    switch (message.type) {
      case 'subscribe':
      case 'unsubscribe':
        changes.push({ conn, message });
        // After the frames read in this turn of the loop, and after the round already running: a burst of
        // connections is applied in as few rounds as the database's pace allows, and a lone one without waiting.
        roundQueued ??= setImmediate(() => {
          applying = applying.then(applyChanges);
        });
        return;
      case 'pause':
        client.paused = true;
        return;
      case 'unpause':
        client.paused = false;
        hub.flushClient(client);
        return;
      case 'ping':
        hub.send(client, { type: 'pong', requestId: message.requestId ?? null });
        return;
    }
  }

  // ---- subscriptions, a batch at a time ------------------------------------------------------------------------

  async function loadGroup(name: string) {
    if (!NEWS_GROUPS.has(name)) return;
    const cached = groups.get(name);
    if (cached && Date.now() - cached.loadedAt < REFRESH_MS * 10) return;
    groups.set(name, { symbols: await groupSymbols(ctx.db, name as SymbolGroupName), loadedAt: Date.now() });
  }

  const refOf = (target: QuoteTarget, symbol: string): AssetRef => ({ type: LIVE_QUOTE_TARGETS[target], symbol });

  /** Whether a newly followed asset's snapshot is its stored quote: none routed here yet, none from the feed. */
  const needsStoredQuote = (asset: LiveAsset) =>
    !hub.lastQuote(asset) && !feed?.current({ type: asset.type, symbol: asset.symbol });

  /**
   * Sends a newly followed asset's current quote (the latest routed, the feed's, else the stored one in `quotes`),
   * so the display is right before the first tick.
   */
  function sendSnapshot(conn: Connection, asset: AssetRef & Partial<LiveAsset>, quotes: ReadonlyMap<number, QuoteRow>) {
    const ref = { type: asset.type, symbol: asset.symbol };
    const stored = asset.id === undefined ? undefined : quotes.get(asset.id);
    const quote: Quote | null =
      hub.lastQuote(ref) ??
      feed?.current(ref) ??
      (stored && asset.name !== undefined
        ? toQuote({ symbol: asset.symbol, type: asset.type, name: asset.name }, stored, { extended: false })
        : null);
    if (quote) hub.send(conn.client, { type: 'quote', data: quote });
  }

  /** {@link resolveAssets}, answered from {@link known} for the assets some client here already follows. */
  async function resolveKnown(refs: readonly AssetRef[]): Promise<Map<string, LiveAsset>> {
    const found = new Map<string, LiveAsset>();
    const unknown: AssetRef[] = [];
    for (const ref of refs) {
      const key = askedKey(ref);
      const asset = known.get(key);
      if (asset) found.set(key, asset);
      else unknown.push(ref);
    }
    for (const [key, asset] of await resolveAssets(ctx.db, unknown)) found.set(key, asset);
    return found;
  }

  /** {@link storedQuotes}, answered from {@link recentStored} for the assets read within the last second. */
  async function storedRecently(ids: readonly number[]): Promise<Map<number, QuoteRow>> {
    const now = Date.now();
    if (now - recentStored.at > LIVE_QUOTE_FLUSH_MS) recentStored = { at: now, rows: new Map() };
    const { rows } = recentStored;
    const unread = ids.filter((id) => !rows.has(id));
    const read = await storedQuotes(ctx.db, unread);
    for (const id of unread) rows.set(id, read.get(id) ?? null);
    const found = new Map<number, QuoteRow>();
    for (const id of ids) {
      const row = rows.get(id);
      if (row) found.set(id, row);
    }
    return found;
  }

  async function applyChanges() {
    roundQueued = null;
    const batch = changes.filter((change) => !change.conn.client.closed);
    changes = [];
    if (batch.length === 0) return;
    const subscribes = batch.filter((change) => change.message.type === 'subscribe');
    // What the batch's subscriptions need, read once for all of them.
    let resolved = new Map<string, LiveAsset>();
    const owned = new Map<Connection, Set<string>>();
    let listed = new Map<string, AssetRef[]>();
    let quotes = new Map<number, QuoteRow>();
    try {
      for (const change of subscribes) {
        const ids = change.message.targets.portfolios ?? [];
        const userId = change.conn.client.identity.userId;
        if (ids.length > 0 && userId) owned.set(change.conn, new Set(await ownedLists(ctx.db, userId, ids)));
      }
      listed = await listSymbols(ctx.db, [...new Set([...owned.values()].flatMap((ids) => [...ids]))]);
      const refs: AssetRef[] = [];
      for (const change of subscribes) {
        for (const target of QUOTE_TARGETS)
          for (const symbol of change.message.targets[target] ?? []) refs.push(refOf(target, symbol));
      }
      for (const symbols of listed.values()) refs.push(...symbols);
      resolved = await resolveKnown(refs);
      const wanted = [...resolved.values()].filter(needsStoredQuote);
      quotes = await storedRecently([...new Set(wanted.map((asset) => asset.id))]);
      // A custom group is read afresh for each subscription to it (between list changes it is kept up to date).
      const customUsers = new Set<string>();
      for (const change of subscribes) {
        const userId = change.conn.client.identity.userId;
        if (userId && change.message.targets.newsFilter?.includes(CUSTOM_SYMBOL_FILTER)) customUsers.add(userId);
      }
      for (const [userId, symbols] of await customSymbols(ctx.db, [...customUsers])) customs.set(userId, symbols);
      for (const change of subscribes)
        for (const filter of [
          ...(change.message.targets.newsFilter ?? []),
          ...(change.message.targets.filesFilter ?? []),
        ])
          await loadGroup(filter);
    } catch (err) {
      log.warn({ err }, 'live: subscriptions could not be applied (database)');
      for (const change of subscribes)
        error(
          change.conn.client,
          'unavailable',
          'the subscription could not be applied now; send it again',
          null,
          change.message.requestId ?? null,
        );
      for (const change of batch) if (change.message.type === 'unsubscribe') unsubscribe(change);
      return;
    }

    const snapshot = (conn: Connection, asset: AssetRef & Partial<LiveAsset>) => sendSnapshot(conn, asset, quotes);

    for (const change of batch) {
      if (change.conn.client.closed) continue;
      if (change.message.type === 'unsubscribe') unsubscribe(change);
      else subscribe(change, resolved, owned.get(change.conn) ?? new Set(), listed, snapshot);
    }
  }

  function subscribe(
    change: Change,
    resolved: Map<string, LiveAsset>,
    owned: Set<string>,
    listed: Map<string, AssetRef[]>,
    snapshot: (conn: Connection, asset: AssetRef & Partial<LiveAsset>) => void,
  ) {
    const { conn } = change;
    const { client } = conn;
    const targets: LiveTargets = change.message.targets;
    const requestId = change.message.requestId ?? null;
    const accepted: TargetItems = {};
    const missing: AssetRef[] = [];
    const addedSymbols: { key: string; asset: LiveAsset; target: QuoteTarget }[] = [];
    for (const target of QUOTE_TARGETS) {
      for (const symbol of targets[target] ?? []) {
        const asset = resolved.get(askedKey(refOf(target, symbol)));
        if (!asset) missing.push(refOf(target, symbol));
        else addedSymbols.push({ key: quoteKey(asset.type, asset.symbol), asset, target });
      }
    }
    const lists: string[] = [];
    (targets.portfolios ?? []).forEach((id, index) => {
      if (!client.identity.userId)
        error(client, 'forbidden', 'sign in to follow your lists', `targets.portfolios.${index}`, requestId);
      else if (!owned.has(id))
        error(client, 'forbidden', `no list of yours has the id ${id}`, `targets.portfolios.${index}`, requestId);
      else lists.push(id);
    });
    const topics: { name: string; target: TopicTarget; item: string | number }[] = [];
    for (const target of TOPIC_TARGETS) {
      const items: readonly (string | number)[] = targets[target] ?? [];
      items.forEach((item, index) => {
        const name = topicOf(target, item, client.identity.userId);
        if (name) topics.push({ name, target, item });
        else
          error(client, 'forbidden', 'sign in to follow your custom filter', `targets.${target}.${index}`, requestId);
      });
    }

    const added =
      new Set(addedSymbols.filter((s) => !hub.followedSymbol(client, s.key)).map((s) => s.key)).size +
      lists.filter((id) => !conn.lists?.has(id)).length +
      new Set(topics.filter((t) => !client.topics?.has(t.name)).map((t) => t.name)).size;
    if (itemCount(conn) + added > LIVE_SUBSCRIPTIONS_MAX) {
      error(
        client,
        'too_many_subscriptions',
        `a connection follows at most ${LIVE_SUBSCRIPTIONS_MAX} items; it follows ${itemCount(conn)} and this adds ${added}`,
        'targets',
        requestId,
      );
      return;
    }

    const fresh: LiveAsset[] = [];
    for (const { key, asset, target } of addedSymbols) {
      addItem(accepted, target, asset.symbol);
      if (hub.followedSymbol(client, key)) continue;
      const ref = { type: asset.type, symbol: asset.symbol };
      const before = hub.follows(client, ref);
      const held = hub.followQuote(client, ref, 'symbol');
      if (held) known.set(held.key, asset);
      if (!before) fresh.push(asset);
    }
    for (const id of lists) {
      addItem(accepted, 'portfolios', id);
      if (conn.lists?.has(id)) continue;
      const symbols = listed.get(id) ?? [];
      const refs: AssetRef[] = [];
      for (const item of symbols) {
        const asset = resolved.get(askedKey(item));
        if (!asset) continue;
        const ref = { type: asset.type, symbol: asset.symbol };
        const before = hub.follows(client, ref);
        const held = hub.followQuote(client, ref);
        if (held) refs.push(held.ref);
        if (!before) fresh.push(asset);
      }
      conn.lists ??= new Map();
      conn.lists.set(id, refs);
    }
    for (const { name, target, item } of topics) {
      addItem(accepted, target, item);
      if (client.topics?.has(name)) continue;
      hub.addTopic(client, name);
    }
    hub.settle(client);
    hub.send(client, { type: 'subscribed', requestId, targets: accepted, missing });
    for (const asset of fresh) snapshot(conn, asset);
  }

  function unsubscribe(change: Change) {
    const { conn } = change;
    const { client } = conn;
    const targets: LiveTargets = change.message.targets;
    const removed: TargetItems = {};
    for (const target of QUOTE_TARGETS) {
      for (const symbol of targets[target] ?? []) {
        const type: MarketAssetType = LIVE_QUOTE_TARGETS[target];
        const upper = symbol.trim().toUpperCase();
        const ref = [quoteKey(type, upper), quoteKey(type, upper.replace(/[-/]/g, '.'))]
          .map((key) => hub.followedSymbol(client, key))
          .find((held) => held !== null);
        if (!ref) continue;
        hub.unfollowQuote(client, ref, 'symbol');
        addItem(removed, target, ref.symbol);
      }
    }
    for (const id of targets.portfolios ?? []) {
      const refs = conn.lists?.get(id);
      if (!refs) continue;
      conn.lists?.delete(id);
      for (const ref of refs) hub.unfollowQuote(client, ref);
      addItem(removed, 'portfolios', id);
    }
    for (const target of TOPIC_TARGETS) {
      for (const item of targets[target] ?? []) {
        const name = topicOf(target, item, client.identity.userId);
        if (!name || !client.topics?.has(name)) continue;
        hub.removeTopic(client, name);
        addItem(removed, target, item);
      }
    }
    hub.send(client, { type: 'unsubscribed', requestId: change.message.requestId ?? null, targets: removed });
  }

  /**
   * Reads the connections' followed lists again: a symbol added is followed and sent its quote at once (as a
   * subscription's symbols are), a symbol removed is let go, a deleted list holds nothing.
   */
  async function rereadLists(conns: readonly Connection[]) {
    const ids = [...new Set(conns.flatMap((conn) => [...(conn.lists?.keys() ?? [])]))];
    if (ids.length === 0) return;
    const listed = await listSymbols(ctx.db, ids);
    const resolved = await resolveAssets(ctx.db, [...listed.values()].flat());
    const key = (ref: AssetRef) => quoteKey(ref.type, ref.symbol);
    const fresh: { conn: Connection; asset: LiveAsset }[] = [];
    for (const conn of conns) {
      if (conn.client.closed) continue;
      const lists = conn.lists;
      if (!lists) continue;
      for (const [id, before] of lists) {
        const items = listed.get(id);
        if (!items) continue;
        const had = new Set(before.map(key));
        const now = new Map<string, AssetRef>();
        for (const item of items) {
          const asset = resolved.get(askedKey(item));
          if (!asset) continue;
          const ref = { type: asset.type, symbol: asset.symbol };
          if (now.has(key(ref))) continue;
          if (had.has(key(ref))) {
            now.set(key(ref), ref);
            continue;
          }
          const followed = hub.follows(conn.client, ref);
          const held = hub.followQuote(conn.client, ref);
          if (held) now.set(key(held.ref), held.ref);
          if (!followed) fresh.push({ conn, asset });
        }
        for (const ref of before) if (!now.has(key(ref))) hub.unfollowQuote(conn.client, ref);
        lists.set(id, [...now.values()]);
      }
    }
    if (fresh.length === 0) return;
    const wanted = fresh.map(({ asset }) => asset).filter(needsStoredQuote);
    const quotes = await storedQuotes(ctx.db, [...new Set(wanted.map((asset) => asset.id))]);
    for (const { conn, asset } of fresh) if (!conn.client.closed) sendSnapshot(conn, asset, quotes);
  }

  /** Reads the users' custom groups again; the group of a user no client here follows it for is let go. */
  async function rereadCustoms(userIds: Iterable<string>) {
    const followed = [...new Set(userIds)].filter((userId) => {
      if (hub.hasTopic(topic.customNews(userId))) return true;
      customs.delete(userId);
      return false;
    });
    for (const [userId, symbols] of await customSymbols(ctx.db, followed)) customs.set(userId, symbols);
  }

  /** The users' lists or alerts changed (the bus said so): what their clients here follow is read again now. */
  async function refreshUsers(userIds: readonly string[]) {
    await rereadCustoms(userIds);
    await rereadLists(userIds.flatMap((userId) => [...(byUser.get(userId) ?? [])]));
  }

  /** Everything read again: every followed list and custom group, and the filter groups in use. */
  async function refresh() {
    await rereadCustoms([...customs.keys()]);
    await rereadLists([...connections.values()]);
    for (const name of [...groups.keys()]) {
      if (hub.hasTopic(topic.newsFilter(name)) || hub.hasTopic(topic.filesFilter(name))) {
        groups.delete(name);
        await loadGroup(name);
      } else groups.delete(name);
    }
  }

  /**
   * Runs work that reads and changes subscriptions after the subscription batches and re-reads queued before it, so
   * an older read never lands after a newer one.
   */
  function queue(work: () => Promise<void>, failure: string) {
    applying = applying.then(work).catch((err: unknown) => log.warn({ err }, failure));
  }

  /** A user's lists changed on some node: their clients here are brought up to date in the next turn of the queue. */
  function listsChanged(message: unknown) {
    const userId = (message as Partial<ListsChanged> | null)?.userId;
    if (stopped || typeof userId !== 'string' || !byUser.has(userId)) return;
    changedUsers.add(userId);
    // Already queued: the users changed meanwhile are read in the same turn.
    if (changedUsers.size > 1) return;
    queue(async () => {
      const users = [...changedUsers];
      changedUsers.clear();
      if (!stopped) await refreshUsers(users);
    }, 'live: the lists of users whose lists changed could not be read again');
  }

  // ---- lifecycle -----------------------------------------------------------------------------------------------

  return {
    hub,
    feed,
    ingested,
    accept,
    /** Listens on the bus and starts the feed and the timers (once the app is ready). */
    async start() {
      stopBus = await ctx.bus.subscribe(LIVE_CHANNEL, (message) => {
        // Quote batches are checked by hand (the hot path); everything else by the schema.
        const parsed = readLiveDataMessage(message);
        if (parsed.success) hub.route(parsed.data);
        else log.warn({ issue: parsed.error.issues[0] }, 'live: a malformed message on the bus was ignored');
      });
      stopLists = await ctx.bus.subscribe(LISTS_CHANGED_CHANNEL, listsChanged);
      await ingested.start();
      stopStatus = ctx.bus.onStatus((status) => {
        // Messages other nodes sent meanwhile are gone: lists, groups and what ingestion stored are read again
        // (quotes tick on by themselves).
        if (!status.connected) return;
        queue(refresh, 'live: lists could not be read again');
        void ingested.catchUp();
      });
      feed?.start((quotes) => hub.routeQuotes(quotes));
      const scheduleFlush = () => {
        if (stopped) return;
        // The next x.050 s (never now).
        const wait = (LIVE_QUOTE_FLUSH_MS + FLUSH_OFFSET_MS - (Date.now() % LIVE_QUOTE_FLUSH_MS)) % LIVE_QUOTE_FLUSH_MS;
        const due = Date.now() + (wait || LIVE_QUOTE_FLUSH_MS);
        const flushWhenDue = () => {
          // A timer counts from the event loop's last turn, not from now: on a busy node it fires early (a CI run at
          // load 17 cut two batches in one second). Before its x.050 s, it waits out the rest.
          const early = due - Date.now();
          if (early > 0) {
            flushTimer = setTimeout(flushWhenDue, early);
            flushTimer.unref();
            return;
          }
          // A round still sending (an overloaded node) finishes first; this second's round then waits a second.
          if (!flushing) {
            flushing = true;
            const round = hub.beginFlush();
            const step = () => {
              if (round.next(FLUSH_SLICE) && !stopped) setImmediate(step);
              else flushing = false;
            };
            step();
          }
          scheduleFlush();
        };
        flushTimer = setTimeout(flushWhenDue, wait || LIVE_QUOTE_FLUSH_MS);
        flushTimer.unref();
      };
      scheduleFlush();
      refreshTimer = setInterval(() => queue(refresh, 'live: lists could not be read again'), REFRESH_MS);
      refreshTimer.unref();
    },
    /** Closes every client with 1001 (they reconnect, to another node if there is one). */
    closeAll() {
      hub.closeAll(LIVE_CLOSE_CODES.goingAway, 'server shutting down');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (roundQueued) clearImmediate(roundQueued);
      if (flushTimer) clearTimeout(flushTimer);
      if (refreshTimer) clearInterval(refreshTimer);
      hub.closeAll(LIVE_CLOSE_CODES.goingAway, 'server shutting down');
      stopStatus?.();
      await stopBus?.();
      await stopLists?.();
      await ingested.stop();
      await feed?.stop();
      await applying.catch(() => {});
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
