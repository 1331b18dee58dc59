/**
 * One seeded data folder for every suite: an embedded database migrated, seeded with the demo market and its
 * history filled, as a first start leaves it once the worker is done. Building it costs a minute or more of CPU
 * (most of it the five years of history), so the integration suite's servers and the e2e suite's server all copy
 * the same one, and it is kept in node_modules/.cache/earningshub between runs, named after today's New York date
 * (the demo market is drawn around today) and everything that shapes its contents (the server's and packages'
 * sources, the migrations): a change to any of them, or a new day, makes a new one.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@eh/db';
import { nyDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { summariseQueuedNow } from '../src/modules/ai/summaries.ts';
import { fillHistoryNow } from '../src/modules/market-history/history.ts';
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
    // Leaves the write-ahead log at its floor: every test server copies this folder.
    if (database.driver === 'pglite') await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
}

/**
 * Today's seeded data folder, made when missing (and the older ones removed: each takes ~300 MB). Copy it; never
 * write into it.
 */
export async function seededTemplate(): Promise<string> {
  const dir = seededTemplateDir();
  if (existsSync(dir)) return dir;
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
  // Renamed into place: a reader never sees a half-made folder (another run may have made it meanwhile).
  if (existsSync(dir)) rmSync(building, { recursive: true, force: true });
  else renameSync(building, dir);
  return dir;
}

/** Copies today's seeded data folder into `dataDir` (made first when missing). */
export async function copySeededTemplate(dataDir: string): Promise<void> {
  cpSync(await seededTemplate(), dataDir, { recursive: true });
}
