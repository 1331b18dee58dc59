/**
 * The `ws` package: the live socket's server (upgrade.ts), a client for tests and the benchmark, and a bare server for
 * the benchmark's baseline. Typed only as far as they use it (`ws` ships no types).
 */
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';

export interface WsSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  readonly protocol: string;
  send(data: string | Buffer, options?: { binary?: boolean }, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  pause(): void;
  resume(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  once(event: 'open', listener: () => void): this;
  once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
  off(event: string, listener: (...args: never[]) => void): this;
}

export interface WsServer {
  readonly clients: Set<WsSocket>;
  handleUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    callback: (socket: WsSocket, request: IncomingMessage) => void,
  ): void;
  on(event: 'connection', listener: (socket: WsSocket, request: IncomingMessage) => void): this;
  on(event: 'listening', listener: () => void): this;
  address(): { port: number } | string | null;
  close(callback?: () => void): void;
}

interface WsModule {
  WebSocket: new (
    url: string,
    options?: { perMessageDeflate?: boolean; maxPayload?: number; headers?: Record<string, string> },
  ) => WsSocket;
  WebSocketServer: new (options: {
    port?: number;
    host?: string;
    noServer?: boolean;
    perMessageDeflate?: boolean;
    clientTracking?: boolean;
    maxPayload?: number;
  }) => WsServer;
}

const ws = createRequire(import.meta.url)('ws') as WsModule;

export const { WebSocket, WebSocketServer } = ws;
