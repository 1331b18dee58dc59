import { connectDatabase, type DatabaseHandle } from '@eh/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Dataset } from '../../providers/index.ts';
import { type FillThread, startFillThread } from './fill-thread.ts';
import { HISTORY_STEPS } from './history.ts';

const METRICS_STEP = HISTORY_STEPS.findIndex((step) => step.metrics);
const ASOF = '2026-11-27T21:00:00.000Z';
/** The metrics step computes the whole demo market's metrics: 2.9 s on a quiet machine, past 5 s in CI at load 17. */
const STEP_MS = 60_000;

describe(startFillThread.name, () => {
  let database: DatabaseHandle;
  let fill: FillThread;
  beforeAll(async () => {
    database = await connectDatabase({ dataDir: 'memory://', thread: true });
    await database.migrate();
    const { share } = database;
    if (!share) throw new Error('a threaded embedded database shares a port');
    fill = await startFillThread({ share }, loadConfig({}));
    // Two WebAssembly databases' starts and the migrations: seconds on a quiet machine, over 10 on a loaded one.
  }, 120_000);
  afterAll(async () => {
    await fill?.close();
    await database?.close();
  });

  it(
    'runs a step in its own thread on the same database, telling this side what changed',
    async () => {
      const changed: Dataset[][] = [];
      await fill.run(
        { provider: 'demo', seed: 'thread-market', asOf: ASOF, step: METRICS_STEP },
        { onChanged: (datasets) => changed.push(datasets) },
      );
      // The metrics step names no dataset: every cache is told to clear.
      expect(changed).toEqual([[]]);
      // The database stays this side's too once the thread has written to it.
      await expect(database.ping()).resolves.toBeUndefined();
    },
    STEP_MS,
  );

  it(
    "hands a step's failure back in words, and runs the next step after it",
    async () => {
      await expect(fill.run({ provider: 'nowhere', seed: 'thread-market', asOf: ASOF, step: 0 }, {})).rejects.toThrow(
        "provider 'nowhere' is not registered",
      );
      await expect(
        fill.run({ provider: 'demo', seed: 'thread-market', asOf: ASOF, step: METRICS_STEP }, {}),
      ).resolves.toBeUndefined();
    },
    STEP_MS,
  );
});
