import { type Database, seedRuns } from '@eh/db';
import { flagsSeed } from './flags.ts';
import { releaseNotesSeed } from './release-notes.ts';

export interface Seed {
  /** Unique and stable: a seed whose name is recorded never runs again on that database. */
  name: string;
  run(db: Database): Promise<void>;
}

/** In order; later issues append their seeds (the demo market, demo accounts). */
export const SEEDS: readonly Seed[] = [flagsSeed, releaseNotesSeed];

/** Runs each seed not yet recorded, each in its own transaction together with its record. */
export async function runSeeds(db: Database, seeds: readonly Seed[] = SEEDS): Promise<string[]> {
  const done = new Set((await db.select({ name: seedRuns.name }).from(seedRuns)).map((row) => row.name));
  const applied: string[] = [];
  for (const seed of seeds) {
    if (done.has(seed.name)) continue;
    await db.transaction(async (tx) => {
      // Claim the name first: a second node seeding at the same moment stops on the primary key.
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return;
      await seed.run(tx as unknown as Database);
      applied.push(seed.name);
    });
  }
  return applied;
}
