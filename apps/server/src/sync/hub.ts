/**
 * One node's live clients and what each follows: routes data messages to the clients that follow them, coalesces
 * quotes per client into one `quotes` message a second, and drops a client whose unsent data passes the bound
 * (never buffering without bound). Knows nothing of HTTP, the bus or the database: the sync role feeds it.
 */
import type { AssetRef, FileMeta, LiveDataMessage, LiveServerMessage, NewsItem, Quote } from '@eh/contracts';
import { type AccountFeatures, FILE_TYPE_FEEDS, LIVE_ALL_EVENTS, LIVE_CLOSE_CODES, quoteKey } from '@eh/domain';
import { gateEarnings, gateEvent, gateFile } from './gate.ts';

/** The socket as the hub uses it (a `ws` socket, upgrade.ts). */
export interface LiveSocket {
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

/** `ws`'s OPEN state. */
const OPEN = 1;
/** A follow's reason: the asset named itself, or a list holding it (counted: several lists may hold it). */
export type FollowReason = 'symbol' | 'list';
const BY_SYMBOL = 1;
const BY_LIST = 2;
/** Up to this many assets a client's follows are found by scanning its array; beyond it, through an index. */
const SCAN_MAX = 64;

/**
 * Unsent bytes a client may have before the next send: past it the client is closed with 1013 and its data let go.
 * A client that reads keeps a few KB at most (one batch a second); one batch of the largest subscription is ~330 KB.
 */
export const SEND_BUFFER_MAX_BYTES = 1024 * 1024;
/** A dropped client that does not finish the closing handshake (it is not reading) is cut off after this. */
export const CLOSE_GRACE_MS = 5000;

export interface LiveIdentity {
  /** The signed-in user, or null for an anonymous visitor. */
  userId: string | null;
  anonymousId: string | null;
  features: AccountFeatures;
}

export interface LiveClient {
  readonly id: number;
  readonly socket: LiveSocket;
  readonly identity: LiveIdentity;
  /** Clients with the same key see the same gated data. */
  readonly featuresKey: string;
  paused: boolean;
  closed: boolean;
  /** Assets followed, in an array: a batch walks it (several times faster than a Map's iterator). */
  quoteList: FollowedQuote[];
  /**
   * Why each asset of {@link quoteList} (same index) is followed: {@link BY_SYMBOL} when named itself, plus
   * {@link BY_LIST} for each list holding it. Arrays, not Maps: a connection's memory is mostly its follows.
   */
  reasons: number[];
  /** Assets followed by name (not only through a list). */
  symbols: number;
  /** Each asset's index in {@link quoteList}, made once the list is too long to scan. */
  positions: Map<FollowedQuote, number> | null;
  /** Other topics followed (news, files, events); made with the first. */
  topics: Set<string> | null;
  /** The hub's quote sequence when this client's last batch was cut: its batch holds the assets that moved since. */
  sentSeq: number;
}

/**
 * One followed asset: how many clients follow it, its latest quote with the hub's sequence number when it came, and
 * that quote's JSON (encoded once, when first sent). A tick touches only this entry, whatever the number of
 * followers: each client's batch picks the entries newer than its last one.
 */
interface FollowedQuote {
  readonly key: string;
  readonly ref: AssetRef;
  /** Clients following it. */
  followers: number;
  last: Quote | null;
  seq: number;
  json: Buffer | null;
}

/** Topic names of the non-quote targets. */
export const topic = {
  newsType: (type: string) => `news:${type}`,
  newsSymbol: (symbol: string) => `newsSymbols:${symbol.toUpperCase()}`,
  newsFilter: (filter: string) => `newsFilter:${filter}`,
  /** One user's custom group (their lists' and alerts' symbols): a topic per user, since each has their own. */
  customNews: (userId: string) => `newsCustom:${userId}`,
  filesFilter: (filter: string) => `filesFilter:${filter}`,
  event: (id: number | typeof LIVE_ALL_EVENTS) => `events:${id}`,
};

const COMMA = 0x2c;
const BATCH_END = Buffer.from(']}');
/** `ws` send options of a text frame, shared (ws copies them). */
const TEXT_FRAME = Object.freeze({ binary: false });

/** The quote's JSON, encoded once per tick however many clients it goes to (and only if one is sent it). */
function jsonOf(entry: FollowedQuote): Buffer | null {
  if (entry.json === null && entry.last !== null) entry.json = Buffer.from(JSON.stringify(entry.last));
  return entry.json;
}

/** The moved entries of the batch being cut (reused: one batch is cut at a time). */
const moved: FollowedQuote[] = [];

/**
 * A `quotes` message of the newest quote of each asset the client follows that moved since its last batch, or null
 * when none did: one buffer of the exact length, the bytes copied from each quote's own JSON, so a batch costs no
 * text encoding.
 */
function batchOf(client: LiveClient, prefix: Buffer): Buffer | null {
  const since = client.sentSeq;
  let length = prefix.length + BATCH_END.length - 1;
  const list = client.quoteList;
  for (let i = 0; i < list.length; i += 1) {
    const entry = list[i] as FollowedQuote;
    if (entry.seq <= since) continue;
    const json = jsonOf(entry);
    if (json === null) continue;
    moved.push(entry);
    length += json.length + 1;
  }
  if (moved.length === 0) return null;
  const batch = Buffer.allocUnsafe(length);
  batch.set(prefix, 0);
  let at = prefix.length;
  for (let i = 0; i < moved.length; i += 1) {
    const json = (moved[i] as FollowedQuote).json as Buffer;
    if (i > 0) batch[at++] = COMMA;
    batch.set(json, at);
    at += json.length;
  }
  batch.set(BATCH_END, at);
  moved.length = 0;
  return batch;
}

export interface HubOptions {
  sendBufferMax?: number;
  closeGraceMs?: number;
  /** Assets this node's clients start or stop following (to the quote feed). */
  onFollow?(assets: AssetRef[]): void;
  onUnfollow?(assets: AssetRef[]): void;
  /** The upper-case symbols of a filter group, when loaded (news and file filters). */
  groupSymbols?(group: string): ReadonlySet<string> | undefined;
  /** The upper-case symbols of a user's custom group, when loaded. */
  customSymbols?(userId: string): ReadonlySet<string> | undefined;
  /** A client dropped for being slow. */
  onDrop?(client: LiveClient, bufferedBytes: number): void;
}

export type LiveHub = ReturnType<typeof createHub>;

export function createHub(options: HubOptions = {}) {
  const sendBufferMax = options.sendBufferMax ?? SEND_BUFFER_MAX_BYTES;
  const closeGraceMs = options.closeGraceMs ?? CLOSE_GRACE_MS;
  const clients = new Set<LiveClient>();
  const topicIndex = new Map<string, Set<LiveClient>>();
  /** Each followed asset by quote key: its followers' count and its latest quote. */
  const followed = new Map<string, FollowedQuote>();
  /** Counts quotes routed: an entry's `seq` is the count when its quote came, a client's `sentSeq` when its batch went. */
  let seq = 0;
  let nextId = 1;
  let dropped = 0;
  /** One copy of each plan's key (a handful of plans, thousands of clients). */
  const featureKeys = new Map<string, string>();
  const internedKey = (features: AccountFeatures) => {
    const key = JSON.stringify(features);
    const known = featureKeys.get(key);
    if (known !== undefined) return known;
    featureKeys.set(key, key);
    return key;
  };
  let toFollow: AssetRef[] = [];
  let toUnfollow: AssetRef[] = [];
  let announcing = false;

  const announce = () => {
    if (announcing) return;
    announcing = true;
    queueMicrotask(() => {
      announcing = false;
      const follow = toFollow;
      const unfollow = toUnfollow;
      toFollow = [];
      toUnfollow = [];
      if (unfollow.length) options.onUnfollow?.(unfollow);
      if (follow.length) options.onFollow?.(follow);
    });
  };

  /** Sends unless the client is closed or too far behind, in which case it is dropped. */
  function deliver(client: LiveClient, data: string | Buffer): boolean {
    if (client.closed || client.socket.readyState !== OPEN) return false;
    const buffered = client.socket.bufferedAmount;
    if (buffered > sendBufferMax) {
      drop(client, LIVE_CLOSE_CODES.tryAgainLater, 'slow consumer: too much unsent data');
      options.onDrop?.(client, buffered);
      return false;
    }
    if (typeof data === 'string') client.socket.send(data);
    else client.socket.send(data, TEXT_FRAME);
    return true;
  }

  function forget(client: LiveClient) {
    clients.delete(client);
    for (const entry of client.quoteList) release(entry);
    client.quoteList.length = 0;
    client.reasons.length = 0;
    client.symbols = 0;
    client.positions = null;
    for (const name of client.topics ?? []) topicIndex.get(name)?.delete(client);
    for (const name of client.topics ?? []) if (topicIndex.get(name)?.size === 0) topicIndex.delete(name);
    client.topics = null;
  }

  /** One follower fewer for the entry; the last lets go of it. */
  function release(entry: FollowedQuote) {
    entry.followers -= 1;
    if (entry.followers === 0) {
      followed.delete(entry.key);
      toUnfollow.push(entry.ref);
      announce();
    }
  }

  /** The entry's index in the client's follows, or -1. */
  function positionOf(client: LiveClient, entry: FollowedQuote): number {
    if (client.positions) return client.positions.get(entry) ?? -1;
    return client.quoteList.indexOf(entry);
  }

  /** Closes a client (with `code`) and lets go of what it followed; a client that does not answer is cut off. */
  function drop(client: LiveClient, code: number, reason: string) {
    if (client.closed) return;
    client.closed = true;
    forget(client);
    if (code === LIVE_CLOSE_CODES.tryAgainLater) dropped += 1;
    try {
      client.socket.close(code, reason);
    } catch {
      client.socket.terminate();
    }
    setTimeout(() => client.socket.terminate(), closeGraceMs).unref();
  }

  function followKey(client: LiveClient, key: string, ref: AssetRef, reason: FollowReason): FollowedQuote {
    let entry = followed.get(key);
    if (!entry) {
      entry = { key, ref: { type: ref.type, symbol: ref.symbol }, followers: 0, last: null, seq: 0, json: null };
      followed.set(key, entry);
      toFollow.push(entry.ref);
      announce();
    }
    const at = positionOf(client, entry);
    if (at >= 0) {
      const had = client.reasons[at] as number;
      if (reason === 'list') client.reasons[at] = had + BY_LIST;
      else if ((had & BY_SYMBOL) === 0) {
        client.reasons[at] = had | BY_SYMBOL;
        client.symbols += 1;
      }
      return entry;
    }
    const list = client.quoteList;
    list.push(entry);
    client.reasons.push(reason === 'list' ? BY_LIST : BY_SYMBOL);
    if (reason === 'symbol') client.symbols += 1;
    entry.followers += 1;
    if (client.positions) client.positions.set(entry, list.length - 1);
    else if (list.length > SCAN_MAX) client.positions = new Map(list.map((followedEntry, i) => [followedEntry, i]));
    return entry;
  }

  function unfollowEntry(client: LiveClient, entry: FollowedQuote, reason: FollowReason) {
    const at = positionOf(client, entry);
    if (at < 0) return;
    const had = client.reasons[at] as number;
    const left = reason === 'list' ? (had >= BY_LIST ? had - BY_LIST : had) : had & ~BY_SYMBOL;
    if (left === had) return;
    if (reason === 'symbol') client.symbols -= 1;
    if (left > 0) {
      client.reasons[at] = left;
      return;
    }
    const list = client.quoteList;
    const last = list.length - 1;
    const moved = list[last] as FollowedQuote;
    list[at] = moved;
    client.reasons[at] = client.reasons[last] as number;
    list.pop();
    client.reasons.pop();
    if (client.positions) {
      client.positions.delete(entry);
      if (moved !== entry) client.positions.set(moved, at);
    }
    release(entry);
  }

  /** Clients following any of the topics, each once. */
  function audience(names: readonly string[]): Set<LiveClient> {
    const result = new Set<LiveClient>();
    for (const name of names) for (const client of topicIndex.get(name) ?? []) result.add(client);
    return result;
  }

  function sendAll(audienceSet: Set<LiveClient>, message: LiveServerMessage) {
    if (audienceSet.size === 0) return;
    const data = Buffer.from(JSON.stringify(message));
    for (const client of audienceSet) deliver(client, data);
  }

  /** Sends each client the message as its plan shows it, built once per plan. */
  function sendGated(audienceSet: Set<LiveClient>, build: (features: AccountFeatures) => LiveServerMessage) {
    const built = new Map<string, Buffer>();
    for (const client of audienceSet) {
      let data = built.get(client.featuresKey);
      if (!data) {
        data = Buffer.from(JSON.stringify(build(client.identity.features)));
        built.set(client.featuresKey, data);
      }
      deliver(client, data);
    }
  }

  /** The topics of `prefix` whose group (a filter group, or a user's custom group) holds one of the symbols. */
  function groupsHolding(
    prefix: 'newsFilter' | 'filesFilter' | 'newsCustom',
    symbols: readonly string[],
    membersOf = options.groupSymbols,
  ): string[] {
    const names: string[] = [];
    for (const name of topicIndex.keys()) {
      if (!name.startsWith(`${prefix}:`)) continue;
      const group = name.slice(prefix.length + 1);
      const members = membersOf?.(group);
      if (members && symbols.some((symbol) => members.has(symbol.toUpperCase()))) names.push(name);
    }
    return names;
  }

  function routeQuotes(quotes: readonly Quote[]) {
    for (const quote of quotes) {
      const entry = followed.get(quoteKey(quote.type, quote.symbol));
      if (!entry) continue;
      entry.last = quote;
      entry.seq = ++seq;
      // Encoded when a batch first needs it: an asset that ticks ten times in a second is encoded once.
      entry.json = null;
    }
  }

  let prefixMs = 0;
  let prefix = Buffer.alloc(0);
  /**
   * The start of a `quotes` message: `at` is when this client's batch is cut (given, in tests), so a batch holds
   * every quote up to its own send. Made once per millisecond.
   */
  function quotesPrefix(at?: Date): Buffer {
    if (at) return Buffer.from(`{"type":"quotes","at":"${at.toISOString()}","data":[`);
    const now = Date.now();
    if (now !== prefixMs) {
      prefixMs = now;
      prefix = Buffer.from(`{"type":"quotes","at":"${new Date(now).toISOString()}","data":[`);
    }
    return prefix;
  }

  /** Cuts a client's batch (the assets moved since its last one) and sends it; false when there was none. */
  function flushOne(client: LiveClient, at?: Date): boolean {
    const batch = batchOf(client, quotesPrefix(at));
    client.sentSeq = seq;
    return batch !== null && deliver(client, batch);
  }

  /**
   * A flush round: the clients following quotes when it begins, each sent one `quotes` message if an asset it follows
   * moved since its last one, a slice at a time (`next(max)`, true while some remain), so a node with many clients
   * keeps answering in between. A client whose quotes move after its batch waits for the next round: never two
   * batches in a second. A paused client keeps its moves for when it unpauses.
   */
  function beginFlush(at?: Date) {
    const round: LiveClient[] = [];
    for (const client of clients) if (client.quoteList.length > 0) round.push(client);
    let index = 0;
    let sent = 0;
    return {
      next(max: number): boolean {
        const end = Math.min(round.length, index + max);
        for (; index < end; index += 1) {
          const client = round[index] as LiveClient;
          if (!client.paused && !client.closed && flushOne(client, at)) sent += 1;
        }
        return index < round.length;
      },
      sent: () => sent,
    };
  }

  function routeNews(item: NewsItem) {
    const names = [
      topic.newsType(item.newsType),
      ...item.symbols.map(topic.newsSymbol),
      topic.newsFilter('all'),
      ...groupsHolding('newsFilter', item.symbols),
      ...groupsHolding('newsCustom', item.symbols, options.customSymbols),
    ];
    sendAll(audience(names), { type: 'marketNews', data: item });
  }

  function routeFile(file: FileMeta) {
    const names = [
      topic.filesFilter('latest'),
      topic.filesFilter(FILE_TYPE_FEEDS[file.type]),
      ...groupsHolding('filesFilter', [file.symbol]),
    ];
    sendGated(audience(names), (features) => ({ type: 'marketDataAssetFile', data: gateFile(file, features) }));
  }

  function routeEvent(message: Extract<LiveDataMessage, { type: 'event' }>) {
    const event = message.data;
    const names = [topic.event(event.id), topic.event(LIVE_ALL_EVENTS)];
    // A live call's transcript sentences (`segments`) go along as they are; a report's results as the plan shows them.
    const { earnings } = message;
    sendGated(audience(names), (features) => ({
      ...message,
      data: gateEvent(event, features),
      ...(earnings ? { earnings: gateEarnings(earnings, features) } : {}),
    }));
  }

  return {
    /** Takes a new connection in. */
    add(socket: LiveSocket, identity: LiveIdentity): LiveClient {
      const featuresKey = internedKey(identity.features);
      const client: LiveClient = {
        id: nextId++,
        socket,
        identity,
        featuresKey,
        paused: false,
        closed: false,
        quoteList: [],
        reasons: [],
        symbols: 0,
        positions: null,
        topics: null,
        // Quotes routed before it came are not its news: it reads its snapshot when it subscribes.
        sentSeq: seq,
      };
      clients.add(client);
      return client;
    },
    /**
     * Trims the client's follows to their length once a subscription is applied: arrays grown by push keep up to
     * twice the room they use, a tenth of a subscribed connection's memory.
     */
    settle(client: LiveClient) {
      client.quoteList = client.quoteList.slice();
      client.reasons = client.reasons.slice();
    },
    /** The connection closed (by either side): what it followed is let go. */
    remove(client: LiveClient) {
      client.closed = true;
      forget(client);
    },
    drop,
    /** Sends one message to one client (acknowledgements, errors, snapshots). */
    send(client: LiveClient, message: LiveServerMessage): boolean {
      return deliver(client, JSON.stringify(message));
    },
    /**
     * Follows an asset for a reason (named itself, or one more list holding it); returns its key and ref as the hub
     * holds them (one copy per node, however many follow).
     */
    followQuote(
      client: LiveClient,
      ref: AssetRef,
      reason: FollowReason = 'list',
    ): { readonly key: string; readonly ref: AssetRef } | null {
      return client.closed ? null : followKey(client, quoteKey(ref.type, ref.symbol), ref, reason);
    },
    /** One reason fewer to follow the asset (the symbol itself, or one list holding it). */
    unfollowQuote(client: LiveClient, ref: AssetRef, reason: FollowReason = 'list') {
      const entry = followed.get(quoteKey(ref.type, ref.symbol));
      if (entry) unfollowEntry(client, entry, reason);
    },
    /** Whether the client follows the asset, for any reason. */
    follows(client: LiveClient, ref: AssetRef) {
      const entry = followed.get(quoteKey(ref.type, ref.symbol));
      return entry !== undefined && positionOf(client, entry) >= 0;
    },
    /** The asset of quote key `key` as the hub holds it, when the client follows it named itself; else null. */
    followedSymbol(client: LiveClient, key: string): AssetRef | null {
      const entry = followed.get(key);
      const at = entry ? positionOf(client, entry) : -1;
      return entry && at >= 0 && ((client.reasons[at] as number) & BY_SYMBOL) !== 0 ? entry.ref : null;
    },
    addTopic(client: LiveClient, name: string) {
      if (client.closed || client.topics?.has(name)) return;
      client.topics ??= new Set();
      client.topics.add(name);
      let set = topicIndex.get(name);
      if (!set) {
        set = new Set();
        topicIndex.set(name, set);
      }
      set.add(client);
    },
    removeTopic(client: LiveClient, name: string) {
      if (!client.topics?.delete(name)) return;
      const set = topicIndex.get(name);
      set?.delete(client);
      if (set?.size === 0) topicIndex.delete(name);
    },
    /** Whether any client follows a topic (which filter groups to keep loaded). */
    hasTopic: (name: string) => topicIndex.has(name),
    /** The latest quote routed for an asset some client follows. */
    lastQuote(ref: AssetRef): Quote | null {
      return followed.get(quoteKey(ref.type, ref.symbol))?.last ?? null;
    },
    /** A data message from the bus or the feed, to the clients that follow it. */
    route(message: LiveDataMessage) {
      switch (message.type) {
        case 'quote':
          return routeQuotes([message.data]);
        case 'quotes':
          return routeQuotes(message.data);
        case 'marketNews':
          return routeNews(message.data);
        case 'marketDataAssetFile':
          return routeFile(message.data);
        case 'event':
          return routeEvent(message);
        case 'events_community_post':
          return sendAll(audience([topic.event(message.data.eventId), topic.event(LIVE_ALL_EVENTS)]), message);
      }
    },
    routeQuotes,
    beginFlush,
    /** Sends every unpaused client its waiting quotes as one `quotes` message, all at once. */
    flush(at?: Date) {
      const round = beginFlush(at);
      while (round.next(Number.POSITIVE_INFINITY));
      return round.sent();
    },
    /** Sends one client its waiting quotes now (after unpause). */
    flushClient(client: LiveClient, at?: Date) {
      if (!client.paused && !client.closed) flushOne(client, at);
    },
    /** Closes every client (1001 when the server goes away: clients reconnect, to another node if there is one). */
    closeAll(code: number = LIVE_CLOSE_CODES.goingAway, reason = 'server shutting down') {
      for (const client of [...clients]) drop(client, code, reason);
    },
    /** Every followed asset (the feed's set, and the lists to refresh). */
    followedAssets: (): AssetRef[] => [...followed.values()].map((entry) => entry.ref),
    clients: (): ReadonlySet<LiveClient> => clients,
    stats: () => ({
      clients: clients.size,
      followedAssets: followed.size,
      topics: topicIndex.size,
      droppedSlow: dropped,
    }),
  };
}
