export * from './connection.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
