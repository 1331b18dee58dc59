import { type Database, seedRuns } from '@eh/db';
import type { Seed, SeedEnv } from '../kernel/seed.ts';
import { transcriptSummariesSeed } from '../modules/ai/index.ts';
import { searchSourcesSeed } from '../modules/call-search/index.ts';
import { demoMarketSeed } from '../modules/market-history/index.ts';
import { demoCouponsSeed, planPricesSeed } from './billing.ts';
import { demoAccountsSeed } from './demo-accounts.ts';
import { flagsSeed } from './flags.ts';
import { releaseNotesSeed } from './release-notes.ts';

/** In order: a new seed goes at the end. */
export const SEEDS: readonly Seed[] = [
  flagsSeed,
  releaseNotesSeed,
  demoAccountsSeed,
  demoMarketSeed,
  planPricesSeed,
  demoCouponsSeed,
  transcriptSummariesSeed,
  searchSourcesSeed,
];

/** Runs each seed not yet recorded, each in its own transaction together with its record. */
export async function runSeeds(db: Database, env: SeedEnv, seeds: readonly Seed[] = SEEDS): Promise<string[]> {
  const done = new Set((await db.select({ name: seedRuns.name }).from(seedRuns)).map((row) => row.name));
  const applied: string[] = [];
  for (const seed of seeds) {
    if (done.has(seed.name) || seed.applies?.(env) === false) continue;
    await db.transaction(async (tx) => {
      // Claim the name first: a second node seeding at the same moment stops on the primary key.
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return;
      await seed.run(tx as unknown as Database, env);
      applied.push(seed.name);
    });
  }
  return applied;
}
