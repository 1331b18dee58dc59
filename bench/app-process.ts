/**
 * `npm start` as a newcomer runs it (scripts/start.ts: embedded database, demo market), in a child process on a port
 * of its own and a data folder the caller names: what bench:first-start and footprint measure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** What `npm start` runs after `node`: its flags and the script, read from package.json so the two never differ. */
const START_ARGUMENTS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .slice(1);
/** A start that has not answered, or a fill that has not ended, by then has failed. */
export const APP_LIMIT_MS = 15 * 60_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface AppProcess {
  base: string;
  port: number;
  /** performance.now() when the command was run. */
  spawnedAt: number;
  /** Everything it printed. */
  output(): string;
  /** performance.now() of the first successful answer of `path`, asked every 50 ms from the command on. */
  firstAnswer(path: string): Promise<number>;
  /** The market history's state (GET /api/core/market-history). */
  historyState(): Promise<string>;
  /** Waits until the history is in, asking every second; throws when it failed or the process ended. */
  filled(): Promise<number>;
  /** Resident memory of the server process, in bytes (Linux). */
  rss(): number;
  stop(): Promise<void>;
}

export async function startApp(dataDir: string): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, START_ARGUMENTS, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const alive = () => {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${printed}`);
    if (performance.now() - spawnedAt > APP_LIMIT_MS) throw new Error(`no end after ${APP_LIMIT_MS / 60_000} minutes`);
  };
  const historyState = async () => {
    const response = await fetch(`${base}/api/core/market-history`);
    return ((await response.json()) as { state: string }).state;
  };
  return {
    base,
    port,
    spawnedAt,
    output: () => printed,
    async firstAnswer(path) {
      for (;;) {
        alive();
        try {
          const response = await fetch(`${base}${path}`);
          await response.arrayBuffer();
          if (response.ok) return performance.now();
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    historyState,
    async filled() {
      for (;;) {
        alive();
        const state = await historyState();
        if (state === 'done') return performance.now();
        if (state === 'failed') throw new Error(`the fill failed:\n${printed}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
