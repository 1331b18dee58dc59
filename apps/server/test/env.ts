/** Where the integration suite runs: embedded PGlite by default; real PostgreSQL and Redis in CI. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
/**
 * The engines the service tier runs on, comma-separated ('pglite', 'postgresql'): by default PGlite, and PostgreSQL
 * beside it when TEST_DATABASE_URL is set. CI runs the PostgreSQL side in its own pass (.ci/run).
 */
export const TEST_SERVICE_ENGINES = process.env.TEST_SERVICE_ENGINES?.split(',').map((engine) => engine.trim());
