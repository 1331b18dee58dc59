/**
 * The product's footprint on a newcomer's machine: `npm run footprint` (Node 24, the repository's pinned one).
 *
 * `npm start` on a fresh data folder (or --data-dir, a folder an earlier start filled), until the market history is
 * in and at rest (--settle seconds, then until its memory holds still for 15 s, at most 3 minutes); then prints the
 * server's resident memory at rest with the readings that led to it, the data folder's size, and how
 * long a second `npm start` on that filled folder takes from the command to its first page.
 * Exits non-zero when a target is missed: resident memory <= 300 MB, data folder <= 200 MB, second start <= 2 s.
 *
 * Options: --settle S (default 10), --data-dir DIR (kept), --keep (leave the fresh folder, printed).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from './app-process.ts';
import { loadAverage } from './support.ts';

export const TARGET_RSS_MB = 300;
export const TARGET_FOLDER_MB = 200;
export const TARGET_SECOND_START_MS = 2000;
const SHELL = '/quote/AAPL';
/** At rest: the last REST_SAMPLES readings, REST_SAMPLE_MS apart, within REST_SPREAD_MB of each other. */
const REST_SAMPLES = 4;
const REST_SAMPLE_MS = 5000;
const REST_SPREAD_MB = 5;
const REST_MAX_SAMPLES = 36;
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    settle: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const given = values['data-dir'];
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'eh-footprint-'));

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const inner = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(inner);
    else if (entry.isFile()) total += statSync(inner).size;
  }
  return total;
}

const failures: string[] = [];
try {
  const first = await startApp(dataDir);
  try {
    const answered = await first.firstAnswer(SHELL);
    const filled = await first.filled();
    console.log(
      `first start: page at ${((answered - first.spawnedAt) / 1000).toFixed(1)} s, history in at ` +
        `${((filled - first.spawnedAt) / 1000).toFixed(1)} s (${loadAverage()})`,
    );
    // The jobs that follow the fill (compaction, reactions, caches refilled) peak at 600-700 MB for half a minute
    // or more: at rest is once the figure has held still, not a fixed time after the fill.
    await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
    const samples = [first.rss() / MB];
    const still = () => {
      const last = samples.slice(-REST_SAMPLES);
      return last.length === REST_SAMPLES && Math.max(...last) - Math.min(...last) <= REST_SPREAD_MB;
    };
    while (!still() && samples.length < REST_MAX_SAMPLES) {
      await new Promise((resolve) => setTimeout(resolve, REST_SAMPLE_MS));
      samples.push(first.rss() / MB);
    }
    const rss = samples.at(-1) ?? Number.NaN;
    console.log(
      `resident memory at rest: ${rss.toFixed(0)} MB (target ${TARGET_RSS_MB} MB; every ${REST_SAMPLE_MS / 1000} s ` +
        `from ${values.settle} s after the fill: ${samples.map((mb) => mb.toFixed(0)).join(' ')}${still() ? '' : ', never still'}; ${loadAverage()})`,
    );
    if (!(rss <= TARGET_RSS_MB)) failures.push(`resident memory ${rss.toFixed(0)} MB`);
  } finally {
    await first.stop();
  }
  const folder = folderBytes(dataDir) / MB;
  console.log(`data folder: ${folder.toFixed(0)} MB (target ${TARGET_FOLDER_MB} MB)`);
  if (!(folder <= TARGET_FOLDER_MB)) failures.push(`data folder ${folder.toFixed(0)} MB`);

  const second = await startApp(dataDir);
  try {
    const took = (await second.firstAnswer(SHELL)) - second.spawnedAt;
    // The banner follows the first answer by a few milliseconds: its figure is read once it is printed.
    let ready: string | undefined;
    for (let waited = 0; ready === undefined && waited < 5000; waited += 50) {
      ready = /ready in (\d+) ms/.exec(second.output())?.[1];
      if (ready === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(
      `second start: first page ${took.toFixed(0)} ms after the command (target ${TARGET_SECOND_START_MS} ms; ` +
        `the server's own "ready in" ${ready ?? '?'} ms; ${loadAverage()})`,
    );
    if (!(took <= TARGET_SECOND_START_MS)) failures.push(`second start ${took.toFixed(0)} ms`);
  } finally {
    await second.stop();
  }
} finally {
  if (given || values.keep) console.log(`data folder kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`missed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
