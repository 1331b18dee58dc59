import type { Role } from '../roles.ts';
import { idpRoutes } from './routes.ts';
import { createSealer, idpSecret } from './seal.ts';
import type { IdpContext } from './service.ts';
import { loadSigningKey } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on nodes running the idp role; other modules use it for admin operations (team invites). */
    idp?: IdpContext;
  }
}

/** The Cognito-compatible identity provider at /idp (SPEC §7, DESIGN §2). */
export const idpRole: Role = {
  name: 'idp',
  async register(app) {
    const { config, db, database } = app.ctx;
    const sealer = createSealer(idpSecret(config.DATA_DIR, config.IDP_SECRET, database.driver === 'pglite'));
    const poolName = config.IDP_USER_POOL_ID.split('_')[1] ?? config.IDP_USER_POOL_ID;
    const idp: IdpContext = {
      db,
      config,
      sealer,
      key: await loadSigningKey(db, sealer),
      issuer: `${config.PUBLIC_URL.replace(/\/$/, '')}/idp/${config.IDP_USER_POOL_ID}`,
      poolName,
    };
    app.decorate('idp', idp);
    await app.register(idpRoutes, { prefix: '/idp', idp });
  },
};
