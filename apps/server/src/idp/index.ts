import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../kernel/context.ts';
import type { Role } from '../kernel/role.ts';
import type { IdpContext } from './flow.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { idpRoutes } from './routes.ts';
import { createSealer, idpSecret } from './seal.ts';
import { loadSigningKey } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on nodes running the idp role; other modules use it for admin operations (team invites). */
    idp?: IdpContext;
  }
}

export async function createIdpContext({ config, db, database, bus }: AppContext): Promise<IdpContext> {
  const sealer = createSealer(idpSecret(config.DATA_DIR, config.IDP_SECRET, database.driver === 'pglite'));
  return {
    db,
    config,
    bus,
    sealer,
    key: await loadSigningKey(db, sealer),
    issuer: `${config.PUBLIC_URL.replace(/\/$/, '')}/idp/${config.IDP_USER_POOL_ID}`,
    poolName: config.IDP_USER_POOL_ID.split('_')[1] ?? config.IDP_USER_POOL_ID,
  };
}

const contexts = new WeakMap<FastifyInstance, Promise<IdpContext>>();

/** The identity provider's context for other modules (account calls), also on nodes that do not serve /idp. */
export function identityContext(app: FastifyInstance): Promise<IdpContext> {
  const root = app.idp;
  if (root) return Promise.resolve(root);
  let context = contexts.get(app);
  if (!context) {
    context = createIdpContext(app.ctx);
    contexts.set(app, context);
  }
  return context;
}

/** The Cognito-compatible identity provider at /idp (SPEC §7, DESIGN §2) and its hosted UI (SPEC §6). */
export const idpRole: Role = {
  name: 'idp',
  async register(app) {
    const idp = await createIdpContext(app.ctx);
    app.decorate('idp', idp);
    await app.register(idpRoutes, { prefix: '/idp', idp });
    await app.register(oauthRoutes, { prefix: '/idp', idp });
  },
};
