import type { Database, DatabaseHandle } from '@eh/db';
import type { Config } from '../config.ts';
import type { MessageBus } from './bus/index.ts';
import type { Entitlements } from './entitlements.ts';

/** What every module is given: configuration, the database, the bus and entitlements, created once in main. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  bus: MessageBus;
  startedAt: Date;
  /** Token for the admin routes (flags CLI); generated into DATA_DIR in embedded mode. */
  adminToken: string | null;
  /** Plan entitlements, answered by the users and teams side (kernel/entitlements.ts). */
  entitlements: Entitlements;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
