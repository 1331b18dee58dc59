import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes a response goes as it is: compressing would cost more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli at quality 4 for answers built per request: most of quality 11's size for a small part of its time (the
 * web build's files are compressed at the top quality once, at build time, and go out as they are).
 */
const DYNAMIC_BROTLI_QUALITY = 4;
/** The paths whose answers are built per request (the API and the identity provider). */
const COMPRESSED_PATHS = /^\/(?:api|idp)(?:\/|$)/;

/**
 * API answers compressed for clients that accept it (a quote page's four years of daily bars: 97 kB of JSON,
 * about a fifth of that on the wire). Responses that already carry an encoding (the static asset lists) are left
 * alone, and the web build's files go out as built: its .br/.gz copies, or plain where it has none.
 */
export async function registerCompression(app: FastifyInstance) {
  // Added before the plugin's own hook, so it sees the choice for every route registered later.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !COMPRESSED_PATHS.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}

/** Which encoding to send: brotli, then gzip, then none, as the client accepts them (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (token && !refused) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A page built per request (the app's shell with its head), compressed with the same settings. The shell
 * carries the first screens' styles, some 115 kB of CSS, a tenth of that on the wire. Pages go out from the
 * not-found handler, which the plugin's per-route hooks do not reach.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'accept-encoding');
  if (html.length < COMPRESS_THRESHOLD_BYTES) return reply.send(html);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
