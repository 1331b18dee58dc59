/**
 * Runs before every service and integration file: waits for the seeds its files copy, which the global setup makes
 * in the background (global-setup.ts): the seeded template database with TEST_DATABASE_URL, and the seeded PGlite
 * folder unless the run is on PostgreSQL alone (CI's PostgreSQL pass: TEST_SERVICE_ENGINES=postgresql), whose files
 * then start once theirs is made. Here, before the file's hooks, the wait counts against no hook's bound: on a
 * newcomer's first run it is a minute or more.
 */
import { inject } from 'vitest';
import { TEST_DATABASE_URL, TEST_SERVICE_ENGINES } from './env.ts';
import { databaseExists } from './postgres.ts';
import { madeOrFailed, seededTemplateReady } from './seeded-template.ts';

const postgres = inject('postgresTemplate');
const pgliteToo = !TEST_DATABASE_URL || !TEST_SERVICE_ENGINES || TEST_SERVICE_ENGINES.includes('pglite');
await Promise.all([
  pgliteToo ? seededTemplateReady(inject('pgliteTemplate')) : null,
  postgres ? madeOrFailed(postgres, () => databaseExists(postgres)) : null,
]);
