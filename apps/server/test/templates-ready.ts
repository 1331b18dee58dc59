/**
 * Runs before every service and integration file: waits for the seeded PGlite folder and, with TEST_DATABASE_URL, the
 * seeded template database, which the global setup makes in the background (global-setup.ts). Here, before the
 * file's hooks, the wait counts against no hook's bound: on a newcomer's first run it is a minute or more.
 */
import { inject } from 'vitest';
import { databaseExists } from './postgres.ts';
import { madeOrFailed, seededTemplateReady } from './seeded-template.ts';

const postgres = inject('postgresTemplate');
await Promise.all([
  seededTemplateReady(inject('pgliteTemplate')),
  postgres ? madeOrFailed(postgres, () => databaseExists(postgres)) : null,
]);
