import { generateSecret } from 'otplib';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  type FlowSession,
  type IdpContext,
  type Json,
  mfaFactors,
  openSession,
  sealSession,
  signedIn,
  str,
} from './flow.ts';
import * as q from './queries.ts';
import { totpMatches } from './totp.ts';

/** The factors a user may set up at the MFA_SETUP challenge: an authenticator app, as Cognito offers it. */
const FACTORS_TO_SET_UP = ['SOFTWARE_TOKEN_MFA'];

/** With the pool's MFA ON, a user without a second factor must set one up before being signed in. */
export function mfaSetupChallenge(ctx: IdpContext, user: q.IdpUser, clientId: string, deviceKey: string | null) {
  return {
    ChallengeName: 'MFA_SETUP',
    ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(FACTORS_TO_SET_UP) },
    Session: sealSession(ctx, { sub: user.sub, clientId, step: 'mfa_setup', deviceKey }),
  };
}

/** AssociateSoftwareToken and VerifySoftwareToken carry no client id when sent with a Session: the session names it. */
async function setupSession(ctx: IdpContext, input: Json): Promise<{ session: FlowSession; user: q.IdpUser }> {
  const opened = ctx.sealer.open(str(input, 'Session'));
  const clientId = opened ? (JSON.parse(opened) as Partial<FlowSession>).clientId : undefined;
  const session = openSession(ctx, input, 'mfa_setup', typeof clientId === 'string' ? clientId : '');
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized('Invalid session for the user, session is expired.');
  return { session, user };
}

const reseal = (ctx: IdpContext, { exp: _exp, ...session }: FlowSession) => sealSession(ctx, session);

export async function associateDuringSetup(ctx: IdpContext, input: Json) {
  const { session, user } = await setupSession(ctx, input);
  const secret = generateSecret();
  await q.updateUser(ctx.db, { sub: user.sub, set: { sealedPendingTotpSecret: ctx.sealer.seal(secret) } });
  return { SecretCode: secret, Session: reseal(ctx, session) };
}

/** A verified authenticator becomes the user's (preferred) second factor, as Cognito does at MFA_SETUP. */
export async function verifyDuringSetup(ctx: IdpContext, input: Json) {
  const { session, user } = await setupSession(ctx, input);
  const pending = user.sealedPendingTotpSecret ? ctx.sealer.open(user.sealedPendingTotpSecret) : null;
  if (!pending) throw invalidParameter('Call AssociateSoftwareToken first');
  if (!(await totpMatches(pending, str(input, 'UserCode')))) {
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
  }
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: {
      sealedTotpSecret: user.sealedPendingTotpSecret,
      sealedPendingTotpSecret: null,
      totpEnabled: true,
      preferredMfa: 'SOFTWARE_TOKEN_MFA',
    },
  });
  return { Status: 'SUCCESS', Session: reseal(ctx, session) };
}

/** RespondToAuthChallenge(MFA_SETUP): signed in once a factor was verified in this session's flow. */
export async function answerMfaSetup(ctx: IdpContext, input: Json, clientId: string) {
  const session = openSession(ctx, input, 'mfa_setup', clientId);
  const user = await q.getUser(ctx.db, { sub: session.sub });
  if (!user) throw notAuthorized('Invalid session for the user, session is expired.');
  if (!mfaFactors(user).length) throw invalidParameter('MFA has not been set up for the user');
  // The official client reads only AuthenticationResult after MFA_SETUP, so no device step follows.
  return signedIn(ctx, user, clientId, { newDevice: !session.deviceKey });
}
