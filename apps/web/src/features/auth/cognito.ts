/**
 * The official Cognito client, loaded only when needed (sign-in, or a stored session at startup), so visitors
 * never download it. Everything the app does with identity goes through these functions.
 */
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { IDP_CLIENT_ID, IDP_ENDPOINT, IDP_USER_POOL_ID } from './auth-config.ts';

export interface SessionInfo {
  idToken: string;
  accessToken: string;
  email: string | null;
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
  const payload = session.getIdToken().decodePayload();
  return {
    idToken: session.getIdToken().getJwtToken(),
    accessToken: session.getAccessToken().getJwtToken(),
    email: typeof payload.email === 'string' ? payload.email : null,
  };
}

/** The stored session, refreshed when expired; null when there is none (SPEC §4 'No current user' is ignored). */
export function currentSession(): Promise<SessionInfo | null> {
  const user = userPool().getCurrentUser();
  if (!user) return Promise.resolve(null);
  return new Promise((resolve) => {
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      resolve(error || !session?.isValid() ? null : info(session));
    });
  });
}

export interface SignInError {
  code: string;
  message: string;
}

/** SRP sign-in. Challenges beyond the password (MFA, new password) are reported for the caller to show. */
export function signIn(email: string, password: string): Promise<SessionInfo> {
  const user = new CognitoUser({ Username: email.trim(), Pool: userPool() });
  return new Promise((resolve, reject) => {
    const unsupported = (step: string) => reject({ code: 'ChallengeRequired', message: `${step} is required` });
    user.authenticateUser(new AuthenticationDetails({ Username: email.trim(), Password: password }), {
      onSuccess: (session) => resolve(info(session)),
      onFailure: (error: { code?: string; message?: string }) =>
        reject({ code: error.code ?? 'Error', message: error.message ?? 'Sign-in failed' }),
      totpRequired: () => unsupported('An authenticator code'),
      mfaRequired: () => unsupported('A texted code'),
      newPasswordRequired: () => unsupported('A new password'),
    });
  });
}

const failure = (error: { code?: string; message?: string }): SignInError => ({
  code: error.code ?? 'Error',
  message: error.message ?? 'Something went wrong',
});

/** SignUp: the account waits for the emailed code; returns where the code went. */
export function signUp(email: string, password: string): Promise<{ destination: string | null }> {
  const username = email.trim();
  const attributes = [new CognitoUserAttribute({ Name: 'email', Value: username })];
  return new Promise((resolve, reject) => {
    userPool().signUp(username, password, attributes, [], (error, result) => {
      if (error || !result) return reject(failure(error ?? {}));
      const details = (result as { codeDeliveryDetails?: { Destination?: string } }).codeDeliveryDetails;
      resolve({ destination: details?.Destination ?? null });
    });
  });
}

export function confirmSignUp(email: string, code: string): Promise<void> {
  const user = new CognitoUser({ Username: email.trim(), Pool: userPool() });
  return new Promise((resolve, reject) => {
    user.confirmRegistration(code.trim(), true, (error) => (error ? reject(failure(error)) : resolve()));
  });
}

export function resendCode(email: string): Promise<void> {
  const user = new CognitoUser({ Username: email.trim(), Pool: userPool() });
  return new Promise((resolve, reject) => {
    user.resendConfirmationCode((error) => (error ? reject(failure(error)) : resolve()));
  });
}

export function signOut(): void {
  userPool().getCurrentUser()?.signOut();
}
