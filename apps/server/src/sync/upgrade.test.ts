/**
 * The live socket's handshake on a bare Node HTTP server (no Fastify, no database): `/sync` with its query becomes
 * a socket; another path, another protocol and an address past its budget of handshakes get a plain HTTP refusal
 * that names why, and the budget comes back with its window.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { handshakeBudget, syncUpgrades } from './upgrade.ts';
import { WebSocket } from './ws.ts';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function listen(options: { max: number; trustProxy?: boolean }) {
  const accepted: Record<string, string>[] = [];
  server = createServer((_request, response) => response.end('plain'));
  server.on(
    'upgrade',
    syncUpgrades({
      max: options.max,
      windowMs: 60_000,
      trustProxy: options.trustProxy ?? false,
      maxPayload: 1024,
      accept: (socket, query) => {
        accepted.push(query);
        socket.send('welcome');
      },
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}`, port, accepted };
}

/** Opens a socket: its first message, or the HTTP status, Retry-After and body it was refused with. */
function open(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ message: string } | { status: number; retryAfter: string | undefined; body: string }>(
    (resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.on('message', (data) => {
        resolve({ message: data.toString() });
        socket.close();
      });
      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body }),
        );
      });
      socket.on('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    },
  );
}

describe('the live socket handshake', () => {
  it('takes /sync with its query, refuses other paths with 404 and spent addresses with 429', async () => {
    const { url, accepted } = await listen({ max: 2 });
    expect(await open(`${url}/sync?app=earningshub&anonymousId=a%20b&__proto__=x`)).toEqual({ message: 'welcome' });
    expect(accepted).toEqual([{ app: 'earningshub', anonymousId: 'a b', ['__proto__']: 'x' }]);
    expect(Object.getPrototypeOf(accepted[0])).toBe(Object.prototype);
    expect(await open(`${url}/elsewhere`)).toMatchObject({ status: 404 });
    expect(await open(`${url}/sync/`)).toEqual({ message: 'welcome' });
    const refused = await open(`${url}/sync`);
    expect(refused).toMatchObject({ status: 429, retryAfter: '60' });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      message: 'Too many requests; try again in 60 seconds',
      code: 'RATE_LIMITED',
    });
  });

  it('counts behind a trusted proxy the first forwarded address', async () => {
    const { url } = await listen({ max: 1, trustProxy: true });
    expect(await open(`${url}/sync`, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })).toEqual({ message: 'welcome' });
    expect(await open(`${url}/sync`, { 'x-forwarded-for': '203.0.113.8' })).toEqual({ message: 'welcome' });
    expect(await open(`${url}/sync`, { 'x-forwarded-for': '203.0.113.7' })).toMatchObject({ status: 429 });
  });

  it('answers an upgrade to another protocol with 400 and leaves plain requests to the server', async () => {
    const { port } = await listen({ max: 5 });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /sync HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(await (await fetch(`http://127.0.0.1:${port}/sync`)).text()).toBe('plain');
  });
});

describe('a budget of handshakes', () => {
  it('refuses past its count until the window ends, per address', () => {
    let now = 1_000;
    const budget = handshakeBudget(2, 10_000, () => now);
    expect([budget.take('a'), budget.take('a'), budget.take('b')]).toEqual([0, 0, 0]);
    now += 2_500;
    expect(budget.take('a')).toBe(8);
    now += 7_500;
    expect(budget.take('a')).toBe(0);
  });
});
