import type { Role } from '../roles.ts';

/** The Cognito-compatible identity provider at /idp (SPEC §7). Serves nothing yet. */
export const idpRole: Role = {
  name: 'idp',
  async register(app) {
    app.log.debug('role idp: no identity provider yet');
  },
};
