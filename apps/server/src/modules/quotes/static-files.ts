import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { RouteContract } from '@eh/contracts';
import type { MarketAssetType } from '@eh/domain';
import { encodeStaticAssetList } from '@eh/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel/context.ts';
import { pickEncoding } from '../../kernel/http/compression.ts';
import * as q from './queries.ts';

/**
 * The static asset lists (SPEC §7 static GET files), built from the assets table and kept in process, prebuilt
 * in identity, gzip and brotli forms. A cheap fingerprint (active count + newest updated_at) is read at most every
 * {@link VERSION_CHECK_MS}; when it moves the list is rebuilt. The ETag is a hash of the bytes, so every node of a
 * cluster sends the same one for the same list and a client revalidates with a 304.
 */

/** Phones keep the list 5 minutes, then revalidate (a 304 of a few hundred bytes) while showing what they hold. */
export const STATIC_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';
export const VERSION_CHECK_MS = 2_000;

export const STATIC_LISTS = {
  assets: ['stock', 'otc', 'crypto'],
  indexes: ['index'],
} as const satisfies Record<string, readonly MarketAssetType[]>;
export type StaticListName = keyof typeof STATIC_LISTS;

export interface BuiltList {
  version: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export async function buildList(
  types: readonly MarketAssetType[],
  rows: Parameters<typeof encode>[0],
  version: string,
) {
  const identity = Buffer.from(JSON.stringify(encode(rows, version)));
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  // Weak: the same list is sent in three encodings; If-None-Match compares weakly anyway.
  return { version, etag: `W/"${types.join('-')}-${hash}"`, identity, gzip: gz, br } satisfies BuiltList;
}

function encode(rows: Awaited<ReturnType<typeof q.searchableAssets>>, version: string) {
  return encodeStaticAssetList(
    rows.map((row) => ({
      symbol: row.symbol,
      name: row.name,
      type: row.type,
      ...(row.exchange ? { exchange: row.exchange } : {}),
      ...(row.marketCap === null ? {} : { marketCap: row.marketCap }),
      popularity: row.popularity,
    })),
    version,
  );
}

/** One cached list: the fingerprint is checked at most every few seconds, the list rebuilt when it moved. */
export function staticListCache(ctx: AppContext, name: StaticListName) {
  const types = STATIC_LISTS[name];
  let built: BuiltList | null = null;
  let checkedAt = 0;
  let pending: Promise<BuiltList> | null = null;
  const refresh = async () => {
    const version = await q.assetsVersion(ctx.db, { types });
    checkedAt = Date.now();
    if (built?.version !== version) {
      built = await buildList(types, await q.searchableAssets(ctx.db, { types }), version);
    }
    return built;
  };
  return async (): Promise<BuiltList> => {
    if (built && Date.now() - checkedAt < VERSION_CHECK_MS) return built;
    pending ??= refresh().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/** If-None-Match by weak comparison (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function sendList(request: FastifyRequest, reply: FastifyReply, list: BuiltList) {
  reply
    .header('etag', list.etag)
    .header('cache-control', STATIC_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .header('x-content-type-options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], list.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(list.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(list.gzip);
  return reply.send(list.identity);
}

/**
 * Registers a static list under its contract. Not through `mount`: the answer is prebuilt bytes with its own
 * status (200 or 304) and encoding; the contract still documents the body in OpenAPI.
 */
export function mountStaticList(app: FastifyInstance, contract: RouteContract, name: StaticListName) {
  const current = staticListCache(app.ctx, name);
  app.route({
    method: 'GET',
    url: contract.path,
    schema: { summary: contract.summary, tags: [...contract.tags], response: { 200: contract.response } },
    handler: async (request, reply) => sendList(request, reply, await current()),
  });
}
