import type { RoleName } from './config.ts';
import { idpRole } from './idp/index.ts';
import { jobsRole } from './jobs/index.ts';
import { apiRole } from './modules/index.ts';
import type { Role } from './role.ts';
import { syncRole } from './sync/index.ts';

/** The roles a node may run, by name; config's ROLES picks them (DESIGN §2). */
export const ROLES: Record<RoleName, Role> = {
  api: apiRole,
  sync: syncRole,
  idp: idpRole,
  worker: jobsRole,
};
