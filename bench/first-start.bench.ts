/**
 * First-start benchmark: `npm run bench:first-start` (Node 24, the repository's pinned one).
 *
 * What a newcomer meets in the first minutes: `npm start` (scripts/start.ts, as the README says) on a fresh data
 * folder, probed from its first answer until the market history's background fill has ended and for --after seconds
 * beyond. Each probe is sent on a fixed clock (every --every ms, whether or not the one before has answered, so a
 * stall shows in every request it held up): the page shell (`/quote/AAPL`), three API calls (a company's info, the
 * calendar's week as the web asks for it, a quote), and the live socket's quotes of the ten first demo cryptos (they
 * trade around the clock; the gap between two quote messages is the rhythm a reader sees).
 * Prints p50/p99/max per kind during the fill beside the same after it, the longest quote gaps, the fill's length
 * and the machine's load.
 * Exits non-zero when a target is missed during the fill: API p99 <= 50 ms, page shell p99 <= 20 ms, no quote gap
 * over 1.5 s.
 *
 * Options: --every MS (default 200), --after S (default 15), --keep (leave the data folder, printed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CRYPTO } from '../apps/server/src/providers/demo/universe/crypto.ts';
import { startApp } from './app-process.ts';
import { loadAverage } from './support.ts';

export const TARGET_API_P99_MS = 50;
export const TARGET_SHELL_P99_MS = 20;
export const TARGET_QUOTE_GAP_MS = 1500;

const { values } = parseArgs({
  options: {
    every: { type: 'string', default: '200' },
    after: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
  },
});
const everyMs = Number(values.every);
const afterMs = Number(values.after) * 1000;

const PROBES = {
  'page shell': '/quote/AAPL',
  'company info': '/api/pricing/assets/AAPL/info',
  'calendar week': '/api/pricing/assets/earnings/calendar?shape=columns',
  quote: '/api/pricing/quotes/stock/AAPL',
} as const;
type Kind = keyof typeof PROBES;
type Phase = 'fill' | 'after';

const dataDir = mkdtempSync(join(tmpdir(), 'eh-bench-first-start-'));
const app = await startApp(dataDir);
const seconds = (at: number) => ((at - app.spawnedAt) / 1000).toFixed(1);

const samples: Record<Phase, Record<Kind, number[]>> = {
  fill: { 'page shell': [], 'company info': [], 'calendar week': [], quote: [] },
  after: { 'page shell': [], 'company info': [], 'calendar week': [], quote: [] },
};
const failed: string[] = [];
let phase: Phase = 'fill';
let running = true;

/** One kind's requests on a fixed clock: a request is sent every `everyMs`, never waiting for the one before. */
function probe(kind: Kind): NodeJS.Timeout {
  return setInterval(() => {
    if (!running) return;
    const sentIn = phase;
    const started = performance.now();
    fetch(`${app.base}${PROBES[kind]}`)
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) failed.push(`${kind} answered ${response.status}`);
        samples[sentIn][kind].push(performance.now() - started);
      })
      .catch((error: unknown) => failed.push(`${kind}: ${error instanceof Error ? error.message : error}`));
  }, everyMs);
}

/** Arrival times of the socket's quote messages, per phase. */
const quoteArrivals: Record<Phase, number[]> = { fill: [], after: [] };

function followQuotes(): WebSocket {
  const socket = new WebSocket(`ws://127.0.0.1:${app.port}/sync?app=earningshub&anonymousId=${crypto.randomUUID()}`);
  socket.addEventListener('message', (event) => {
    const text = String(event.data);
    if (text.startsWith('{"type":"welcome"')) {
      const cryptos = CRYPTO.slice(0, 10).map(([symbol]) => symbol);
      socket.send(JSON.stringify({ type: 'subscribe', targets: { cryptos } }));
    } else if (text.startsWith('{"type":"quote')) quoteArrivals[phase].push(performance.now());
  });
  socket.addEventListener('error', () => failed.push('the socket failed'));
  return socket;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
function summary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
const gaps = (arrivals: readonly number[]) => arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at));

try {
  const answered = await app.firstAnswer(PROBES['page shell']);
  console.log(`first page answered ${seconds(answered)} s after the command (${loadAverage()})`);
  const timers = (Object.keys(PROBES) as Kind[]).map(probe);
  const socket = followQuotes();
  const filled = await app.filled();
  console.log(
    `fill ended ${seconds(filled)} s after the command, ${((filled - answered) / 1000).toFixed(1)} s after the first answer (${loadAverage()})`,
  );
  phase = 'after';
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  running = false;
  for (const timer of timers) clearInterval(timer);
  socket.close();
  // The last requests answer.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  console.log(`\n${'kind'.padEnd(14)} ${'during the fill: n, p50, p99, max'.padEnd(40)} after it: n, p50, p99, max`);
  const rows: Array<[string, ReturnType<typeof summary>, ReturnType<typeof summary>]> = (
    Object.keys(PROBES) as Kind[]
  ).map((kind) => [kind, summary(samples.fill[kind]), summary(samples.after[kind])]);
  rows.push(['quote gaps', summary(gaps(quoteArrivals.fill)), summary(gaps(quoteArrivals.after))]);
  const line = (s: ReturnType<typeof summary>) => `${s.n}, ${ms(s.p50)}, ${ms(s.p99)}, ${ms(s.max)}`;
  for (const [kind, during, after] of rows) console.log(`${kind.padEnd(14)} ${line(during).padEnd(40)} ${line(after)}`);
  console.log(`(${loadAverage()})`);

  const failures: string[] = [...new Set(failed)].slice(0, 10);
  for (const [kind, during] of rows) {
    if (kind === 'quote gaps') {
      if (during.max > TARGET_QUOTE_GAP_MS)
        failures.push(`a quote gap of ${ms(during.max)} during the fill (target ${TARGET_QUOTE_GAP_MS} ms)`);
      if (during.n === 0) failures.push('no quotes during the fill');
    } else {
      const target = kind === 'page shell' ? TARGET_SHELL_P99_MS : TARGET_API_P99_MS;
      if (!(during.p99 <= target)) failures.push(`${kind} p99 ${ms(during.p99)} during the fill (target ${target} ms)`);
    }
  }
  if (failures.length > 0) {
    console.log(`\nmissed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  running = false;
  await app.stop();
  if (values.keep) console.log(`data folder kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit();
