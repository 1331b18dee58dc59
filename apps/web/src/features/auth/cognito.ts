/**
 * The official Cognito client, loaded only when needed (sign-in, or a stored session at startup), so visitors
 * never download it. Everything the app does with identity goes through these functions; each turns the
 * library's callbacks into a promise and its errors into SPEC §8 identity errors.
 */
import {
  AuthenticationDetails,
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import { IDP_CLIENT_ID, IDP_ENDPOINT, IDP_USER_POOL_ID, TOKEN_REFRESH_MARGIN_MS } from '../../shared/auth-config.ts';
import { type ChallengeName, checkFlowType, isChallengeName, type MfaType, needsRefresh } from './auth-machine.ts';
import type { HostedUiTokens } from './hosted-ui.ts';
import { clientError, isNotAuthorized, retryWithoutDevice, toIdentityError } from './identity-errors.ts';

export interface SessionInfo {
  idToken: string;
  accessToken: string;
  email: string | null;
  /** The identity provider's username (for Google and Apple users, e.g. Google_1234). */
  username: string;
}

let pool: CognitoUserPool | null = null;
function userPool(): CognitoUserPool {
  pool ??= new CognitoUserPool({
    UserPoolId: IDP_USER_POOL_ID,
    ClientId: IDP_CLIENT_ID,
    endpoint: IDP_ENDPOINT || `${window.location.origin}/idp`,
  });
  return pool;
}

function info(session: CognitoUserSession): SessionInfo {
  const id = session.getIdToken().decodePayload();
  const access = session.getAccessToken().decodePayload();
  return {
    idToken: session.getIdToken().getJwtToken(),
    accessToken: session.getAccessToken().getJwtToken(),
    email: typeof id.email === 'string' ? id.email : null,
    username: String(access.username ?? id['cognito:username'] ?? ''),
  };
}

/** The library's own session read: memory, then storage, refreshed when expired (SPEC §4 Session validity). */
function getSession(user: CognitoUser): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      if (error || !session) reject(toIdentityError(error ?? clientError('noUserSession')));
      else resolve(session);
    });
  });
}

function refresh(user: CognitoUser, session: CognitoUserSession): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.refreshSession(session.getRefreshToken(), (error: unknown, next: CognitoUserSession | null) => {
      if (error || !next) reject(toIdentityError(error));
      else resolve(next);
    });
  });
}

async function loadSession(refreshWithinMs: number): Promise<SessionInfo | null> {
  const user = userPool().getCurrentUser();
  if (!user) return null;
  try {
    let session = await getSession(user);
    if (needsRefresh(session.getAccessToken().getExpiration(), Date.now(), refreshWithinMs)) {
      session = await refresh(user, session);
    }
    return info(session);
  } catch (error) {
    // NotAuthorizedException on refresh: the library has cleared the cached user; the session is over.
    if (isNotAuthorized(error)) return null;
    const { message } = toIdentityError(error);
    // 'No current user' in any of the library's words: nothing stored, so signed out.
    if (/Please authenticate|Username is null/.test(message)) return null;
    throw error;
  }
}

let inFlight: Promise<SessionInfo | null> | null = null;

/**
 * The stored session, refreshed when it has expired (or, with `refreshWithinMs`, when it expires that soon);
 * null when there is none or it can no longer be refreshed. Concurrent callers share one refresh.
 */
export function currentSession(refreshWithinMs = 0): Promise<SessionInfo | null> {
  if (refreshWithinMs > 0) return loadSession(refreshWithinMs);
  inFlight ??= loadSession(0).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** SPEC §4's periodic re-check: refresh ahead of expiry. */
export function recheckSession(): Promise<SessionInfo | null> {
  return currentSession(TOKEN_REFRESH_MARGIN_MS);
}

/** A signed-in user with a valid session, for account-changing calls (SPEC §5: 'User is not authenticated'). */
async function signedInUser(): Promise<CognitoUser> {
  const user = userPool().getCurrentUser();
  if (!user) throw clientError('noUserSession');
  await getSession(user);
  return user;
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in: each step resolves with the next challenge or with the session.

export type AuthOutcome =
  | { kind: 'challenge'; name: ChallengeName; session: string | null; parameters: Record<string, string> }
  | { kind: 'success'; session: SessionInfo; deviceConfirmationNeeded: boolean };

/** The library keeps the challenge's session on the user object; we read it to store it in the machine. */
const challengeSession = (user: CognitoUser): string | null =>
  (user as unknown as { Session?: string | null }).Session ?? null;

const asStrings = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  }
  return out;
};

function outcomeCallbacks(
  user: CognitoUser,
  resolve: (outcome: AuthOutcome) => void,
  reject: (error: unknown) => void,
): IAuthenticationCallback {
  const challenge = (name: string, parameters: unknown) => {
    if (!isChallengeName(name))
      return reject({ code: 'UnsupportedChallenge', name, message: `${name} is not supported` });
    resolve({ kind: 'challenge', name, session: challengeSession(user), parameters: asStrings(parameters) });
  };
  return {
    onSuccess: (session, userConfirmationNecessary) =>
      resolve({
        kind: 'success',
        session: info(session),
        deviceConfirmationNeeded: userConfirmationNecessary === true,
      }),
    onFailure: (error) => reject(toIdentityError(error)),
    mfaRequired: (_name, parameters) => challenge('SMS_MFA', parameters),
    totpRequired: (_name, parameters) => challenge('SOFTWARE_TOKEN_MFA', parameters),
    selectMFAType: (_name, parameters) => challenge('SELECT_MFA_TYPE', parameters),
    mfaSetup: (_name, parameters) => challenge('MFA_SETUP', parameters),
    customChallenge: (parameters) => challenge('CUSTOM_CHALLENGE', parameters),
    newPasswordRequired: (userAttributes, requiredAttributes) =>
      challenge('NEW_PASSWORD_REQUIRED', {
        userAttributes: JSON.stringify(userAttributes ?? {}),
        requiredAttributes: JSON.stringify(requiredAttributes ?? []),
      }),
  };
}

function step(user: CognitoUser, run: (callbacks: IAuthenticationCallback) => void): Promise<AuthOutcome> {
  return new Promise((resolve, reject) => run(outcomeCallbacks(user, resolve, reject)));
}

type RequestCallback = (error: unknown, data?: { Session?: unknown }) => void;
interface UserInternals {
  client: { request(operation: string, params: unknown, callback: RequestCallback): void };
  Session: string | null;
}

/**
 * Keeps the user's challenge session at the latest one the provider sent. amazon-cognito-identity-js 6 answers a
 * DEVICE_SRP_AUTH that follows an MFA code with the MFA step's session (sendMFACode does not store the new one);
 * Amplify 6 sends the new one, and so do we.
 */
function followSessions(user: CognitoUser): CognitoUser {
  const internals = user as unknown as UserInternals;
  const shared = internals.client;
  internals.client = Object.assign(Object.create(shared), {
    request(operation: string, params: unknown, callback: RequestCallback) {
      shared.request.call(internals.client, operation, params, (error, data) => {
        if (typeof data?.Session === 'string') internals.Session = data.Session;
        callback(error, data);
      });
    },
  });
  return user;
}

/** The user a sign-in works on; it carries the challenge session from step to step. */
export function signInUser(email: string): CognitoUser {
  return followSessions(new CognitoUser({ Username: email.trim(), Pool: userPool() }));
}

/**
 * Starts a sign-in: SRP with the password, or CUSTOM_AUTH (a code emailed to the user). A device this browser
 * cached that the provider no longer knows is dropped and the sign-in retried (SPEC §8).
 */
export function authenticate(user: CognitoUser, password: string, flowType: string): Promise<AuthOutcome> {
  user.setAuthenticationFlowType(checkFlowType(flowType));
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  const attempt = () =>
    step(user, (callbacks) =>
      flowType === 'CUSTOM_AUTH' ? user.initiateAuth(details, callbacks) : user.authenticateUser(details, callbacks),
    );
  return retryWithoutDevice(attempt, () => forgetCachedDevice(user));
}

function forgetCachedDevice(user: CognitoUser): void {
  const device = user as unknown as { clearCachedDeviceKeyAndPassword(): void; deviceKey: string | null };
  device.clearCachedDeviceKeyAndPassword();
  device.deviceKey = null;
}

/** SMS_MFA and SOFTWARE_TOKEN_MFA: the code the user was texted or reads from their authenticator. */
export function answerMfa(user: CognitoUser, code: string, type: MfaType): Promise<AuthOutcome> {
  return step(user, (callbacks) => user.sendMFACode(code.trim(), callbacks, type));
}

export function selectMfaType(user: CognitoUser, type: MfaType): Promise<AuthOutcome> {
  return step(user, (callbacks) => user.sendMFASelectionAnswer(type, callbacks as never));
}

export function answerCustomChallenge(user: CognitoUser, code: string): Promise<AuthOutcome> {
  return step(user, (callbacks) => user.sendCustomChallengeAnswer(code.trim(), callbacks));
}

/** NEW_PASSWORD_REQUIRED; the library answers an empty one with SPEC §5's 'New password is required.' */
export function completeNewPassword(user: CognitoUser, newPassword: string): Promise<AuthOutcome> {
  return step(user, (callbacks) => user.completeNewPasswordChallenge(newPassword, {}, callbacks));
}

/**
 * AssociateSoftwareToken: the authenticator secret. During MFA_SETUP it is asked with the challenge session,
 * otherwise for the signed-in user.
 */
export async function associateSoftwareToken(
  user?: CognitoUser,
): Promise<{ secretCode: string; session: string | null }> {
  const target = user ?? (await signedInUser());
  return new Promise((resolve, reject) => {
    target.associateSoftwareToken({
      associateSecretCode: (secretCode) => resolve({ secretCode, session: challengeSession(target) }),
      onFailure: (error) => reject(toIdentityError(error)),
    });
  });
}

/** VerifySoftwareToken during MFA_SETUP, which then answers the challenge and signs in. */
export function verifySoftwareTokenAtSignIn(user: CognitoUser, code: string, deviceName: string): Promise<AuthOutcome> {
  return new Promise((resolve, reject) => {
    user.verifySoftwareToken(code.trim(), deviceName, {
      onSuccess: (session) => resolve({ kind: 'success', session: info(session), deviceConfirmationNeeded: false }),
      onFailure: (error) => reject(toIdentityError(error)),
    });
  });
}

/** The signed-in user turns on authenticator-app MFA: verify a code from the app, then prefer it. */
export async function enableSoftwareTokenMfa(code: string, deviceName: string): Promise<void> {
  const user = await signedInUser();
  await new Promise<void>((resolve, reject) => {
    user.verifySoftwareToken(code.trim(), deviceName, {
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toIdentityError(error)),
    });
  });
  await setMfaPreference(user, { Enabled: true, PreferredMfa: true });
}

export async function disableSoftwareTokenMfa(): Promise<void> {
  await setMfaPreference(await signedInUser(), { Enabled: false, PreferredMfa: false });
}

function setMfaPreference(user: CognitoUser, totp: { Enabled: boolean; PreferredMfa: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    user.setUserMfaPreference(null, totp, (error) => (error ? reject(toIdentityError(error)) : resolve()));
  });
}

/** SPEC §3 device status: after a confirmed new device, the user's remembered / not_remembered choice. */
export function setDeviceRemembered(user: CognitoUser, remembered: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const callbacks = { onSuccess: () => resolve(), onFailure: (error: unknown) => reject(toIdentityError(error)) };
    if (remembered) user.setDeviceStatusRemembered(callbacks);
    else user.setDeviceStatusNotRemembered(callbacks);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Accounts

const failure = (reject: (error: unknown) => void) => (error: unknown) => reject(toIdentityError(error));

/** SignUp: the account waits for the emailed code; returns where the code went. */
export function signUp(email: string, password: string): Promise<{ destination: string | null }> {
  const username = email.trim();
  const attributes = [new CognitoUserAttribute({ Name: 'email', Value: username })];
  return new Promise((resolve, reject) => {
    userPool().signUp(username, password, attributes, [], (error, result) => {
      if (error || !result) return reject(toIdentityError(error));
      resolve({ destination: result.codeDeliveryDetails?.Destination ?? null });
    });
  });
}

export function confirmSignUp(email: string, code: string): Promise<void> {
  const user = signInUser(email);
  return new Promise((resolve, reject) => {
    user.confirmRegistration(code.trim(), true, (error) => (error ? reject(toIdentityError(error)) : resolve()));
  });
}

export function resendCode(email: string): Promise<void> {
  const user = signInUser(email);
  return new Promise((resolve, reject) => {
    user.resendConfirmationCode((error) => (error ? reject(toIdentityError(error)) : resolve()));
  });
}

/** ForgotPassword: emails a code; resolves with where it went. */
export function forgotPassword(email: string): Promise<{ destination: string | null }> {
  const user = signInUser(email);
  return new Promise((resolve, reject) => {
    user.forgotPassword({
      onSuccess: (data: { CodeDeliveryDetails?: { Destination?: string } }) =>
        resolve({ destination: data?.CodeDeliveryDetails?.Destination ?? null }),
      onFailure: failure(reject),
    });
  });
}

export function confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void> {
  const user = signInUser(email);
  return new Promise((resolve, reject) => {
    user.confirmPassword(code.trim(), newPassword, { onSuccess: () => resolve(), onFailure: failure(reject) });
  });
}

export async function changePassword(previous: string, proposed: string): Promise<void> {
  const user = await signedInUser();
  return new Promise((resolve, reject) => {
    user.changePassword(previous, proposed, (error) => (error ? reject(toIdentityError(error)) : resolve()));
  });
}

/** UpdateUserAttributes email: the provider emails a code to the new address. */
export async function changeEmail(email: string): Promise<void> {
  const user = await signedInUser();
  return new Promise((resolve, reject) => {
    user.updateAttributes([new CognitoUserAttribute({ Name: 'email', Value: email.trim() })], (error) =>
      error ? reject(toIdentityError(error)) : resolve(),
    );
  });
}

/** VerifyUserAttribute email, then fresh tokens so the new address is in the identity token. */
export async function verifyEmail(code: string): Promise<SessionInfo> {
  const user = await signedInUser();
  await new Promise<void>((resolve, reject) => {
    user.verifyAttribute('email', code.trim(), { onSuccess: () => resolve(), onFailure: failure(reject) });
  });
  return info(await refresh(user, await getSession(user)));
}

export interface SecuritySettings {
  email: string | null;
  emailVerified: boolean;
  mfa: MfaType[];
  preferredMfa: MfaType | null;
}

/** GetUser: MFA factors and attributes, always from the provider (not the library's cache). */
export async function securitySettings(): Promise<SecuritySettings> {
  const user = await signedInUser();
  return new Promise((resolve, reject) => {
    user.getUserData(
      (error, data) => {
        if (error || !data) return reject(toIdentityError(error));
        const attribute = (name: string) => data.UserAttributes.find((a) => a.Name === name)?.Value ?? null;
        const mfa = (data.UserMFASettingList ?? []).filter(
          (f): f is MfaType => f === 'SMS_MFA' || f === 'SOFTWARE_TOKEN_MFA',
        );
        const preferred = data.PreferredMfaSetting;
        resolve({
          email: attribute('email'),
          emailVerified: attribute('email_verified') === 'true',
          mfa,
          preferredMfa: preferred === 'SMS_MFA' || preferred === 'SOFTWARE_TOKEN_MFA' ? preferred : null,
        });
      },
      { bypassCache: true },
    );
  });
}

export interface DeviceInfo {
  key: string;
  name: string | null;
  remembered: boolean;
  lastUsed: Date | null;
  current: boolean;
}

interface ListedDevice {
  DeviceKey: string;
  DeviceAttributes?: { Name: string; Value: string }[];
  DeviceLastAuthenticatedDate?: number;
  DeviceCreateDate?: number;
}

const DEVICE_PAGE = 60;

/** ListDevices, every page; this device first. */
export async function listDevices(): Promise<DeviceInfo[]> {
  const user = await signedInUser();
  user.getCachedDeviceKeyAndPassword();
  const currentKey = (user as unknown as { deviceKey?: string | null }).deviceKey ?? null;
  const devices: DeviceInfo[] = [];
  let token: string | null = null;
  do {
    const page: { Devices: ListedDevice[]; PaginationToken?: string } = await new Promise((resolve, reject) => {
      user.listDevices(DEVICE_PAGE, token, { onSuccess: resolve, onFailure: failure(reject) });
    });
    for (const device of page.Devices) {
      const attribute = (name: string) => device.DeviceAttributes?.find((a) => a.Name === name)?.Value ?? null;
      const seconds = device.DeviceLastAuthenticatedDate ?? device.DeviceCreateDate;
      devices.push({
        key: device.DeviceKey,
        name: attribute('device_name'),
        remembered: attribute('device_status') === 'remembered',
        lastUsed: seconds ? new Date(seconds * 1000) : null,
        current: device.DeviceKey === currentKey,
      });
    }
    token = page.PaginationToken ?? null;
  } while (token);
  // This device first, then the most recently used.
  const lastUsed = (device: DeviceInfo) => device.lastUsed?.getTime() ?? 0;
  return devices.sort((a, b) => Number(b.current) - Number(a.current) || lastUsed(b) - lastUsed(a));
}

export async function forgetDevice(deviceKey: string): Promise<void> {
  const user = await signedInUser();
  user.getCachedDeviceKeyAndPassword();
  const current = (user as unknown as { deviceKey?: string | null }).deviceKey === deviceKey;
  await new Promise<void>((resolve, reject) => {
    user.forgetSpecificDevice(deviceKey, { onSuccess: () => resolve(), onFailure: failure(reject) });
  });
  // This browser's own device: drop its cached key so the next sign-in registers a new one.
  if (current) forgetCachedDevice(user);
}

// ---------------------------------------------------------------------------------------------------------------
// Hosted UI (Google, Apple): the tokens the code was traded for, stored as the library stores its own.

export function storeHostedUiSession(tokens: HostedUiTokens): SessionInfo {
  const session = new CognitoUserSession({
    IdToken: new CognitoIdToken({ IdToken: tokens.idToken }),
    AccessToken: new CognitoAccessToken({ AccessToken: tokens.accessToken }),
    RefreshToken: new CognitoRefreshToken({ RefreshToken: tokens.refreshToken }),
  });
  const { username } = info(session);
  if (!username) throw clientError('invalidUsername');
  // setSignInUserSession writes the tokens, clock drift and LastAuthUser under the library's storage keys.
  new CognitoUser({ Username: username, Pool: userPool() }).setSignInUserSession(session);
  return info(session);
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-out

/**
 * Sign-out: the library revokes the refresh token only when the access token carries an origin identifier
 * (origin_jti), then clears the stored tokens. A failed revoke still signs out locally.
 */
export function signOut(): Promise<void> {
  const user = userPool().getCurrentUser();
  if (!user) return Promise.resolve();
  return new Promise((resolve) => {
    user.signOut(() => {
      user.signOut();
      resolve();
    });
  });
}

/** GlobalSignOut: every session of the user, on every device, ends; the library clears the cache. */
export async function globalSignOut(): Promise<void> {
  const user = await signedInUser();
  await new Promise<void>((resolve, reject) => {
    user.globalSignOut({ onSuccess: () => resolve(), onFailure: failure(reject) });
  });
}

/** Drops the stored tokens without calling the provider (the account is gone, or the tokens no longer work). */
export function clearLocalSession(): void {
  userPool().getCurrentUser()?.signOut();
}
