/**
 * What the fault tests start for themselves, each on its own free port: a PostgreSQL cluster (initdb), a Redis
 * server, and the server itself as a child process (so a crash is the child's exit, not the test runner's).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

/**
 * A server process starts in a few seconds on an idle machine; the integration suite runs two files at once on two
 * cores, so starting (and a whole test) is given room well beyond that.
 */
export const START_TIMEOUT_MS = 120_000;
export const TEST_TIMEOUT_MS = 180_000;

const MAIN = new URL('../../../src/main.ts', import.meta.url).pathname;

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The newest installed PostgreSQL's bin folder (Debian keeps them under /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

export interface PostgresCluster {
  url: string;
  /** `pg_ctl restart -m immediate`: every backend dies at once, as in a crash; resolves once it accepts again. */
  restartImmediate(): Promise<void>;
  /** A longer outage: down until `start()`. */
  stopImmediate(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  stop(): Promise<void>;
}

/** initdb refuses root: run the cluster as the `postgres` account when the tests run as root (CI does). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export async function startPostgres(bin: string): Promise<PostgresCluster> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'eh-faults-pg-'));
  const data = join(dir, 'data');
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  // Asynchronous: the test's own load keeps running while PostgreSQL goes down and comes back.
  const run = (tool: string, args: string[]) =>
    promisify(execFile)(join(bin, tool), args, { ...(user ?? {}), cwd: dir }).then(() => {});
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // fsync off: an immediate stop kills the processes, not the machine, so the OS keeps every write they made.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', ...args]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartImmediate: () => ctl('restart', '-m', 'immediate'),
    stopImmediate: () => ctl('stop', '-m', 'immediate'),
    start: () => ctl('start'),
    async stop() {
      try {
        await ctl('stop', '-m', 'immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface RedisServer {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export function redisAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child = proc;
    await waitFor('redis to listen', async () => {
      const { Redis } = await import('ioredis');
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG' ? true : undefined;
      } finally {
        probe.disconnect();
      }
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const proc = child;
      // A child ended by a signal keeps exitCode null: signalCode says it is gone too (its 'exit' came already).
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string | null>;
  alive(): boolean;
}

/**
 * The real entry point (`node src/main.ts`) with its own environment, and Node's own options before it (`--import`);
 * resolves once it prints its address.
 */
export function startServerProcess(env: Record<string, string>, nodeOptions: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeOptions, MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ended = false;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      resolve(code ?? signal);
    }),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/is running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) resolve({ child, url: match[1], output: () => out, exited, alive: () => !ended });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => reject(new Error(`server exited (${code}) before it listened:\n${out}`)));
  });
}

/** One kind of write the load sends; `ack` reads the value a 2xx answer acknowledges (an id, a sequence). */
export interface Writer {
  name: string;
  send(sequence: number): Promise<Response>;
  ack(body: unknown, sequence: number): number;
}

export const feedbackWriter = (url: string): Writer => ({
  name: 'feedback',
  send: (sequence) =>
    fetch(`${url}/api/core/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'other', message: `fault test write ${sequence}` }),
      signal: AbortSignal.timeout(10_000),
    }),
  ack: (body) => (body as { id: number }).id,
});

export interface LoadReport {
  /** Per writer, the values its acknowledged writes carried. */
  acknowledged: Map<string, number[]>;
  total(): number;
  statuses: Map<number, number>;
  /** Answers other than 2xx and 503-with-Retry-After, with their bodies. */
  unexpected: string[];
  /** Requests that got no HTTP answer at all (connection refused or reset). */
  transportErrors: number;
  /** ms from each `markReturn()` to the first acknowledged write after it. */
  firstSuccessAfterReturn: number[];
  markReturn(): void;
  stop(): Promise<void>;
}

/** A steady stream of writes: one loop per writer, each waiting `pauseMs` between its requests. */
export function writeLoad(writers: Writer[], pauseMs = 20): LoadReport {
  let running = true;
  let returnedAt: number | null = null;
  const report: LoadReport = {
    acknowledged: new Map(writers.map((w) => [w.name, []])),
    total: () => [...report.acknowledged.values()].reduce((sum, list) => sum + list.length, 0),
    statuses: new Map(),
    unexpected: [],
    transportErrors: 0,
    firstSuccessAfterReturn: [],
    markReturn: () => {
      returnedAt = Date.now();
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
  const loop = async (writer: Writer) => {
    let sequence = 0;
    while (running) {
      sequence += 1;
      const res = await writer.send(sequence).catch(() => null);
      if (!res) {
        report.transportErrors += 1;
      } else {
        report.statuses.set(res.status, (report.statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        if (res.ok) {
          report.acknowledged.get(writer.name)?.push(writer.ack(JSON.parse(text), sequence));
          if (returnedAt !== null) {
            report.firstSuccessAfterReturn.push(Date.now() - returnedAt);
            returnedAt = null;
          }
        } else if (!(res.status === 503 && res.headers.get('retry-after'))) {
          report.unexpected.push(`${writer.name}: ${res.status} ${text}`);
        }
      }
      await sleep(pauseMs);
    }
  };
  const loops = writers.map(loop);
  return report;
}
