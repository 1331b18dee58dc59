/** What a seed is, apart from the list in `index.ts` that runs them, so that each seed can name it. */
import type { Database } from '@eh/db';
import type { Config } from '../config.ts';

export interface SeedEnv {
  config: Config;
  /** True on the embedded database (PGlite), the single-machine mode. */
  embedded: boolean;
}

export interface Seed {
  /** Unique and stable: a seed whose name is recorded never runs again on that database. */
  name: string;
  /** A seed that does not apply is neither run nor recorded, so it can apply on a later start. */
  applies?(env: SeedEnv): boolean;
  run(db: Database, env: SeedEnv): Promise<void>;
}
