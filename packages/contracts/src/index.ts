export * from './admin.ts';
export * from './common.ts';
export * from './core.ts';
export * from './errors.ts';
export * from './headers.ts';
export * from './route.ts';
export * from './users.ts';
