import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_DATABASE_URL } from './env.ts';
import { databaseUrl, withAdmin } from './postgres.ts';
import { seedDataFolder, seededTemplate } from './seeded-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded like a first start (demo market included) that tests copy. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated, seeded database each test database is created from. */
    postgresTemplate: string | null;
  }
}

/**
 * Seeding (the demo market) costs a minute, so it happens once: into the seeded PGlite folder every test server copies
 * (seeded-template.ts, shared with the e2e suite and kept between runs), and with TEST_DATABASE_URL into a template
 * database every test database is created from.
 */
export default async function setup(project: TestProject) {
  const postgresTemplate = TEST_DATABASE_URL ? `eh_it_template_${randomBytes(6).toString('hex')}` : null;
  const preparePostgres = async (name: string) => {
    await withAdmin((client) => client.query(`create database ${name}`));
    const scratch = mkdtempSync(join(tmpdir(), 'eh-pg-template-'));
    try {
      await seedDataFolder(scratch, { DATABASE_URL: databaseUrl(name), IDP_SECRET: randomBytes(32).toString('hex') });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  };
  let dir: string;
  try {
    // Side by side: PGlite works in this process, PostgreSQL mostly in its own.
    const [pglite, postgres] = await Promise.allSettled([
      seededTemplate(),
      postgresTemplate ? preparePostgres(postgresTemplate) : null,
    ]);
    if (pglite.status === 'rejected') throw pglite.reason;
    if (postgres.status === 'rejected') throw postgres.reason;
    dir = pglite.value;
  } catch (error) {
    if (postgresTemplate) await dropTemplate(postgresTemplate);
    throw error;
  }
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    if (postgresTemplate) await dropTemplate(postgresTemplate);
  };
}

async function dropTemplate(name: string) {
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}
