import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_DATABASE_URL } from './env.ts';
import { databaseExists, databaseUrl, withAdmin } from './postgres.ts';
import { makeOnce, seedDataFolderApart, seededTemplateDir, startSeededTemplate } from './seeded-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded like a first start (demo market included) that tests copy. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated, seeded database each test database is created from. */
    postgresTemplate: string | null;
  }
}

const PREFIX = 'eh_tpl_';
/** The advisory lock held while a template database is checked for and built (any number, ours alone). */
const BUILD_LOCK = 4_207_321;

/** The seeded template database's name: today's date and the sources that shape it, as the seeded PGlite folder's. */
export const postgresTemplateName = () => `${PREFIX}${basename(seededTemplateDir()).replace(/^seeded-/, '')}`;

/**
 * The seeded template database on TEST_DATABASE_URL's server, kept between runs and between the projects of one run,
 * which would otherwise each seed it (a minute of CPU). Built under another name and renamed into place, so a
 * half-built one is never used; older ones are dropped unless something still copies them. The advisory lock keeps
 * two checkouts sharing the server from building it at once.
 */
async function buildPostgresTemplate(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [BUILD_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const others = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'eh\\_tpl\\_%' or datname like 'eh\\_it\\_template\\_%'`,
      );
      for (const { datname } of others.rows) {
        await admin.query(`drop database if exists ${datname}`).catch(() => {});
      }
      const building = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const scratch = mkdtempSync(join(tmpdir(), 'eh-pg-template-'));
      try {
        await seedDataFolderApart(scratch, {
          DATABASE_URL: databaseUrl(building),
          IDP_SECRET: randomBytes(32).toString('hex'),
        });
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [BUILD_LOCK]);
    }
  });
}

/**
 * Seeding (the demo market) costs a minute, so it happens once: into the seeded PGlite folder every test server copies
 * (seeded-template.ts, shared with the e2e suite and kept between runs), and with TEST_DATABASE_URL into a template
 * database every test database is created from (kept the same way). Both are made in processes of their own while
 * this returns: the files that need neither (unit, component) run meanwhile, and the others wait for what they copy.
 * The teardown waits for both, so the next run finds them, and fails the run when either failed.
 */
export default async function setup(project: TestProject) {
  const pglite = startSeededTemplate();
  const postgres = TEST_DATABASE_URL ? postgresTemplateName() : null;
  const made = [
    pglite.done,
    postgres
      ? makeOnce(
          postgres,
          () => databaseExists(postgres),
          () => buildPostgresTemplate(postgres),
        )
      : null,
  ];
  // Reported by the files that wait for them, and by the teardown; the time each took goes to the run's output.
  const started = Date.now();
  const names = ['the seeded PGlite folder', 'the seeded PostgreSQL template'];
  for (const [i, promise] of made.entries()) {
    promise?.then(
      () => console.log(`${names[i]}: ready after ${((Date.now() - started) / 1000).toFixed(1)} s`),
      () => {},
    );
  }
  project.provide('pgliteTemplate', pglite.dir);
  project.provide('postgresTemplate', postgres);
  return async () => {
    for (const result of await Promise.allSettled(made)) if (result.status === 'rejected') throw result.reason;
  };
}
