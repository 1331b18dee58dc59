/** The second factor of a sign-in (an SMS or TOTP code, or setting one up) and the device proof that may follow. */
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  checkLock,
  type IdpContext,
  type Json,
  type MfaFactor,
  mfaFactors,
  openSession,
  record,
  sealSession,
  sendCode,
  signedIn,
  str,
  useCode,
} from './flow.ts';
import { mfaSetupChallenge } from './mfa-setup.ts';
import * as q from './queries.ts';
import { totpMatches } from './totp.ts';

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

export async function selectMfaType(ctx: IdpContext, input: Json, clientId: string) {
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

export async function answerMfa(ctx: IdpContext, input: Json, clientId: string, factor: MfaFactor) {
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
