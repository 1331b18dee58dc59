import { ClientHeader, ErrorCode } from '@eh/contracts';
import { type Database, idpRevokedOrigins, idpSigningKeys } from '@eh/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWK, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import { accountMemory } from '../account-memory.ts';
import type { MessageBus } from '../bus/index.ts';
import { HttpError } from './errors.ts';

/** What the verifiers read: the signing keys and revoked sessions in the database, the bus that says when to forget. */
interface VerifierContext {
  db: Database;
  config: Config;
  bus: MessageBus;
}

export interface Caller {
  sub: string;
  email: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before validation on every 'portfolios' route (`signedInOnly`); routes there can rely on it. */
    caller?: Caller;
    /** Set by a guard that lets a request in on the operator's admin token, which proves no caller. */
    operator?: boolean;
  }
}

const KEYS_TTL_MS = 5 * 60_000;

export const unauthorized = (message = 'Sign in required') => new HttpError(401, ErrorCode.unauthorized, message);

type TokenUse = 'id' | 'access';

/** Past this many tokens checked by one verifier, the oldest is checked again when it comes back. */
const MAX_CHECKED_TOKENS = 10_000;

/**
 * Checks a token's signature, issuer, audience, expiry and use against the identity provider's keys, which every
 * node reads from the shared database, refreshed every 5 minutes or (when `reload`) on an unknown key id. A token
 * that passed is not checked again until it expires or the keys are due to be read again: the signature is the
 * costliest step of a signed-in request, and the answer cannot change before either.
 */
function createJwtVerifier({ db, config }: VerifierContext) {
  const issuer = `${config.PUBLIC_URL.replace(/\/$/, '')}/idp/${config.IDP_USER_POOL_ID}`;
  let jwks: ReturnType<typeof createLocalJWKSet> | null = null;
  let loadedAt = 0;
  const load = async () => {
    const rows = await db.select({ jwk: idpSigningKeys.publicJwk }).from(idpSigningKeys);
    jwks = createLocalJWKSet({ keys: rows.map((r) => r.jwk as JWK) } satisfies JSONWebKeySet);
    loadedAt = Date.now();
    return jwks;
  };
  const checked = new Map<string, { payload: JWTPayload; until: number }>();
  return async (token: string, use: TokenUse, reload = true) => {
    const now = Date.now();
    const memo = `${use} ${token}`;
    const known = checked.get(memo);
    if (known && known.until > now) return known.payload;
    checked.delete(memo);
    const keys = jwks && now - loadedAt < KEYS_TTL_MS ? jwks : await load();
    const options = { issuer, algorithms: ['RS256'], ...(use === 'id' ? { audience: config.IDP_CLIENT_ID } : {}) };
    const result = await jwtVerify(token, keys, options).catch(async (error: { code?: string }) => {
      if (!reload || error.code !== 'ERR_JWKS_NO_MATCHING_KEY') return null;
      return jwtVerify(token, await load(), options).catch(() => null);
    });
    const payload = result?.payload;
    if (!payload || payload.token_use !== use || typeof payload.sub !== 'string') return null;
    if (typeof payload.exp === 'number') {
      if (checked.size >= MAX_CHECKED_TOKENS) checked.delete(checked.keys().next().value as string);
      checked.set(memo, { payload, until: Math.min(payload.exp * 1000, loadedAt + KEYS_TTL_MS) });
    }
    return payload;
  };
}

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/** Whether the sign-in a token descends from was signed out, as the node remembers it (account-memory.ts). */
function isSignedOut({ db, bus }: VerifierContext, origin: string): Promise<boolean> {
  return accountMemory(bus).recall('session', origin, async () => {
    const revoked = await db
      .select({ originJti: idpRevokedOrigins.originJti })
      .from(idpRevokedOrigins)
      .where(eq(idpRevokedOrigins.originJti, origin))
      .limit(1);
    return revoked.length > 0;
  });
}

/** The caller an identity token proves, once its signature, claims and session (not signed out) are checked. */
async function callerOfIdToken(verify: ReturnType<typeof createJwtVerifier>, ctx: VerifierContext, idToken: string) {
  if (!idToken) throw unauthorized();
  const id = await verify(idToken, 'id');
  if (!id) throw unauthorized('Invalid or expired identity token');
  const origin = typeof id.origin_jti === 'string' ? id.origin_jti : '';
  if (origin && (await isSignedOut(ctx, origin))) throw unauthorized('This session was signed out');
  return { sub: id.sub as string, email: typeof id.email === 'string' ? id.email : null } satisfies Caller;
}

/** Verifies the bearer identity token (and the access token header when sent), and that its session stands. */
export function createTokenVerifier(ctx: VerifierContext) {
  const verify = createJwtVerifier(ctx);
  return async (request: FastifyRequest): Promise<Caller> => {
    const caller = await callerOfIdToken(verify, ctx, bearerOf(request));
    const accessToken = request.headers[ClientHeader.accessToken];
    if (typeof accessToken === 'string' && accessToken) {
      const access = await verify(accessToken, 'access');
      if (!access || access.sub !== caller.sub) throw unauthorized('Invalid or expired access token');
    }
    return caller;
  };
}

/** The same check for an identity token given on its own (the live socket's `token`, SPEC §5). */
export function createIdTokenVerifier(ctx: VerifierContext) {
  const verify = createJwtVerifier(ctx);
  return (idToken: string): Promise<Caller> => callerOfIdToken(verify, ctx, idToken);
}

/**
 * The user a request's bearer identity token proves, or null (no token, or one that does not verify): what the
 * API's rate limit counts by (http/security.ts). It checks what a forger cannot fake (signature, issuer, audience,
 * expiry) and skips the routes' session lookup, so a signed-out token still counts against its own user. An
 * unknown key id does not reload the keys: a made-up token costs no database read before the limit.
 */
export function createBearerSubject(ctx: VerifierContext) {
  const verify = createJwtVerifier(ctx);
  return async (request: FastifyRequest): Promise<string | null> => {
    const token = bearerOf(request);
    if (!token) return null;
    const payload = await verify(token, 'id', false).catch(() => null);
    return (payload?.sub as string | undefined) ?? null;
  };
}

/** One verifier (and so one cache of signing keys) per server, however many routes share it. */
const verifiers = new WeakMap<object, ReturnType<typeof createTokenVerifier>>();

/**
 * The onRequest hook `mount` gives every 'portfolios' route: a request without a valid token is a 401 before its
 * params, query or body are read, since a stranger's input is none of the route's business. A caller or the
 * operator already let in by the enclosing plugin's hook (requireCaller, identifyCaller, the admin guard) passes.
 */
export function signedInOnly(app: FastifyInstance) {
  const verify = verifiers.get(app.ctx) ?? createTokenVerifier(app.ctx);
  verifiers.set(app.ctx, verify);
  return async (request: FastifyRequest) => {
    if (!request.caller && !request.operator) request.caller = await verify(request);
  };
}

/** Applies authentication to a whole subtree (the 'portfolios' group), in one hook. */
export function requireCaller(app: FastifyInstance) {
  const verify = createTokenVerifier(app.ctx);
  app.addHook('onRequest', async (request) => {
    request.caller = await verify(request);
  });
}

/**
 * For public routes whose answer depends on the plan (premium history trimmed for anonymous and free callers):
 * a valid token identifies the caller, no token is anonymous, an invalid token is still a 401 so a client with a
 * stale session learns it instead of silently getting free data.
 */
export function identifyCaller(app: FastifyInstance) {
  const verify = createTokenVerifier(app.ctx);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) request.caller = await verify(request);
  });
}

export function callerOf(request: { caller?: Caller }): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
