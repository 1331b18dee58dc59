/**
 * The live socket's handshake, taken straight from Node's `upgrade` event (decision 0051): the path, the caller's
 * address against its budget of handshakes, then `ws`'s upgrade. Going through Fastify's whole request cycle for each
 * of them (routing, the CORS, compression, security-header and rate-limit hooks, a request, a reply and a child
 * logger held for the connection's life) cost a node 1.6x a bare `ws` server's CPU to take 10,000 clients in.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode } from '@eh/contracts';
import { normalizeIP } from '@fastify/rate-limit';
import { WebSocketServer, type WsSocket } from './ws.ts';

/** The socket's path on the API's port (SPEC §7). */
export const SYNC_PATH = '/sync';

export interface UpgradeOptions {
  /** Handshakes one address may make per window (the API's own rate limit). */
  max: number;
  windowMs: number;
  /** Behind a proxy the caller is the first address of X-Forwarded-For, as Fastify reads it. */
  trustProxy: boolean;
  /** A frame larger than this ends the connection (1009) before it is read. */
  maxPayload: number;
  accept: (socket: WsSocket, query: Record<string, string>) => void;
  now?: () => number;
}

/** Handshakes counted per address in fixed windows; a full count refuses until its window ends. */
export function handshakeBudget(max: number, windowMs: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Seconds to wait when `address` has spent its budget, else 0 (and the handshake is counted). */
    take(address: string): number {
      const at = now();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        counts = new Map();
      }
      const used = counts.get(address) ?? 0;
      if (used >= max) return Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
      counts.set(address, used + 1);
      return 0;
    },
  };
}

function addressOf(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : '';
  return normalizeIP(first || request.socket.remoteAddress || '');
}

/** Answers a handshake that will not become a socket with a plain HTTP response, and ends the connection. */
function refuse(socket: Duplex, status: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  // Node's server lets go of an upgrading socket's errors (`ws` takes them over for a handshake it accepts): a client
  // gone before the refusal is written must not take the process with it.
  socket.on('error', () => socket.destroy());
  const text = JSON.stringify(body);
  const lines = Object.entries({
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
}

/** The `upgrade` listener for an HTTP server: `/sync` becomes a live socket; every other upgrade is refused. */
export function syncUpgrades(options: UpgradeOptions) {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    perMessageDeflate: false,
    // The hub keeps the clients; a second set of them would only cost memory.
    clientTracking: false,
  });
  const budget = handshakeBudget(options.max, options.windowMs, options.now);
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    // The router ignores a trailing slash; so does the handshake.
    if (path !== SYNC_PATH && path !== `${SYNC_PATH}/`)
      return refuse(socket, '404 Not Found', { message: 'Not found', code: ErrorCode.notFound });
    if (request.headers.upgrade?.toLowerCase() !== 'websocket')
      return refuse(socket, '400 Bad Request', {
        message: 'Only a WebSocket upgrade is served here',
        code: ErrorCode.validation,
      });
    const wait = budget.take(addressOf(request, options.trustProxy));
    if (wait > 0)
      return refuse(
        socket,
        '429 Too Many Requests',
        { message: `Too many requests; try again in ${wait} seconds`, code: ErrorCode.rateLimited },
        { 'retry-after': String(wait) },
      );
    const query = Object.fromEntries(new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1)));
    server.handleUpgrade(request, socket, head, (ws) => options.accept(ws, query));
  };
}
