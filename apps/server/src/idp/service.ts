import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Database } from '@eh/db';
import { importJWK, type JWK, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { queueMessage } from '../mail/outbox.ts';
import { answerCustomChallenge, newPasswordRequired, startCustomChallenge } from './challenges.ts';
import { devicePasswordVerifier, deviceSrpAuth } from './devices.ts';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import { answerMfaSetup, mfaSetupChallenge } from './mfa-setup.ts';
import * as q from './queries.ts';
import { type Sealer, safeEqual } from './seal.ts';
import {
  createVerifier,
  expectedSignature,
  g,
  modPow,
  N,
  passwordX,
  SRP_CHALLENGE_TTL_MS,
  serverEphemeral,
} from './srp.ts';
import { ADMIN_SCOPE, issueTokens, type SigningKey } from './tokens.ts';
import { totpMatches } from './totp.ts';

export const SIGNUP_CODE_TTL_MS = 24 * 3600_000;
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
const PASSWORD_MIN = 8;

export interface IdpContext {
  db: Database;
  config: Config;
  sealer: Sealer;
  key: SigningKey;
  issuer: string;
  poolName: string;
}

export type Json = Record<string, unknown>;
type Attribute = { Name: string; Value: string };

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

const PROVIDER_LABELS: Record<string, string> = { Google: 'Google', SignInWithApple: 'Apple' };

/**
 * One account per verified email (decision 0012): a sign-up for an email another account has verified is refused
 * with Cognito's answer. When that account signs in only through Google or Apple, the message says so and how to
 * add a password, rather than leaving a second account behind for the same person.
 */
async function refuseVerifiedEmail(ctx: IdpContext, email: string) {
  const owner = await q.userByVerifiedEmail(ctx.db, { email });
  if (!owner) return;
  const taken = 'An account with the given email already exists.';
  if (owner.status !== 'EXTERNAL_PROVIDER') throw new CognitoError('UsernameExistsException', taken);
  const [identity] = await q.federatedIdentitiesOf(ctx.db, { sub: owner.sub });
  const provider = PROVIDER_LABELS[identity?.providerName ?? ''] ?? 'Google';
  throw new CognitoError(
    'UsernameExistsException',
    `${taken} It signs in with ${provider}: use Continue with ${provider}, or add a password through Forgot password.`,
  );
}

export async function signUp(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const username = str(input, 'Username').trim().toLowerCase();
  const password = str(input, 'Password');
  if (username.length > 128) throw invalidParameter('Username must be at most 128 characters');
  const problem = passwordProblem(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
  const rawAttributes = input.UserAttributes ?? [];
  if (!Array.isArray(rawAttributes)) throw invalidParameter('UserAttributes must be a list');
  const attributes: Record<string, string> = {};
  for (const attribute of rawAttributes as Attribute[]) {
    if (typeof attribute?.Name !== 'string' || typeof attribute?.Value !== 'string') {
      throw invalidParameter('Each user attribute needs a Name and a Value');
    }
    attributes[attribute.Name] = attribute.Value;
  }
  const email = (attributes.email ?? (username.includes('@') ? username : '')).trim().toLowerCase() || null;
  if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalidParameter('Invalid email address format.');
  if (email) await refuseVerifiedEmail(ctx, email);
  const { email: _e, phone_number: phone, ...rest } = attributes;
  const { salt, verifier } = createVerifier(ctx.poolName, username, password);
  const sub = randomUUID();
  const created = await q.insertUser(ctx.db, {
    sub,
    username,
    email,
    phoneNumber: phone ?? null,
    attributes: rest,
    status: 'UNCONFIRMED',
    salt,
    sealedVerifier: ctx.sealer.seal(verifier),
  });
  if (!created) throw new CognitoError('UsernameExistsException', 'User already exists');
  const user = await q.getUser(ctx.db, { sub });
  if (!user) throw new Error('user vanished after sign-up');
  const delivery = await sendCode(ctx, user, 'signup', 'Confirm your account');
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery };
}

async function requireUser(ctx: IdpContext, login: string) {
  const user = await q.findUser(ctx.db, { login });
  if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  return user;
}

export async function confirmSignUp(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const user = await requireUser(ctx, str(input, 'Username'));
  const code = str(input, 'ConfirmationCode');
  if (user.status === 'CONFIRMED') throw notAuthorized('User cannot be confirmed. Current status is CONFIRMED');
  await useCode(ctx, user, 'signup', code);
  await q.updateUser(ctx.db, { sub: user.sub, set: { status: 'CONFIRMED', emailVerified: user.email !== null } });
  return {};
}

export async function resendConfirmationCode(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const user = await requireUser(ctx, str(input, 'Username'));
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'signup', 'Confirm your account') };
}

/** Unknown users get a challenge that can never succeed, so InitiateAuth does not reveal who exists. */
function decoySalt(ctx: IdpContext, login: string) {
  return (
    ctx.sealer
      .digest(`decoy-salt:${login}`)
      .replace(/[^0-9a-f]/gi, '')
      .slice(0, 32) || '00'
  );
}

interface SrpState {
  sub: string | null;
  userId: string;
  b: string;
  B: string;
  exp: number;
}

export async function startSrp(ctx: IdpContext, params: Json) {
  const login = str(params, 'USERNAME').trim().toLowerCase();
  const A = str(params, 'SRP_A');
  if (!/^[0-9a-f]+$/i.test(A)) throw invalidParameter('SRP_A must be hexadecimal');
  const user = await q.findUser(ctx.db, { login });
  const verifier = user ? ctx.sealer.open(user.sealedVerifier) : null;
  const { b, B } = serverEphemeral(
    verifier ?? modPow(g, BigInt(`0x${randomBytes(32).toString('hex')}`), N).toString(16),
  );
  const state: SrpState = {
    sub: user?.sub ?? null,
    userId: user?.username ?? login,
    b,
    B,
    exp: Date.now() + SRP_CHALLENGE_TTL_MS,
  };
  const secretBlock = Buffer.from(ctx.sealer.seal(JSON.stringify({ ...state, A })), 'base64url').toString('base64');
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: user?.salt ?? decoySalt(ctx, login),
      SECRET_BLOCK: secretBlock,
      SRP_B: B,
      USERNAME: state.userId,
      USER_ID_FOR_SRP: state.userId,
    },
  };
}

export async function checkLock(user: q.IdpUser) {
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw notAuthorized('Password attempts exceeded');
}

async function failedAttempt(ctx: IdpContext, user: q.IdpUser): Promise<never> {
  const failures = user.failedAttempts + 1;
  const lock = failures >= MAX_FAILED_ATTEMPTS;
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: {
      failedAttempts: lock ? 0 : failures,
      lockedUntil: lock ? new Date(Date.now() + LOCKOUT_MS) : user.lockedUntil,
    },
  });
  throw notAuthorized(lock ? 'Password attempts exceeded' : undefined);
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

/** The password was right: ask for the second factor unless the device is remembered, then prove the device. */
export async function passwordVerified(ctx: IdpContext, user: q.IdpUser, clientId: string, deviceKey: string) {
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (!user.enabled) throw notAuthorized('User is disabled.');
  await q.updateUser(ctx.db, { sub: user.sub, set: { failedAttempts: 0, lockedUntil: null } });
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = sealSession(ctx, { sub: user.sub, clientId, step: 'new_password', deviceKey: deviceKey || null });
    const { email_verified: _v, ...shown } = Object.fromEntries(
      (await getUserAttributes(user)).map((a) => [a.Name, a.Value]),
    );
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(shown),
      },
      Session: session,
    };
  }
  return afterPassword(ctx, user, clientId, deviceKey);
}

/** Second factor unless the device is remembered, then the device proof. */
export type MfaFactor = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

export function mfaFactors(user: q.IdpUser): MfaFactor[] {
  const factors: MfaFactor[] = [];
  if (user.smsMfaEnabled && user.phoneNumber && user.phoneNumberVerified) factors.push('SMS_MFA');
  if (user.totpEnabled && user.sealedTotpSecret) factors.push('SOFTWARE_TOKEN_MFA');
  return factors;
}

export async function afterPassword(ctx: IdpContext, user: q.IdpUser, clientId: string, deviceKey: string | null) {
  const found = deviceKey ? await q.getDevice(ctx.db, { sub: user.sub, deviceKey }) : undefined;
  const device = found?.sealedVerifier ? found : undefined;
  const mfa = ctx.config.IDP_MFA_CONFIGURATION;
  const factors = mfa === 'OFF' ? [] : mfaFactors(user);
  if (mfa === 'ON' && !factors.length) return mfaSetupChallenge(ctx, user, clientId, device?.deviceKey ?? null);
  if (factors.length && device?.status !== 'remembered') {
    const base = { sub: user.sub, clientId, deviceKey: device?.deviceKey ?? null };
    const preferred = user.preferredMfa && factors.includes(user.preferredMfa) ? user.preferredMfa : null;
    const factor = factors.length === 1 ? factors[0] : preferred;
    if (!factor) {
      return {
        ChallengeName: 'SELECT_MFA_TYPE',
        ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(factors) },
        Session: sealSession(ctx, { ...base, step: 'select' }),
      };
    }
    return mfaChallenge(ctx, user, factor, base);
  }
  return secondFactorDone(ctx, user, clientId, device?.deviceKey ?? null);
}

async function mfaChallenge(
  ctx: IdpContext,
  user: q.IdpUser,
  factor: MfaFactor,
  base: { sub: string; clientId: string; deviceKey: string | null },
) {
  const Session = sealSession(ctx, { ...base, step: 'mfa', factor });
  if (factor === 'SOFTWARE_TOKEN_MFA') return { ChallengeName: factor, ChallengeParameters: {}, Session };
  const delivery = await sendCode(ctx, user, 'sign_in', 'Your sign-in code', 'phone_number');
  return {
    ChallengeName: factor,
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium,
      CODE_DELIVERY_DESTINATION: delivery.Destination,
    },
    Session,
  };
}

async function selectMfaType(ctx: IdpContext, input: Json, clientId: string) {
  const session = openSession(ctx, input, 'select', clientId);
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized();
  const answer = str(record(input, 'ChallengeResponses'), 'ANSWER');
  const factor = mfaFactors(user).find((f) => f === answer);
  if (!factor) throw invalidParameter(`ANSWER must be one of ${JSON.stringify(mfaFactors(user))}`);
  return mfaChallenge(ctx, user, factor, { sub: user.sub, clientId, deviceKey: session.deviceKey });
}

function secondFactorDone(ctx: IdpContext, user: q.IdpUser, clientId: string, deviceKey: string | null) {
  if (!deviceKey) return signedIn(ctx, user, clientId, { newDevice: true });
  const session = sealSession(ctx, { sub: user.sub, clientId, step: 'device', deviceKey });
  return { ChallengeName: 'DEVICE_SRP_AUTH', ChallengeParameters: {}, Session: session };
}

async function answerMfa(ctx: IdpContext, input: Json, clientId: string, factor: MfaFactor) {
  const session = openSession(ctx, input, 'mfa', clientId);
  if (session.factor !== factor) throw notAuthorized('Invalid session for the user, session is expired.');
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized();
  await checkLock(user);
  const responses = record(input, 'ChallengeResponses');
  if (factor === 'SMS_MFA') {
    await useCode(ctx, user, 'sign_in', str(responses, 'SMS_MFA_CODE')).catch((error: unknown) => {
      throw error instanceof CognitoError
        ? new CognitoError('CodeMismatchException', 'Invalid code received for user')
        : error;
    });
  } else {
    const secret = user.sealedTotpSecret ? ctx.sealer.open(user.sealedTotpSecret) : null;
    if (!secret || !(await totpMatches(secret, str(responses, 'SOFTWARE_TOKEN_MFA_CODE')))) {
      throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
    }
  }
  // The code proved more than a device proof would: a known (not remembered) device signs in here. Asking for
  // DEVICE_SRP_AUTH now would break the official client, which answers it with the spent MFA session.
  return session.deviceKey
    ? signedIn(ctx, user, clientId, { newDevice: false })
    : secondFactorDone(ctx, user, clientId, null);
}

/** What a sign-in grants beyond the user-pool API's defaults (hosted-UI scopes and nonce). */
export interface SignInGrant {
  scope?: string | null;
  nonce?: string | null;
}

/** Id and access tokens of one sign-in (origin family) for a user. */
function tokensFor(
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

async function passwordAuth(ctx: IdpContext, params: Json, clientId: string) {
  const login = str(params, 'USERNAME');
  const password = str(params, 'PASSWORD');
  const user = await q.findUser(ctx.db, { login });
  if (!user) throw notAuthorized();
  await checkLock(user);
  const verifier = ctx.sealer.open(user.sealedVerifier) ?? '';
  const candidate = modPow(g, passwordX(ctx.poolName, user.username, password, user.salt), N).toString(16);
  if (!safeEqual(candidate, verifier)) return failedAttempt(ctx, user);
  return passwordVerified(ctx, user, clientId, str(params, 'DEVICE_KEY', false));
}

/** New id and access tokens for a live refresh token, in the family and with the scopes it was issued with. */
export async function refreshedTokens(ctx: IdpContext, token: string, clientId: string) {
  const row = await q.findRefreshToken(ctx.db, { tokenHash: ctx.sealer.digest(token) });
  if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now() || row.clientId !== clientId) {
    throw notAuthorized('Invalid Refresh Token');
  }
  const user = await q.getUser(ctx.db, { sub: row.sub });
  if (!user?.enabled) throw notAuthorized('Invalid Refresh Token');
  return tokensFor(ctx, user, clientId, row.originJti, row.authTime, { scope: row.scope });
}

async function refreshAuth(ctx: IdpContext, params: Json, clientId: string) {
  const tokens = await refreshedTokens(ctx, str(params, 'REFRESH_TOKEN'), clientId);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

export async function initiateAuth(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const clientId = str(input, 'ClientId');
  const flow = str(input, 'AuthFlow');
  const params = record(input, 'AuthParameters');
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(ctx, params);
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(ctx, params, clientId);
    case 'CUSTOM_AUTH':
      return params.SRP_A ? startSrp(ctx, params) : startCustomChallenge(ctx, params, clientId);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshAuth(ctx, params, clientId);
    default:
      throw invalidParameter(`Unsupported AuthFlow ${flow}`);
  }
}

export async function respondToAuthChallenge(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const clientId = str(input, 'ClientId');
  const challenge = str(input, 'ChallengeName');
  const responses = record(input, 'ChallengeResponses');
  if (challenge === 'SOFTWARE_TOKEN_MFA' || challenge === 'SMS_MFA') return answerMfa(ctx, input, clientId, challenge);
  if (challenge === 'SELECT_MFA_TYPE') return selectMfaType(ctx, input, clientId);
  if (challenge === 'DEVICE_SRP_AUTH') return deviceSrpAuth(ctx, input, clientId);
  if (challenge === 'CUSTOM_CHALLENGE') return answerCustomChallenge(ctx, input, clientId);
  if (challenge === 'NEW_PASSWORD_REQUIRED') return newPasswordRequired(ctx, input, clientId);
  if (challenge === 'DEVICE_PASSWORD_VERIFIER') return devicePasswordVerifier(ctx, input, clientId);
  if (challenge === 'MFA_SETUP') return answerMfaSetup(ctx, input, clientId);
  if (challenge !== 'PASSWORD_VERIFIER') throw invalidParameter(`Unsupported ChallengeName ${challenge}`);
  const block = str(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const opened = ctx.sealer.open(Buffer.from(block, 'base64').toString('base64url'));
  const state = opened ? (JSON.parse(opened) as SrpState & { A: string }) : null;
  if (!state || state.exp < Date.now()) throw notAuthorized('Invalid session for the user, session is expired.');
  const user = state.sub ? await q.getUser(ctx.db, { sub: state.sub }) : undefined;
  if (!user) throw notAuthorized();
  await checkLock(user);
  const verifier = ctx.sealer.open(user.sealedVerifier);
  const expected =
    verifier &&
    expectedSignature({
      poolName: ctx.poolName,
      userId: user.username,
      verifierHex: verifier,
      A: state.A,
      b: state.b,
      B: state.B,
      secretBlock: block,
      timestamp: str(responses, 'TIMESTAMP'),
    });
  if (!expected || !safeEqual(expected, str(responses, 'PASSWORD_CLAIM_SIGNATURE'))) return failedAttempt(ctx, user);
  return passwordVerified(ctx, user, clientId, str(responses, 'DEVICE_KEY', false));
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

export async function getUser(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const factors = mfaFactors(user);
  return {
    Username: user.username,
    UserAttributes: await getUserAttributes(user),
    UserMFASettingList: factors,
    ...(user.preferredMfa ? { PreferredMfaSetting: user.preferredMfa } : {}),
    ...(user.smsMfaEnabled ? { MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] } : {}),
  };
}

async function getUserAttributes(user: q.IdpUser): Promise<Attribute[]> {
  const attributes: Attribute[] = [{ Name: 'sub', Value: user.sub }];
  if (user.email) {
    attributes.push(
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: String(user.emailVerified) },
    );
  }
  if (user.phoneNumber) {
    attributes.push(
      { Name: 'phone_number', Value: user.phoneNumber },
      { Name: 'phone_number_verified', Value: String(user.phoneNumberVerified) },
    );
  }
  for (const [Name, Value] of Object.entries(user.attributes)) attributes.push({ Name, Value });
  return attributes;
}

export async function globalSignOut(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  await q.revokeFamilies(ctx.db, { sub: user.sub });
  return {};
}

export async function revokeToken(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const row = await q.findRefreshToken(ctx.db, { tokenHash: ctx.sealer.digest(str(input, 'Token')) });
  // Cognito answers an unknown token with success too: revocation is idempotent.
  if (row) await q.revokeFamilies(ctx.db, { sub: row.sub, originJti: row.originJti });
  return {};
}
