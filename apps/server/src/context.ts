import type { Database, DatabaseHandle } from '@eh/db';
import type { MessageBus } from './bus/index.ts';
import type { Config } from './config.ts';

/** What every module is given: configuration, the database and the bus, created once in main. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  bus: MessageBus;
  startedAt: Date;
  /** Token for the admin routes (flags CLI); generated into DATA_DIR in embedded mode. */
  adminToken: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
