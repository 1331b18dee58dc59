/**
 * The embedded server (PGlite in DATA_DIR) killed with SIGKILL in the middle of writes, restarted on the same folder
 * and killed again: every write it acknowledged is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, feedback } from '@eh/db';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../env.ts';
import {
  feedbackWriter,
  type ServerProcess,
  startServerProcess,
  TEST_TIMEOUT_MS,
  waitFor,
  writeLoad,
} from './services.ts';

/** It makes its own data folder, so the CI pass with TEST_DATABASE_URL would only repeat it: it runs once. */
const skip = Boolean(TEST_DATABASE_URL);
/** Each crash costs a start (seconds of module loading and PGlite's opening); the second one follows a restart. */
const CRASHES = 2;

describe.skipIf(skip)('embedded server killed with SIGKILL mid-writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-faults-embedded-'));
  let server: ServerProcess | undefined;
  const start = () =>
    startServerProcess({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web-build'), SEED_DEMO: 'false' });

  afterAll(async () => {
    if (server?.alive()) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'loses no acknowledged write',
    async () => {
      const acknowledged: number[] = [];
      for (let crash = 0; crash < CRASHES; crash += 1) {
        const current = await start();
        server = current;
        const load = writeLoad(
          [feedbackWriter(current.url), feedbackWriter(current.url), feedbackWriter(current.url)],
          5,
        );
        const target = acknowledged.length + 100;
        await waitFor(
          'writes before the crash',
          async () => (acknowledged.length + load.total() >= target ? true : undefined),
          60_000,
        );
        current.child.kill('SIGKILL');
        expect(await current.exited).toBe('SIGKILL');
        await load.stop();
        acknowledged.push(...(load.acknowledged.get('feedback') ?? []));
      }

      // The last crash's folder is opened here, as the next start would open it (PGlite serves one process).
      const database = await connectDatabase({ dataDir: join(dataDir, 'db') });
      try {
        const rows = await database.db
          .select({ id: feedback.id })
          .from(feedback)
          .where(inArray(feedback.id, acknowledged));
        console.info(
          `faults/embedded: ${acknowledged.length} writes acknowledged over ${CRASHES} crashes, ${rows.length} found`,
        );
        expect(rows.length).toBe(acknowledged.length);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
