import { randomBytes, randomUUID } from 'node:crypto';
import { queueMessage } from '../kernel/outbox.ts';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  checkLock,
  failedAttempt,
  type IdpContext,
  type Json,
  openSession,
  passwordProblem,
  record,
  sealSession,
  sendCode,
  str,
  useCode,
} from './flow.ts';
import * as q from './queries.ts';
import { afterPassword } from './second-factor.ts';
import { createVerifier } from './srp.ts';

/** CUSTOM_AUTH without SRP_A: passwordless sign-in with a one-time code mailed to the user. */
export async function startCustomChallenge(ctx: IdpContext, params: Json, clientId: string) {
  const login = str(params, 'USERNAME');
  const user = await q.findUser(ctx.db, { login });
  // Unknown users get the same challenge; no code is sent and no answer can succeed.
  if (user && user.status === 'CONFIRMED') await sendCode(ctx, user, 'sign_in', 'Your sign-in code');
  const session = sealSession(ctx, { sub: user?.sub ?? randomUUID(), clientId, step: 'custom', deviceKey: null });
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeParameters: { USERNAME: user?.username ?? login.trim().toLowerCase(), DELIVERY_MEDIUM: 'EMAIL' },
    Session: session,
  };
}

export async function answerCustomChallenge(ctx: IdpContext, input: Json, clientId: string) {
  const session = openSession(ctx, input, 'custom', clientId);
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized('Incorrect username or password.');
  await checkLock(user);
  const answer = str(record(input, 'ChallengeResponses'), 'ANSWER');
  try {
    await useCode(ctx, user, 'sign_in', answer);
  } catch (error) {
    if (error instanceof CognitoError) return failedAttempt(ctx, user);
    throw error;
  }
  return afterPassword(ctx, user, clientId, null);
}

/** NEW_PASSWORD_REQUIRED: a user created with a temporary password sets their own before signing in. */
export async function newPasswordRequired(ctx: IdpContext, input: Json, clientId: string) {
  const session = openSession(ctx, input, 'new_password', clientId);
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (user?.status !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized('Invalid session for the user.');
  const responses = record(input, 'ChallengeResponses');
  const password = str(responses, 'NEW_PASSWORD');
  const problem = passwordProblem(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
  const attributes = { ...user.attributes };
  for (const [key, value] of Object.entries(responses)) {
    if (key.startsWith('userAttributes.') && typeof value === 'string')
      attributes[key.slice('userAttributes.'.length)] = value;
  }
  const { salt, verifier } = createVerifier(ctx.poolName, user.username, password);
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: { salt, sealedVerifier: ctx.sealer.seal(verifier), status: 'CONFIRMED', attributes },
  });
  const updated = await q.getUser(ctx.db, { sub: user.sub });
  if (!updated) throw notAuthorized();
  return afterPassword(ctx, updated, clientId, session.deviceKey);
}

/**
 * Creates an invited user (team invites) with a temporary password mailed to them; they must change it. With
 * Cognito's `MessageAction: 'SUPPRESS'` nothing is mailed: the caller sends its own message with the password.
 */
export async function adminCreateUser(
  ctx: IdpContext,
  params: { email: string; temporaryPassword?: string; messageAction?: 'SUPPRESS' },
) {
  const email = params.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalidParameter('Invalid email address format.');
  const temporaryPassword = params.temporaryPassword ?? `Tmp-${randomBytes(9).toString('base64url')}1!`;
  const { salt, verifier } = createVerifier(ctx.poolName, email, temporaryPassword);
  const sub = randomUUID();
  const created = await q.insertUser(ctx.db, {
    sub,
    username: email,
    email,
    emailVerified: true,
    status: 'FORCE_CHANGE_PASSWORD',
    salt,
    sealedVerifier: ctx.sealer.seal(verifier),
  });
  if (!created) throw new CognitoError('UsernameExistsException', 'User already exists');
  if (params.messageAction === 'SUPPRESS') return { sub, temporaryPassword };
  await queueMessage(ctx.db, ctx.config, {
    channel: 'email',
    to: email,
    subject: 'You are invited',
    body: `Sign in with ${email} and the temporary password ${temporaryPassword}; you will choose your own.`,
  });
  return { sub, temporaryPassword };
}
