import { FLAG_NAMES } from '@eh/contracts';
import { featureFlags } from '@eh/db';
import type { Seed } from '../kernel/seed.ts';

/** Every flag exists from the first start, off, so the CLI and the /dev page list them all. */
export const flagsSeed: Seed = {
  name: 'flags',
  async run(db) {
    await db
      .insert(featureFlags)
      .values(FLAG_NAMES.map((name) => ({ name, enabled: false })))
      .onConflictDoNothing();
  },
};
