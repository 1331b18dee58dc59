/**
 * The one guard of the admin API (docs/decisions/0031): every route under /api/admin is registered inside the
 * plugin that adds this hook, so none can be reached without it. A request is let in when it carries
 * - the operator's admin token (the flags and users commands reaching a running embedded server, decision 0002), or
 * - a signed-in user's identity token whose users row has `super_admin` set (read on every call: revoking the flag
 *   takes effect at once, on every node).
 * Otherwise: 401 when signed out (no or an invalid token), 403 when signed in without the flag.
 */
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN_HEADER, type AdminPrincipal, ErrorCode } from '@eh/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTokenVerifier } from '../../kernel/http/auth.ts';
import { forbidden, HttpError } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every /api/admin request it lets through. */
    admin?: AdminPrincipal;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function requireAdmin(app: FastifyInstance) {
  const { ctx } = app;
  const verify = createTokenVerifier(ctx);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const given = request.headers[ADMIN_TOKEN_HEADER];
    if (given !== undefined) {
      if (!ctx.adminToken) throw forbidden('Admin token calls are disabled: set ADMIN_TOKEN');
      if (typeof given !== 'string' || !sameToken(given, ctx.adminToken)) {
        throw new HttpError(401, ErrorCode.unauthorized, `Missing or wrong ${ADMIN_TOKEN_HEADER} header`);
      }
      request.operator = true;
      request.admin = { via: 'token', userId: null, email: null };
      return;
    }
    const caller = await verify(request);
    request.caller = caller;
    const user = await q.superAdminOf(ctx.db, caller.sub);
    if (!user?.superAdmin) throw forbidden('Only a super admin can use the admin tools');
    request.admin = { via: 'session', userId: caller.sub, email: user.email ?? caller.email };
  });
}

/** The principal the guard let in (always set inside the admin plugin). */
export function adminOf(request: { admin?: AdminPrincipal }): AdminPrincipal {
  if (!request.admin) throw forbidden('Only a super admin can use the admin tools');
  return request.admin;
}
