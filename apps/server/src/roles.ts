import type { FastifyInstance } from 'fastify';
import type { RoleName } from './config.ts';
import { idpRole } from './idp/index.ts';
import { jobsRole } from './jobs/index.ts';
import { apiRole } from './modules/index.ts';
import { syncRole } from './sync/index.ts';

/** A role is a part of the server that a node may run (DESIGN §2); ROLES picks them. */
export interface Role {
  name: RoleName;
  /** Mounts the role's routes and starts its background work; stopped by the app's onClose hooks. */
  register(app: FastifyInstance): Promise<void>;
}

export const ROLES: Record<RoleName, Role> = {
  api: apiRole,
  sync: syncRole,
  idp: idpRole,
  worker: jobsRole,
};
