import type { idpUsers } from '@eh/db';
import { generateSecret } from 'otplib';
import { CognitoError, invalidParameter, notAuthorized } from './errors.ts';
import {
  checkClient,
  endAccount,
  type IdpContext,
  type Json,
  passwordProblem,
  record,
  sendCode,
  str,
  useCode,
  userFromAccessToken,
} from './flow.ts';
import { associateDuringSetup, verifyDuringSetup } from './mfa-setup.ts';
import * as q from './queries.ts';
import { safeEqual } from './seal.ts';
import { createVerifier, g, modPow, N, passwordX } from './srp.ts';
import { totpMatches } from './totp.ts';

/** Codes for attribute changes go to the attribute being verified (a Map: the name comes from the request). */
const ATTRIBUTE_CODE = new Map<string, q.CodePurpose>([
  ['email', 'verify_email'],
  ['phone_number', 'verify_phone'],
]);
const PROTECTED_ATTRIBUTES = new Set(['sub', 'email_verified', 'phone_number_verified', 'cognito:username']);

function passwordMatches(ctx: IdpContext, user: q.IdpUser, password: string): boolean {
  const verifier = ctx.sealer.open(user.sealedVerifier) ?? '';
  const candidate = modPow(g, passwordX(ctx.poolName, user.username, password, user.salt), N).toString(16);
  return safeEqual(candidate, verifier);
}

function newPassword(ctx: IdpContext, user: q.IdpUser, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
  const { salt, verifier } = createVerifier(ctx.poolName, user.username, password);
  return { salt, sealedVerifier: ctx.sealer.seal(verifier), failedAttempts: 0, lockedUntil: null };
}

/** Unknown users get the same answer as known ones (no user enumeration). */
export async function forgotPassword(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const login = str(input, 'Username');
  const user = await q.findUser(ctx.db, { login });
  if (!user) {
    const masked = login.includes('@') ? `${login.slice(0, 1)}***@${login.split('@')[1]?.slice(0, 1) ?? ''}***` : '***';
    return { CodeDeliveryDetails: { Destination: masked, DeliveryMedium: 'EMAIL', AttributeName: 'email' } };
  }
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'forgot_password', 'Reset your password') };
}

export async function confirmForgotPassword(ctx: IdpContext, input: Json) {
  checkClient(ctx, input);
  const user = await q.findUser(ctx.db, { login: str(input, 'Username') });
  const code = str(input, 'ConfirmationCode');
  const password = str(input, 'Password');
  if (!user) throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  const set = newPassword(ctx, user, password);
  await useCode(ctx, user, 'forgot_password', code);
  // Someone who signed up through Google or Apple now has a password of their own as well.
  const status = user.status === 'EXTERNAL_PROVIDER' ? { status: 'CONFIRMED' as const } : {};
  await q.updateUser(ctx.db, { sub: user.sub, set: { ...set, ...status } });
  return {};
}

export async function changePassword(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const previous = str(input, 'PreviousPassword');
  const proposed = str(input, 'ProposedPassword');
  if (!passwordMatches(ctx, user, previous)) throw notAuthorized();
  await q.updateUser(ctx.db, { sub: user.sub, set: newPassword(ctx, user, proposed) });
  return {};
}

export async function updateUserAttributes(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const list = input.UserAttributes;
  if (!Array.isArray(list)) throw invalidParameter('UserAttributes must be a list');
  const attributes = { ...user.attributes };
  const set: Partial<typeof idpUsers.$inferInsert> = {};
  const toVerify: string[] = [];
  for (const item of list as Array<{ Name?: unknown; Value?: unknown }>) {
    if (typeof item?.Name !== 'string' || typeof item.Value !== 'string') {
      throw invalidParameter('Each user attribute needs a Name and a Value');
    }
    if (PROTECTED_ATTRIBUTES.has(item.Name))
      throw invalidParameter(`Cannot modify the non-mutable attribute ${item.Name}`);
    if (item.Name === 'email') {
      const email = item.Value.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalidParameter('Invalid email address format.');
      if (email !== user.email) {
        Object.assign(set, { email, emailVerified: false });
        toVerify.push('email');
      }
    } else if (item.Name === 'phone_number') {
      if (!/^\+[1-9]\d{6,14}$/.test(item.Value)) throw invalidParameter('Invalid phone number format.');
      Object.assign(set, { phoneNumber: item.Value, phoneNumberVerified: false });
      toVerify.push('phone_number');
    } else {
      attributes[item.Name] = item.Value;
    }
  }
  await q.updateUser(ctx.db, { sub: user.sub, set: { ...set, attributes } });
  const updated = await q.getUser(ctx.db, { sub: user.sub });
  const deliveries = [];
  for (const name of toVerify) {
    const purpose = ATTRIBUTE_CODE.get(name);
    if (updated && purpose) deliveries.push(await sendCode(ctx, updated, purpose, 'Verify your new details', name));
  }
  return { CodeDeliveryDetailsList: deliveries };
}

export async function getUserAttributeVerificationCode(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const name = str(input, 'AttributeName');
  const purpose = ATTRIBUTE_CODE.get(name);
  if (!purpose) throw invalidParameter(`Attribute ${name} cannot be verified`);
  return { CodeDeliveryDetails: await sendCode(ctx, user, purpose, 'Verify your details', name) };
}

export async function verifyUserAttribute(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const name = str(input, 'AttributeName');
  const purpose = ATTRIBUTE_CODE.get(name);
  if (!purpose) throw invalidParameter(`Attribute ${name} cannot be verified`);
  await useCode(ctx, user, purpose, str(input, 'Code'));
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: name === 'email' ? { emailVerified: true } : { phoneNumberVerified: true },
  });
  return {};
}

export async function deleteUserAttributes(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const names = input.UserAttributeNames;
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
    throw invalidParameter('UserAttributeNames must be a list of names');
  }
  const attributes = { ...user.attributes };
  for (const name of names as string[]) {
    if (name === 'email' || PROTECTED_ATTRIBUTES.has(name))
      throw invalidParameter(`Cannot delete the attribute ${name}`);
    delete attributes[name];
  }
  const clearsPhone = (names as string[]).includes('phone_number');
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: { attributes, ...(clearsPhone ? { phoneNumber: null, phoneNumberVerified: false } : {}) },
  });
  return {};
}

export async function deleteUser(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  await endAccount(ctx, user.sub);
  return {};
}

export async function associateSoftwareToken(ctx: IdpContext, input: Json) {
  if (input.AccessToken === undefined && input.Session !== undefined) return associateDuringSetup(ctx, input);
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const secret = generateSecret();
  await q.updateUser(ctx.db, { sub: user.sub, set: { sealedPendingTotpSecret: ctx.sealer.seal(secret) } });
  return { SecretCode: secret };
}

export async function verifySoftwareToken(ctx: IdpContext, input: Json) {
  if (input.AccessToken === undefined && input.Session !== undefined) return verifyDuringSetup(ctx, input);
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const pending = user.sealedPendingTotpSecret ? ctx.sealer.open(user.sealedPendingTotpSecret) : null;
  if (!pending) throw invalidParameter('Call AssociateSoftwareToken first');
  if (!(await totpMatches(pending, str(input, 'UserCode')))) {
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
  }
  await q.updateUser(ctx.db, {
    sub: user.sub,
    set: { sealedTotpSecret: user.sealedPendingTotpSecret, sealedPendingTotpSecret: null },
  });
  return { Status: 'SUCCESS' };
}

export async function setUserMfaPreference(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const totp = record(input, 'SoftwareTokenMfaSettings');
  const sms = record(input, 'SMSMfaSettings');
  if (ctx.config.IDP_MFA_CONFIGURATION === 'OFF' && (totp.Enabled === true || sms.Enabled === true)) {
    throw invalidParameter('MFA is turned off for this user pool');
  }
  const set: Partial<typeof idpUsers.$inferInsert> = {};
  if (totp.Enabled !== undefined) {
    if (totp.Enabled === true && !user.sealedTotpSecret)
      throw invalidParameter('User has not verified software token mfa');
    set.totpEnabled = totp.Enabled === true;
  }
  if (sms.Enabled !== undefined) {
    if (sms.Enabled === true && !(user.phoneNumber && user.phoneNumberVerified)) {
      throw invalidParameter('User does not have a verified phone number for SMS MFA');
    }
    set.smsMfaEnabled = sms.Enabled === true;
  }
  if (totp.PreferredMfa === true) set.preferredMfa = 'SOFTWARE_TOKEN_MFA';
  else if (sms.PreferredMfa === true) set.preferredMfa = 'SMS_MFA';
  else if (totp.PreferredMfa === false || sms.PreferredMfa === false) set.preferredMfa = null;
  await q.updateUser(ctx.db, { sub: user.sub, set });
  return {};
}

/** The legacy call: an SMS entry in MFAOptions turns SMS MFA on, an empty list turns it off. */
export async function setUserSettings(ctx: IdpContext, input: Json) {
  const { user } = await userFromAccessToken(ctx, str(input, 'AccessToken'));
  const options = input.MFAOptions;
  if (!Array.isArray(options)) throw invalidParameter('MFAOptions must be a list');
  const wantsSms = options.some((o: { DeliveryMedium?: unknown }) => o?.DeliveryMedium === 'SMS');
  if (wantsSms && !(user.phoneNumber && user.phoneNumberVerified)) {
    throw invalidParameter('User does not have a verified phone number for SMS MFA');
  }
  await q.updateUser(ctx.db, { sub: user.sub, set: { smsMfaEnabled: wantsSms } });
  return {};
}

/** The users API's phone verification (SPEC §7): the code texted for phone_number marks it verified. */
export async function verifyPhoneNumber(ctx: IdpContext, params: { sub: string; code: string }) {
  const user = await q.getUser(ctx.db, { sub: params.sub });
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  if (!user.phoneNumber) throw invalidParameter('The account has no phone number to verify');
  await useCode(ctx, user, 'verify_phone', params.code);
  await q.updateUser(ctx.db, { sub: user.sub, set: { phoneNumberVerified: true } });
  return { phoneNumber: user.phoneNumber, phoneNumberVerified: true as const };
}
