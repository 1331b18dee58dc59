import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
