export * from './connection.ts';
export * from './daily-bars.ts';
export { PGLITE_INITDB_PARAMS } from './pglite-options.ts';
export * from './rows.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
