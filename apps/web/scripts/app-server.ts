/**
 * The built app on a server of its own, for the scripts that measure or record it in a browser (lighthouse.ts,
 * record-first-screen-styles.ts): a free port and a fresh data folder (the first start seeds the demo market),
 * or the server at `url` when one is given.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A port free right now (a server's public address must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForServer(url: string, child: ChildProcess | null) {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/pricing/assets/info/movers?type=gainers&limit=1`);
      if (res.ok && ((await res.json()) as { assets: unknown[] }).assets.length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the server did not start in 15 minutes');
}

export interface AppServer {
  base: string;
  stop: () => void;
}

/** The server at `url`, or one started here; resolves once the demo market answers. */
export async function appServer(url: string | undefined): Promise<AppServer> {
  if (url) {
    const base = url.replace(/\/$/, '');
    await waitForServer(base, null);
    return { base, stop: () => undefined };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-app-server-'));
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the server on ${base} (first start seeds the demo market)…`);
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(base, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
