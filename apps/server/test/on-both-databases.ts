/**
 * The HTTP integration files CI runs on PostgreSQL and Redis as well as on PGlite (`.ci/run`; `npm test` runs every
 * file on PGlite). What a query returns is the service tier's, which runs on both databases from one file; an HTTP
 * file runs twice only where the database or Redis can change what HTTP answers, or while it still holds the only
 * test of some code that reads or writes the database. `coverage.test.ts` (service tier) holds the second list to
 * account: every owner of queries is either called by a service-tier file or named here with the files that test it.
 */

/** Files where the engine itself changes what happens, with why. */
export const ENGINE_DEPENDENT: Record<string, string> = {
  'ingest-cli.test.ts': 'the CLI beside a running server: PGlite refuses a second process, PostgreSQL takes it',
  'sync-nodes.test.ts': 'two nodes fan out through Redis',
  'sync.test.ts': 'the socket’s messages cross the bus, in memory or on Redis',
  'platform.test.ts': 'the bus and the rate limits live on Redis when it is configured',
  'fuzz.test.ts': 'NUL bytes, lone surrogates and huge values reach each engine’s own text and JSON checks',
  'market-history.test.ts': 'the fill’s bulk writes and its resumption after a crash, per engine',
  'mail.test.ts': 'the local mailbox is for embedded servers only; a deployment mails real inboxes',
};

/**
 * Code that reads or writes the database and is tested over HTTP only so far (its owner, a path under
 * apps/server/src, without the extension), with the HTTP files that test it: they run on both engines until a
 * service-tier file calls it.
 */
export const QUERIES_TESTED_OVER_HTTP: Record<string, string[]> = {
  'kernel/outbox': ['mail.test.ts'],
  'modules/billing/apple/queries': ['billing-apple.test.ts'],
  'sync/queries': ['sync.test.ts', 'sync-nodes.test.ts'],
};

/** Every file CI runs on PostgreSQL too, under apps/server/test/integration. */
export function filesOnBothDatabases(): string[] {
  return [...new Set([...Object.keys(ENGINE_DEPENDENT), ...Object.values(QUERIES_TESTED_OVER_HTTP).flat()])].sort();
}

// `node apps/server/test/on-both-databases.ts` prints the files' paths for .ci/run, one per line.
if (import.meta.main) {
  for (const file of filesOnBothDatabases()) console.log(`apps/server/test/integration/${file}`);
}
