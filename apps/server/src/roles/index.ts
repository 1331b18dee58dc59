import type { RoleName } from '../config.ts';
import { idpRole } from '../idp/index.ts';
import type { Role } from '../kernel/role.ts';
import { createDemoQuoteFeed } from '../providers/demo/live-quotes.ts';
import { createSyncRole } from '../sync/index.ts';
import { apiRole } from './api.ts';
import { workerRole } from './worker.ts';

/** The roles a node may run, by name; config's ROLES picks them (DESIGN §2). */
export const ROLES: Record<RoleName, Role> = {
  api: apiRole,
  // The live socket's quotes move with the demo market's simulator (providers/live-feed.ts: any LiveQuoteFeed would do).
  sync: createSyncRole({ feed: createDemoQuoteFeed }),
  idp: idpRole,
  worker: workerRole,
};
