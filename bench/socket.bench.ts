/**
 * Live socket benchmark: `npm run bench:socket` (Node 24, the repository's pinned one).
 *
 * --clients connected clients (default 10,000: about two minutes on a 2-core machine) each following
 * --per-client stocks (default 20) drawn over --symbols (default 2,000), with --ticks quotes a second (default 1,000)
 * published through the server's own `publishLive` (zod check, the bus, the hub's routing and per-client coalescing) in
 * packets of 50 every 50 ms. The real server (the sync role, a quiet configuration, embedded PGlite holding the
 * benchmark's assets) runs in a child process; the clients run in --workers other processes (default 4) and time each
 * `quotes` message from its batch's `at` (when the server cut it for that client) and from its second's flush (x.050 s)
 * to its receipt. Next to it, in the same run and the same server process, a bare `ws` server (the package
 * our socket is made with) sends every client the very bytes our server sent it (five batches recorded just after the
 * first measured window, in turn, each stamped when it goes, as ours are) on the same one-second rhythm, with nothing
 * else to do: no feed, no subscriptions, no coalescing, no checks, no bus. Rounds alternate (ours, bare, ours, bare) so
 * both meet the shared machine's passing load. Printed for both: the lags (p50 / p99 / max), messages and bytes a
 * second, the server's memory per connection (heap and buffers, and RSS, after a GC, connected and subscribed, over the
 * same process before), its CPU a second and the wall time of its sending passes over the measured window, and its
 * event-loop delay. The ratio is the bare server's CPU over ours for the same bytes: the share of a bare server's
 * capacity ours keeps (1.0 = no cost of our own). Every figure is printed with the machine's load average (1/5/15
 * minutes) when it was taken. Connecting is timed to each client's welcome (what the bare server sends too), with the
 * server's CPU over it; ours then subscribes every client, timed apart, and its memory is read before and after.
 * Exits non-zero when a target is missed: p99 lag <= 100 ms, ratio >= 0.5x, no client dropped, <= 4 KB per subscribed
 * connection, connecting in <= 1.5x the bare server's time.
 *

 *
 * Options: --clients N, --per-client N, --symbols N, --ticks N, --duration S (measured seconds per server and round,
 * default 8), --warmup S (default 2), --rounds N (default 2), --workers N, --profile DIR (a CPU profile of the server's
 * every measured window and connecting phase: ours-1.cpuprofile, ours-connect-1.cpuprofile, bare-2.cpuprofile, …).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { startServer } from '../apps/server/src/server.ts';
import { publishLive } from '../apps/server/src/sync/index.ts';
import { WebSocket, WebSocketServer, type WsSocket } from '../apps/server/src/sync/ws.ts';
import type { Quote } from '../packages/contracts/src/index.ts';
import { seededRandom } from '../packages/domain/src/index.ts';
import { benchConfig, loadAverage } from './support.ts';

export const TARGET_P99_MS = 100;
export const TARGET_RATIO = 0.5;
/** A subscribed connection's memory (heap and buffers), and the time to connect every client over the bare server's. */
export const TARGET_CONNECTION_KB = 4;
export const TARGET_CONNECT_RATIO = 1.5;
/** Ticks go out in batches this often (a feed's packets). */
const TICK_BATCH_MS = 50;
/** Lags are counted in 1 ms buckets up to this. */
const LAG_BUCKETS = 60_000;
/** Batches captured per client (its last ones in the measured window) for the bare server to replay. */
const CAPTURED_BATCHES = 5;
const QUOTES_PREFIX = '{"type":"quotes","at":"';
/** Both servers send each second's batches from x.050 s (the sync service's rhythm). */
const FLUSH_OFFSET_MS = 50;

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'driver' },
    clients: { type: 'string', default: '10000' },
    'per-client': { type: 'string', default: '20' },
    symbols: { type: 'string', default: '2000' },
    ticks: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    workers: { type: 'string', default: '4' },
    worker: { type: 'string', default: '0' },
    /** Writes a CPU profile of the server process into this folder. */
    profile: { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);
const PER_CLIENT = Number(values['per-client']);
const SYMBOLS = Number(values.symbols);
const TICKS = Number(values.ticks);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const WORKERS = Math.max(1, Number(values.workers));
const ROUNDS = Math.max(1, Number(values.rounds));

const symbolOf = (index: number) => `ZQ${String(index).padStart(5, '0')}`;
const clientId = (index: number) => `bench-${index}`;

/** Client `index`'s symbols: the same in both runs. */
function symbolsOf(index: number): string[] {
  const random = seededRandom(1_000_003 * (index + 1));
  const picked = new Set<number>();
  while (picked.size < Math.min(PER_CLIENT, SYMBOLS)) picked.add(Math.floor(random() * SYMBOLS));
  return [...picked].map(symbolOf);
}

interface Memory {
  /** V8 heap plus memory outside it (socket buffers). */
  heap: number;
  rss: number;
}

interface Window {
  cpuMs: number;
  /** Of which in the kernel (on loopback the receivers' side of each send runs in the sender's call). */
  systemMs: number;
  /** Wall time of the passes sending the batches. */
  flushMs: number;
  /** Time the server spent collecting garbage in the window (part of its CPU). */
  gcMs: number;
  seconds: number;
  loopP99: number;
  loopMax: number;
}

interface Counts {
  /** Lag from the batch's `at` (when the server cut it for this client) to receipt. */
  histogram: number[];
  /** Lag from the second's flush (x.050 s, both servers) to receipt: includes the server's pass over every client. */
  fromSecond: number[];
  messages: number;
  bytes: number;
  /** How long the client process measured. */
  seconds: number;
  closes: Record<string, number>;
}

type Request = { id: number; cmd: string; args?: unknown };

/** Answers the driver's requests, by id. */
function serveRequests(handlers: Record<string, (args: any) => Promise<unknown> | unknown>) {
  process.on('message', async (message: Request) => {
    const handler = handlers[message.cmd];
    if (!handler) return;
    try {
      process.send?.({ id: message.id, result: await handler(message.args) });
    } catch (error) {
      process.send?.({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
    }
  });
}

/** Asks a child and waits for its answer. */
function asker(child: ChildProcess) {
  let next = 1;
  const waiting = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) entry?.reject(new Error(message.error));
    else entry?.resolve(message.result);
  });
  return <T>(cmd: string, args?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, cmd, args } satisfies Request);
    });
}

// ---- the server process -------------------------------------------------------------------------------------------

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-bench-socket-'));
  const config = benchConfig(dataDir, undefined, { RATE_LIMIT_MAX: '1000000000', ROLES: 'sync' });
  const server = await startServer(config);
  const { db } = server.ctx;
  const live = server.app.live;
  if (!live) throw new Error('the sync role is not running');
  // The benchmark's stocks, each with a stored quote.
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => symbolOf(i));
  await db.execute(sql`
    insert into assets (symbol, symbol_upper, name, type, source)
    select s, s, 'Bench ' || s, 'stock', 'bench' from unnest(${sql.param(symbols)}::text[]) as s`);

  // The bare server: every client's captured batches, sent in turn each second.
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => bare.on('listening', () => resolve()));
  const captured = new Map<string, Buffer[]>();
  let restoreSends: (() => void)[] = [];
  const bareClients = new Map<WsSocket, Buffer[]>();
  bare.on('connection', (socket, request) => {
    const id = new URL(request.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    bareClients.set(socket, captured.get(id) ?? []);
    socket.on('close', () => bareClients.delete(socket));
    socket.send('{"type":"welcome"}');
  });
  let bareTimer: NodeJS.Timeout | null = null;
  let bareRound = 0;
  let stampMs = 0;
  let stamp = Buffer.alloc(0);
  const prefix = () => {
    const now = Date.now();
    if (now !== stampMs) {
      stampMs = now;
      stamp = Buffer.from(`${QUOTES_PREFIX}${new Date(now).toISOString()}`);
    }
    return stamp;
  };
  // As ours: bytes ready, `at` stamped when each client's batch goes.
  const bareFlush = () => {
    const started = performance.now();
    for (const [socket, frames] of bareClients) {
      const frame = frames[bareRound % Math.max(1, frames.length)];
      if (frame) socket.send(Buffer.concat([prefix(), frame]), { binary: false });
    }
    bareRound += 1;
    flushMs += performance.now() - started;
  };
  const everySecond = (work: () => void) => {
    const schedule = () => {
      const wait = (1000 + FLUSH_OFFSET_MS - (Date.now() % 1000)) % 1000 || 1000;
      bareTimer = setTimeout(() => {
        work();
        schedule();
      }, wait);
    };
    schedule();
  };

  // Time spent sending each second's batches (the flush pass over every client), for both servers.
  let flushMs = 0;
  let gcMs = 0;
  // --profile: a CPU profile of each measured window (ours-1, bare-2, …), not of the whole process.
  const profiler = values.profile ? new Session() : null;
  profiler?.connect();
  if (values.profile) mkdirSync(values.profile, { recursive: true });
  let profiled = '';
  let windows = 0;
  // The connecting phase: its CPU, and with --profile its own profile (ours-connect-1, …).
  let connecting: { cpu: NodeJS.CpuUsage; name: string } | null = null;
  let connects = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  const beginFlush = live.hub.beginFlush;
  live.hub.beginFlush = (at?: Date) => {
    const round = beginFlush(at);
    return {
      next(max: number) {
        const started = performance.now();
        const more = round.next(max);
        flushMs += performance.now() - started;
        return more;
      },
      sent: round.sent,
    };
  };

  // The feed: --ticks quotes a second over the symbols, through publishLive.
  const random = seededRandom(42);
  const prices = symbols.map(() => 20 + random() * 300);
  let tickTimer: NodeJS.Timeout | null = null;
  let ticksFrom = 0;
  let ticksSent = 0;
  let ticksTo: number | null = null;
  // Time-based: a timer that fires late (the loop busy sending) sends what it owes, so the rate holds.
  const tick = () => {
    const owed = Math.floor(((performance.now() - ticksFrom) * TICKS) / 1000) - ticksSent;
    const perBatch = Math.max(0, Math.min(owed, TICKS));
    ticksSent += perBatch;
    if (perBatch === 0) return;
    const quotes: Quote[] = [];
    const now = new Date().toISOString();
    for (let i = 0; i < perBatch; i += 1) {
      const index = Math.floor(random() * SYMBOLS);
      const previous = prices[index] ?? 100;
      const price = Math.round(previous * (1 + (random() - 0.5) * 0.002) * 100) / 100;
      prices[index] = price;
      quotes.push({
        symbol: symbolOf(index),
        type: 'stock',
        name: `Bench ${symbolOf(index)}`,
        price,
        prevClose: previous,
        open: previous,
        lowPrice: Math.min(previous, price),
        highPrice: Math.max(previous, price),
        volume: 1000 + index,
        change: Math.round((price - previous) * 1e6) / 1e6,
        changePercent: Math.round(((price - previous) / previous) * 1e6) / 1e4,
        quotedAt: now,
        source: 'bench',
      });
    }
    void publishLive(server.ctx, { type: 'quotes', at: now, data: quotes });
  };

  let window: { cpu: NodeJS.CpuUsage; started: number; loop: ReturnType<typeof monitorEventLoopDelay> } | null = null;
  const gc = () => (globalThis as { gc?: () => void }).gc?.();

  serveRequests({
    ready: () => ({
      url: server.url.replace(/^http/, 'ws'),
      bareUrl: `ws://127.0.0.1:${(bare.address() as { port: number }).port}`,
    }),
    'connect-start': async (name: string) => {
      connecting = { cpu: process.cpuUsage(), name };
      if (profiler) {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
    },
    'connect-stop': async () => {
      if (!connecting) throw new Error('not connecting');
      const cpu = process.cpuUsage(connecting.cpu);
      if (profiler && values.profile) {
        const { profile } = (await profiler.post('Profiler.stop')) as { profile: object };
        connects += 1;
        writeFileSync(
          join(values.profile, `${connecting.name}-connect-${connects}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      connecting = null;
      return (cpu.user + cpu.system) / 1000;
    },
    memory: async () => {
      // Closed sockets are let go over a few turns of the loop: settle before reading.
      for (let i = 0; i < 3; i += 1) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const usage = process.memoryUsage();
      return { heap: usage.heapUsed + usage.external, rss: usage.rss } satisfies Memory;
    },
    'ticks-start': () => {
      ticksFrom = performance.now();
      ticksSent = 0;
      ticksTo = null;
      tickTimer = setInterval(tick, TICK_BATCH_MS);
    },
    'ticks-rate': () => (ticksSent * 1000) / ((ticksTo ?? performance.now()) - ticksFrom),
    'ticks-stop': () => {
      if (tickTimer) clearInterval(tickTimer);
      ticksTo = performance.now();
    },
    /** Wraps each client's send: its last batches, what the bare server will send (recorded outside the measured window). */
    'capture-start': () => {
      restoreSends = [];
      for (const client of live.hub.clients()) {
        const socket = client.socket as unknown as { send: (data: unknown, ...rest: unknown[]) => void };
        const frames: Buffer[] = [];
        captured.set(client.identity.anonymousId ?? '', frames);
        const original = socket.send;
        socket.send = function (this: unknown, data: unknown, ...rest: unknown[]) {
          if (Buffer.isBuffer(data) && data.toString('latin1', 0, QUOTES_PREFIX.length) === QUOTES_PREFIX) {
            frames.push(Buffer.from(data.subarray(QUOTES_PREFIX.length + 24)));
            if (frames.length > CAPTURED_BATCHES) frames.shift();
          }
          return original.call(this, data, ...rest);
        };
        restoreSends.push(() => {
          socket.send = original;
        });
      }
    },
    'capture-stop': () => {
      for (const undo of restoreSends) undo();
      const sizes = [...captured.values()].flat().map((frame) => frame.length + QUOTES_PREFIX.length + 24);
      return { clients: captured.size, avgBytes: sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length) };
    },
    'bare-start': () => {
      bareRound = 0;
      everySecond(bareFlush);
    },
    'bare-stop': () => {
      if (bareTimer) clearTimeout(bareTimer);
    },
    'window-start': async (name: string) => {
      // The garbage of connecting and subscribing (the last round's sockets too) is collected now, not in the
      // window: both servers are measured sending, in the steady state.
      gc();
      // The GC observer hears of that collection on a later turn: it is not the window's.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (profiler) {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        profiled = name;
      }
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      window = { cpu: process.cpuUsage(), started: performance.now(), loop };
      flushMs = 0;
      gcMs = 0;
    },
    'window-stop': async (): Promise<Window> => {
      if (!window) throw new Error('no window');
      const cpu = process.cpuUsage(window.cpu);
      if (profiler && values.profile) {
        const { profile } = (await profiler.post('Profiler.stop')) as { profile: object };
        windows += 1;
        writeFileSync(join(values.profile, `${profiled}-${windows}.cpuprofile`), JSON.stringify(profile));
      }
      window.loop.disable();
      const result = {
        cpuMs: (cpu.user + cpu.system) / 1000,
        systemMs: cpu.system / 1000,
        seconds: (performance.now() - window.started) / 1000,
        loopP99: window.loop.percentile(99) / 1e6,
        loopMax: window.loop.max / 1e6,
        flushMs,
        gcMs,
      };
      window = null;
      return result;
    },
    stats: () => live.hub.stats(),
    stop: async () => {
      await new Promise<void>((resolve) => bare.close(() => resolve()));
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      setTimeout(() => process.exit(0), 10);
    },
  });
  process.send?.({ ready: true });
}

// ---- a client process ---------------------------------------------------------------------------------------------

function clients() {
  const sockets: { socket: WsSocket; index: number }[] = [];
  const empty = (): Counts => ({
    histogram: new Array(LAG_BUCKETS + 1).fill(0),
    fromSecond: new Array(LAG_BUCKETS + 1).fill(0),
    messages: 0,
    bytes: 0,
    seconds: 0,
    closes: {},
  });
  let measuredFrom = 0;
  let counts = empty();
  let measuring = false;

  const onMessage = (data: Buffer) => {
    if (!measuring) return;
    if (data.length > QUOTES_PREFIX.length + 24 && data.toString('latin1', 0, QUOTES_PREFIX.length) === QUOTES_PREFIX) {
      const now = Date.now();
      const at = Date.parse(data.toString('latin1', QUOTES_PREFIX.length, QUOTES_PREFIX.length + 24));
      const lag = Math.max(0, Math.min(LAG_BUCKETS, Math.round(now - at)));
      counts.histogram[lag] = (counts.histogram[lag] ?? 0) + 1;
      const second = Math.floor((at - FLUSH_OFFSET_MS) / 1000) * 1000 + FLUSH_OFFSET_MS;
      const sinceSecond = Math.max(0, Math.min(LAG_BUCKETS, Math.round(now - second)));
      counts.fromSecond[sinceSecond] = (counts.fromSecond[sinceSecond] ?? 0) + 1;
      counts.messages += 1;
      counts.bytes += data.length;
    }
  };

  /** Per open socket, what it waits for: its subscription's acknowledgement. */
  const waiting = new Map<WsSocket, () => void>();

  /** Opens the given clients, a few hundred at a time; resolves once each is welcomed (connected). */
  const open = async (args: { url: string; ids: number[]; subscribe: boolean }) => {
    const batch = 200;
    for (let start = 0; start < args.ids.length; start += batch) {
      await Promise.all(
        args.ids.slice(start, start + batch).map(
          (index) =>
            new Promise<void>((resolve, reject) => {
              const query = args.subscribe ? `app=earningshub&anonymousId=${clientId(index)}` : `id=${clientId(index)}`;
              const socket = new WebSocket(`${args.url}${args.subscribe ? '/sync' : '/'}?${query}`, {
                perMessageDeflate: false,
              });
              sockets.push({ socket, index });
              socket.on('error', reject);
              socket.on('close', (code) => {
                counts.closes[code] = (counts.closes[code] ?? 0) + 1;
              });
              socket.on('message', (data) => {
                const text = data.toString('latin1', 0, 24);
                if (text.startsWith('{"type":"welcome"')) resolve();
                else if (text.startsWith('{"type":"subscribed"')) waiting.get(socket)?.();
                else onMessage(data);
              });
            }),
        ),
      );
    }
  };

  /** Subscribes every open client to its stocks, a few hundred at a time; resolves once each is acknowledged. */
  const subscribe = async () => {
    const batch = 200;
    for (let start = 0; start < sockets.length; start += batch) {
      await Promise.all(
        sockets.slice(start, start + batch).map(
          ({ socket, index }) =>
            new Promise<void>((resolve) => {
              waiting.set(socket, () => {
                waiting.delete(socket);
                resolve();
              });
              socket.send(JSON.stringify({ type: 'subscribe', targets: { stocks: symbolsOf(index) }, requestId: 'b' }));
            }),
        ),
      );
    }
  };

  serveRequests({
    open,
    subscribe,
    'measure-start': () => {
      counts = { ...empty(), closes: counts.closes };
      measuredFrom = performance.now();
      measuring = true;
    },
    'measure-stop': () => {
      measuring = false;
      counts.seconds = (performance.now() - measuredFrom) / 1000;
      return counts;
    },
    close: async () => {
      await Promise.all(
        sockets.splice(0).map(
          ({ socket }) =>
            new Promise<void>((resolve) => {
              if (socket.readyState >= 2) return resolve();
              socket.once('close', () => resolve());
              socket.close(1000);
            }),
        ),
      );
      const closes = counts.closes;
      counts.closes = {};
      return closes;
    },
    exit: () => setTimeout(() => process.exit(0), 10),
  });
  process.send?.({ ready: true });
}

// ---- the driver -------------------------------------------------------------------------------------------------

function percentile(histogram: number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let lag = 0; lag < histogram.length; lag += 1) {
    seen += histogram[lag] ?? 0;
    if (seen >= (p / 100) * total) return lag;
  }
  return Number.NaN;
}

const maxOf = (histogram: number[]) => histogram.findLastIndex((count) => count > 0);

function spawn(role: string, extra: string[] = [], execArgv: string[] = []) {
  const child = fork(process.argv[1] ?? '', ['--role', role, ...extra], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...execArgv],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { ready?: boolean }) => message.ready && resolve());
    child.on('exit', (code) => reject(new Error(`the ${role} process exited (${code}) before it was ready`)));
  });
  return { child, ask: asker(child), ready };
}

async function main() {
  const options = [
    `--clients`,
    String(CLIENTS),
    `--per-client`,
    String(PER_CLIENT),
    `--symbols`,
    String(SYMBOLS),
    `--ticks`,
    String(TICKS),
  ];
  const started = Date.now();
  const profile = values.profile ? ['--profile', values.profile] : [];
  const server = spawn('serve', [...options, ...profile], ['--expose-gc', '--max-old-space-size=4096']);
  const workers = Array.from({ length: WORKERS }, (_, w) => spawn('clients', [...options, '--worker', String(w)]));
  await Promise.all([server.ready, ...workers.map((w) => w.ready)]);
  const { url, bareUrl } = await server.ask<{ url: string; bareUrl: string }>('ready');
  const shares = workers.map((_, w) => Array.from({ length: CLIENTS }, (_, i) => i).filter((i) => i % WORKERS === w));
  const failures: string[] = [];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const run = async (name: 'ours' | 'bare', round: number) => {
    const before = await server.ask<Memory>('memory');
    await server.ask('connect-start', name);
    const connectStarted = Date.now();
    await Promise.all(
      workers.map((w, i) =>
        w.ask('open', { url: name === 'ours' ? url : bareUrl, ids: shares[i], subscribe: name === 'ours' }),
      ),
    );
    const connectMs = Date.now() - connectStarted;
    const connectCpuMs = await server.ask<number>('connect-stop');
    // Then ours follows each client's stocks (the bare server has nothing to follow).
    let subscribeMs: number | null = null;
    let connected: Memory | null = null;
    if (name === 'ours') {
      connected = await server.ask<Memory>('memory');
      const subscribeStarted = Date.now();
      await Promise.all(workers.map((w) => w.ask('subscribe')));
      subscribeMs = Date.now() - subscribeStarted;
    }
    const after = await server.ask<Memory>('memory');
    let captured: { clients: number; avgBytes: number } | null = null;
    if (name === 'ours') {
      await server.ask('ticks-start');
      await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    } else {
      await server.ask('bare-start');
      await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    }
    await server.ask('window-start', name);
    await Promise.all(workers.map((w) => w.ask('measure-start')));
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    const window = await server.ask<Window>('window-stop');
    const counts = await Promise.all(workers.map((w) => w.ask<Counts>('measure-stop')));
    const load = loadAverage();
    if (name === 'ours' && round === 0) {
      // The first round then records what the bare server will send: each client's next batches, in the steady
      // state, outside the measured window (the recording's own cost is not counted against our server).
      await server.ask('capture-start');
      await new Promise((resolve) => setTimeout(resolve, (CAPTURED_BATCHES + 0.5) * 1000));
      captured = await server.ask('capture-stop');
    }
    await server.ask(name === 'ours' ? 'ticks-stop' : 'bare-stop');
    const stats = name === 'ours' ? await server.ask<{ droppedSlow: number; clients: number }>('stats') : null;
    const closes = await Promise.all(workers.map((w) => w.ask<Record<string, number>>('close')));
    const histogram = new Array(LAG_BUCKETS + 1).fill(0);
    const fromSecond = new Array(LAG_BUCKETS + 1).fill(0);
    for (const c of counts)
      for (let i = 0; i < histogram.length; i += 1) {
        histogram[i] += c.histogram[i] ?? 0;
        fromSecond[i] += c.fromSecond[i] ?? 0;
      }
    const tickRate = name === 'ours' ? await server.ask<number>('ticks-rate') : null;
    const messages = counts.reduce((sum, c) => sum + c.messages, 0);
    const clientSeconds = counts.reduce((sum, c) => sum + c.seconds, 0) / counts.length;
    const bytes = counts.reduce((sum, c) => sum + c.bytes, 0);
    const unexpectedCloses = closes.reduce(
      (sum, c) =>
        sum + Object.entries(c).reduce((n, [code, count]) => n + (code === '1000' || code === '1005' ? 0 : count), 0),
      0,
    );
    return {
      name,
      histogram,
      fromSecond,
      tickRate,
      connectMs,
      connectCpuMs,
      subscribeMs,
      perConnection: { heap: (after.heap - before.heap) / CLIENTS, rss: (after.rss - before.rss) / CLIENTS },
      /** Of which before subscribing. */
      unsubscribed: connected ? (connected.heap - before.heap) / CLIENTS : null,
      window,
      captured,
      p50: percentile(histogram, 50),
      p99: percentile(histogram, 99),
      max: maxOf(histogram),
      secondP50: percentile(fromSecond, 50),
      secondP99: percentile(fromSecond, 99),
      messagesPerSecond: messages / clientSeconds,
      bytesPerSecond: bytes / clientSeconds,
      dropped: stats?.droppedSlow ?? 0,
      unexpectedCloses,
      load,
    };
  };

  try {
    // Interleaved rounds: the machine is shared, so each server meets the same passing load as often.
    const results: Awaited<ReturnType<typeof run>>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      results.push(await run('ours', round));
      results.push(await run('bare', round));
    }
    const cpu = (r: { window: Window }) => r.window.cpuMs / r.window.seconds;
    const line = (r: (typeof results)[number]) =>
      `lag batch→receipt p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
      `from the second's flush p50 ${r.secondP50} ms, p99 ${r.secondP99} ms; ` +
      (r.tickRate === null ? '' : `${r.tickRate.toFixed(0)} ticks/s published; `) +
      `${r.messagesPerSecond.toFixed(0)} msg/s, ${mb(r.bytesPerSecond)}/s; server CPU ${cpu(r).toFixed(0)} ms/s (kernel ${(r.window.systemMs / r.window.seconds).toFixed(0)}), ` +
      `sending ${(r.window.flushMs / r.window.seconds).toFixed(0)} ms/s, GC ${(r.window.gcMs / r.window.seconds).toFixed(0)} ms/s; ` +
      `event loop p99 ${r.window.loopP99.toFixed(1)} ms max ${r.window.loopMax.toFixed(1)} ms; ` +
      `memory per connection ${kb(r.perConnection.heap)} (heap + buffers${r.unsubscribed === null ? '' : `; ${kb(r.unsubscribed)} before subscribing`}), RSS ${kb(r.perConnection.rss)}; ` +
      `connected in ${(r.connectMs / 1000).toFixed(1)} s (server CPU ${(r.connectCpuMs / 1000).toFixed(1)} s)` +
      (r.subscribeMs === null ? '' : `, subscribed in ${(r.subscribeMs / 1000).toFixed(1)} s more`) +
      ` (${r.load})`;
    console.log(
      `socket: ${CLIENTS} clients x ${PER_CLIENT} symbols over ${SYMBOLS}, ${TICKS} ticks/s, ${WORKERS} client processes, ` +
        `${ROUNDS} rounds of ${DURATION_S} s measured after ${WARMUP_S} s each (whole run ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    for (const [index, r] of results.entries())
      console.log(`round ${Math.floor(index / 2) + 1} ${r.name === 'ours' ? 'our server' : 'bare ws   '}: ${line(r)}`);
    const captured = results[0]?.captured;
    if (captured)
      console.log(`one client's batch: ${captured.avgBytes.toFixed(0)} bytes on average (what both servers send)`);
    const ours = results.filter((r) => r.name === 'ours');
    const bare = results.filter((r) => r.name === 'bare');
    const merged = (list: typeof results, which: 'histogram' | 'fromSecond' = 'histogram') => {
      const histogram = new Array(LAG_BUCKETS + 1).fill(0);
      for (const r of list) for (let i = 0; i < histogram.length; i += 1) histogram[i] += r[which][i] ?? 0;
      return histogram;
    };
    const cpuOf = (list: typeof results) =>
      list.reduce((sum, r) => sum + r.window.cpuMs, 0) / list.reduce((sum, r) => sum + r.window.seconds, 0);
    const ratio = cpuOf(bare) / cpuOf(ours);
    const p99 = percentile(merged(ours), 99);
    const bareP99 = percentile(merged(bare), 99);
    const dropped = Math.max(...ours.map((r) => r.dropped));
    const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / list.length;
    const perConnection = mean(ours.map((r) => r.perConnection.heap)) / 1024;
    const connectRatio = mean(ours.map((r) => r.connectMs)) / mean(bare.map((r) => r.connectMs));
    const unexpected = results.reduce((sum, r) => sum + r.unexpectedCloses, 0);
    console.log(
      `all rounds: our server p99 lag ${p99} ms (target <= ${TARGET_P99_MS} ms; bare ws ${bareP99} ms), ` +
        `from the second's flush ${percentile(merged(ours, 'fromSecond'), 99)} ms (bare ws ${percentile(merged(bare, 'fromSecond'), 99)} ms), ` +
        `CPU ${cpuOf(ours).toFixed(0)} ms/s vs bare ${cpuOf(bare).toFixed(0)} ms/s: ratio ${ratio.toFixed(2)}x ` +
        `(bare CPU over ours for the same bytes; target >= ${TARGET_RATIO}x); slow clients dropped ${dropped}; ` +
        `memory per subscribed connection ${perConnection.toFixed(1)} KB (target <= ${TARGET_CONNECTION_KB} KB); ` +
        `connecting ${connectRatio.toFixed(2)}x the bare server's time (target <= ${TARGET_CONNECT_RATIO}x)`,
    );
    if (perConnection > TARGET_CONNECTION_KB)
      failures.push(`${perConnection.toFixed(1)} KB per connection is above ${TARGET_CONNECTION_KB} KB`);
    if (connectRatio > TARGET_CONNECT_RATIO)
      failures.push(
        `connecting took ${connectRatio.toFixed(2)}x the bare server's time, above ${TARGET_CONNECT_RATIO}x`,
      );
    if (p99 > TARGET_P99_MS) failures.push(`p99 lag ${p99} ms is above ${TARGET_P99_MS} ms`);
    if (ratio < TARGET_RATIO) failures.push(`ratio ${ratio.toFixed(2)}x is below ${TARGET_RATIO}x`);
    if (dropped > 0 || unexpected > 0) failures.push(`${dropped} clients dropped, ${unexpected} closed unexpectedly`);
    for (const r of ours)
      if (r.messagesPerSecond < CLIENTS * 0.9)
        failures.push(`only ${r.messagesPerSecond.toFixed(0)} messages a second for ${CLIENTS} clients`);
  } finally {
    await Promise.all(workers.map((w) => w.ask('exit').catch(() => {})));
    await server.ask('stop').catch(() => {});
  }
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

if (values.role === 'serve') await serve();
else if (values.role === 'clients') clients();
else await main();
