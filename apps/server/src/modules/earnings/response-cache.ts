import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { RouteContract } from '@eh/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageBus } from '../../kernel/bus/index.ts';
import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import { pickEncoding } from '../../kernel/http/compression.ts';
import type { ContractRequest } from '../../kernel/http/route.ts';
import { matchesEtag } from '../quotes/index.ts';

/**
 * How long a cached answer is fresh. After that it is still served while one rebuild runs in the background (callers
 * never wait for a build), for at most {@link RESPONSE_CACHE_MAX_STALE_MS}; an invalidation drops it at once.
 * Changes arrive as invalidations (MARKET_CHANGED_CHANNEL); the rebuild is the safety net for a write nobody
 * announced. Each one stalls the event loop for the query on PGlite (decision 0017), so it is rare.
 */
export const RESPONSE_CACHE_TTL_MS = 60_000;
/** How long past its freshness an answer may be served while a rebuild runs (or keeps failing). */
export const RESPONSE_CACHE_MAX_STALE_MS = 60_000;
/** Distinct windows × plan tiers kept; the oldest entry goes first. */
export const RESPONSE_CACHE_MAX_ENTRIES = 256;
/** Bytes kept (JSON plus its gzip and brotli forms): a season week takes ~1.2 MB as rows, ~0.3 MB as columns. */
export const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** An answer serialised once: its JSON bytes, compressed forms and a hash of them as the ETag. */
export interface SerializedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** `br` is at brotli's best quality (made in the background once the answer is cached; same ETag). */
  polished?: boolean;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Brotli's best: ~50x the time of quality 5 for ~25% fewer bytes on a calendar week, so made once, in the background. */
const POLISHED_BROTLI_QUALITY = 11;
/**
 * Larger answers keep their quick brotli form: at the best quality a 1 MB answer (a season week as rows) takes
 * some 5 s of a core, a week by column (~230 KB) half a second.
 */
export const POLISH_MAX_BYTES = 512 * 1024;

const etagOf = (identity: Buffer) => `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;

/**
 * Serialises `value` (already checked against its contract) and compresses it off the event loop, at moderate
 * levels: a caller may be waiting for the first build. When the bytes are those of `previous` (a rebuild that found
 * nothing changed), `previous` comes back as it is, compressed forms included: they are made once per change.
 */
export async function serializeBody(value: unknown, previous?: SerializedBody): Promise<SerializedBody> {
  const identity = Buffer.from(JSON.stringify(value));
  const etag = etagOf(identity);
  if (previous?.etag === etag) return previous;
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { etag, identity, gzip: gz, br, polished: false };
}

/** Replaces `body.br` with brotli's smallest form of the same bytes (off the event loop; the ETag stays). */
export async function polishBody(body: SerializedBody): Promise<void> {
  const br = await brotliAsync(body.identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: POLISHED_BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
    },
  });
  if (br.length < body.br.length) body.br = br;
  body.polished = true;
}

/**
 * Sends a serialised answer in the encoding the client accepts, or 304 when it holds the same bytes. The answer may
 * depend on the caller's plan, so shared caches must not keep it; the client revalidates with its ETag.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: SerializedBody, status = 200) {
  reply
    .header('etag', body.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Authorization');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.status(status).type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

export interface ResponseCache {
  /**
   * The cached body for `key`, or the one `build` makes (concurrent misses share one build). A rebuild of an
   * expired answer is given the body it replaces, to keep its compressed forms when nothing changed.
   */
  get(key: string, build: (previous?: SerializedBody) => Promise<SerializedBody>): Promise<SerializedBody>;
  clear(): void;
  /** Entries held, and the bytes of the built ones. */
  readonly size: number;
  readonly bytes: number;
}

export interface ResponseCacheOptions {
  ttlMs?: number;
  maxStaleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Makes a cached body smaller in the background, one at a time (default: {@link polishBody}). */
  polish?: (body: SerializedBody) => Promise<void>;
}

const bytesOf = (body: SerializedBody) => body.identity.length + body.gzip.length + body.br.length;

/**
 * Serialised answers kept in process. The busiest call (a calendar week during earnings season: 1,300+ rows) is
 * asked for the same few windows by everyone; serving the bytes instead of querying, gating, validating and
 * serialising again is what lets it keep up with a bare route (bench/api.bench.ts). Bounded by entries and by
 * bytes; the oldest entries go first. Stale-while-revalidate: an expired answer is served while one rebuild runs, so
 * the busiest call never stalls on a build once it is warm. Once cached, an answer's brotli form is remade at the
 * best quality in the background, one answer at a time.
 */
export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const ttlMs = options.ttlMs ?? RESPONSE_CACHE_TTL_MS;
  const maxStaleMs = options.maxStaleMs ?? RESPONSE_CACHE_MAX_STALE_MS;
  const maxEntries = options.maxEntries ?? RESPONSE_CACHE_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? RESPONSE_CACHE_MAX_BYTES;
  const now = options.now ?? Date.now;
  const polish = options.polish ?? polishBody;
  type Entry = {
    expires: number;
    body: Promise<SerializedBody>;
    built: SerializedBody | null;
    bytes: number;
    refreshing: boolean;
  };
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  const remove = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const evict = () => {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return;
      remove(key, entry);
    }
  };
  const polishing: { key: string; entry: Entry }[] = [];
  let polisherRunning = false;
  const polishAll = async () => {
    polisherRunning = true;
    for (let next = polishing.shift(); next; next = polishing.shift()) {
      const { key, entry } = next;
      const body = entry.built;
      // Dropped or replaced meanwhile: nobody will be sent it.
      if (!body || body.polished || entries.get(key) !== entry) continue;
      try {
        await polish(body);
      } catch {
        // The quick form stays; it is as correct, only larger.
        body.polished = true;
      }
      if (entries.get(key) !== entry) continue;
      bytes += bytesOf(body) - entry.bytes;
      entry.bytes = bytesOf(body);
      evict();
    }
    polisherRunning = false;
  };
  /** Keeps a built body under `key`, unless an invalidation came after its build started. */
  const store = (key: string, built: SerializedBody, started: number, replacing?: Entry) => {
    if (generation !== started) return false;
    if (replacing && entries.get(key) !== replacing) return false;
    if (replacing) remove(key, replacing);
    const entry: Entry = {
      expires: now() + ttlMs,
      body: Promise.resolve(built),
      built,
      bytes: bytesOf(built),
      refreshing: false,
    };
    entries.set(key, entry);
    bytes += entry.bytes;
    evict();
    if (!built.polished && built.identity.length <= POLISH_MAX_BYTES) {
      polishing.push({ key, entry });
      if (!polisherRunning) void polishAll();
    }
    return true;
  };
  const refresh = (key: string, stale: Entry, build: (previous?: SerializedBody) => Promise<SerializedBody>) => {
    stale.refreshing = true;
    const started = generation;
    build(stale.built ?? undefined).then(
      (built) => store(key, built, started, stale),
      () => {
        // Keep serving what we have; the next request after this tries again.
        stale.refreshing = false;
      },
    );
  };
  return {
    get(key, build) {
      const hit = entries.get(key);
      if (hit) {
        const age = now() - hit.expires;
        if (age < 0 || !hit.built) return hit.body;
        // Expired: serve it while one rebuild runs, so no caller waits for a build (up to the stale bound).
        if (age < maxStaleMs) {
          if (!hit.refreshing) refresh(key, hit, build);
          return hit.body;
        }
        remove(key, hit);
      }
      const started = generation;
      const body = build(hit?.built ?? undefined);
      const pending: Entry = { expires: Number.POSITIVE_INFINITY, body, built: null, bytes: 0, refreshing: false };
      entries.set(key, pending);
      evict();
      body.then(
        (built) => {
          // Built from data read before an invalidation: serve it to its own callers, keep it for nobody else.
          if (entries.get(key) === pending) remove(key, pending);
          if (generation === started && !entries.has(key)) store(key, built, started);
        },
        () => remove(key, pending),
      );
      return body;
    },
    clear() {
      generation += 1;
      entries.clear();
      polishing.length = 0;
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Clears `cache` whenever the bus says market data changed, and when the bus comes back from an outage (changes
 * announced meanwhile were missed); returns the unsubscribe function.
 */
export async function clearOnMarketChange(bus: MessageBus, cache: ResponseCache, datasets: readonly string[]) {
  const stopWatching = bus.onStatus((status) => {
    if (status.connected) cache.clear();
  });
  const unsubscribe = await bus.subscribe(MARKET_CHANGED_CHANNEL, (message) => {
    const changed =
      message && typeof message === 'object' && 'datasets' in message && Array.isArray(message.datasets)
        ? message.datasets
        : null;
    if (changed === null || changed.some((name) => datasets.includes(name))) cache.clear();
  });
  return async () => {
    stopWatching();
    await unsubscribe();
  };
}

/**
 * mount() for answers served as cached bytes: the contract still validates the request and feeds OpenAPI; the body
 * was checked against the contract's response schema when it was built, so it is sent without serialising again.
 * The compression plugin's hooks stay off the route: the answer is compressed already, and a GET has no body.
 */
export function mountSerialized<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (request: ContractRequest<C>) => Promise<SerializedBody>,
) {
  const status = contract.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    compress: false,
    decompress: false,
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      response: { [status]: contract.response },
    },
    handler: async (request, reply) =>
      sendSerialized(request, reply, await handler(request as unknown as ContractRequest<C>), status),
  });
}
