/**
 * npm start: makes what is missing or stale (the web build, the embedded database's template: scripts/prepare.ts;
 * `npm install` already made both), then runs the server with every role on one port (embedded PGlite and demo
 * data unless configured otherwise).
 */
import { buildWebIfStale, prepareDatabaseTemplate } from './prepare.ts';

buildWebIfStale();
if (!process.env.DATABASE_URL) await prepareDatabaseTemplate();

await import('../apps/server/src/main.ts');
