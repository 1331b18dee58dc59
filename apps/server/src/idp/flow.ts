/** What the sign-in flows share: the context, input checks, codes, sealed flow sessions and issuing tokens. */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Database } from '@eh/db';
import { MS_PER_MINUTE, PASSWORD_ATTEMPTS_EXCEEDED, SIGN_IN_LOCKOUT_MINUTES } from '@eh/domain';
import { importJWK, type JWK, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { accountsChanged } from '../kernel/account-memory.ts';
import type { MessageBus } from '../kernel/bus/index.ts';
import { queueMessage } from '../kernel/outbox.ts';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import * as q from './queries.ts';
import { type Sealer, safeEqual } from './seal.ts';
import { ADMIN_SCOPE, issueTokens, type SigningKey } from './tokens.ts';

export const SIGNUP_CODE_TTL_MS = 24 * 3600_000;
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = SIGN_IN_LOCKOUT_MINUTES * MS_PER_MINUTE;
export const MAX_CODE_ATTEMPTS = 5;
const PASSWORD_MIN = 8;

export interface IdpContext {
  db: Database;
  config: Config;
  /** Where a sign-out is announced, so no node keeps trusting the session (kernel/account-memory.ts). */
  bus: MessageBus;
  sealer: Sealer;
  key: SigningKey;
  issuer: string;
  poolName: string;
}

export type Json = Record<string, unknown>;

/** Signs out one sign-in's sessions (`originJti`) or every one of a user's, on every node. */
export async function signOutSessions(ctx: IdpContext, params: { sub: string; originJti?: string }) {
  await q.revokeFamilies(ctx.db, params);
  await accountsChanged(ctx);
}

/** Ends an account and its identity, whichever side asks (the app's or the identity provider's), on every node. */
export async function endAccount(ctx: { db: Database; bus: MessageBus }, sub: string) {
  await q.deleteAccountAndIdentity(ctx.db, { sub });
  await accountsChanged(ctx);
}

export function str(input: Json, field: string, required = true): string {
  const value = input[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw invalidParameter(`Missing required parameter ${field}`);
    return '';
  }
  if (typeof value !== 'string') throw invalidParameter(`${field} must be a string`);
  return value;
}

export function record(input: Json, field: string): Json {
  const value = input[field];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter(`${field} must be a map`);
  return value as Json;
}

export function checkClient(ctx: IdpContext, input: Json) {
  const clientId = str(input, 'ClientId');
  if (clientId !== ctx.config.IDP_CLIENT_ID) {
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
}

/** Cognito's default password policy. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return 'Password not long enough';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password must have symbol characters';
  return null;
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export async function sendCode(
  ctx: IdpContext,
  user: q.IdpUser,
  purpose: q.CodePurpose,
  subject: string,
  attribute = 'email',
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.insertCode(ctx.db, {
    sub: user.sub,
    purpose,
    codeHash: ctx.sealer.digest(`${user.sub}:${purpose}:${code}`),
    expiresAt: new Date(Date.now() + SIGNUP_CODE_TTL_MS),
  });
  const body = `Your verification code is ${code}`;
  if (attribute === 'phone_number' && user.phoneNumber) {
    await queueMessage(ctx.db, ctx.config, { channel: 'sms', to: user.phoneNumber, subject: null, body });
    return { Destination: `+*******${user.phoneNumber.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: attribute };
  }
  const to = user.email ?? user.username;
  await queueMessage(ctx.db, ctx.config, { channel: 'email', to, subject, body });
  return { Destination: maskEmail(to), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

export async function useCode(ctx: IdpContext, user: q.IdpUser, purpose: q.CodePurpose, code: string) {
  const row = await q.latestCode(ctx.db, { sub: user.sub, purpose });
  if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_CODE_ATTEMPTS) {
    throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (!safeEqual(row.codeHash, ctx.sealer.digest(`${user.sub}:${purpose}:${code.trim()}`))) {
    await q.markCode(ctx.db, { id: row.id, used: false });
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  await q.markCode(ctx.db, { id: row.id, used: true });
}

/**
 * A wrong password or sign-in code: counted toward the lockout, and the account locked when it is the last allowed.
 * Every way of signing in counts alike, so no way is left to guess on without limit.
 */
export async function failedAttempt(ctx: IdpContext, user: q.IdpUser): Promise<never> {
  const failures = user.failedAttempts + 1;
  const lock = failures >= MAX_FAILED_ATTEMPTS;
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: {
      failedAttempts: lock ? 0 : failures,
      lockedUntil: lock ? new Date(Date.now() + LOCKOUT_MS) : user.lockedUntil,
    },
  });
  throw notAuthorized(lock ? PASSWORD_ATTEMPTS_EXCEEDED : undefined);
}

export async function checkLock(user: q.IdpUser) {
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
}

export const FLOW_SESSION_TTL_MS = 3 * 60_000;

/** What a challenge's Session carries between steps; sealed, so any node can continue the flow. */
export interface FlowSession {
  sub: string;
  clientId: string;
  exp: number;
  step: 'mfa' | 'select' | 'device' | 'custom' | 'new_password' | 'mfa_setup';
  /** The factor an 'mfa' step waits for. */
  factor?: MfaFactor;
  deviceKey: string | null;
}

export function sealSession(ctx: IdpContext, session: Omit<FlowSession, 'exp'>): string {
  return ctx.sealer.seal(JSON.stringify({ ...session, exp: Date.now() + FLOW_SESSION_TTL_MS }));
}

export function openSession(ctx: IdpContext, input: Json, step: FlowSession['step'], clientId: string): FlowSession {
  const opened = ctx.sealer.open(str(input, 'Session'));
  const session = opened ? (JSON.parse(opened) as FlowSession) : null;
  if (!session || session.exp < Date.now() || session.clientId !== clientId || session.step !== step) {
    throw notAuthorized('Invalid session for the user, session is expired.');
  }
  return session;
}

/** Second factor unless the device is remembered, then the device proof. */
export type MfaFactor = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

export function mfaFactors(user: q.IdpUser): MfaFactor[] {
  const factors: MfaFactor[] = [];
  if (user.smsMfaEnabled && user.phoneNumber && user.phoneNumberVerified) factors.push('SMS_MFA');
  if (user.totpEnabled && user.sealedTotpSecret) factors.push('SOFTWARE_TOKEN_MFA');
  return factors;
}

/** What a sign-in grants beyond the user-pool API's defaults (hosted-UI scopes and nonce). */
export interface SignInGrant {
  scope?: string | null;
  nonce?: string | null;
}

/** Id and access tokens of one sign-in (origin family) for a user. */
export function tokensFor(
  ctx: IdpContext,
  user: q.IdpUser,
  clientId: string,
  originJti: string,
  authTime: Date,
  grant: SignInGrant = {},
) {
  return issueTokens(ctx.key, {
    ...grant,
    issuer: ctx.issuer,
    clientId,
    sub: user.sub,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    originJti,
    authTime: Math.floor(authTime.getTime() / 1000),
    lifetimeSeconds: ctx.config.IDP_TOKEN_LIFETIME_SECONDS,
  });
}

export async function signedIn(
  ctx: IdpContext,
  user: q.IdpUser,
  clientId: string,
  options: { newDevice: boolean } & SignInGrant,
) {
  const originJti = randomUUID();
  const authTime = new Date();
  const refreshToken = randomBytes(48).toString('base64url');
  await q.insertRefreshToken(ctx.db, {
    tokenHash: ctx.sealer.digest(refreshToken),
    sub: user.sub,
    clientId,
    originJti,
    scope: options.scope ?? null,
    authTime,
    expiresAt: new Date(Date.now() + ctx.config.IDP_REFRESH_TOKEN_DAYS * 86_400_000),
  });
  const tokens = await tokensFor(ctx, user, clientId, originJti, authTime, options);
  const region = ctx.config.IDP_USER_POOL_ID.split('_')[0];
  const newDevice = options.newDevice
    ? { DeviceKey: `${region}_${randomUUID()}`, DeviceGroupKey: `-${randomBytes(6).toString('base64url')}` }
    : null;
  if (newDevice) {
    await q.insertDevice(ctx.db, { deviceKey: newDevice.DeviceKey, sub: user.sub, groupKey: newDevice.DeviceGroupKey });
  }
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      ...tokens,
      RefreshToken: refreshToken,
      ...(newDevice ? { NewDeviceMetadata: newDevice } : {}),
    },
  };
}

/** Verifies an access token of ours and returns its user; revoked families and deleted users are refused. */
export async function verifyAccessToken(ctx: IdpContext, token: string) {
  const key = await importJWK(ctx.key.publicJwk as JWK, 'RS256');
  const verified = await jwtVerify(token, key, { issuer: ctx.issuer, algorithms: ['RS256'] }).catch(() => null);
  const claims = verified?.payload;
  if (claims?.token_use !== 'access' || typeof claims.sub !== 'string') throw notAuthorized('Invalid Access Token');
  const origin = typeof claims.origin_jti === 'string' ? claims.origin_jti : '';
  if (!origin || (await q.isOriginRevoked(ctx.db, { originJti: origin })))
    throw notAuthorized('Access Token has been revoked');
  const user = await q.getUser(ctx.db, { sub: claims.sub });
  if (!user) throw notAuthorized('Invalid Access Token');
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  return { user, originJti: origin, scopes };
}

/** The user-pool API's calls need the user-admin scope, as Cognito's do (a hosted-UI token may lack it). */
export async function userFromAccessToken(ctx: IdpContext, token: string) {
  const verified = await verifyAccessToken(ctx, token);
  if (!verified.scopes.includes(ADMIN_SCOPE)) throw notAuthorized('Access Token does not have required scopes');
  return verified;
}
