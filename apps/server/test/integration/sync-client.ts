/** A live socket client for the sync tests: every frame it receives, and waits for the one a test expects. */
import { WebSocket, type WsSocket } from '../../src/sync/ws.ts';

export interface LiveTestClient {
  socket: WsSocket;
  /** Every frame received, parsed (binary or unparsable frames as `{ raw }`). */
  messages: any[];
  /** The first frame (from `from` on) of `type` matching `match`, waiting up to `timeoutMs`. */
  next(type: string, match?: (message: any) => boolean, timeoutMs?: number, from?: number): Promise<any>;
  send(message: unknown): void;
  /** Resolves with the close code and reason once the socket closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function liveUrl(serverUrl: string, query: Record<string, string>) {
  return `${serverUrl.replace(/^http/, 'ws')}/sync?${new URLSearchParams(query)}`;
}

export function connectLive(serverUrl: string, query: Record<string, string>): Promise<LiveTestClient> {
  const socket = new WebSocket(liveUrl(serverUrl, query));
  const messages: any[] = [];
  const waiters = new Set<() => void>();
  let closedWith: { code: number; reason: string } | null = null;
  socket.on('message', (data, isBinary) => {
    try {
      messages.push(isBinary ? { raw: data } : JSON.parse(data.toString()));
    } catch {
      messages.push({ raw: data.toString() });
    }
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      closedWith = { code, reason: reason.toString() };
      for (const wake of waiters) wake();
      resolve(closedWith);
    }),
  );
  socket.on('error', () => {});
  const client: LiveTestClient = {
    socket,
    messages,
    closed,
    next(type, match = () => true, timeoutMs = 10_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find((m) => m.type === type && match(m));
          if (found) {
            done();
            resolve(found);
          } else if (closedWith) {
            done();
            reject(new Error(`socket closed (${closedWith.code} ${closedWith.reason}) before a ${type} frame`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 2000)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    send(message) {
      socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
    },
    async close() {
      if (closedWith) return;
      socket.close(1000);
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed (${code}) before it opened`)));
  });
}
