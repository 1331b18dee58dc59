export * from './connection.ts';
export * from './rows.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
