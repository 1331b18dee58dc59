import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@eh/db';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { fillHistoryNow } from '../src/seed/history.ts';
import { runSeeds } from '../src/seed/index.ts';
import { TEST_DATABASE_URL } from './env.ts';
import { databaseUrl, withAdmin } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded like a first start (demo market included) that tests copy. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated, seeded database each test database is created from. */
    postgresTemplate: string | null;
  }
}

/** Migrates and seeds a database as a first start of the server would, its market history filled in as well. */
async function prepare(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir, poolSize: 2 });
  try {
    await database.migrate();
    await runSeeds(database.db, { config, embedded: database.driver === 'pglite' });
    // What the worker fills in the background after a first start, here at once: tests see the whole market.
    await fillHistoryNow({ db: database.db, config });
  } finally {
    await database.close();
  }
}

/**
 * Seeding (the demo market) costs seconds, so it happens once here: into a PGlite folder every test server copies,
 * and with TEST_DATABASE_URL into a template database every test database is created from.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'eh-pglite-template-'));
  const postgresTemplate = TEST_DATABASE_URL ? `eh_it_template_${randomBytes(6).toString('hex')}` : null;
  const preparePostgres = async (name: string) => {
    await withAdmin((client) => client.query(`create database ${name}`));
    const scratch = mkdtempSync(join(tmpdir(), 'eh-pg-template-'));
    try {
      await prepare({
        DATA_DIR: scratch,
        DATABASE_URL: databaseUrl(name),
        IDP_SECRET: randomBytes(32).toString('hex'),
      });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  };
  try {
    // Side by side: PGlite works in this process, PostgreSQL mostly in its own.
    const results = await Promise.allSettled([
      prepare({ DATA_DIR: dir }),
      postgresTemplate ? preparePostgres(postgresTemplate) : null,
    ]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropTemplate(postgresTemplate);
    throw error;
  }
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropTemplate(postgresTemplate);
  };
}

async function dropTemplate(name: string) {
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}
