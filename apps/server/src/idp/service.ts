import { randomBytes, randomUUID } from 'node:crypto';
import { answerCustomChallenge, newPasswordRequired, startCustomChallenge } from './challenges.ts';
import { devicePasswordVerifier, deviceSrpAuth } from './devices.ts';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  checkClient,
  checkLock,
  failedAttempt,
  type IdpContext,
  type Json,
  mfaFactors,
  passwordProblem,
  record,
  sealSession,
  sendCode,
  signOutSessions,
  str,
  tokensFor,
  useCode,
  userFromAccessToken,
} from './flow.ts';
import { answerMfaSetup } from './mfa-setup.ts';
import * as q from './queries.ts';
import { safeEqual } from './seal.ts';
import { afterPassword, answerMfa, selectMfaType } from './second-factor.ts';
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

type Attribute = { Name: string; Value: string };

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
  await signOutSessions(ctx, { sub: user.sub });
  return {};
}

export async function revokeToken(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const row = await q.findRefreshToken(ctx.db, { tokenHash: ctx.sealer.digest(str(input, 'Token')) });
  // Cognito answers an unknown token with success too: revocation is idempotent.
  if (row) await signOutSessions(ctx, { sub: row.sub, originJti: row.originJti });
  return {};
}
