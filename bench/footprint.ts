/**
 * The product's footprint on a newcomer's machine: `npm run footprint` (Node 24, the repository's pinned one).
 *
 * `npm start` on a fresh data folder (or --data-dir, a folder an earlier start filled), until the market history is
 * in and --settle seconds more; then prints the server's resident memory at rest, the data folder's size, and how
 * long a second `npm start` on that filled folder takes from the command to its first page.
 * Exits non-zero when a target is missed: resident memory <= 300 MB, data folder <= 200 MB, second start <= 2 s.
 *
 * Options: --settle S (default 30), --data-dir DIR (kept), --keep (leave the fresh folder, printed).
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
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    settle: { type: 'string', default: '30' },
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
    await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
    const rss = first.rss() / MB;
    console.log(`resident memory at rest: ${rss.toFixed(0)} MB (target ${TARGET_RSS_MB} MB; ${loadAverage()})`);
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
