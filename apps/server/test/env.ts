/** Where the integration suite runs: embedded PGlite by default; real PostgreSQL and Redis in CI. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
