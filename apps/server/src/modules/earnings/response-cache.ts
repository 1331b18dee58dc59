import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { RouteContract } from '@eh/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageBus } from '../../bus/index.ts';
import { pickEncoding } from '../../http/compression.ts';
import type { ContractRequest } from '../../http/route.ts';
import { matchesEtag } from '../market/static-files.ts';

/**
 * Bus channel the ingestion writer publishes on after it commits market data (`{ datasets: ['earnings', …] }`).
 * Every node's caches of earnings answers drop their entries on it; a message without datasets clears them too.
 */
export const MARKET_CHANGED_CHANNEL = 'market.changed';

/**
 * How long a cached answer is fresh. After that it is still served while one rebuild runs in the background (callers
 * never wait for a build), for at most {@link RESPONSE_CACHE_MAX_STALE_MS}; an invalidation drops it at once.
 */
export const RESPONSE_CACHE_TTL_MS = 5_000;
/** How long past its freshness an answer may be served while a rebuild runs (or keeps failing). */
export const RESPONSE_CACHE_MAX_STALE_MS = 60_000;
/** Distinct windows × plan tiers kept; the oldest entry goes first. */
export const RESPONSE_CACHE_MAX_ENTRIES = 256;
/** Bytes kept (JSON plus its gzip and brotli forms): a season week takes ~1.2 MB. */
export const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** An answer serialised once: its JSON bytes, compressed forms and a hash of them as the ETag. */
export interface SerializedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Serialises `value` (already checked against its contract) and compresses it off the event loop. Levels are
 * moderate: the body is rebuilt every few seconds, and a season week (~1 MB of JSON) must build in milliseconds.
 */
export async function serializeBody(value: unknown): Promise<SerializedBody> {
  const identity = Buffer.from(JSON.stringify(value));
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
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { etag: `W/"${hash}"`, identity, gzip: gz, br };
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
  /** The cached body for `key`, or the one `build` makes (concurrent misses share one build). */
  get(key: string, build: () => Promise<SerializedBody>): Promise<SerializedBody>;
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
}

const bytesOf = (body: SerializedBody) => body.identity.length + body.gzip.length + body.br.length;

/**
 * Serialised answers kept in process for a few seconds. The busiest call (a calendar week during earnings season:
 * 1,300+ rows, ~1 MB of JSON) is asked for the same few windows by everyone; serving the bytes instead of querying,
 * gating, validating and serialising again is what lets it keep up with a bare route (bench/api.bench.ts). Bounded
 * by entries and by bytes; the oldest entries go first. Stale-while-revalidate: an expired answer is served while one
 * rebuild runs, so the busiest call never stalls on a build once it is warm.
 */
export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const ttlMs = options.ttlMs ?? RESPONSE_CACHE_TTL_MS;
  const maxStaleMs = options.maxStaleMs ?? RESPONSE_CACHE_MAX_STALE_MS;
  const maxEntries = options.maxEntries ?? RESPONSE_CACHE_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? RESPONSE_CACHE_MAX_BYTES;
  const now = options.now ?? Date.now;
  type Entry = { expires: number; body: Promise<SerializedBody>; bytes: number; built: boolean; refreshing: boolean };
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
  /** Keeps a built body under `key`, unless an invalidation came after its build started. */
  const store = (key: string, built: SerializedBody, started: number, replacing?: Entry) => {
    if (generation !== started) return false;
    if (replacing && entries.get(key) !== replacing) return false;
    if (replacing) remove(key, replacing);
    const entry: Entry = {
      expires: now() + ttlMs,
      body: Promise.resolve(built),
      bytes: bytesOf(built),
      built: true,
      refreshing: false,
    };
    entries.set(key, entry);
    bytes += entry.bytes;
    evict();
    return true;
  };
  const refresh = (key: string, stale: Entry, build: () => Promise<SerializedBody>) => {
    stale.refreshing = true;
    const started = generation;
    build().then(
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
      const body = build();
      const pending: Entry = { expires: Number.POSITIVE_INFINITY, body, bytes: 0, built: false, refreshing: false };
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
