/**
 * One seeded data folder for every suite: an embedded database migrated, seeded with the demo market and its
 * history filled, as a first start leaves it once the worker is done. Building it costs a minute or more of CPU
 * (most of it the five years of history), so the integration suite's servers and the e2e suite's server all copy
 * the same one, and it is kept in node_modules/.cache/earningshub between runs, named after today's New York date
 * (the demo market is drawn around today) and everything that shapes its contents (the server's and packages'
 * sources, the migrations): a change to any of them, or a new day, makes a new one.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@eh/db';
import { nyDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { summariseQueuedNow } from '../src/modules/ai/summaries.ts';
import { fillHistoryNow } from '../src/modules/market-history/history.ts';
import { recomputeReactions } from '../src/modules/reactions/index.ts';
import { runSeeds } from '../src/seed/index.ts';
import { copyTemplate, prepareTemplate, templateDir } from '../src/seed/pglite-template.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE = join(ROOT, 'node_modules/.cache/earningshub');
const PREFIX = 'seeded-';
/** How long an older seeded folder is kept after it was made. */
const KEEP_MS = 30 * 60_000;
/** What decides the seeded contents. */
const SOURCES = ['apps/server/src', 'packages/contracts/src', 'packages/db', 'packages/domain/src'];

function hashTree(hash: ReturnType<typeof createHash>, path: string) {
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules') continue;
    const full = join(path, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else if (/\.(ts|sql|json)$/.test(entry.name)) hash.update(full.slice(ROOT.length)).update(readFileSync(full));
  }
}

/** The folder for today's seed of the current sources. */
export function seededTemplateDir(now = new Date()): string {
  const hash = createHash('sha256').update(templateDir()).update(nyDate(now));
  for (const source of SOURCES) hashTree(hash, join(ROOT, source));
  return join(CACHE, `${PREFIX}${hash.digest('hex').slice(0, 16)}`);
}

/**
 * Migrates and seeds the database of the data folder `dataDir` as a first start of the server would, with its
 * market history filled as well (`env` may point it at PostgreSQL with DATABASE_URL).
 */
export async function seedDataFolder(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env, DATA_DIR: dataDir });
  if (!config.DATABASE_URL) copyTemplate(config.dbDir);
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir, poolSize: 2 });
  try {
    await database.migrate();
    await runSeeds(database.db, { config, embedded: database.driver === 'pglite' });
    // What the worker fills in the background after a first start, here at once: tests see the whole market.
    await fillHistoryNow({ db: database.db, config });
    // And the transcripts' AI summaries the worker writes after it (modules/ai/summaries.ts).
    await summariseQueuedNow({ db: database.db, config });
    // And the reactions its job works out once the history is in (modules/reactions).
    await recomputeReactions(database.db);
    // Leaves the write-ahead log at its floor: every test server copies this folder.
    if (database.driver === 'pglite') await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
}

/**
 * {@link seedDataFolder} in a process of its own. Beside the seeded PGlite folder, which PGlite builds in this
 * process's thread, the other core generates the same market for PostgreSQL instead of waiting its turn on this one.
 */
export const seedDataFolderApart = (dataDir: string, env: Record<string, string>) =>
  seedApart([fileURLToPath(import.meta.url), dataDir], { SEED_ENV: JSON.stringify(env) });

function seedApart(args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`seeding failed (${args.join(' ')}): ${stderr}`)) : resolve(),
    );
  });
}

/** Beside a folder or template database being made: the pid of the process making it, then why it failed. */
const lockOf = (name: string) => join(CACHE, `${basename(name)}.lock`);
const failureOf = (name: string) => join(CACHE, `${basename(name)}.error`);

/** Takes the lock on making `name`; false when a live process holds it. A dead holder's lock is taken over. */
function takeLock(name: string): boolean {
  mkdirSync(CACHE, { recursive: true });
  for (;;) {
    try {
      writeFileSync(lockOf(name), String(process.pid), { flag: 'wx' });
      rmSync(failureOf(name), { force: true });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderAlive(name)) return false;
      rmSync(lockOf(name), { force: true });
    }
  }
}

function holderAlive(name: string): boolean {
  const pid = Number(readFileSync(lockOf(name), { encoding: 'utf8', flag: 'a+' }));
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `make` under the lock on `name` unless it is `made()` or another process is making it (then resolves when
 * that one has made it). A failure is written beside it, for the test files that wait for it ({@link madeOrFailed}).
 */
export async function makeOnce(name: string, made: () => boolean | Promise<boolean>, make: () => Promise<void>) {
  if (await made()) return;
  if (!takeLock(name)) return madeOrFailed(name, made);
  try {
    if (!(await made())) await make();
  } catch (error) {
    writeFileSync(failureOf(name), error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  } finally {
    rmSync(lockOf(name), { force: true });
  }
}

/**
 * Resolves with what `check` returns once it returns something, checked now and again at every change in `folder`
 * (its entries made, renamed or removed) rather than on a clock; a throw of `check` rejects. `timeoutMs` bounds it.
 */
export function untilInFolder<T>(
  folder: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  timedOut: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const watcher = watch(folder);
    const bound = setTimeout(() => end(timedOut()), timeoutMs);
    const end = (error: unknown, value?: T) => {
      clearTimeout(bound);
      watcher.close();
      if (error) reject(error);
      else resolve(value as T);
    };
    // One check at a time; a change during one is checked again after it.
    let checking = false;
    let changedMeanwhile = false;
    const run = async () => {
      if (checking) {
        changedMeanwhile = true;
        return;
      }
      checking = true;
      try {
        do {
          changedMeanwhile = false;
          const value = await check();
          if (value !== undefined) return end(null, value);
        } while (changedMeanwhile);
      } catch (error) {
        end(error);
      } finally {
        checking = false;
      }
    };
    watcher.on('change', run);
    watcher.on('error', end);
    void run();
  });
}

/**
 * Waits until `made()` says yes; throws what the maker wrote when it failed, or when it ended without a word. The
 * maker's every step (the folder renamed into place, the failure written, the lock removed) is a change in the cache
 * folder, where it is watched.
 */
export async function madeOrFailed(name: string, made: () => boolean | Promise<boolean>, timeoutMs = 20 * 60_000) {
  mkdirSync(CACHE, { recursive: true });
  await untilInFolder(
    CACHE,
    async () => {
      if (await made()) return true;
      if (existsSync(failureOf(name))) {
        throw new Error(`making ${name} failed:\n${readFileSync(failureOf(name), 'utf8')}`);
      }
      if (!existsSync(lockOf(name)) && !(await made())) {
        throw new Error(`nothing is making ${name}: the process making it ended without it`);
      }
      return undefined;
    },
    timeoutMs,
    () => new Error(`${name} was not made in ${timeoutMs / 60_000} minutes`),
  );
}

/** Makes today's seeded data folder (and removes the older ones: each takes ~300 MB). */
async function buildSeededTemplate(dir: string): Promise<void> {
  await prepareTemplate();
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    await seedDataFolder(building);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  // Older seeds (and abandoned builds) go, but not one made in the last minutes: another run may be copying it.
  for (const name of readdirSync(CACHE)) {
    const old = join(CACHE, name);
    if (name.startsWith(PREFIX) && Date.now() - statSync(old).mtimeMs > KEEP_MS)
      rmSync(old, { recursive: true, force: true });
  }
  // Renamed into place: a reader never sees a half-made folder.
  renameSync(building, dir);
}

/**
 * Starts making today's seeded data folder in a process of its own, unless it is there or being made, and returns
 * its path at once with the promise of its end: the suites' global setups return while it is made, so the test
 * files that need no database run meanwhile, and those that do wait for it ({@link seededTemplateReady}).
 */
export function startSeededTemplate(): { dir: string; done: Promise<void> } {
  const dir = seededTemplateDir();
  const done = makeOnce(
    dir,
    () => existsSync(dir),
    () => seedApart([fileURLToPath(import.meta.url), '--template', dir]),
  );
  return { dir, done };
}

/** Resolves once the seeded folder `dir` is there (see {@link startSeededTemplate}). */
export const seededTemplateReady = (dir: string) => madeOrFailed(dir, () => existsSync(dir));

/** Copies today's seeded data folder into `dataDir` (made first when missing). */
export async function copySeededTemplate(dataDir: string): Promise<void> {
  const { dir, done } = startSeededTemplate();
  await done;
  cpSync(dir, dataDir, { recursive: true });
}

if (import.meta.main) {
  // `--template DIR`: the seeded folder the parent waits for; `DATA_DIR`: that folder seeded with SEED_ENV's variables.
  const [arg, dir] = process.argv.slice(2);
  if (arg === '--template' && dir) await buildSeededTemplate(dir);
  else if (arg && arg !== '--template') await seedDataFolder(arg, JSON.parse(process.env.SEED_ENV ?? '{}'));
  else throw new Error('usage: seeded-template.ts --template DIR | DATA_DIR');
}
