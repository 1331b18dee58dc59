import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode } from '@eh/contracts';
import { decodeJwt } from 'jose';
import type { Config } from '../config.ts';
import { HttpError } from '../kernel/http/errors.ts';
import { CognitoError } from './errors.ts';
import { type IdpContext, signedIn, signOutSessions, verifyAccessToken } from './flow.ts';
import * as q from './queries.ts';
import { safeEqual } from './seal.ts';
import { refreshedTokens } from './service.ts';
import { ADMIN_SCOPE } from './tokens.ts';

/** SPEC §6: the hosted user pool's scopes. */
export const OAUTH_SCOPES = ['openid', 'email', 'profile', ADMIN_SCOPE] as const;
/** Cognito's provider names for `identity_provider`. */
export const IDENTITY_PROVIDERS = ['Google', 'SignInWithApple'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/** Cognito's authorization codes live five minutes. */
export const AUTHORIZATION_CODE_TTL_MS = 5 * 60_000;
/** RFC 7636: 43 to 128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CODE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

/** What /authorize was asked, once validated: carried through federation to the code it ends with. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  codeChallenge: string;
  nonce: string | null;
  identityProvider: IdentityProviderName | null;
}

/** Token-endpoint errors in RFC 6749's shape. */
export class OAuthError extends Error {
  readonly error: string;
  readonly statusCode: number;
  constructor(error: string, description: string, statusCode = 400) {
    super(description);
    this.error = error;
    this.statusCode = statusCode;
  }
}

const home = (config: Config) => config.PUBLIC_URL.replace(/\/$/, '');

/** SPEC §6: sign-in returns to the product home (or its /signin page) unless configured otherwise. */
export function allowedRedirects(config: Config): string[] {
  return config.IDP_OAUTH_REDIRECT_URIS ?? [home(config), `${home(config)}/`, `${home(config)}/signin`];
}

/** SPEC §6: sign-out returns to the product home unless configured otherwise. */
export function allowedLogouts(config: Config): string[] {
  return config.IDP_OAUTH_LOGOUT_URIS ?? [home(config), `${home(config)}/`];
}

/** Where Google and Apple send the person back to (register this URL with them). */
export const federationCallback = (config: Config) => `${home(config)}/idp/oauth2/idpresponse`;

function badQuery(field: string, message: string) {
  return new HttpError(400, ErrorCode.validation, `query.${field}: ${message}`, [{ field: `query.${field}`, message }]);
}

/** A single string parameter: a repeated or missing one counts as absent. */
export function param(query: unknown, name: string): string | null {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

function checkClient(config: Config, clientId: string | null) {
  if (!clientId) throw badQuery('client_id', 'is required');
  if (clientId !== config.IDP_CLIENT_ID) throw badQuery('client_id', `${clientId} is not a client of this user pool`);
}

/** The app's redirect with an error, as Cognito answers a bad request once the redirect itself is trusted. */
export function errorRedirect(redirectUri: string, error: string, description: string, state: string | null) {
  const url = new URL(redirectUri);
  url.searchParams.set('error_description', description);
  url.searchParams.set('error', error);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

export type AuthorizeOutcome = { request: AuthorizeRequest } | { redirect: string };

/**
 * Validates /oauth2/authorize. A wrong client or a redirect outside the allow-list is a 400 naming the parameter
 * (never a redirect to an untrusted address); any other problem goes back to the app's redirect as an error.
 */
export function parseAuthorize(config: Config, query: unknown): AuthorizeOutcome {
  checkClient(config, param(query, 'client_id'));
  const redirectUri = param(query, 'redirect_uri');
  if (!redirectUri) throw badQuery('redirect_uri', 'is required');
  if (!allowedRedirects(config).includes(redirectUri)) {
    throw badQuery('redirect_uri', 'is not an allowed redirect for this client');
  }
  const state = param(query, 'state');
  const fail = (error: string, description: string) => ({
    redirect: errorRedirect(redirectUri, error, description, state),
  });
  const responseType = param(query, 'response_type');
  if (responseType !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const scopes = (param(query, 'scope') ?? OAUTH_SCOPES.join(' ')).split(' ').filter(Boolean);
  const unknown = scopes.find((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown) return fail('invalid_scope', `Scope ${unknown} is not allowed; use ${OAUTH_SCOPES.join(', ')}`);
  const codeChallenge = param(query, 'code_challenge');
  if (!codeChallenge || !CODE_CHALLENGE.test(codeChallenge)) {
    return fail('invalid_request', 'code_challenge is required: a base64url SHA-256 of the code_verifier (PKCE)');
  }
  if ((param(query, 'code_challenge_method') ?? 'S256') !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256');
  }
  const provider = param(query, 'identity_provider');
  if (provider !== null && provider !== 'COGNITO' && !(IDENTITY_PROVIDERS as readonly string[]).includes(provider)) {
    return fail('invalid_request', `identity_provider must be one of ${IDENTITY_PROVIDERS.join(', ')}`);
  }
  return {
    request: {
      clientId: config.IDP_CLIENT_ID,
      redirectUri,
      scope: [...new Set(scopes)].join(' '),
      state,
      codeChallenge,
      nonce: param(query, 'nonce'),
      identityProvider: provider === null || provider === 'COGNITO' ? null : (provider as IdentityProviderName),
    },
  };
}

const codeHash = (ctx: IdpContext, code: string) => ctx.sealer.digest(`oauth-code:${code}`);

/** Ends a sign-in at the hosted UI: a single-use code for the app's redirect, bound to its client, redirect and PKCE. */
export async function issueCode(ctx: IdpContext, request: AuthorizeRequest, sub: string): Promise<string> {
  const code = randomUUID();
  await q.insertOauthCode(ctx.db, {
    codeHash: codeHash(ctx, code),
    sub,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scope: request.scope,
    nonce: request.nonce,
    expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_MS),
  });
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state) url.searchParams.set('state', request.state);
  return url.toString();
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The client of a token request: in the body, or as the user of HTTP Basic authentication (no secret: a public client). */
function tokenClient(config: Config, form: Record<string, string>, authorization: string | undefined) {
  let clientId = form.client_id;
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    clientId = decodeURIComponent(decoded.split(':')[0] ?? '');
  }
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  if (clientId !== config.IDP_CLIENT_ID) throw new OAuthError('invalid_client', 'Client is not known', 401);
  return clientId;
}

function required(form: Record<string, string>, name: string): string {
  const value = form[name];
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

const invalidGrant = () =>
  new OAuthError('invalid_grant', 'The code is invalid, expired, used, or was issued elsewhere');

async function codeGrant(ctx: IdpContext, form: Record<string, string>, clientId: string) {
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = required(form, 'code_verifier');
  const hash = codeHash(ctx, code);
  const taken = await q.takeOauthCode(ctx.db, { codeHash: hash });
  if (!taken) throw invalidGrant();
  const { code: row, reused } = taken;
  if (reused) {
    // RFC 6749 §4.1.2: a code presented twice may have been stolen; what it bought is revoked.
    if (row.originJti) await signOutSessions(ctx, { sub: row.sub, originJti: row.originJti });
    throw invalidGrant();
  }
  if (row.clientId !== clientId || row.redirectUri !== redirectUri || row.expiresAt.getTime() < Date.now()) {
    throw invalidGrant();
  }
  if (!CODE_VERIFIER.test(verifier) || !safeEqual(s256(verifier), row.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  }
  const user = await q.getUser(ctx.db, { sub: row.sub });
  if (!user?.enabled) throw invalidGrant();
  const { AuthenticationResult: result } = await signedIn(ctx, user, clientId, {
    newDevice: false,
    scope: row.scope,
    nonce: row.nonce,
  });
  const originJti = decodeJwt(result.AccessToken).origin_jti;
  if (typeof originJti === 'string') await q.setOauthCodeOrigin(ctx.db, { codeHash: hash, originJti });
  return {
    ...(row.scope.split(' ').includes('openid') ? { id_token: result.IdToken } : {}),
    access_token: result.AccessToken,
    refresh_token: result.RefreshToken,
    expires_in: result.ExpiresIn,
    token_type: 'Bearer',
  };
}

async function refreshGrant(ctx: IdpContext, form: Record<string, string>, clientId: string) {
  const tokens = await refreshedTokens(ctx, required(form, 'refresh_token'), clientId).catch((error: unknown) => {
    if (error instanceof CognitoError) throw new OAuthError('invalid_grant', 'Invalid Refresh Token');
    throw error;
  });
  // A hosted-UI sign-in gets an id token only with openid; a user-pool API sign-in (admin scope alone) always does.
  const scope = String(decodeJwt(tokens.AccessToken).scope);
  const withId = scope === ADMIN_SCOPE || scope.split(' ').includes('openid');
  return {
    ...(withId ? { id_token: tokens.IdToken } : {}),
    access_token: tokens.AccessToken,
    expires_in: tokens.ExpiresIn,
    token_type: 'Bearer',
  };
}

/** POST /oauth2/token: authorization_code (with the PKCE verifier) and refresh_token grants. */
export async function token(ctx: IdpContext, form: Record<string, string>, authorization: string | undefined) {
  const grantType = required(form, 'grant_type');
  const clientId = tokenClient(ctx.config, form, authorization);
  if (grantType === 'authorization_code') return codeGrant(ctx, form, clientId);
  if (grantType === 'refresh_token') return refreshGrant(ctx, form, clientId);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

/** GET /oauth2/userInfo: the attributes the access token's scopes allow, with Cognito's string booleans. */
export async function userInfo(ctx: IdpContext, accessToken: string) {
  const { user, scopes } = await verifyAccessToken(ctx, accessToken).catch((error: unknown) => {
    if (error instanceof CognitoError) throw new OAuthError('invalid_token', error.message, 401);
    throw error;
  });
  const admin = scopes.includes(ADMIN_SCOPE);
  if (!admin && !scopes.includes('openid')) {
    throw new OAuthError('insufficient_scope', 'The access token needs the openid scope', 403);
  }
  const info: Record<string, string> = { sub: user.sub, username: user.username };
  if ((admin || scopes.includes('email')) && user.email) {
    info.email = user.email;
    info.email_verified = String(user.emailVerified);
  }
  if (admin && user.phoneNumber) {
    info.phone_number = user.phoneNumber;
    info.phone_number_verified = String(user.phoneNumberVerified);
  }
  if (admin || scopes.includes('profile')) Object.assign(info, user.attributes);
  return info;
}

/** GET /logout: back to an allowed sign-out address (the product home). */
export function logout(config: Config, query: unknown): string {
  checkClient(config, param(query, 'client_id'));
  const logoutUri = param(query, 'logout_uri');
  if (!logoutUri) throw badQuery('logout_uri', 'is required');
  if (!allowedLogouts(config).includes(logoutUri)) throw badQuery('logout_uri', 'is not an allowed sign-out address');
  return logoutUri;
}
