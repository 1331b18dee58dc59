import type { FastifyInstance } from 'fastify';
import type { RoleName } from '../config.ts';

/**
 * A role is a part of the server that a node may run (DESIGN §2); ROLES in `roles/index.ts` picks them. Apart from that
 * registry, so that each role can name this type without importing the registry that imports it.
 */
export interface Role {
  name: RoleName;
  /** Mounts the role's routes and starts its background work; stopped by the app's onClose hooks. */
  register(app: FastifyInstance): Promise<void>;
}
