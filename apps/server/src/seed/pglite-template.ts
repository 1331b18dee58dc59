/**
 * An initialised, migrated embedded database made at install time, copied into DATA_DIR by the first start.
 * Creating a PGlite data folder runs Postgres's initdb inside WebAssembly: about 12 s of CPU, more than the
 * whole rest of a first start. Made once by `npm install` (scripts/prepare.ts), it costs the first start a copy.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase, MIGRATIONS_FOLDER, PGLITE_INITDB_PARAMS } from '@eh/db';
import { sql } from 'drizzle-orm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The template's folder, named after what shapes it (the PGlite build, initdb's parameters and the migrations), so a
 * change of any makes a new one instead of copying a stale one.
 */
export function templateDir(): string {
  // The package's exports hide its package.json: read the file beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(readFileSync(join(dirname(entry), '../package.json')));
  hash.update(PGLITE_INITDB_PARAMS.join(' '));
  for (const name of readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return join(ROOT, 'node_modules/.cache/earningshub', `pglite-${hash.digest('hex').slice(0, 16)}`);
}

/** Makes the template unless it exists; true when it made one. */
export async function prepareTemplate(dir = templateDir()): Promise<boolean> {
  if (existsSync(dir)) return false;
  // Built beside and renamed into place: a copy never sees a half-made template.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = await connectDatabase({ dataDir: building });
  try {
    await database.migrate();
    // decision 0050: initdb's template databases are 7 MB each of catalogs; the embedded database never creates
    // another database from them, and every data folder starts as a copy of this one.
    for (const name of ['template0', 'template1']) {
      await database.db.execute(sql.raw(`alter database ${name} is_template false`));
      await database.db.execute(sql.raw(`drop database ${name}`));
    }
  } finally {
    await database.close();
  }
  if (existsSync(dir)) rmSync(building, { recursive: true, force: true });
  else renameSync(building, dir);
  return true;
}

/** Copies the template into `dbDir` when that database does not exist yet; true when it did. */
export function copyTemplate(dbDir: string, dir = templateDir()): boolean {
  if (existsSync(join(dbDir, 'PG_VERSION')) || !existsSync(dir)) return false;
  cpSync(dir, dbDir, { recursive: true });
  return true;
}
