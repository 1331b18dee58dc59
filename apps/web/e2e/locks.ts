/**
 * Locks the e2e files take while they run side by side against the one shared server (vitest runs them in
 * parallel workers). The lock service lives in the main process (started by global-setup.ts); the files ask it
 * over HTTP (support.ts). FIFO per lock: a waiting exclusive holder is never overtaken by later shared ones.
 *
 * - `app`: every file holds it shared (setup.ts); a file that changes what every page shows (the maintenance and
 *   banner flags) holds it exclusive, so no other file runs meanwhile.
 * - other names: plain mutexes for state several files change (the demo accounts' lists, the dev flag).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LockMode = 'shared' | 'exclusive';

interface Waiter {
  holder: string;
  mode: LockMode;
  grant: () => void;
}

interface Lock {
  shared: Set<string>;
  exclusive: string | null;
  queue: Waiter[];
}

export async function startLockService(): Promise<{ url: string; close: () => Promise<void> }> {
  const locks = new Map<string, Lock>();
  const lockOf = (name: string) => {
    let lock = locks.get(name);
    if (!lock) {
      lock = { shared: new Set(), exclusive: null, queue: [] };
      locks.set(name, lock);
    }
    return lock;
  };
  const grantWaiting = (lock: Lock) => {
    for (let next = lock.queue[0]; next; next = lock.queue[0]) {
      if (lock.exclusive !== null) return;
      if (next.mode === 'exclusive') {
        if (lock.shared.size > 0) return;
        lock.exclusive = next.holder;
      } else {
        lock.shared.add(next.holder);
      }
      lock.queue.shift();
      next.grant();
    }
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://locks');
    const name = url.searchParams.get('name') ?? '';
    const holder = url.searchParams.get('holder') ?? '';
    const lock = lockOf(name);
    if (url.pathname === '/acquire') {
      const mode: LockMode = url.searchParams.get('mode') === 'shared' ? 'shared' : 'exclusive';
      lock.queue.push({ holder, mode, grant: () => res.end('granted') });
      grantWaiting(lock);
    } else if (url.pathname === '/release') {
      lock.shared.delete(holder);
      if (lock.exclusive === holder) lock.exclusive = null;
      grantWaiting(lock);
      res.end('released');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  // Waiting for a lock can take minutes: no request timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Asks the lock service (plain node:http: fetch gives up on answers that take over five minutes). */
export function lockRequest(base: string, path: '/acquire' | '/release', params: Record<string, string>) {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return new Promise<void>((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
