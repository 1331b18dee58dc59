import type { AppInfo } from '@eh/contracts';
import { SERVER_VERSION } from '../../config.ts';
import type { AppContext } from '../../kernel/context.ts';

export function appInfo(ctx: AppContext): AppInfo {
  return {
    name: ctx.config.APP_NAME,
    version: SERVER_VERSION,
    mode: ctx.database.driver === 'pglite' ? 'embedded' : 'production',
    database: ctx.database.driver,
    bus: ctx.bus.kind,
    roles: ctx.config.ROLES,
    startedAt: ctx.startedAt.toISOString(),
    marketData: {
      demo: ctx.config.SEED_DEMO,
      providers: ctx.config.INGEST_PROVIDERS.filter((name) => name !== 'demo'),
    },
  };
}
