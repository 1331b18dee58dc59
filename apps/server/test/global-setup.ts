import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@eh/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder tests copy (the first open of an empty folder is slow). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'eh-pglite-template-'));
  const database = await connectDatabase({ dataDir: join(dir, 'db') });
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
